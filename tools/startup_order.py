#!/usr/bin/env python3
"""Writes cmake/startup-order.ld: the code every default run executes, placed together at the
front of attn's text (docs/performance.md, "Start-up: the executed code together").

Each page fault costs microseconds in a VM, and the kernel maps the 64 KiB around a faulting
page of a file (fault-around). attn's start-up runs a few hundred functions spread over 30 MB of
code (OpenBLAS, libc, libstdc++, libcrypto, attn's own), so each one cost a fault and 64 KiB of
resident memory. GNU ld has no symbol-ordering option, but a linker script with INSERT adds one
output section before .text and keeps the default script for the rest: this tool lists in it
the input sections (archive:member(section)) that hold a function the default runs execute.

    tools/startup_order.py --map attn.map CALLGRIND_OUT... > cmake/startup-order.ld

Input: a link map of attn (-Wl,-Map) and callgrind outputs (--dump-instr=yes) of the runs to
favour; tools/startup-order.sh makes them. A pattern that matches nothing (another compiler,
libc or architecture) is ignored by the linker, so the script only ever moves code, and a
stale list costs start-up time, never correctness.
"""
import argparse
import bisect
import collections
import re
import sys

# Output sections whose input sections may be listed (the second is this script's own, when
# the map comes from an attn already linked with it).
TEXT_OUTPUTS = {".text", ".text.attn_startup"}
# Members chosen at run time by the CPU: glibc's string and math functions (IFUNC, e.g.
# memmove-evex-unaligned-erms.o) and OpenBLAS's per-core kernels (dgemm_beta_HASWELL.o).
# callgrind's virtual CPU is not the real one, so when one variant ran, every variant is listed
# (after the rest, so that the variants no CPU runs do not sit between the common code).
LIBC_VARIANT = re.compile(r"^([a-z_0-9]+)-(?:sse|ssse|avx|evex|fma|erms|rtm|vec)[-\w]*\.o$")
# The x86-64 cores OpenBLAS picks on the machines attn meets (PRESCOTT: its fallback, picked on
# this project's VMs), each core's kernels together so that one machine's run touches one stretch.
BLAS_CORES = ("PRESCOTT", "HASWELL", "SKYLAKEX", "ZEN", "COOPERLAKE", "SAPPHIRERAPIDS", "SANDYBRIDGE")
BLAS_ALL_CORES = BLAS_CORES + ("CORE2", "NEHALEM", "BULLDOZER", "PILEDRIVER", "STEAMROLLER",
                               "EXCAVATOR", "ATOM", "BARCELONA", "DUNNINGTON", "OPTERON", "PENRYN",
                               "NANO", "ATHLON", "KATMAI", "COPPERMINE", "NORTHWOOD", "BANIAS",
                               "OPTERON_SSE3", "BOBCAT")
BLAS_VARIANT = re.compile(r"^(\w+?)_(" + "|".join(sorted(BLAS_ALL_CORES, key=len, reverse=True)) + r")\.o$")


def input_sections(map_path):
    """(address, size, section name, file) of each input section of attn's text outputs."""
    out, pending, found = None, None, []
    with open(map_path, errors="replace") as f:
        for line in f:
            if line[:1] not in (" ", "\t", "\n", "*", ""):
                out = line.split()[0] if line.split() else None
                pending = None
                continue
            if out not in TEXT_OUTPUTS:
                continue
            m = re.match(r" (\.\S+)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$", line)
            if m:
                found.append((int(m[2], 16), int(m[3], 16), m[1], m[4].strip()))
                pending = None
                continue
            m = re.match(r" (\.\S+)$", line.rstrip("\n"))
            if m:
                pending = m[1]
                continue
            m = re.match(r"\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$", line)
            if m and pending:
                found.append((int(m[1], 16), int(m[2], 16), pending, m[3].strip()))
            pending = None
    return sorted(s for s in found if s[1] > 0 and s[0] > 0)


def executed_addresses(path):
    """The instruction addresses a callgrind output (--dump-instr=yes) saw run. Its cost lines
    start with the position: absolute (0x401000), relative to the last one (+7, -3) or the same
    (*); a `calls=` line's own position is its target's, whose block lists it anyway."""
    seen, at = set(), 0
    with open(path, errors="replace") as f:
        for line in f:
            tok = line.split(" ", 1)[0]
            if tok.startswith("0x"):
                at = int(tok, 16)
            elif tok[:1] in "+-" and tok[1:].isdigit():
                at += int(tok)
            elif tok != "*":
                continue
            seen.add(at)
    return seen


def pattern(file):
    """An input-file pattern that also matches in another build directory or Debian release."""
    m = re.match(r"(?:.*/)?([^/()]+)\(([^()]+)\)$", file)   # /usr/lib/.../libc.a(getenv.o)
    if m:   # glibc's libm.a is a linker script naming libm-VERSION.a
        return "*" + re.sub(r"^libm-[0-9.]+[.]a$", "libm-*.a", m[1]) + ":" + m[2]
    i = file.find("/src/")                                   # CMakeFiles/attn.dir/src/cli/main.cpp.o
    return "*" + (file[i:] if i >= 0 else file.rsplit("/", 1)[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--map", required=True)
    ap.add_argument("callgrind", nargs="+")
    a = ap.parse_args()
    secs = input_sections(a.map)
    starts = [s[0] for s in secs]
    uses = collections.Counter()   # input section index -> how many runs executed it
    for path in a.callgrind:
        hit = set()
        for addr in executed_addresses(path):
            i = bisect.bisect_right(starts, addr) - 1
            if i >= 0 and addr < secs[i][0] + secs[i][1]:
                hit.add(i)
        uses.update(hit)
    common, variants, per_core, seen = [], [], collections.defaultdict(list), set()
    # The code every run executes first, then what fewer runs do; in link order within a rank.
    for i in sorted(uses, key=lambda i: (-uses[i], i)):
        _, _, sec, file = secs[i]
        where = pattern(file)
        member = where.rsplit(":", 1)[-1]
        lib = re.match(r"\*(libc[.]a|libm-[*][.]a):", where)
        blas = BLAS_VARIANT.match(member) if "libopenblas" in where else None
        if lib and LIBC_VARIANT.match(member):
            pats = [f"    *{lib[1]}:{LIBC_VARIANT.match(member)[1]}-*.o(.text .text.*)"]
            into = variants
        elif blas:
            pats = [f"    *libopenblas.a:{blas[1]}_{core}.o({sec})" for core in BLAS_CORES]
            into = None
        else:
            pats = [f"    {where}({sec})"]
            into = common
        for core, pat in zip(BLAS_CORES if blas else [None] * len(pats), pats):
            if pat not in seen:
                seen.add(pat)
                (per_core[core] if into is None else into).append(pat)
    for core in BLAS_CORES:
        variants += per_core[core]
    sys.stdout.write(
        "/* Generated by tools/startup_order.py (tools/startup-order.sh): the input sections that hold\n"
        "   the code of attn's default runs, placed together before .text; see docs/performance.md,\n"
        "   \"Start-up: the executed code together\". Patterns that match nothing are ignored. */\n"
        "SECTIONS\n{\n  .text.attn_startup :\n  {\n")
    sys.stdout.write("\n".join(common + variants) + "\n")
    sys.stdout.write("  }\n}\nINSERT BEFORE .text;\n")
    total = sum(secs[i][1] for i in uses)   # what ran; the variants listed add to it
    print(f"startup_order: {len(uses)} input sections, {total} bytes executed by {len(a.callgrind)} runs",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
