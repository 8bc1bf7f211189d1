#!/usr/bin/env python3
"""Flags read numbers as Python's int() and float() do (README; docs/spec/python-text.md §8),
tested against Debian's Python itself. Random spellings are generated (ASCII and Unicode
decimal digits of many scripts mixed, Unicode whitespace around and inside, signs, underscores,
points, exponents, inf/nan spellings in any case, and near misses: superscripts, circled and
Roman numerals, U+2212, fullwidth signs, U+001C..U+001F, NUL, more than 4300 digits). This
Python records what int() and float() give for each; `test_core` (its case "python-numbers")
reads the same texts with attn's parser and must accept, refuse and value each alike.
Then a few of the spellings go through attn and the reference script side by side (the same
bytes on stdout, both refusing alike), when the reference scripts are there.

The run seed is fixed (ctest is reproducible); `--seed random` draws one and prints it."""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, run_attn

DEFAULT_SEED = 22
CASES = 6000 if os.environ.get("ATTN_SANITIZED") else 20000

SPACES = [chr(c) for c in range(0x110000) if chr(c).isspace()]          # incl. U+001C..U+001F
DIGITS = [chr(c) for c in range(0x110000) if chr(c).isdecimal()]


def pin_digits(root):
    """attn keeps Debian 12's Python tables (Unicode 14); under a Python of another Unicode
    version (Debian 13's) the digits that version added or removed are left out of the test."""
    global DIGITS
    header = (Path(root) / "src/python/python_digits.hpp").read_text()
    pinned = re.search(r'kUnicodeVersion\[\] = "([^"]+)"', header).group(1)
    if pinned == unicodedata.unidata_version:
        return
    zeros = [int(z, 16) for z in re.findall(r"0x([0-9A-F]+)", header.split("kDecimalZeros", 1)[1])]
    kept = {chr(z + d) for z in zeros for d in range(10)}
    left_out = [c for c in DIGITS if c not in kept]
    DIGITS = [c for c in DIGITS if c in kept]
    print(f"Unicode {unicodedata.unidata_version} here, attn's tables are Unicode {pinned}'s: "
          f"{len(left_out)} digit(s) left out ({', '.join(f'U+{ord(c):04X}' for c in left_out[:6])})")
NEAR = ["²", "①", "Ⅷ", "½", "\u2212", "＋", "－", "．", "ｅ", "ｉｎｆ", "x", "\x00", "\x7f",
        "\u200b", "\ufeff", "٫", ",", "0x", "j"]


def digit(r):
    return r.choice("0123456789") if r.random() < 0.4 else r.choice(DIGITS)


def digits(r, lo=1, hi=6):
    out = []
    for i in range(r.randint(lo, hi)):
        if i and r.random() < 0.15:
            out.append(r.choice(["_", "_", "__"]))
        out.append(digit(r))
    return "".join(out)


def space(r):
    return "".join(r.choice(SPACES if r.random() < 0.6 else " \t\n") for _ in range(r.randint(1, 2)))


def spelling(r):
    parts = []
    if r.random() < 0.4:
        parts.append(space(r))
    if r.random() < 0.4:
        parts.append(r.choice("+-"))
    kind = r.random()
    if kind < 0.1:
        word = r.choice(["inf", "infinity", "nan", "infinit", "nana", "in_f"])
        parts.append("".join(c.upper() if r.random() < 0.5 else c for c in word))
    elif kind < 0.5:
        parts.append(digits(r))
    else:
        if r.random() < 0.8:
            parts.append(digits(r))
        if r.random() < 0.7:
            parts.append(".")
            if r.random() < 0.8:
                parts.append(digits(r))
        if r.random() < 0.5:
            parts.append(r.choice("eE"))
            if r.random() < 0.5:
                parts.append(r.choice("+-"))
            if r.random() < 0.9:
                parts.append(digits(r, 1, 3))
    if r.random() < 0.4:
        parts.append(space(r))
    text = "".join(parts)
    if r.random() < 0.15:   # a near miss somewhere, or an underscore at an edge
        at = r.randint(0, len(text))
        text = text[:at] + r.choice(NEAR + ["_", " ", space(r)]) + text[at:]
    return text


def fixed():
    long = "1" * 4300
    return ["５", "٣", "𝟕", "١2", "1_٢", "\xa05\u3000", "\x855", "\x1c5", "5\x1f", "0_7", "007",
            "1e٣", "٣.٥", "１e-１", "-0", "+0.0", "-0.0", "1e400", "-1e400", "1e-400", "4.9e-324",
            "2.4e-324", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959366",
            long, long + "1", "0" + long, "1_" * 4299 + "1", "1_" * 4300 + "1", "",
            " ", "+", "-", "_", ".", "e", "1_", "_1", "1__0", "1_.5", "1._5", "1e_5", "1e5_", "1e5_0",
            # the code point after a script's nine is no digit: ':' after ASCII, U+066A after
            # Arabic-Indic, U+FF1A after the full-width digits
            "9:", "1:", "٩\u066a", "９\uff1a", "1.5:"]


def record(texts, path):
    with open(path, "w") as out:
        for t in texts:
            try:
                i = str(int(t))
            except ValueError:
                i = "-"
            try:
                v = float(t)
                f = "nan" if v != v else v.hex()
            except ValueError:
                f = "-"
            out.write(f"{t.encode().hex()}\t{i}\t{f}\n")


def python_value(t, kind):
    try:
        return kind(t)
    except ValueError:
        return None


# attn's own ranges (each experiment's validate() owns its flag's; the reference has none and
# prints NaN matrices for --delta inf): a spelling Python reads to a value outside them is
# refused by attn in one line naming the flag, whatever the reference does.
def outside_attn_range(flag, t):
    if flag == "--delta":
        v = python_value(t, float)
        return v is not None and not (abs(v) <= 1e6)
    if flag == "--n":
        v = python_value(t, int)
        return v is not None and not (1 <= v <= 100000)
    if flag == "--seed":
        v = python_value(t, int)
        return v is not None and v < 0
    return False


def side_by_side(checks, attn, reference, texts):
    """attn and the reference script read the same spellings alike: the same stdout bytes, and
    a refusal (exit 2) where argparse refuses or the value is outside attn's range."""
    for flag, script, sub, extra, picked in [("--seed", "attention.py", "attention", [], texts[0::2]),
                                             ("--n", "attention.py", "attention", ["--col", "1"], texts[1::4]),
                                             ("--delta", "mask.py", "mask", [], texts[3::4])]:
        for t in picked:
            if outside_attn_range(flag, t):
                got = run_attn(attn, [sub, flag, t, *extra], timeout=60)
                lines = got.stderr.decode(errors="replace").splitlines()
                checks.check(got.returncode == 2 and len(lines) == 1 and flag in lines[0],
                             f"attn {sub} {flag} {t!r}: outside attn's range, want one line naming "
                             f"{flag}, exit 2; got {got.returncode} {lines}")
                continue
            ref = subprocess.run([sys.executable, os.path.join(reference, script), flag, t, *extra],
                                 capture_output=True, timeout=60)
            got = run_attn(attn, [sub, flag, t, *extra], timeout=60)
            what = f"attn {sub} {flag} {t!r}"
            checks.check((ref.returncode == 0) == (got.returncode == 0),
                         f"{what}: exit {got.returncode}, the reference's {ref.returncode}")
            if ref.returncode == 0 and got.returncode == 0:
                checks.same_bytes(ref.stdout, got.stdout, what)
            elif got.returncode != 0:
                lines = got.stderr.decode(errors="replace").splitlines()
                checks.check(got.returncode == 2 and len(lines) == 1 and flag in lines[0],
                             f"{what}: want one line naming {flag}, exit 2; got {got.returncode} {lines}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--test-python", required=True)
    p.add_argument("--attn")
    p.add_argument("--reference")
    p.add_argument("--seed", default=str(DEFAULT_SEED))
    p.add_argument("--root", default=str(Path(__file__).resolve().parents[2]))
    a = p.parse_args()
    pin_digits(a.root)
    seed = int(time.time_ns() % 10**9) if a.seed == "random" else int(a.seed)
    print(f"seed {seed} (replay: {sys.argv[0]} --test-python {a.test_python} --seed {seed}); "
          f"Python {sys.version.split()[0]}, Unicode {unicodedata.unidata_version}")
    r = random.Random(seed)
    texts = fixed() + [spelling(r) for _ in range(CASES)]
    checks = Checks("python_numbers")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "numbers.txt")
        record(texts, path)
        run = subprocess.run([a.test_python, "-tc=python-numbers*", "--no-skip"], capture_output=True,
                             text=True, env={**os.environ, "ATTN_PYTHON_NUMBERS": path})
        out = run.stdout + run.stderr
        checks.check(run.returncode == 0, "test_core python-numbers:\n" + out[-6000:])
        checks.check(re.search(r"test cases: +1 \| +1 passed", out) is not None, f"test_core ran the python-numbers case: {out[-300:]}")
    if a.attn and a.reference:
        if os.path.isdir(a.reference):
            picks = ["\xa0５\u3000", "١2", "\x1c5", "\u22123", "٣.٥", "𝟕"]
            picks += [t for t in r.sample(texts[len(fixed()):], 2) if "\x00" not in t]
            side_by_side(checks, a.attn, a.reference, picks)
        else:
            print(f"reference scripts not found at {a.reference}: side-by-side part skipped")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
