#!/usr/bin/env python3
"""What the default (fast-start) build's attn loads at start (docs/performance.md, "Start-up
of the default build"): not position-independent, no shared library but libc, libm and the
loader, and muParser opened only when an expression answer is graded, never by an experiment;
OpenBLAS's constructor and libcrypto's CPU probe not run before main (cmake/startup-defer.ld),
and the code of the start-up placed together (cmake/startup-order.ld). Each check fails if a
link change brings a library or a start-up cost back into every run.

    startup_test.py --attn build/attn --sheet tests/data/homework/book-answers.toml
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Checks  # noqa: E402

ALLOWED = re.compile(r"^(libc\.so\.6|libm\.so\.6|ld-linux[-.\w]*\.so\.\d+)$")


def loaded(attn, args):
    """The shared objects the loader and dlopen open for `attn ARGS` (LD_DEBUG=files)."""
    env = dict(os.environ, LD_DEBUG="files")
    r = subprocess.run([attn, *args], capture_output=True, env=env)
    return r.returncode, set(re.findall(rb"file=(\S+)\s+\[0\];", r.stderr))


def symbols(attn):
    """Name -> address of attn's defined symbols (nm)."""
    out = subprocess.run(["nm", "--defined-only", attn], capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3:
            found.setdefault(f[2], int(f[0], 16))
    return found


def section(attn, name):
    """(address, size) of section `name` of attn, or None."""
    out = subprocess.run(["readelf", "-SW", attn], capture_output=True, text=True, check=True).stdout
    m = re.search(r"\]\s+" + re.escape(name) + r"\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", out)
    return (int(m[1], 16), int(m[2], 16)) if m else None


def init_array(attn):
    """The function addresses in attn's .init_array (little-endian 64-bit pointers)."""
    out = subprocess.run(["readelf", "-x", ".init_array", attn], capture_output=True, text=True).stdout
    # "  0x02286c08 30104300 00000000                   0.C....." : up to 4 groups, then the text
    words = "".join(m[1].replace(" ", "") for m in re.finditer(r"(?m)^\s*0x[0-9a-f]+ ((?:[0-9a-f]{8} ?){1,4})", out))
    raw = bytes.fromhex(words)
    return {int.from_bytes(raw[i:i + 8], "little") for i in range(0, len(raw) - 7, 8)}


def check_deferred_and_ordered(checks, attn):
    """What cmake/startup-defer.ld and cmake/startup-order.ld give (docs/performance.md)."""
    syms = symbols(attn)
    ctors = init_array(attn)
    checks.check(len(ctors) > 0, "attn's .init_array read")
    if "gotoblas_init" in syms:   # OpenBLAS linked statically
        checks.check(syms["gotoblas_init"] not in ctors,
                     "OpenBLAS's constructor (gotoblas_init) is not run before main: core::start_blas() runs it")
    init = subprocess.run(["objdump", "-d", "-j", ".init", attn], capture_output=True, text=True).stdout
    checks.check("OPENSSL_cpuid_setup" not in init, "libcrypto's CPU probe is not called from .init")
    hot = section(attn, ".text.attn_startup")
    checks.check(hot is not None, "attn has the start-up code section (.text.attn_startup)")
    if hot:
        # main, attn's OpenBLAS start and OpenBLAS's own (when linked statically): every default
        # run executes them.
        for name in ("main", "_ZN4attn4core10start_blasEv", "gotoblas_init"):
            if name == "gotoblas_init" and name not in syms:
                continue
            at = syms.get(name)
            checks.check(at is not None and hot[0] <= at < hot[0] + hot[1],
                         f"{name} is in the start-up code section")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--sheet", required=True)
    ap.add_argument("--shared-libcrypto", action="store_true",
                    help="libcrypto.a did not link alone (Debian 13's needs zlib and zstd): the shared "
                         "libcrypto and what it loads are allowed")
    ap.add_argument("--startup-order", action="store_true",
                    help="attn was linked with cmake/startup-order.ld and startup-defer.ld (ATTN_STARTUP_ORDER)")
    a = ap.parse_args()
    global ALLOWED
    if a.shared_libcrypto:
        ALLOWED = re.compile(ALLOWED.pattern[:-2] + r"|libcrypto\.so\.\d+|libz\.so\.\d+|libzstd\.so\.\d+)$")
    checks = Checks("startup")
    dyn = subprocess.run(["readelf", "-dhW", a.attn], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dyn)
    checks.check(all(ALLOWED.match(n) for n in needed), f"NEEDED only libc, libm, the loader: {needed}")
    checks.check(re.search(r"Type:\s+EXEC", dyn) is not None, "attn is not position-independent (ELF type EXEC)")
    for args in (["--version"], ["attention"], ["scaling"], ["permutation"], ["multihead"], ["mask"]):
        code, libs = loaded(a.attn, args)
        checks.check(code == 0, f"attn {' '.join(args)}: exit 0 (got {code})")
        extra = sorted(x.decode() for x in libs if not ALLOWED.match(os.path.basename(x.decode())))
        checks.check(not extra, f"attn {' '.join(args)} loads nothing but libc and libm: {extra}")
    if a.startup_order:
        check_deferred_and_ordered(checks, a.attn)
    code, libs = loaded(a.attn, ["homework", "--grade", a.sheet])
    checks.check(code == 0, f"attn homework --grade: exit 0 (got {code})")
    checks.check(any(b"libmuparser" in x for x in libs), "grading expression answers opens muParser")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
