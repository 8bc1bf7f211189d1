#!/usr/bin/env python3
"""`attn udl 12.3 --diagnose` on the oracle's own prints (udl.py 12.3, in this process):

- for the rhyme, the golden files' texts and random texts, the print of the right tokenize() and
  of each mistake is fed back three ways: the whole transcript, tokenize()'s part (the "Most
  frequent pair" lines and the last four lines), and the last four lines alone. The verdict must
  be the first candidate (right, stale-tokens, pairs-once, sorted-ties, last-tie) whose print of
  those lines is the same; when such candidates print differently elsewhere (a guess), exit 2;
- a perturbed print (a count changed, two pair lines swapped) must give "no match" (exit 1) and
  its first difference;
- prints without the lines a verdict needs exit 2 with one line; an unopenable file exits 3.
Without ../shared the test exits 77.
"""
import argparse
import pathlib
import random
import re
import shlex
import subprocess
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import Checks  # noqa: E402
from udl_tokenize_conformance_test import MISTAKES, oracle as run_oracle  # noqa: E402



def oracle(script, args):
    """stdout of udl.py 12.3 ARGS, or None if it refuses (the conformance test's in-process run)."""
    code, out, _ = run_oracle(script, ["12.3", *args])
    return out if code == 0 else None


def tokenize_part(text):
    """tokenize()'s lines: the pair lines before the last 'Tokens:' line, and the four after."""
    lines = text.rstrip("\n").split("\n")
    last = max(i for i, l in enumerate(lines) if l.startswith("Tokens: "))
    first = last
    while first > 0 and lines[first - 1].startswith("Most frequent pair: "):
        first -= 1
    return lines[first:last], lines[last:]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("--golden", required=True)
    p.add_argument("--schema", default=None, help="docs/schema/attn-output.schema.json: check the JSON")
    p.add_argument("--seed", type=int, default=None)
    a = p.parse_args()
    script = str(pathlib.Path(a.reference) / "udl.py")
    if not pathlib.Path(script).exists():
        print(f"udl tokenize diagnose: skipped, no {script}")
        return 77
    run_seed = a.seed if a.seed is not None else int(time.time())
    print(f"udl tokenize diagnose: run seed {run_seed} (replay with --seed {run_seed})")
    r = random.Random(run_seed)
    checks = Checks("udl tokenize diagnose")

    bases = []
    for f in sorted(pathlib.Path(a.golden, "udl").glob("12.3_*.txt")):
        args = shlex.split(f.read_text(encoding="utf-8").split("\n", 1)[0])[4:]   # after "$ attn udl 12.3"
        args = [x for i, x in enumerate(args) if x != "--mistake" and (i == 0 or args[i - 1] != "--mistake")]
        if args not in bases:
            bases.append(args)
    for _ in range(6):
        words = ["".join(r.choice("abcde") for _ in range(r.randint(1, 6))) for _ in range(r.randint(3, 25))]
        bases.append([f"--text={' '.join(words)}", "--merges", str(r.randint(0, 12))])

    def run(args, stdin):
        return subprocess.run([a.attn, "udl", "12.3", *args, "--diagnose", "-"], input=stdin.encode(),
                              capture_output=True)

    checked = bases_run = 0
    for base in bases:
        prints = [("right", oracle(script, base))] + [(m, oracle(script, base + ["--mistake", m])) for m in MISTAKES]
        if prints[0][1] is None:
            continue
        prints = [(n, o) for n, o in prints if o is not None]   # a mistake may allow fewer merges
        bases_run += 1
        views = {
            "whole": lambda out: tokenize_part(out),
            "tokenize": lambda out: tokenize_part(out),
            "last four": lambda out: tokenize_part(out)[1],
        }
        for name, out in prints:
            pairs, tail = tokenize_part(out)
            feeds = {"whole": out, "tokenize": "\n".join(pairs + tail) + "\n", "last four": "\n".join(tail) + "\n"}
            for view, text in feeds.items():
                shown = views[view]
                fits = [n for n, o in prints if shown(o) == shown(out)]
                distinct = {tuple(map(tuple, tokenize_part(o))) for n, o in prints if n in fits}
                got = run(base, text)
                first = got.stdout.decode().split("\n")[0]
                if len(distinct) > 1:
                    ok = got.returncode == 2 and not got.stdout and got.stderr.decode().count("\n") == 1
                    want = "a refusal (the lines fit tokenize()s that print differently)"
                else:
                    want = fits[0]
                    ok = (got.returncode == 0 and first.endswith("match the right tokenize().")) if want == "right" \
                        else (got.returncode == 1 and f"match the mistake {want}:" in first)
                checks.check(ok, f"{base} {name} print, {view}: want {want}; got exit {got.returncode}: "
                                 f"{got.stdout.decode()}{got.stderr.decode()}")
                checked += 1
        # perturbed: a count of the final tokens changed; two pair lines swapped
        right = prints[0][1]
        pairs, tail = tokenize_part(right)
        bumped = re.sub(r": (\d+)\}\)$", lambda m: f": {int(m.group(1)) + 3}}})", tail[0])
        perturbed = ["\n".join(pairs + [bumped] + tail[1:]) + "\n"]
        if len(pairs) >= 2 and pairs[0] != pairs[1]:
            perturbed.append("\n".join([pairs[1], pairs[0]] + pairs[2:] + tail) + "\n")
        # A swap of two pair lines can be exactly what a tie-breaking mistake prints (sorted-ties,
        # last-tie): that print is a mistake's, diagnosed above, not a perturbation.
        feeds = {"\n".join(sum(tokenize_part(o), [])) + "\n" for _, o in prints}
        for text in perturbed:
            if text in feeds:
                continue
            got = run(base, text)
            out = got.stdout.decode()
            checks.check(got.returncode == 1 and "match neither" in out and "First difference" in out,
                         f"{base} perturbed: exit {got.returncode}: {out}{got.stderr.decode()}")
            checked += 1
    print(f"  {checked} prints diagnosed over {bases_run} texts")
    checks.check(bases_run >= len(bases) // 2, f"only {bases_run} of {len(bases)} texts could be run by the oracle")

    # --format json: the same verdict and exit status as the text, valid against the schema
    if a.schema:
        import json
        from jsonschema import Draft202012Validator
        validator = Draft202012Validator(json.loads(pathlib.Path(a.schema).read_text()))
        right = oracle(script, [])
        pairs, tail = tokenize_part(right)
        stale = tokenize_part(oracle(script, ["--mistake", "stale-tokens"]))[1]
        swapped = "\n".join([pairs[1], pairs[0]] + pairs[2:] + tail) + "\n"
        for text, match, code in [(right, "right", 0), ("\n".join(stale) + "\n", "stale-tokens", 1),
                                  (swapped, None, 1)]:
            got = subprocess.run([a.attn, "udl", "12.3", "--diagnose", "-", "--format", "json"],
                                 input=text.encode(), capture_output=True)
            doc = json.loads(got.stdout)
            errors = [e.message for e in validator.iter_errors(doc)]
            d = doc["data"]
            first = d["first_difference"]
            checks.check(not (errors or got.returncode != code or d["match"] != match
                              or (match is None and (first is None or first["where"] != "Most frequent pair"
                                                     or first["index"] != 0))),
                         f"--format json ({match}): exit {got.returncode}, {errors[:2]}, {d}")
        print("  --format json: 3 diagnoses against the schema")

    tail = tokenize_part(oracle(script, []))[1]
    bad = [("", 2), ("hello\n", 2), (tail[0] + "\n", 2), (tail[2] + "\n", 2),
           ("Tokens: {'a': x}\n" + tail[2] + "\n", 2), ("Tokens: defaultdict(<class 'int'>, {'a': 1\n", 2)]
    for text, code in bad:
        got = run([], text)
        err = got.stderr.decode()
        checks.check(got.returncode == code and not got.stdout and err.count("\n") == 1,
                     f"diagnose {text[:40]!r}: want exit {code} and one line; got {got.returncode} {err!r}")
    got = subprocess.run([a.attn, "udl", "12.3", "--diagnose", "/nonexistent/print.txt"], capture_output=True)
    checks.check(got.returncode == 3, f"an unopenable file: exit {got.returncode}")
    got = subprocess.run([a.attn, "udl", "12.3", "--mistake", "last-tie", "--diagnose", "-"], input=b"",
                         capture_output=True)
    checks.check(got.returncode == 2, f"--diagnose with --mistake: exit {got.returncode}")
    print(f"  bad prints: {len(bad) + 2} cases")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
