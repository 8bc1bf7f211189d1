#!/usr/bin/env python3
"""Where does NumPy's printed output depend on the CPU?  Evidence for docs/spec/cpu-independence.md.

On x86-64 hosts with AVX-512 (AVX512_SKX), NumPy 1.24 computes float64 `**` (np.power), sin,
cos and exp with its own SIMD code; elsewhere (or with NPY_DISABLE_CPU_FEATURES listing the
AVX-512 features) it calls the C library, as attn does. This tool runs the reference scripts
permutation.py (--base) and mask.py (--delta) in-process over random flag sets drawn per
sub-range, once with NumPy's AVX-512 code and once without, and counts the flag sets whose
printed output differs. With --attn it also counts where attn differs from each NumPy.

Run: /usr/bin/python3 tools/numpy_cpu_dependence.py --reference ../shared/reference [--attn build/attn]
"""
import argparse
import contextlib
import io
import json
import os
import random
import runpy
import subprocess
import sys

PYTHON = "/usr/bin/python3"
NO_AVX512 = "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL"

# (experiment, flag, sub-range label, draw function)
def log_uniform(lo, hi):
    return lambda r: f"{10 ** r.uniform(lo, hi):.6g}"


def signed_log(lo, hi):
    return lambda r: f"{r.choice([-1, 1]) * 10 ** r.uniform(lo, hi):.6g}"


RANGES = [
    ("permutation", "--base", "1e-300..1e-100", log_uniform(-300, -100)),
    ("permutation", "--base", "1e-100..1e-20", log_uniform(-100, -20)),
    ("permutation", "--base", "1e-20..1e-5", log_uniform(-20, -5)),
    ("permutation", "--base", "1e-5..0.01", log_uniform(-5, -2)),
    ("permutation", "--base", "0.01..0.5", lambda r: f"{r.uniform(0.01, 0.5):.6g}"),
    ("permutation", "--base", "0.5..1", lambda r: f"{r.uniform(0.5, 1):.6g}"),
    ("permutation", "--base", "1..1.5", lambda r: f"{r.uniform(1, 1.5):.6g}"),
    ("permutation", "--base", "1.5..1e3", log_uniform(0.18, 3)),
    ("permutation", "--base", "1e3..1e20", log_uniform(3, 20)),
    ("permutation", "--base", "1e20..1e300", log_uniform(20, 300)),
    ("mask", "--delta", "|d| 0..1", lambda r: f"{r.uniform(-1, 1):.6g}"),
    ("mask", "--delta", "|d| 1..1e2", signed_log(0, 2)),
    ("mask", "--delta", "|d| 1e2..1e4", signed_log(2, 4)),
    ("mask", "--delta", "|d| 1e4..1e6", signed_log(4, 6)),
]


def flag_set(r, experiment, flag, draw):
    n = r.randint(2, 9)
    args = ["--seed", str(r.randrange(2**32)), "--d", str(r.randint(1, 10)), "--n", str(n),
            "--dq", str(r.randint(1, 6))]
    if experiment == "permutation":
        perm = list(range(n))
        r.shuffle(perm)
        args += ["--perm", ",".join(map(str, perm))]
    else:
        args += ["--pos", str(r.randint(2, n))]
    return args + [f"{flag}={draw(r)}"]


def worker(reference, cases):
    """Runs each (experiment, args) through the reference script in this process."""
    out = []
    for experiment, args in cases:
        buf = io.StringIO()
        sys.argv = [experiment + ".py", *args]
        with contextlib.redirect_stdout(buf):
            runpy.run_path(os.path.join(reference, experiment + ".py"), run_name="__main__")
        out.append(buf.getvalue())
    json.dump(out, sys.stdout)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--reference", required=True)
    p.add_argument("--attn", help="also compare attn with each NumPy")
    p.add_argument("--per-range", type=int, default=120)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.worker:
        worker(a.reference, json.load(sys.stdin))
        return 0
    r = random.Random(a.seed)
    cases, labels = [], []
    for experiment, flag, label, draw in RANGES:
        for _ in range(a.per_range):
            cases.append((experiment, flag_set(r, experiment, flag, draw)))
            labels.append((experiment, flag, label))

    def numpy_outputs(extra_env):
        env = dict(os.environ, **extra_env)
        got = subprocess.run([PYTHON, __file__, "--worker", "--reference", a.reference],
                             input=json.dumps(cases), capture_output=True, text=True, env=env,
                             check=True)
        return json.loads(got.stdout)

    native = numpy_outputs({})
    plain = numpy_outputs({"NPY_DISABLE_CPU_FEATURES": NO_AVX512})
    attn = None
    if a.attn:
        attn = [subprocess.run([a.attn, e, *args], capture_output=True, text=True).stdout
                for e, args in cases]
    print(f"{a.per_range} random flag sets per sub-range, seed {a.seed}; NumPy with its AVX-512 "
          f"code (native) against NumPy without it (NPY_DISABLE_CPU_FEATURES)")
    header = "| experiment | flag | sub-range | native != plain |"
    if attn:
        header += " attn != plain | attn != native |"
    print(header)
    print("|" + "---|" * header.count(" | ") + "---|")
    for key in dict.fromkeys(labels):
        idx = [i for i, lab in enumerate(labels) if lab == key]
        row = f"| {key[0]} | {key[1]} | {key[2]} | {sum(native[i] != plain[i] for i in idx)} |"
        if attn:
            row += (f" {sum(attn[i] != plain[i] for i in idx)} |"
                    f" {sum(attn[i] != native[i] for i in idx)} |")
        print(row)
        for i in idx:
            if native[i] != plain[i] and os.environ.get("VERBOSE"):
                print("   ", cases[i])
    return 0


if __name__ == "__main__":
    sys.exit(main())
