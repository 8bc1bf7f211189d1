#!/usr/bin/env python3
"""attn's np.exp (src/core/numpy_exp.hpp) against this Python's NumPy on this CPU, bit for bit.

exp_vs_numpy (bench/exp_vs_numpy.cpp) writes 2·10^6 arguments (2·10^5 under the sanitizers) of
every kind (any bit pattern, |x| < 1, the softmax's range, around overflow, underflow and the
subnormal results, the algorithm's thresholds ± ulps, ±0, ±inf, NaNs); NumPy computes np.exp on
them here and exp_vs_numpy compares with the kernel attn chose and with the scalar definition.
attn must have chosen the exp NumPy runs: SVML's where NumPy has its AVX512_SKX loops, glibc's
elsewhere, and glibc's when NPY_DISABLE_CPU_FEATURES turns the SKX loops off. NumPy's other
entry points (np.float64 scalars, strided views) must give the same bits as its contiguous
loop, since attn computes the notebook's np.exp(item) one value at a time.
Skips (77) without NumPy, with a NumPy other than 1.24 (attn follows 1.24's exp), or where NumPy would run its AVX512F-only loop (AVX-512F without
SKX), an exp attn does not replicate. bench/exp_vs_numpy.sh runs the same comparison on 10^8.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, numpy_exp_not_replicated


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--tool", required=True)
    a = p.parse_args()
    try:
        import numpy as np
    except ImportError:
        print("SKIPPED: this python3 has no NumPy")
        return 77
    why = numpy_exp_not_replicated(np)
    if why:
        print(f"SKIPPED: {why}")
        return 77
    skx = np.core._multiarray_umath.__cpu_features__.get("AVX512_SKX", False)
    checks = Checks("numpy_exp")
    count = 200_000 if os.environ.get("ATTN_SANITIZED") else 2_000_000
    env = dict(os.environ)
    env.pop("ATTN_EXP", None)   # the choice attn makes by itself
    raw = subprocess.run([a.tool, "args", "7", str(count)], check=True, capture_output=True).stdout
    x = np.frombuffer(raw, dtype="<f8")
    with np.errstate(all="ignore"):
        y = np.exp(x)
        # the other entry points: np.float64 scalars and a strided view, against the array loop
        sample = x[:: max(1, len(x) // 3000)]
        scalars = np.array([np.exp(np.float64(v)) for v in sample])
        strided = np.exp(x[::3])
    want = np.exp(sample) if len(sample) else sample
    checks.check(np.array_equal(scalars.view(np.uint64), want.view(np.uint64)),
                 "np.exp of np.float64 scalars gives the contiguous loop's bits")
    checks.check(np.array_equal(strided.view(np.uint64), y[::3].view(np.uint64)),
                 "np.exp of a strided view gives the contiguous loop's bits")
    chunk = 1 << 20
    feed = bytearray()
    for at in range(0, len(x), chunk):
        part = x[at:at + chunk]
        feed += np.array([len(part)], dtype="<u8").tobytes() + part.tobytes() + y[at:at + chunk].tobytes()
    run = subprocess.run([a.tool, "check"], input=bytes(feed), capture_output=True, env=env)
    report = run.stdout.decode().strip()
    print(report)
    print(run.stderr.decode(), end="")
    checks.check(run.returncode == 0 and " 0 mismatches; scalar definition: 0 mismatches" in report,
                 f"exp_vs_numpy check: {report}")
    kernel = "svml" if skx else "glibc"
    checks.check(f"kernel {kernel}:" in report, f"attn chose the exp NumPy runs here ({kernel}): {report}")
    # NPY_DISABLE_CPU_FEATURES naming AVX512_SKX turns NumPy's SVML off: attn then takes glibc's.
    off = subprocess.run([a.tool, "check"], input=b"", capture_output=True,
                         env=dict(env, NPY_DISABLE_CPU_FEATURES="AVX512F,AVX512_SKX")).stdout.decode()
    checks.check("kernel glibc:" in off, f"NPY_DISABLE_CPU_FEATURES=AVX512F,AVX512_SKX: {off.strip()}")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
