#!/usr/bin/env python3
"""Conformance for `attn udl`: random flag sets through build/attn and through the oracle
`/usr/bin/python3 ../shared/reference/udl.py` (Debian's NumPy), compared byte for byte.

- >= 200 flag sets (--count; 60 under ATTN_SANITIZED), drawn over the whole accepted range: seeds 0..2^32-1, N and D in
  1..50, H any divisor of D, every --mistake and none; both notebooks; plus the edge sets
  (N = 1, D = 1, H = 1, H = D, the largest seeds and sizes).
- --diagnose: the oracle's printed X' for the right answer and for each mistake is fed back to
  attn, which must name it (or the earlier candidate whose printout is the same text: with H = 1
  scale-d is the right answer, and so on); a perturbed copy must give "no match".
- bad values exit 2 with one line on stderr and nothing on stdout; an unopenable file exits 3.
- the notebooks' printed true values are in the defaults' output (checked as facts).

The oracle runs in this process (runpy, print options reset before each run) to save NumPy's
start-up time. The run seed is printed so a failure can be replayed with --seed. Without
../shared the test exits 77 (ctest: skipped).
"""
import argparse
import pathlib
import random
import re
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, byte_diff, run_attn, run_reference_in_process

MISTAKES = ["scale-d", "unscaled", "softmax-rows", "no-bias", "no-omega-c"]
MAX_SEED = 2**32 - 1


def oracle(script, args):
    """stdout of udl.py ARGS (run in this process), or None if it exits non-zero."""
    r = run_reference_in_process(script, args)
    return r.stdout.decode("utf-8") if r.returncode == 0 else None


def divisors(d):
    return [h for h in range(1, d + 1) if d % h == 0]


def seed(r):
    return str(r.choice([r.randint(0, MAX_SEED), r.randint(0, 100), 0, MAX_SEED]))


def flag_set(r, notebook, mistake):
    args = [notebook]
    if r.random() < 0.85:
        args += ["--seed-x", seed(r)]
    if r.random() < 0.85:
        args += ["--seed-w", seed(r)]
    d = None
    if r.random() < 0.9:
        n = r.randint(1, 50) if r.random() < 0.7 else r.randint(1, 8)
        args += ["--n", str(n)]
    if r.random() < 0.9:
        d = r.randint(1, 50) if r.random() < 0.7 else r.randint(1, 10)
        args += ["--d", str(d)]
    if notebook == "12.2":
        dd = d if d is not None else 8
        if d is not None or r.random() < 0.8:
            args += ["--h", str(r.choice(divisors(dd)))]
        if mistake:
            args += ["--mistake", mistake]
    return args


EDGE_SETS = [
    ["12.1"], ["12.2"],
    ["12.1", "--n", "1", "--d", "1"], ["12.1", "--n", "50", "--d", "50"],
    ["12.1", "--seed-x", str(MAX_SEED), "--seed-w", str(MAX_SEED)],
    ["12.2", "--n", "1", "--d", "1", "--h", "1"], ["12.2", "--n", "50", "--d", "50", "--h", "50"],
    ["12.2", "--h", "1", "--mistake", "scale-d"], ["12.2", "--h", "8", "--mistake", "unscaled"],
    ["12.2", "--n", "1", "--mistake", "softmax-rows"],
] + [["12.2", "--mistake", m] for m in MISTAKES]


def run_udl(attn, args, stdin=None):
    return run_attn(attn, ["udl", *args], stdin=stdin)


def x_prime_block(text):
    """The X' matrix the oracle printed after 'Your answer:' / 'With the mistake …:'."""
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if l == "Your answer:" or l.startswith("With the mistake"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("Permuting"))
    return "\n".join(lines[start + 1:end]) + "\n"


def perturb(block, r):
    """Change one printed number of the block by a few units of its last digit."""
    numbers = list(re.finditer(r"-?\d+\.\d+", block))
    if not numbers:
        return None
    m = r.choice(numbers)
    decimals = len(m.group().split(".")[1])
    new = f"{float(m.group()) + r.choice([-7, 7]) * 10**-decimals:.{decimals}f}"
    return block[:m.start()] + new + block[m.end():]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--reference", required=True, help="folder with udl.py")
    # Under the sanitizers (ATTN_SANITIZED, about 10x slower) 60 sets: that build looks for memory
    # errors on every path, which fewer sets still reach; the release suite compares all 240.
    p.add_argument("--count", type=int, default=60 if os.environ.get("ATTN_SANITIZED") else 240)
    p.add_argument("--seed", type=int, default=None)
    a = p.parse_args()
    script = pathlib.Path(a.reference) / "udl.py"
    if not script.exists():
        print(f"udl conformance: skipped, no {script}")
        return 77
    try:
        import numpy as np
    except ImportError:
        print("udl conformance: skipped, this python3 has no NumPy")
        return 77
    run_seed = a.seed if a.seed is not None else int(time.time())
    print(f"udl conformance: run seed {run_seed} (replay with --seed {run_seed})")
    r = random.Random(run_seed)
    checks = Checks("udl conformance")

    # 1. outputs, byte for byte
    sets = list(EDGE_SETS)
    while len(sets) < a.count:
        notebook = "12.1" if r.random() < 0.25 else "12.2"
        sets.append(flag_set(r, notebook, r.choice([None] + MISTAKES) if notebook == "12.2" else None))
    counts = {m: 0 for m in [None] + MISTAKES}
    for args in sets:
        want = oracle(str(script), args)
        if not checks.check(want is not None, f"the oracle runs udl {args}"):
            continue
        got = run_udl(a.attn, args)
        checks.check(got.returncode == 0 and got.stdout.decode() == want,
                     f"attn udl {' '.join(args)}: exit {got.returncode} {got.stderr.decode().strip()}\n"
                     f"{byte_diff(want, got.stdout)}")
        if args[0] == "12.2":
            counts[next((m for m in MISTAKES if m in args), None)] += 1
    print(f"  outputs: {len(sets)} flag sets; 12.2 per mistake: "
          + ", ".join(f"{m or 'none'} {c}" for m, c in counts.items()))

    # 2. --diagnose on the oracle's own printouts
    diagnosed = 0
    for k in range(40):
        base = flag_set(r, "12.2", None)[1:] if k else []
        base = [x for i, x in enumerate(base) if not (x == "--mistake" or (i and base[i - 1] == "--mistake"))]
        blocks = []
        for m in [None] + MISTAKES:
            out = oracle(str(script), ["12.2", *base] + (["--mistake", m] if m else []))
            blocks.append((m or "right", x_prime_block(out)))
        if len({b for _, b in blocks}) == 1 and "nan" in blocks[0][1]:
            continue   # every candidate overflowed to the same nan matrix: nothing to tell apart
        for name, block in blocks:
            expected = next(n for n, b in blocks if b == block)   # the first identical printout
            got = run_udl(a.attn, ["12.2", *base, "--diagnose", "-"], stdin=block.encode())
            text = got.stdout.decode()
            first = text.split("\n")[0]
            ok = (got.returncode == (0 if expected == "right" else 1) and
                  (first.endswith("matches the right answer.") if expected == "right"
                   else f"matches the mistake {expected}:" in first))
            checks.check(ok, f"--diagnose {base} on the {name} printout: want {expected}, got "
                             f"exit {got.returncode}: {text}{got.stderr.decode()}")
            diagnosed += 1
        bad = perturb(blocks[0][1], r)
        if bad is not None:
            got = run_udl(a.attn, ["12.2", *base, "--diagnose", "-"], stdin=bad.encode())
            text = got.stdout.decode()
            checks.check(got.returncode == 1 and "matches neither" in text and "First element that differs" in text,
                         f"--diagnose {base} on a perturbed matrix: exit {got.returncode}: {text}")
            diagnosed += 1
    print(f"  --diagnose: {diagnosed} printouts")

    # 3. bad input: one line on stderr, nothing on stdout
    bad_sets = [
        (["12.1", "--n", "0"], 2), (["12.1", "--n", "51"], 2), (["12.2", "--d", "51"], 2),
        (["12.1", "--seed-x", "-1"], 2), (["12.1", "--seed-w", str(2**32)], 2),
        (["12.2", "--h", "3"], 2), (["12.2", "--d", "4", "--h", "8"], 2), (["12.2", "--h", "0"], 2),
        (["12.2", "--mistake", "transposed"], 2), (["12.1", "--mistake", "unscaled"], 2),
        (["12.1", "--h", "2"], 2), (["12.4"], 2), (["12.2", "--n", "2.5"], 2),
        (["12.1", "--diagnose", "-"], 2), (["12.2", "--mistake", "no-bias", "--diagnose", "-"], 2),
        (["12.2", "--diagnose", "/nonexistent/x.txt"], 3),
    ]
    for stdin_text, want_code in [("not a matrix", 2), ("[[1. 2.]\n [3. 4.]]", 2),
                                  ("[1. 2. 3.]", 2), ("[[1. 2.]\n [3.]]", 2), ("", 2),
                                  ("[[ 1.2 ... 3.4]]", 2), ("[[1. abc]]", 2)]:
        bad_sets.append((["12.2", "--diagnose", "-", "#stdin", stdin_text], want_code))
    for args, want_code in bad_sets:
        stdin = None
        if "#stdin" in args:
            stdin = args[-1].encode()
            args = args[:args.index("#stdin")]
        got = run_udl(a.attn, args, stdin=stdin)
        err = got.stderr.decode()
        checks.check(got.returncode == want_code and not got.stdout and err.count("\n") == 1
                     and err.startswith("attn: error: "),
                     f"attn udl {args} (stdin {stdin!r}): want exit {want_code}, one line; got "
                     f"exit {got.returncode}, stdout {got.stdout!r}, stderr {err!r}")
    print(f"  bad input: {len(bad_sets)} cases")

    # 4. the notebooks' printed true values (facts from the notebooks, as they print them)
    facts = {
        "12.1": ["x_prime_0_calculated: [[ 0.94744244 -0.24348429 -0.91310441 -0.44522983]]",
                 "x_prime_1_calculated: [[ 1.64201168 -0.08470004  4.02764044  2.18690791]]",
                 "x_prime_2_calculated: [[ 1.61949281 -0.06641533  3.96863308  2.15858316]]"],
        "12.2": ["[[-21.207  -5.373 -20.933  -9.179 -11.319 -17.812]",
                 " [ -1.995   7.906 -10.516   3.452   9.863  -7.24 ]",
                 " [  5.479   1.115   9.244   0.453   5.656   7.089]",
                 " [ -7.413  -7.416   0.363  -5.573  -6.736  -0.848]",
                 " [-11.261  -9.937  -4.848  -8.915 -13.378  -5.761]",
                 " [  3.548  10.036  -2.244   1.604  12.113  -2.557]",
                 " [  4.888  -5.814   2.407   3.228  -4.232   3.71 ]",
                 " [  1.248  18.894  -6.409   3.224  19.717  -5.629]]"],
    }
    for notebook, lines in facts.items():
        got = run_udl(a.attn, [notebook]).stdout.decode().split("\n")
        for line in lines:
            checks.check(line in got, f"attn udl {notebook} prints the notebook's true value line {line!r}")
    print(f"  notebook true values: {sum(len(v) for v in facts.values())} lines")

    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
