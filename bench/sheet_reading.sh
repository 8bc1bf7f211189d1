#!/usr/bin/env bash
# Sheet reading is linear in the sheet's size (issue 17, point 3): grade sheets of 64 KiB,
# 256 KiB and 1 MiB (the cap) in three shapes, one long line (an array of numbers), many lines
# (one key each) and many tables, and print the wall time of each.
#   bench/sheet_reading.sh build/attn
set -euo pipefail
attn=${1:-build/attn}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
/usr/bin/python3 - "$dir" <<'PY'
import sys
out = sys.argv[1]
for size, name in ((64 << 10, "64K"), (256 << 10, "256K"), ((1 << 20) - 64, "1M")):
    head = "[hw1.a]\nweights = ["
    body = ", ".join(["0.4458"] * ((size - len(head) - 2) // 8))
    open(f"{out}/line-{name}.toml", "w").write(head + body + "]\n")
    lines, i = ["[hw1.a]\n"], 0
    while sum(map(len, lines)) < size - 32:
        lines.append(f"k{i} = 0.4458\n"); i += 1
    open(f"{out}/lines-{name}.toml", "w").write("".join(lines))
    tables, i = ["[hw1.a]\nscores = [2, 0, 2]\n"], 0
    while sum(map(len, tables)) < size - 32:
        tables.append(f"[t{i}]\nx = 1\n"); i += 1
    open(f"{out}/tables-{name}.toml", "w").write("".join(tables))
PY
for shape in line lines tables; do
    for name in 64K 256K 1M; do
        f="$dir/$shape-$name.toml"
        start=$(date +%s.%N)
        "$attn" homework --grade "$f" >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        printf '%-7s %-5s %8d bytes  %.3f s\n' "$shape" "$name" "$(stat -c %s "$f")" "$(echo "$end - $start" | bc)"
    done
done
