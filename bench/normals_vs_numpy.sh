#!/bin/sh
# 10^8 normals (COUNT) from attn's generator against NumPy's, bit for bit, for three seeds and
# (loc, scale) pairs, once for each instruction set of the generator's loops this CPU runs
# (ATTN_RNG_SIMD=scalar, avx2, avx512; src/rng/normal_simd.hpp). A benchmark check, run by hand:
# minutes of CPU, so not part of ctest. Needs Debian's python3-numpy and the normals_vs_numpy
# program (cmake -DATTN_BENCHMARKS=ON; cmake --build build --target normals_vs_numpy).
#   bench/normals_vs_numpy.sh [BUILD_DIR] [COUNT]
set -eu
build=${1:-build}
count=${2:-100000000}
status=0
sets=scalar
grep -qw avx2 /proc/cpuinfo 2>/dev/null && sets="$sets avx2"
grep -qw avx512dq /proc/cpuinfo 2>/dev/null && sets="$sets avx512"
for simd in $sets; do
echo "ATTN_RNG_SIMD=$simd"
for args in "0 0 1" "12345 0.5 2" "18446744073709551621 -3 0.25"; do
    set -- $args
    /usr/bin/python3 -c '
import sys, numpy as np
seed, loc, scale, count = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(seed)
out = sys.stdout.buffer
while count > 0:
    n = min(count, 1 << 20)
    out.write(rng.normal(loc, scale, n).astype("<f8").tobytes())
    count -= n
' "$1" "$2" "$3" "$count" | ATTN_RNG_SIMD=$simd "$build/normals_vs_numpy" "$1" "$2" "$3" "$count" || status=1
done
done
exit $status
