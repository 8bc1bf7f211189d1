#!/usr/bin/env python3
"""Conformance for `attn lesson`: random flag sets through build/attn and through
`/usr/bin/python3 ../shared/reference/lesson.py` (Debian's python3-torch), compared byte for byte
except section 5's comparison line: attn names its flash kernel where the lesson names
PyTorch's, and the figure must be below 1e-6 at T = 5, 1e-5 with --t above 5 (see
tests/reference/golden_test.py). Random --t values up to 4000 run section 5 at that length (exercise 3). Also checks that bad values exit 2 with one line on stderr and nothing on
stdout. The run seed is printed so a failure can be replayed with --seed.
Without python3-torch (CI does not install it: the golden files made from the reference cover
the lesson there) the test exits 77, which ctest reports as skipped.
"""
import argparse
import os
import concurrent.futures
import random
import subprocess
import sys
import time

# The one rule for the section-5 figure (checked as < 1e-6) lives in the golden runner.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from golden_test import outputs_match

from harness import Checks, byte_diff, run_attn

PYTHON = "/usr/bin/python3"


def number(r):
    kind = r.randrange(6)
    if kind == 0:
        return str(r.randint(-5, 5))
    if kind == 1:
        return f"{r.uniform(-3, 3):.{r.randrange(7)}f}"
    if kind == 2:
        return f"{r.uniform(-1, 1):.3e}"
    if kind == 3:
        return f"{r.uniform(-1e6, 1e6):.{r.randrange(3)}f}"
    if kind == 4:
        return f"{r.choice(['', '-'])}{r.randrange(1, 10)}e-{r.randrange(1, 40)}"
    return r.choice(["0", "-0", "1e6", "-1e6", ".5", "-.25", "1.", "+2", "1000", "0.1"])


def flag_set(r):
    sections = [str(s) for s in r.sample(range(1, 6), r.randrange(4))]
    if r.random() < 0.3 and sections:
        sections.append(r.choice(sections))             # a repeated section
    options = []
    if r.random() < 0.8:
        options.append(f"--query={number(r)},{number(r)}")  # '=' so argparse takes a leading '-'
    if r.random() < 0.4:
        options.append("--no-mask")
    if r.random() < 0.4:
        options.append(f"--t={r.randint(1, 4000)}")
    r.shuffle(options)
    # argparse reads its nargs='*' positional in one run, so sections come first or last.
    return sections + options if r.random() < 0.5 else options + sections


def compare(attn, reference, args):
    a = subprocess.run([attn, "lesson", *args], capture_output=True)
    p = subprocess.run([PYTHON, reference, *args], capture_output=True)
    if p.returncode != 0:
        return f"reference failed on {args}: {p.stderr.decode(errors='replace').strip()}"
    if a.returncode != 0:
        return f"attn lesson {' '.join(args)} exited {a.returncode}: {a.stderr.decode(errors='replace').strip()}"
    if not outputs_match(p.stdout.decode(), a.stdout.decode(), args):
        return f"attn lesson {' '.join(args)}:\n" + byte_diff(p.stdout, a.stdout)
    return None


BAD = [
    ["0"], ["6"], ["x"], ["1", "9"], ["2.5"], ["--query", "1"], ["--query", "1,2,3"],
    ["--query", "nan,0"], ["--query", "inf,1"], ["--query", "0x1p3,0"], ["--query", "1e7,0"],
    ["--query", ",1"], ["--query", "1,"], ["--query", "a,b"], ["--query"], ["--bogus"],
    ["--t", "0"], ["--t", "10001"], ["--t", "-3"], ["--t", "2.5"], ["--t"],
]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--reference", required=True, help="the reference folder or lesson.py")
    # Under the sanitizers (ATTN_SANITIZED) each case starts torch twice for little new coverage.
    p.add_argument("--cases", type=int, default=4 if os.environ.get("ATTN_SANITIZED") else 12)
    p.add_argument("--seed", default="20261130", help="run seed, or 'random' (from the clock)")
    a = p.parse_args()
    reference = a.reference if a.reference.endswith(".py") else a.reference.rstrip("/") + "/lesson.py"
    if not os.path.isfile(reference):
        print(f"lesson conformance: SKIPPED, the chapter's reference script {reference} is not there "
              "(it comes with the chapter's shared/ folder, see the README)")
        return 77
    if subprocess.run([PYTHON, "-c", "import torch"], capture_output=True).returncode != 0:
        print("lesson conformance: SKIPPED, Debian's python3-torch is not installed "
              "(apt-get install -y python3-torch; golden/lesson still checks the lesson)")
        return 77
    seed = int(time.time()) if a.seed == "random" else int(a.seed)
    print(f"lesson conformance: seed {seed}, {a.cases} cases (replay with --seed {seed})")
    r = random.Random(seed)
    sets = [[]] + [flag_set(r) for _ in range(a.cases)]
    checks = Checks("lesson conformance")
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for problem in pool.map(lambda s: compare(a.attn, reference, s), sets):
            checks.check(not problem, problem)
    for args in BAD:
        run = run_attn(a.attn, ["lesson", *args])
        err = run.stderr.decode(errors="replace")
        checks.check(run.returncode == 2 and not run.stdout and err.count("\n") == 1 and err.startswith("attn: error: "),
                     f"attn lesson {' '.join(args)}: exit {run.returncode}, stdout {run.stdout!r}, stderr {err!r}")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
