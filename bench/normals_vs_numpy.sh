#!/usr/bin/env bash
# COUNT normals (default 10^8) from attn's generator against NumPy's, bit for bit, for three
# seeds and (loc, scale) pairs, with each instruction set of the generator's loops this CPU runs
# (ATTN_CPU=baseline and avx512: the scalar and AVX-512 loops; src/rng/normal_simd.hpp). NumPy draws each seed's stream
# once, in chunks of 2^20 (never the whole stream in memory), and tee hands the same bytes to one
# normals_vs_numpy per instruction set, which compares them as they arrive. A benchmark check, run
# by hand (minutes of CPU: not part of ctest). Needs Debian's python3-numpy and the
# normals_vs_numpy program (cmake -DATTN_BENCHMARKS=ON; cmake --build build --target normals_vs_numpy).
#   bench/normals_vs_numpy.sh [BUILD_DIR] [COUNT]
set -euo pipefail
build=${1:-build}
count=${2:-100000000}
status=0
sets=(baseline)
grep -qw avx512vl /proc/cpuinfo 2>/dev/null && sets+=(avx512)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for args in "0 0 1" "12345 0.5 2" "18446744073709551621 -3 0.25"; do
    set -- $args
    consumers=()
    for simd in "${sets[@]}"; do
        consumers+=(">(ATTN_CPU=$simd \"$build/normals_vs_numpy\" $1 $2 $3 $count > \"$out/$simd\" 2>&1 && echo 0 > \"$out/$simd.rc\" || echo 1 > \"$out/$simd.rc\")")
    done
    eval "/usr/bin/python3 -c '
import sys, numpy as np
seed, loc, scale, count = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(seed)
out = sys.stdout.buffer
while count > 0:
    n = min(count, 1 << 20)
    out.write(rng.normal(loc, scale, n).astype(\"<f8\").tobytes())
    count -= n
' $1 $2 $3 $count | tee ${consumers[*]} > /dev/null"
    for simd in "${sets[@]}"; do   # the consumers may still be finishing their last chunk
        while [ ! -s "$out/$simd.rc" ]; do sleep 0.2; done
        echo "ATTN_CPU=$simd $(cat "$out/$simd")"
        [ "$(cat "$out/$simd.rc")" = 0 ] || status=1
        rm -f "$out/$simd" "$out/$simd.rc"
    done
done
exit $status
