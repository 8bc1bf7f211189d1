#!/bin/sh
# Checks that attn's statically linked OpenBLAS picks the same kernels as the OpenBLAS NumPy
# loads, under each OPENBLAS_CORETYPE (and with it unset): the two must run the same code for
# the products to carry the same bits. Needs the openblas_corename program
# (cmake -DATTN_BENCHMARKS=ON; cmake --build build --target openblas_corename) and python3-numpy.
#   bench/openblas_kernels.sh [BUILD_DIR]
set -eu
build=${1:-build}
status=0
for core in unset Prescott Nehalem Sandybridge Haswell Zen SkylakeX Cooperlake; do
    if [ "$core" = unset ]; then run="env -u OPENBLAS_CORETYPE"; else run="env OPENBLAS_CORETYPE=$core"; fi
    ours=$($run "$build/openblas_corename")
    numpy=$($run /usr/bin/python3 -c '
import ctypes, numpy, re
lib = next(l for l in open("/proc/self/maps").read().split() if re.search(r"libopenblas.*\.so", l))
f = ctypes.CDLL(lib).openblas_get_corename
f.restype = ctypes.c_char_p
print(f().decode())')
    if [ "$ours" = "$numpy" ]; then verdict=same; else verdict=DIFFERENT; status=1; fi
    printf '%-12s attn %-12s numpy %-12s %s\n' "$core" "$ours" "$numpy" "$verdict"
done
exit $status
