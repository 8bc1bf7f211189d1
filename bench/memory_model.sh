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
att() { awk -v d=$1 -v n=$2 -v q=$3 'BEGIN { print 2*n*n + 4*d*n + 2*q*n + 2*q*d + d*d }'; }
msk() { awk -v d=$1 -v n=$2 -v q=$3 'BEGIN { print 2*n*n + n*n/64 + 8*d*n + 2*q*n + 2*q*d + d*d }'; }
prm() { awk -v d=$1 -v n=$2 -v q=$3 'BEGIN { print n*n + 12*d*n + 2*q*n + 2*q*d + d*d }'; }
mh() { awk -v d=$1 -v n=$2 'BEGIN { print n*n + 6*d*n + 4*d*d }'; }
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
row "multihead --d 512 --n 2000 --sweep 1,2,4,8" "$(mh 512 2000)"
row "multihead --d 48 --n 1000 --sweep 1,2,3,4,6,8,12,16,24,48" "$(mh 48 1000)"
row "scaling" "$(sc 2000 5 400)"
row "scaling --r 200000" "$(sc 200000 5 400)"
row "scaling --r 2000000 --n 50 --sweep 4" "$(sc 2000000 50 4)"
