#!/usr/bin/env bash
# COUNT arguments (default 10^8) of attn's np.exp (src/core/numpy_exp.hpp) against NumPy's own
# np.exp on this CPU, bit for bit: exp_vs_numpy writes the arguments (any bit pattern, |x| < 1,
# the softmax's range, around overflow, underflow and the subnormal results, the algorithm's
# thresholds and reduction boundaries ± ulps, ±0, ±inf, NaNs), NumPy computes np.exp on each
# contiguous chunk of 2^20 (sent back as: count, arguments, results), and exp_vs_numpy compares with the kernel attn chose (ATTN_CPU=baseline: glibc's) and
# with the scalar definition. Run by hand (about a minute of CPU per 10^8): not part of ctest.
# Needs python3-numpy and the exp_vs_numpy program (cmake -DATTN_BENCHMARKS=ON;
# cmake --build build --target exp_vs_numpy).
#   bench/exp_vs_numpy.sh [BUILD_DIR] [COUNT] [SEED]
set -euo pipefail
build=${1:-build}
count=${2:-100000000}
seed=${3:-1}
"$build/exp_vs_numpy" args "$seed" "$count" | /usr/bin/python3 -c '
import sys, numpy as np
inp, out = sys.stdin.buffer, sys.stdout.buffer
while True:
    raw = inp.read(8 << 20)
    if not raw:
        break
    x = np.frombuffer(raw, dtype="<f8")
    with np.errstate(all="ignore"):
        y = np.exp(x)
    out.write(np.array([len(x)], dtype="<u8").tobytes())
    out.write(raw)
    out.write(y.astype("<f8").tobytes())
' | "$build/exp_vs_numpy" check
