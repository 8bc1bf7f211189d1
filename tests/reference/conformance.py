#!/usr/bin/env python3
"""Conformance: attn against the chapter's reference scripts over random flag sets, byte for byte.

For each experiment, --cases random flag sets (seeds small and huge, sizes that wrap lines and
summarise arrays, lists that append rows, float flags drawn from their whole accepted range:
--base log-uniform over 1..1e300, --delta over -1e6..1e6) are run through build/attn and through
`/usr/bin/python3 <reference>/<experiment>.py`; stdout must be identical and both must exit 0.
The edges of the float flags' accepted ranges are always run, and a --base just below the range
must be refused (docs/spec/cpu-independence.md says why the range stops at 1).

The run seed is fixed (ctest is reproducible); `--seed random` draws one from the clock for
exploration. Either way the seed is printed with the command that replays the run.
Needs Debian's python3-numpy (CI installs it). When the reference folder is absent (a clone
without the chapter's scripts) it exits 77, which ctest reports as skipped.
"""
import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, byte_diff, run_attn

PYTHON = "/usr/bin/python3"
DEFAULT_SEED = 20261130   # fixed, so a ctest run is reproducible
SKIP = 77                 # ctest SKIP_RETURN_CODE


def seed_text(r):
    kind = r.randrange(6)
    if kind == 0:
        return str(r.randrange(10))
    if kind == 1:
        return str(r.randrange(2**32))
    if kind == 2:
        return str(2**32 + r.randrange(1000))
    if kind == 3:
        return str(2**64 + r.randrange(10**6))
    if kind == 4:
        return str(r.randrange(10**29, 10**30))
    return str(r.randrange(2**128, 2**140))   # more than 4 entropy words


def distinct(r, lo, hi, k):
    return r.sample(range(lo, hi + 1), k)


def attention(r):
    n = r.choice([r.randint(1, 8), r.randint(9, 20), r.randint(21, 45)])
    args = ["--seed", seed_text(r), "--d", str(r.randint(1, 12)), "--n", str(n),
            "--dq", str(r.randint(1, 10)), "--col", str(r.randint(1, n))]
    return args


def scaling(r):
    sweep = distinct(r, 1, 120, r.randint(1, 3))
    args = ["--seed", seed_text(r), "--n", str(r.randint(1, 12)), "--r", str(r.randint(1, 40)),
            "--sweep", ",".join(map(str, sweep))]
    if r.random() < 0.6:
        shown = r.sample(sweep, r.randint(1, len(sweep)))
        if r.random() < 0.5:
            shown.append(r.choice([v for v in range(1, 150) if v not in sweep]))
        args += ["--dq", ",".join(map(str, shown))]
    return args


def permutation(r):
    n = r.randint(1, 9)
    perm = list(range(n))
    r.shuffle(perm)
    base = r.choice(["100", "10000", f"{r.uniform(1, 2):.6g}", f"{10 ** r.uniform(0, 300):.6g}",
                     f"{10 ** r.uniform(0, 300):.6g}"])
    return ["--seed", seed_text(r), "--d", str(r.randint(1, 10)), "--n", str(n),
            "--dq", str(r.randint(1, 6)), "--perm", ",".join(map(str, perm)), "--base", base]


def multihead(r):
    d = r.choice([1, 2, 4, 6, 8, 12, 16, 18, 24, 30, 36, 48])
    divisors = [h for h in range(1, d + 1) if d % h == 0]
    sweep = r.sample(divisors, r.randint(1, min(4, len(divisors))))
    args = ["--seed", seed_text(r), "--d", str(d), "--n", str(r.randint(1, 20)),
            "--sweep", ",".join(map(str, sweep))]
    if r.random() < 0.5:
        args += ["--h", ",".join(map(str, r.sample(divisors, r.randint(1, min(3, len(divisors))))))]
    return args


def mask(r):
    n = r.randint(2, 14)
    delta = r.choice(["5.0", "0", f"{r.uniform(-20, 20):.4f}", f"{r.uniform(-1e6, 1e6):.6g}",
                      f"{r.choice([-1, 1]) * 10 ** r.uniform(-6, 6):.6g}"])
    return ["--seed", seed_text(r), "--d", str(r.randint(1, 10)), "--n", str(n),
            "--dq", str(r.randint(1, 8)), "--pos", str(r.randint(2, n)), f"--delta={delta}"]


# The edges of the float flags' accepted ranges, run every time.
EDGES = [("permutation", ["--base", "1"]), ("permutation", ["--base", "1e300"]),
         ("permutation", ["--base", "1.0000001", "--d", "12", "--n", "9", "--perm", "8,7,6,5,4,3,2,1,0"]),
         ("mask", ["--delta=1e6"]), ("mask", ["--delta=-1e6"]), ("mask", ["--delta=-0"])]
# Just outside: refused with one line naming the range, nothing on stdout, exit 2.
REFUSED = [("permutation", ["--base", "0.9999999"]), ("permutation", ["--base", "1e-5"]),
           ("permutation", ["--base", "1.0000001e300"]), ("mask", ["--delta=1000000.1"])]

EXPERIMENTS = {"attention": attention, "scaling": scaling, "permutation": permutation,
               "multihead": multihead, "mask": mask}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--reference", required=True, help="folder of the reference scripts")
    # Under the sanitizers (ATTN_SANITIZED, set by CMake for that build) the release suite has
    # already compared 60 sets per experiment; 20 keep every flag's range covered there.
    p.add_argument("--cases", type=int, default=20 if os.environ.get("ATTN_SANITIZED") else 60,
                   help="random flag sets per experiment")
    p.add_argument("--seed", default=str(DEFAULT_SEED),
                   help=f"run seed, or 'random' for one from the clock (default {DEFAULT_SEED})")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("experiments", nargs="*", default=list(EXPERIMENTS))
    a = p.parse_args()
    if not os.path.isfile(os.path.join(a.reference, "permutation.py")):
        print(f"conformance: SKIPPED: the chapter's reference scripts are not in {a.reference} "
              "(they come with the chapter's shared/ folder, see the README)")
        return SKIP
    try:
        subprocess.run([PYTHON, "-c", "import numpy"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        print("conformance: Debian's python3-numpy is missing (apt-get install -y python3-numpy)")
        return 1
    run_seed = int(time.time()) if a.seed == "random" else int(a.seed)
    print(f"conformance: run seed {run_seed}, {a.cases} cases per experiment; replay with\n"
          f"  {PYTHON} {sys.argv[0]} --attn {a.attn} --reference {a.reference} "
          f"--cases {a.cases} --seed {run_seed} {' '.join(a.experiments)}")
    r = random.Random(run_seed)
    cases = [(name, EXPERIMENTS[name](r)) for name in a.experiments for _ in range(a.cases)]
    cases += [(name, args) for name, args in EDGES if name in a.experiments]

    def run_case(case):
        name, args = case
        script = os.path.join(a.reference, f"{name}.py")
        ref = subprocess.run([PYTHON, script, *args], capture_output=True)
        got = subprocess.run([a.attn, name, *args], capture_output=True)
        return name, args, ref, got

    checks = Checks("conformance")
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for name, args, ref, got in pool.map(run_case, cases):
            if ref.returncode == 0 and got.returncode == 0 and ref.stdout == got.stdout:
                checks.check(True, "")
                continue
            detail = [f"attn {name} {' '.join(args)}", f"  reference exit {ref.returncode}, attn exit {got.returncode}"]
            if got.stderr:
                detail.append("  attn stderr: " + got.stderr.decode(errors="replace").strip())
            if ref.stderr:
                detail.append("  reference stderr: " + ref.stderr.decode(errors="replace").strip()[-400:])
            checks.check(False, "\n".join(detail) + "\n" + byte_diff(ref.stdout, got.stdout))
    for name, args in REFUSED:
        if name not in a.experiments:
            continue
        got = run_attn(a.attn, [name, *args])
        lines = got.stderr.decode(errors="replace").splitlines()
        checks.check(got.returncode == 2 and not got.stdout and len(lines) == 1 and
                     lines[0].startswith(f"attn: error: {args[0].split('=')[0]}: ") and ".." in lines[0],
                     f"attn {name} {' '.join(args)} should be refused with one line naming the range:"
                     f" exit {got.returncode}, stdout {got.stdout!r}, stderr {lines}")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
