#!/usr/bin/env python3
"""`attn udl 12.2 --diagnose` on the X' printouts stored in golden/udl (made by udl.py, the
oracle, through tools/make_golden.py): each must be named as the computation that printed it,
a perturbed copy must match nothing, and the repr form (array([[…], …])) reads like str.
Needs no ../shared: the oracle's printouts are the golden files. With --reference (udl.py there)
it also reads a print of more than 1 000 elements made whole (NumPy's threshold lifted, as a
student may): named like its summarised print; and the same print with a '...' that hides
nothing (25 rows each side of it, of 50), which no NumPy writes: refused as a usage error.
"""
import argparse
import pathlib
import re
import shlex
import subprocess
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

# golden file -> what its X' is. With H = 1, 1/sqrt(D) is 1/sqrt(D/H) (scale-d is the right
# answer); with H = D, D/H = 1 and the unscaled scores are the scaled ones.
EXPECTED = {
    "12.2_defaults": "right",
    "12.2_scale_d": "scale-d",
    "12.2_unscaled": "unscaled",
    "12.2_softmax_rows": "softmax-rows",
    "12.2_no_bias": "no-bias",
    "12.2_no_omega_c": "no-omega-c",
    "12.2_h1": "right",
    "12.2_h8_unscaled": "right",
    "12.2_n1_d1": "right",
    "12.2_summarised": "no-bias",
}


def x_prime(text):
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if l == "Your answer:" or l.startswith("With the mistake"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("Permuting"))
    return "\n".join(lines[start + 1:end]) + "\n"


def as_repr(block):
    """NumPy's repr layout of the same numbers: 'array(' prefix, ', ' between numbers."""
    rows = [re.findall(r"-?[\d.]+(?:e[-+]\d+)?|nan|inf|\.\.\.", line) for line in block.strip().split("\n")]
    rows = [r for r in rows if r]
    return "array([" + ",\n       ".join("..." if r == ["..."] else "[" + ", ".join(r) + "]"
                                       for r in rows) + "])\n"


def diagnose(attn, args, block):
    return subprocess.run([attn, "udl", "12.2", *args, "--diagnose", "-"], input=block.encode(),
                          capture_output=True)


def verdict_ok(result, expected):
    first = result.stdout.decode().split("\n")[0]
    if expected == "right":
        return result.returncode == 0 and first.endswith("matches the right answer.")
    if expected == "none":
        return result.returncode == 1 and "matches neither" in first
    return result.returncode == 1 and f"matches the mistake {expected}:" in first


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--golden", required=True)
    p.add_argument("--reference", default=None, help="../shared/reference (udl.py): the large whole print")
    a = p.parse_args()
    checks = Checks("udl diagnose")
    if a.reference and (pathlib.Path(a.reference) / "udl.py").exists():
        large_prints(a, checks)
    else:
        print("note: no ../shared/reference/udl.py: the whole print of over 1000 elements is not checked")
    for name, expected in EXPECTED.items():
        text = (pathlib.Path(a.golden) / "udl" / f"{name}.txt").read_text()
        header, body = text.split("\n", 1)
        args = shlex.split(header)[4:]                      # after "$ attn udl 12.2"
        if "--mistake" in args:
            i = args.index("--mistake")
            args = args[:i] + args[i + 2:]
        block = x_prime(body)
        for form, data in (("str", block), ("repr", as_repr(block))):
            got = diagnose(a.attn, args, data)
            checks.check(verdict_ok(got, expected), f"{name} ({form}): want {expected}; got exit {got.returncode}: "
                                                    f"{got.stdout.decode()}{got.stderr.decode()}")
        # one number moved by 7 units of its last digit: no computation printed that
        numbers = list(re.finditer(r"-?\d+\.\d+", block))
        m = numbers[len(numbers) // 2]
        decimals = len(m.group().split(".")[1])
        moved = f"{float(m.group()) + 7 * 10**-decimals:.{decimals}f}"
        got = diagnose(a.attn, args, block[:m.start()] + moved + block[m.end():])
        checks.check(verdict_ok(got, "none") and "First element that differs" in got.stdout.decode(),
                     f"{name} perturbed: want no match; got exit {got.returncode}: "
                     f"{got.stdout.decode()}{got.stderr.decode()}")
    return checks.finish()


def large_prints(a, checks):
    """X' of D x N = 50 x 40 = 2 000 elements printed whole by the oracle (np.set_printoptions(
    threshold=sys.maxsize) before udl.py runs), then with a '...' row that hides no row."""
    args = ["--seed-x", "0", "--seed-w", "7", "--n", "40", "--d", "50", "--h", "5"]
    for mistake, expected in ((None, "right"), ("no-bias", "no-bias")):
        argv = ["12.2", *args] + (["--mistake", mistake] if mistake else [])
        code = ("import numpy, runpy, sys; numpy.set_printoptions(threshold=sys.maxsize); "
                f"sys.argv = ['udl.py'] + {argv!r}; runpy.run_path({str(pathlib.Path(a.reference) / 'udl.py')!r}, "
                "run_name='__main__')")
        oracle = subprocess.run(["/usr/bin/python3", "-c", code], capture_output=True, text=True)
        if not checks.check(oracle.returncode == 0, f"udl.py with the threshold lifted: {oracle.stderr[-300:]}"):
            return
        block = x_prime(oracle.stdout)
        rows = block.rstrip("\n").split("\n")
        numbers = len(re.findall(r"-?\d+\.\d+", block))
        checks.check("..." not in block and numbers == 2000, f"the oracle's whole print: {numbers} numbers, no '...'")
        got = diagnose(a.attn, args, block)
        checks.check(verdict_ok(got, expected), f"whole 50 x 40 print ({expected}): got exit {got.returncode}: "
                                                f"{got.stdout.decode()}{got.stderr.decode()}")
        # each row of 40 numbers wraps over several lines: the '...' goes between row 25 and 26
        starts = [i for i, line in enumerate(rows) if line.startswith((" [", "[["))]
        hidden_nothing = "\n".join(rows[:starts[25]] + [" ..."] + rows[starts[25]:]) + "\n"
        got = diagnose(a.attn, args, hidden_nothing)
        checks.check(got.returncode == 2 and b"--diagnose" in got.stderr and not got.stdout,
                     f"a '...' hiding none of 50 rows ({expected}): want exit 2, got {got.returncode}: "
                     f"{got.stdout.decode()}{got.stderr.decode()}")


if __name__ == "__main__":
    sys.exit(main())
