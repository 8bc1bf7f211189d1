#!/bin/sh
# Peak RSS (/usr/bin/time -v "Maximum resident set size") of attn runs against the memory model
# its validate() functions refuse by (experiments/*.cpp; the formulas are repeated here in awk).
#   bench/memory_model.sh [ATTN]
set -eu
attn=${1:-build/attn}
row() {   # row "<args>" <model doubles> [label]
    kb=$(/usr/bin/time -v "$attn" $1 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2}')
    awk -v a="${3:-$1}" -v kb="$kb" -v dbl="$2" 'BEGIN {
        model = 8 * dbl + 8 * 1048576; peak = kb * 1024
        printf "| `%s` | %.1f MiB | %.1f MiB | %.2f |\n", a, peak / 1048576, model / 1048576, model / peak }'
}
att() { awk -v d=$1 -v n=$2 -v q=$3 'BEGIN { print 3*n*n + 2*d*n + 2*q*n + 2*q*d }'; }
msk() { awk -v d=$1 -v n=$2 -v q=$3 'BEGIN { print 2*n*n + n*n/64 + 8*d*n + 2*q*n + 2*q*d + d*d }'; }
prm() { awk -v d=$1 -v n=$2 -v q=$3 'BEGIN { print n*n + 12*d*n + 2*q*n + 2*q*d + d*d }'; }
# multihead --with-outputs: arrays, or every kept number's value and its text twice (1.75 x 29 bytes)
mhj() { awk -v d=$1 -v n=$2 -v hs="$3" 'BEGIN { k = split(hs, h, ","); kept = 0; w = 0
    for (i = 1; i <= k; i++) { kept += h[i]*n*n + d*n; if (h[i]*n*n > w) w = h[i]*n*n }
    c = 8 * (n*n + 6*d*n + 4*d*d + w + kept); j = 29 * 1.75 * kept; printf "%.0f", (c > j ? c : j) + 8*1048576 }'; }
sc() { awk -v r=$1 -v n=$2 -v w=$3 'BEGIN { print r*n + 5*r + (n+1)*w + 4*n }'; }
echo "| run | peak RSS | model | model / peak |"
echo "|---|---:|---:|---:|"
row "attention" "$(att 6 5 4)"
row "attention --d 512 --n 2000" "$(att 512 2000 4)"
row "attention --d 512 --n 4000" "$(att 512 4000 4)"
row "attention --d 512 --n 8000" "$(att 512 8000 4)"
row "attention --d 2000 --n 500 --dq 64" "$(att 2000 500 64)"
row "mask --d 64 --n 3000" "$(msk 64 3000 4)"
row "permutation --d 64 --n 3000 --perm $(seq -s, 2999 -1 0)" "$(prm 64 3000 4)" \
    "permutation --d 64 --n 3000 --perm 2999,2998,…,0"
row "scaling" "$(sc 2000 5 400)"
row "scaling --r 200000" "$(sc 200000 5 400)"
row "scaling --r 2000000 --n 50 --sweep 4" "$(sc 2000000 50 4)"
# Every output format (experiments/checks.cpp run_peak_bytes): JSON holds the report's numbers and
# their text, ~21 bytes each, or the computation's peak, whichever is larger.
rowb() {   # rowb "<args>" <model bytes>
    kb=$(/usr/bin/time -v "$attn" $1 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2}')
    awk -v a="$1" -v kb="$kb" -v model="$2" 'BEGIN { peak = kb * 1024
        printf "| `%s` | %.1f MiB | %.1f MiB | %.2f |\n", a, peak / 1048576, model / 1048576, model / peak }'
}
fmt() { awk -v c=$1 -v r=$2 -v j=$3 'BEGIN { m = 8*c; if (j && 29*r > m) m = 29*r; printf "%.0f", m + 8*1048576 }'; }
les() { awk -v t=$1 'BEGIN { s = 1000*1024; h = t*t + 24*t; print (h > s ? h : s) }'; }
echo
echo "| run | peak RSS | model | model / peak |"
echo "|---|---:|---:|---:|"
for n in 1000 2000 3000; do
    rowb "attention --d 512 --n $n" "$(fmt "$(att 512 $n 4)" $((2*n*n + 5*n)) 0)"
    rowb "attention --d 512 --n $n --format json" "$(fmt "$(att 512 $n 4)" $((2*n*n + 5*n)) 1)"
done
for n in 2000 3000; do
    rowb "mask --d 64 --n $n --format json" "$(fmt "$(msk 64 $n 4)" $((71*n*n/100 + n)) 1)"
done
for t in 2000 5000; do
    rowb "lesson 5 --t $t" "$(fmt "$(les $t)" $((8*t + 64)) 0)"
    rowb "lesson 5 --t $t --format json" "$(fmt "$(les $t)" $((8*t + 64)) 1)"
done
rowb "udl 12.2 --d 50 --n 50 --format json" "$(fmt 40000 2500 1)"
for a in "64 500 1,2,4,8" "128 300 1,2,4,8,16" "48 1000 1,2,3,6"; do
    set -- $a
    rowb "multihead --d $1 --n $2 --sweep $3 --format json --with-outputs" "$(mhj $1 $2 $3)"
done
