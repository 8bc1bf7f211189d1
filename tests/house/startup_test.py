#!/usr/bin/env python3
"""What the default (fast-start) build's attn loads at start (docs/performance.md, "Start-up
of the default build"): not position-independent, no shared library but libc, libm and the
loader, and muParser opened only when an expression answer is graded, never by an experiment.
Each check fails if a link change brings a library back into every run.

    startup_test.py --attn build/attn --sheet tests/data/homework/book-answers.toml
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks  # noqa: E402

ALLOWED = re.compile(r"^(libc\.so\.6|libm\.so\.6|ld-linux[-.\w]*\.so\.\d+)$")


def loaded(attn, args):
    """The shared objects the loader and dlopen open for `attn ARGS` (LD_DEBUG=files)."""
    env = dict(os.environ, LD_DEBUG="files")
    r = subprocess.run([attn, *args], capture_output=True, env=env)
    return r.returncode, set(re.findall(rb"file=(\S+)\s+\[0\];", r.stderr))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--sheet", required=True)
    ap.add_argument("--shared-libcrypto", action="store_true",
                    help="libcrypto.a did not link alone (Debian 13's needs zlib and zstd): the shared "
                         "libcrypto and what it loads are allowed")
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
    code, libs = loaded(a.attn, ["homework", "--grade", a.sheet])
    checks.check(code == 0, f"attn homework --grade: exit 0 (got {code})")
    checks.check(any(b"libmuparser" in x for x in libs), "grading expression answers opens muParser")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
