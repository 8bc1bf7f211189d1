#!/usr/bin/env python3
"""Conformance for `attn udl 12.3` (tokenization): random texts and merge counts through
build/attn and through the oracle `/usr/bin/python3 ../shared/reference/udl.py 12.3`, compared
byte for byte (stdout and exit status).

- texts: ASCII words over small alphabets (so most merges are ties), quotes ' and " (repr's
  quote choice), Python's Unicode whitespace (U+3000, U+00A0, U+1680, U+2028, U+0085, U+001C …)
  between words, CJK, controls and other characters repr() escapes (U+0001, U+007F, U+00AD,
  U+200B, U+FEFF), astral characters, combining marks; long texts near the 100 000-byte limit;
- merges: 0, 1, the most the text allows, one more (refused by both), random in between;
- every --mistake, on some of the texts;
- refusals: both exit 2; attn prints one line on stderr and nothing on stdout.

The oracle runs in this process (runpy) to save Python's and NumPy's start-up. The run seed is
printed so a failure can be replayed with --seed. Without ../shared the test exits 77.
"""
import argparse
import contextlib
import io
import os
import pathlib
import random
import runpy
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

MISTAKES = ["stale-tokens", "pairs-once", "sorted-ties", "last-tie"]
SPACES = [" ", " ", " ", "  ", "\t", "\n", "\u3000", "\u00a0", "\u1680", "\u2028", "\u0085",
          "\u001c", "\u001f", "\u2009", "\u202f", "\u000b", "\u000c", "\r\n"]
ODD = ["'", '"', "\u0001", "\u007f", "\u00ad", "\u200b", "\ufeff", "\u0301", "é", "ß", "\U0001F600",
       "\U00010348", "\u00e9", "<", "/", ">", "</w>", "\u0378", "\ue000"]
CJK = "床前明月光疑是地上霜舉頭望低思故鄉的一是不了人我在有他這"


def oracle(script, args):
    """(exit status, stdout, stderr) of udl.py ARGS, run in this process."""
    out, err = io.StringIO(), io.StringIO()
    old_argv = sys.argv
    sys.argv = [script, *args]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = old_argv
    return code, out.getvalue(), err.getvalue()


def word(r):
    kind = r.random()
    if kind < 0.55:
        alphabet = r.choice(["ab", "abc", "abcde", "etaoinshr", "xyz"])
        return "".join(r.choice(alphabet) for _ in range(r.randint(1, 7)))
    if kind < 0.7:
        return "".join(r.choice(CJK[: r.randint(2, len(CJK))]) for _ in range(r.randint(1, 5)))
    if kind < 0.9:
        return "".join(r.choice(ODD + list("abc")) for _ in range(r.randint(1, 5)))
    return r.choice(["sea", "see", "it's", 'say "hi"', "don't", "a'b\"c", "woodchuck", "chuck"])


def text(r, words=None):
    n = words if words is not None else r.randint(1, 40)
    out = r.choice(["", "", " ", "\u3000"])
    for i in range(n):
        out += word(r) + (r.choice(SPACES) if i + 1 < n else r.choice(["", "", " \n"]))
    return out


def long_text(r, limit):
    """A text just under `limit` bytes of a few distinct words (the oracle stays fast)."""
    vocab = [word(r) for _ in range(12)]
    parts, size = [], 0
    while True:
        w = r.choice(vocab) + r.choice([" ", " ", "\u3000", "\n"])
        if size + len(w.encode()) > limit:
            break
        parts.append(w)
        size += len(w.encode())
    return "".join(parts)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--reference", required=True, help="folder with udl.py")
    p.add_argument("--count", type=int, default=None)
    p.add_argument("--seed", type=int, default=None)
    a = p.parse_args()
    script = pathlib.Path(a.reference) / "udl.py"
    if not script.exists():
        print(f"udl tokenize conformance: skipped, no {script}")
        return 77
    try:
        import numpy  # noqa: F401  (the oracle imports it)
    except ImportError:
        print("udl tokenize conformance: skipped, this python3 has no NumPy")
        return 77
    count = a.count if a.count is not None else (60 if os.environ.get("ATTN_SANITIZED") else 160)
    run_seed = a.seed if a.seed is not None else int(time.time())
    print(f"udl tokenize conformance: run seed {run_seed} (replay with --seed {run_seed})")
    r = random.Random(run_seed)
    checks = Checks("udl tokenize conformance")
    cases = [[], ["--merges", "0"], ["--merges", "1"], ["--merges", "50"], ["--merges", "51"],
             ["--text=x"], ["--text=xy"], ["--text=" + "ab " * 3, "--merges", "0"]]
    cases += [["--mistake", m] for m in MISTAKES] + [["--mistake", m, "--merges", "0"] for m in MISTAKES]
    cases += [["--mistake", m, "--merges", "1"] for m in MISTAKES]
    for limit in (99990, 100000):
        cases.append(["--text=" + long_text(r, limit), "--merges", str(r.randint(0, 60))])
    cases.append(["--text=" + "a" * 100001])                   # over the limit: refused
    cases.append(["--text=" + "ab " * 33333 + "ab"])            # exactly 100 001 bytes: refused
    cases.append(["--text=" + "ab " * 33333 + "a"])             # exactly 100 000 bytes
    cases += [["--text=a\\b", "--merges", "1"], ["--text=se\\1 a", "--merges", "0"], ["--text=   "], ["--text=\u3000\u00a0"], ["--text=a b c"],
              ["--merges", "10001"], ["--merges", "-1"], ["--mistake", "scale-d"]]
    while len(cases) < count:
        t = text(r)
        args = ["--text=" + t]
        roll = r.random()
        if roll < 0.15:
            args += ["--merges", "0"]
        elif roll < 0.85:
            args += ["--merges", str(r.randint(0, len(t) // 2 + 2))]
        if r.random() < 0.35:
            args += ["--mistake", r.choice(MISTAKES)]
        cases.append(args)

    outcomes = {"same output": 0, "both refused": 0}
    for args in cases:
        code, want, _ = oracle(str(script), ["12.3", *args])
        got = subprocess.run([a.attn, "udl", "12.3", *args], capture_output=True)
        shown = [x if len(x) < 80 else x[:60] + f"…({len(x)} chars)" for x in args]
        if not checks.check(code == got.returncode, f"{shown!r}: oracle exit {code}, attn exit {got.returncode}: "
                                                    f"{got.stderr.decode(errors='replace').strip()}"):
            continue
        if code == 0:
            if checks.same_bytes(want.encode(), got.stdout, f"{shown!r}"):
                outcomes["same output"] += 1
        else:
            err = got.stderr.decode(errors="replace")
            if checks.check(not got.stdout and err.count("\n") == 1 and err.startswith("attn: error: "),
                            f"{shown!r}: a refusal must be one line and no output: "
                            f"stdout {got.stdout[:200]!r}, stderr {err!r}"):
                outcomes["both refused"] += 1
    print(f"  {len(cases)} flag sets: " + ", ".join(f"{k} {v}" for k, v in outcomes.items()))

    # attn-only refusals the oracle cannot be asked (bytes that are not UTF-8 never reach its
    # str), and flags of the other notebooks
    bad = [[b"--text=a\xffb"], [b"--text=\xc0\xaf"], [b"--text=\xed\xa0\x80"],
           [b"--n", b"3"], [b"--h", b"2"], [b"--heatmap"], [b"--merges", b"2.5"], [b"--merges", b"x"],
           [b"--mistake", b"nope"]]
    for args in bad:
        got = subprocess.run([a.attn.encode(), b"udl", b"12.3", *args], capture_output=True)
        err = got.stderr.decode(errors="replace")
        checks.check(got.returncode == 2 and not got.stdout and err.count("\n") == 1,
                     f"{args!r}: want exit 2 and one line; got exit {got.returncode}, {err!r}")
    for nb in ("12.1", "12.2"):
        for args in (["--text", "a b"], ["--merges", "3"], ["--mistake", "last-tie"]):
            got = subprocess.run([a.attn, "udl", nb, *args], capture_output=True)
            checks.check(got.returncode == 2 and not got.stdout and got.stderr.decode().count("\n") == 1,
                         f"udl {nb} {args}: want exit 2 and one line; got {got.returncode}")
    print(f"  attn-only refusals: {len(bad) + 6} cases")

    # the book's facts (figure 12.8): 19 tokens at the start, 29 at most, 18 after 50 merges
    import json
    got = subprocess.run([a.attn, "udl", "12.3", "--merges", "50", "--format", "json"], capture_output=True)
    counts = json.loads(got.stdout)["data"]["token_counts"]
    checks.check((counts[0], max(counts), counts[50], len(counts)) == (19, 29, 18, 51),
                 f"token_counts of the rhyme: start {counts[0]}, most {max(counts)}, "
                 f"after 50 {counts[50]} (the book: 19, 29, 18)")
    print("  figure 12.8 facts: checked")

    # --svg: the curve has one point per state 0..merges at the JSON's counts; the chosen states
    import tempfile
    import xml.etree.ElementTree as ET
    with tempfile.TemporaryDirectory() as tmp:
        svg = pathlib.Path(tmp) / "bpe.svg"
        got = subprocess.run([a.attn, "udl", "12.3", "--merges", "50", "--svg", str(svg)], capture_output=True)
        ns = {"s": "http://www.w3.org/2000/svg"}
        root = ET.parse(svg).getroot()
        line = root.find(".//s:polyline[@id='token-counts']", ns)
        ys = [float(pt.split(",")[1]) for pt in line.get("points").split()]
        states = [g.get("id") for g in root.findall(".//s:g", ns)]
        # a higher count is drawn higher (smaller y), equal counts at equal heights
        ordered = all((counts[i] < counts[j]) == (ys[i] > ys[j]) for i in range(51) for j in range(51))
        checks.check(got.returncode == 0 and len(ys) == 51 and ordered
                     and states == ["state-0", "state-1", "state-2", "state-50"],
                     f"--svg: exit {got.returncode}, {len(ys)} points, states {states}")
    print("  --svg: checked")

    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
