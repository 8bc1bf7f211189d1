#!/bin/sh
# attn against the chapter's reference scripts, side by side, with hyperfine -N (no shell), and
# the generator's rate with Google Benchmark; writes the figures into docs/performance.md
# (between the "compare.sh" markers) and keeps hyperfine's JSON in bench/results/.
#   bench/compare.sh [BUILD_DIR] [REFERENCE_DIR] [STATIC_ATTN]
# BUILD_DIR must hold attn, and bench_rng for the normals/s row (cmake -DATTN_BENCHMARKS=ON).
# STATIC_ATTN (optional): a fully static attn (tools/release.sh's, -DATTN_STATIC=ON) whose
# start-up is measured beside the default build's.
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
ref=${2:-../shared/reference}
static=${3:-}
py=/usr/bin/python3
out=bench/results
mkdir -p "$out"
attn="$build/attn"
start_load=$(cut -d' ' -f1 /proc/loadavg)   # the machine may be shared: both loads are printed

case_() {   # case_ NAME RUNS "ATTN ARGS" "REFERENCE SCRIPT ARGS"
    name=$1 runs=$2 args=$3 refargs=$4
    hyperfine -N -w 1 -r "$runs" --export-json "$out/$name.json" \
        -n "attn $args" "$attn $args" -n "reference $refargs" "$py $ref/$refargs" >/dev/null
    echo "measured $name" >&2
}

# start-up alone: attn --version against the reference's interpreter doing nothing but start
hyperfine -N -w 3 -r 50 --export-json "$out/version.json" -n "attn --version" "$attn --version" \
    -n "python3 -c pass" "$py -c pass" >/dev/null
echo "measured version" >&2
# the static binary's start-up, attn alone (the reference's side is the rows below)
rm -f "$out"/static_*.json
if [ -n "$static" ]; then
    for c in --version attention permutation multihead mask; do
        hyperfine -N -w 3 -r 50 --export-json "$out/static_${c#--}.json" "$static $c" >/dev/null
    done
    echo "measured the static binary" >&2
fi
case_ attention 20 "attention" "attention.py"
case_ permutation 20 "permutation" "permutation.py"
case_ multihead 20 "multihead" "multihead.py"
case_ mask 20 "mask" "mask.py"
case_ scaling 10 "scaling" "scaling.py"
case_ scaling_r200000 3 "scaling --r 200000" "scaling.py --r 200000"
case_ attention_n2000 3 "attention --d 512 --n 2000" "attention.py --d 512 --n 2000"
case_ attention_n4000 3 "attention --d 512 --n 4000" "attention.py --d 512 --n 4000"
case_ multihead_sweep 3 "multihead --d 48 --n 1000 --sweep 1,2,3,4,6,8,12,16,24,48" \
    "multihead.py --d 48 --n 1000 --sweep 1,2,3,4,6,8,12,16,24,48"

# peak RSS at the defaults (kB, /usr/bin/time)
for c in attention scaling permutation multihead mask; do
    /usr/bin/time -f "$c %M" "$attn" $c 2>&1 >/dev/null | tail -1
done > "$out/rss.txt"

# normals/s on one core, for each level of the generator this CPU runs (ATTN_CPU, src/cpu)
rm -f "$out"/bench_rng*.json
if [ -x "$build/bench_rng" ]; then
    sets=baseline
    grep -qw avx512vl /proc/cpuinfo 2>/dev/null && sets="$sets avx512"
    for simd in $sets; do
        ATTN_CPU=$simd "$build/bench_rng" --benchmark_filter='NormalBlock/1048576|NormalBlock/20$' \
            --benchmark_min_time=1 --benchmark_format=json > "$out/bench_rng_$simd.json" 2>/dev/null
    done
fi

$py - "$out" "$start_load" <<'PY'
import json, os, re, sys, datetime
out, start_load = sys.argv[1], sys.argv[2]
def load(name):
    r = json.load(open(os.path.join(out, name + ".json")))["results"]
    return r[0], r[1]
def ms(x): return f"{x * 1000:.1f}" if x < 10 else f"{x:.2f} s"
def fmt(r): return f"{ms(r['mean'])} ± {ms(r['stddev'])}" + ("" if r['mean'] < 10 else "")
def cpu(r): return r["user"] + r["system"]
rows = []
def line(label, names, target):
    ratios, cpus, cells = [], [], []
    for n in names:
        a, b = load(n)
        ratios.append(a["mean"] / b["mean"]); cpus.append(cpu(a) / cpu(b))
        cells.append(f"{fmt(a)} / {fmt(b)}")
    span = lambda v: f"{min(v):.3f}" if len(v) == 1 else f"{min(v):.3f}–{max(v):.3f}"
    rows.append(f"| {label} | {'; '.join(cells)} | {span(ratios)} | {span(cpus)} | {target} |")
v, p = load("version")
rows.append(f"| start-up: `attn --version` (against `python3 -c pass`) | {fmt(v)} / {fmt(p)}; CPU {cpu(v) * 1000:.2f} ms | {v['mean'] / p['mean']:.3f} | {cpu(v) / cpu(p):.3f} | – |")
def startup_row(label, prefix, names):
    cells = []
    for n in names:
        path = os.path.join(out, prefix + n + ".json")
        if not os.path.exists(path):
            return
        r = json.load(open(path))["results"][0]
        cells.append(f"{n} {cpu(r) * 1000:.2f}")
    rows.append(f"| {label} (CPU ms, hyperfine's user + system) | {', '.join(cells)} | – | – | – |")
startup_row("start-up, default build: each default experiment", "", ["attention", "permutation", "multihead", "mask"])
startup_row("start-up, static binary: `--version` and each default experiment", "static_",
            ["version", "attention", "permutation", "multihead", "mask"])
line("attention, permutation, multihead, mask at defaults",
     ["attention", "permutation", "multihead", "mask"], "≤ 0.03")
line("scaling at defaults", ["scaling"], "≤ 0.03")
line("scaling `--r 200000`", ["scaling_r200000"], "–")
line("attention `--d 512 --n 2000` and `--n 4000`", ["attention_n2000", "attention_n4000"], "–")
line("multihead `--d 48 --n 1000 --sweep 1,2,3,4,6,8,12,16,24,48`", ["multihead_sweep"], "–")
cells = []
for simd in ("baseline", "avx512"):
    bench = os.path.join(out, f"bench_rng_{simd}.json")
    if not os.path.exists(bench):
        continue
    b = {x["name"]: x["items_per_second"] for x in json.load(open(bench))["benchmarks"]}
    big = b.get("BM_NormalBlock/1048576", 0) / 1e6; small = b.get("BM_NormalBlock/20", 0) / 1e6
    cells.append(f"{simd} {big:.0f} M/s (blocks of 2^20; calls of 20: {small:.0f} M/s)")
if cells:
    rows.append(f"| normals/s, one core (Google Benchmark, CPU time) | {'; '.join(cells)} | – | – | – |")
rss = [l.split() for l in open(os.path.join(out, "rss.txt")) if l.strip()]
peak = max(int(kb) for _, kb in rss)
rows.append(f"| peak RSS at defaults (`/usr/bin/time`, largest of the five) | {peak / 1024:.1f} MiB ({', '.join(f'{c} {int(k)/1024:.1f}' for c, k in rss)}) | – | – | ≤ 6 MiB |")
table = "\n".join([
    f"Measured {datetime.date.today().isoformat()} by `bench/compare.sh` (load average at the start: {start_load}, at the end: {os.getloadavg()[0]:.1f}).",
    "",
    "| measure | attn / reference, mean ± σ (ms unless marked) | wall-time ratio | CPU-time ratio | target |",
    "|---|---|---:|---:|---:|",
    *rows])
doc = "docs/performance.md"
text = open(doc).read()
begin, end = "<!-- compare.sh begin -->", "<!-- compare.sh end -->"
if begin in text:
    text = re.sub(re.escape(begin) + ".*?" + re.escape(end), begin + "\n" + table + "\n" + end, text, flags=re.S)
    open(doc, "w").write(text)
print(table)
PY
