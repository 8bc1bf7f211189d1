#!/bin/sh
# `attn homework --grade-class` on a generated class: wall time (hyperfine when it is installed,
# else one timed run) and peak RSS (/usr/bin/time -v), for N students keyed by a course secret, a
# third of them with a wrong answer. Not a test: the figures depend on the machine and its load.
#   bench/grade_class.sh [ATTN] [N] [JOBS]      (defaults: build/attn 1000 every core)
set -eu
attn=${1:-build/attn}
n=${2:-1000}
jobs=${3:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%s' "bench-secret-0123456789abcdef0123" > "$work/secret"
mkdir "$work/sub"
# Keys for 50 IDs, reused round robin: grading costs the same whoever's key a sheet is.
i=0
while [ $i -lt 50 ]; do
    "$attn" homework --key --variant "s$i" --secret-file "$work/secret" > "$work/sub/key$i.toml"
    sed 's/^ratio = .*/ratio = 1.23/' "$work/sub/key$i.toml" > "$work/sub/wrong$i.toml"
    i=$((i + 1))
done
awk -v n="$n" 'BEGIN {
    print "id,name,sheet"
    for (i = 0; i < n; i++) printf "s%d,Student %d,sub/%s%d.toml\n", i, i, (i % 3 == 0 ? "wrong" : "key"), i % 50
}' > "$work/roster.csv"
# (the sheets of s0..s49 are their own keys; the others grade wrong on most keys, which costs the same)
run="$attn homework --grade-class $work/roster.csv --out $work/out --secret-file $work/secret --jobs $jobs"
echo "students: $n, jobs: $jobs, cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"
if command -v hyperfine >/dev/null; then
    hyperfine --warmup 1 --runs 5 -i "$run" 2>&1 | grep -E "Time|Range"
else
    /usr/bin/time -f "wall %e s, user %U s, sys %S s" $run > /dev/null || true
fi
/usr/bin/time -v $run 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ { printf "peak RSS: %.1f MiB\n", $2 / 1024 }
                                                   /Elapsed/ { print "wall: " $2 }
                                                   /User time/ { print "user: " $2 " s" }'
