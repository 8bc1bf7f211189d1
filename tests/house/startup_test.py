#!/usr/bin/env python3
"""How the default build's attn is linked (README.md, "What attn links"): a position-independent
executable, with the libraries it uses as Debian ships them, shared (OpenBLAS, {fmt}, muParser,
libcrypto, libstdc++), so that a security or bug-fix update of one of them reaches attn; and every
one of them linked, none opened later with dlopen, so the .deb's Depends (dpkg-shlibdeps reads the
binary's NEEDED entries) name all it needs. Runs an experiment and grades the chapter's sheet
(expression answers through muParser) under LD_DEBUG=files to see what the loader opens.

    startup_test.py --attn build/attn --sheet tests/data/homework/book-answers.toml
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks  # noqa: E402

# The shared libraries of Debian's packages that attn must link (sonames, versions left open).
LINKED = ["libopenblas", "libfmt", "libmuparser", "libcrypto", "libstdc++"]


def run_traced(attn, args):
    """exit status and what the loader reports opening (LD_DEBUG=files) for `attn ARGS`."""
    env = dict(os.environ, LD_DEBUG="files")
    r = subprocess.run([attn, *args], capture_output=True, env=env, timeout=120)
    return r.returncode, r.stderr.decode(errors="replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--sheet", required=True)
    a = ap.parse_args()
    checks = Checks("startup")
    elf = subprocess.run(["readelf", "-dhW", a.attn], capture_output=True, text=True, check=True).stdout
    checks.check(re.search(r"Type:\s+DYN", elf) is not None and re.search(r"FLAGS_1.*\bPIE\b", elf) is not None,
                 "attn is a position-independent executable (ELF type DYN, flag PIE)")
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", elf)
    for lib in LINKED:
        checks.check(any(n.startswith(lib + ".so.") for n in needed), f"attn links Debian's shared {lib}: NEEDED {needed}")
    # No RPATH or RUNPATH: every library is found through ld.so's cache (Debian's alternatives put
    # libopenblas.so.0 in the standard folder). A build-tree RUNPATH once named OpenBLAS's folder and an
    # empty entry, which the loader reads as the current directory: attn run in a student's folder
    # looked there first for libcrypto, libfmt and libstdc++ (a library planted there would be loaded).
    paths = re.findall(r"\((?:RPATH|RUNPATH)\)\s+Library r(?:un)?path: \[([^\]]*)\]", elf)
    checks.check(not paths, f"attn carries no RPATH/RUNPATH (found {paths})")
    for args in (["mask"], ["homework", "--grade", a.sheet]):
        code, trace = run_traced(a.attn, args)
        checks.check(code == 0, f"attn {' '.join(args)}: exit 0 (got {code})")
        opened = re.findall(r"file=(\S+) \[0\];\s+dynamically loaded by", trace)
        checks.check(not opened, f"attn {' '.join(args)}: nothing opened with dlopen ({opened})")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
