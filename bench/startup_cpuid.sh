#!/usr/bin/env bash
# CPUID instructions a run executes, by function: one uprobe on every `cpuid` in the binary
# (each costs about 8 us in a VM; docs/performance.md, "Start-up: CPUID and the executed code").
# Root (perf probe). Counts only the executable's own code (a dynamic build's ld.so is not probed).
#
#   bench/startup_cpuid.sh build/attn attention
set -euo pipefail
bin=$(readlink -f "$1"); shift
group=probe_$(basename "$bin" | tr -c 'a-zA-Z0-9_\n' _)
perf probe -q -d "$group:*" 2>/dev/null || true
objdump -d --no-show-raw-insn "$bin" | python3 -c '
import re, sys
start, fn = 0, ""
for line in sys.stdin:
    m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
    if m:
        start, fn = int(m[1], 16), m[2]
        continue
    m = re.match(r"^\s*([0-9a-f]+):\s+cpuid", line)
    if m:
        print(fn, int(m[1], 16) - start)' | {
  i=0
  while read -r fn off; do perf probe -q -x "$bin" -a "c$i=$fn+$off" 2>/dev/null || true; i=$((i + 1)); done
}
names=$(mktemp); trap 'rm -f "$names"; perf probe -q -d "$group:*" 2>/dev/null || true' EXIT
perf probe -l 2>/dev/null | sed -n "s/^ *$group:\(c[0-9]*\) *(on \([^+ ]*\).*/\1 \2/p" > "$names"
perf stat -x, -e "$group:*" "$bin" "$@" 2>&1 >/dev/null |
  awk -F, -v names="$names" 'BEGIN { while ((getline l < names) > 0) { split(l, f, " "); fn[f[1]] = f[2] } }
    $1 > 0 { split($3, e, ":"); sum[fn[e[2]]] += $1; total += $1 }
    END { for (k in sum) print sum[k], k; print total + 0, "TOTAL" }' | sort -rn
