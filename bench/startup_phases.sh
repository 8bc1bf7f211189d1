#!/usr/bin/env bash
# Wall time and page faults of each start-up phase of `BIN ARGS`, medians of N runs (docs/performance.md,
# "Start-up: CPUID and the executed code"): perf record of the kernel's exec and exit trace
# points and uprobes on ld.so's _dl_start, the executable's _start, _init and main, and libc's
# exit. Root. The probes and tracing inflate every phase: compare binaries, not sums.
#
#   bench/startup_phases.sh build/attn 40 attention
set -euo pipefail
bin=$(readlink -f "$1"); n=$2; shift 2
libc=$(ldconfig -p | awk '/libc.so.6 .*x86-64|libc.so.6 \(libc6,AArch64/ {print $NF; exit}' || true)
ldso=$(readelf -lW "$bin" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
data=$(mktemp)
cleanup() { rm -f "$data"; perf probe -q -d 'probe_*:p_*' 2>/dev/null || true; }
trap cleanup EXIT
cleanup
perf probe -q -x "$bin" -a p_start=_start -a p_init=_init -a p_main=main
if [ -n "$ldso" ]; then
  perf probe -q -x "$libc" -a p_exit=exit; perf probe -q -x "$ldso" -a p_ld=_dl_start
else
  perf probe -q -x "$bin" -a p_exit=exit
fi
events=$(perf probe -l 2>/dev/null | awk '$1 ~ /:p_/ {print $1}' | paste -sd, -)
perf record -q -o "$data" -e page-faults -c 1 -e "$events,sched:sched_process_exec,sched:sched_process_exit,syscalls:sys_enter_execve" \
  -- bash -c 'for i in $(seq '"$n"'); do "$@" >/dev/null; done' _ "$bin" "$@" 2>/dev/null
perf script -i "$data" -F pid,time,event 2>/dev/null | python3 -c '
import collections, statistics, sys
runs = collections.defaultdict(dict)
faults = collections.defaultdict(list)
for line in sys.stdin:
    f = line.split()
    if len(f) >= 3:
        ev, t = f[2].rstrip(":").split(":")[-1], float(f[1].rstrip(":"))
        if ev == "page-faults":
            faults[f[0]].append(t)
        else:
            runs[f[0]].setdefault(ev, t)
order = ["sys_enter_execve", "sched_process_exec", "p_ld", "p_start", "p_init", "p_main", "p_exit", "sched_process_exit"]
names = {"sys_enter_execve": "kernel exec", "sched_process_exec": "to the first instruction",
         "p_ld": "loader (ld.so)", "p_start": "libc start (CPU features, IRELATIVE, TLS)",
         "p_init": "static initialisers", "p_main": "main (the command)", "p_exit": "exit (handlers, destructors)"}
phases, counts = collections.defaultdict(list), collections.defaultdict(list)
for pid, r in runs.items():
    if not all(e in r for e in ("sys_enter_execve", "p_main", "sched_process_exit")):
        continue
    seq = [e for e in order if e in r]
    for a, b in zip(seq, seq[1:]):
        phases[names[a]].append((r[b] - r[a]) * 1e6)
        counts[names[a]].append(sum(1 for t in faults[pid] if r[a] <= t < r[b]))
    phases["total, execve to exit"].append((r["sched_process_exit"] - r["sys_enter_execve"]) * 1e6)
    counts["total, execve to exit"].append(len(faults[pid]))
for k, v in phases.items():
    print(f"{k:44s} {statistics.median(v):8.1f} us  {statistics.median(counts[k]):5.0f} faults  (n={len(v)})")'
