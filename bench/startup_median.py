#!/usr/bin/env python3
"""Median task-clock and page faults of `BIN ARGS` for several binaries, runs interleaved (so
that a busy machine's load falls on all of them alike); docs/performance.md, "Start-up: CPUID and
the executed code".

    bench/startup_median.py 60 attention -- /tmp/attn-before build/attn
"""
import statistics
import subprocess
import sys

n = int(sys.argv[1])
sep = sys.argv.index("--")
args, bins = sys.argv[2:sep], sys.argv[sep + 1:]
runs = {b: [] for b in bins}
for _ in range(n):
    for b in bins:
        r = subprocess.run(["perf", "stat", "-x,", "-e", "task-clock,page-faults", b, *args],
                           capture_output=True, text=True)
        v = [line.split(",") for line in r.stderr.splitlines() if "," in line]
        runs[b].append((float(v[0][0]), int(v[1][0])))
for b in bins:
    t = sorted(x[0] for x in runs[b])
    faults = statistics.median(x[1] for x in runs[b])
    print(f"{b:30s} {' '.join(args):12s} median {statistics.median(t):.3f} ms  p25 {t[len(t) // 4]:.3f}"
          f"  min {t[0]:.3f}  faults {faults:.0f}")
