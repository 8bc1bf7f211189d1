#!/bin/sh
# attn against the chapter's reference scripts, side by side in one hyperfine -N call per run
# (no shell; A and B measured under the same load), and peak RSS at the defaults. Rewrites the
# table between the "compare.sh" markers of docs/performance.md; hyperfine's JSON stays in
# bench/results/ (not in git).
#   bench/compare.sh [ATTN] [REFERENCE_DIR] [LONG_RUNS]
# ATTN defaults to build/attn, REFERENCE_DIR to ../shared/reference; LONG_RUNS (default 3) is the
# run count of the long runs (NumPy takes about 20 s for `scaling --r 200000` on an idle machine;
# 0 skips them, and the table leaves their rows out).
set -eu
cd "$(dirname "$0")/.."
attn=${1:-build/attn}
ref=${2:-../shared/reference}
long=${3:-3}
py=/usr/bin/python3
out=bench/results
mkdir -p "$out"
rm -f "$out"/*.json
start_load=$(cut -d' ' -f1-3 /proc/loadavg)   # the machine may be shared: both loads are printed

case_() {   # case_ NAME RUNS "ARGS" SCRIPT: attn ARGS against the reference SCRIPT.py ARGS
    name=$1 runs=$2 args=$3 script=$4
    rest=${args#"$script"}
    warmup=1; [ "$runs" -ge 10 ] || warmup=0   # the long runs: no warm-up
    hyperfine -N -w "$warmup" -r "$runs" --export-json "$out/$name.json" \
        -n "attn $args" "$attn $args" -n "$script.py$rest" "$py $ref/$script.py$rest" >/dev/null
    echo "measured $name" >&2
}

for e in attention scaling permutation multihead mask lesson; do
    case_ "$e" 10 "$e" "$e"
done
if [ "$long" -gt 0 ]; then
    case_ scaling_r200000 "$long" "scaling --r 200000" scaling
    case_ attention_n2000 "$long" "attention --d 512 --n 2000" attention
    case_ attention_n4000 "$long" "attention --d 512 --n 4000" attention
fi

for e in attention scaling permutation multihead mask lesson; do   # peak RSS, kB
    /usr/bin/time -f "$e %M" "$attn" "$e" 2>&1 >/dev/null | tail -1
done > "$out/rss.txt"

$py - "$out" "$start_load" <<'PY'
import datetime, json, os, re, sys
out, start_load = sys.argv[1], sys.argv[2]
def ms(x): return f"{x * 1000:.1f} ms" if x < 10 else f"{x:.2f} s"
def cpu(r): return r["user"] + r["system"]
rows = []
for name, label, bound in [
        ("attention", "`attention`", "≤ 0.1"), ("scaling", "`scaling`", "≤ 0.1"),
        ("permutation", "`permutation`", "≤ 0.1"), ("multihead", "`multihead`", "≤ 0.1"),
        ("mask", "`mask`", "≤ 0.1"), ("lesson", "`lesson`", "≤ 0.1"),
        ("scaling_r200000", "`scaling --r 200000`", "≤ 0.15"),
        ("attention_n2000", "`attention --d 512 --n 2000`", "≤ 0.3"),
        ("attention_n4000", "`attention --d 512 --n 4000`", "–")]:
    if not os.path.exists(os.path.join(out, name + ".json")):
        continue   # a long run skipped (LONG_RUNS 0)
    a, b = json.load(open(os.path.join(out, name + ".json")))["results"][:2]
    rows.append(f"| {label} | {ms(a['mean'])} ± {ms(a['stddev'])} | {ms(b['mean'])} ± {ms(b['stddev'])}"
                f" | {a['mean'] / b['mean']:.3f} | {cpu(a) / cpu(b):.3f} | {bound} |")
rss = [l.split() for l in open(os.path.join(out, "rss.txt")) if l.strip()]
rss_cells = ", ".join(f"{e} {int(k) / 1024:.1f}" for e, k in rss)
table = "\n".join([
    f"Measured {datetime.date.today().isoformat()} by `bench/compare.sh` (load average at the start: "
    f"{start_load}; at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}).",
    "",
    "| run | attn, mean ± σ | reference script | wall ratio | CPU ratio | bound |",
    "|---|---:|---:|---:|---:|---:|",
    *rows,
    "",
    f"Peak RSS at the defaults (`/usr/bin/time -f %M`), MiB: {rss_cells} (bound: 8 MiB)."])
doc = "docs/performance.md"
text = open(doc).read()
begin, end = "<!-- compare.sh begin -->", "<!-- compare.sh end -->"
if begin in text:
    text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: begin + "\n" + table + "\n" + end,
                  text, flags=re.S)
    open(doc, "w").write(text)
print(table)
PY
