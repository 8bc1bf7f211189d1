#!/usr/bin/env python3
"""attn on CPUs older than this one, emulated: qemu's user mode (`qemu-x86_64-static`, Debian's
qemu-user-static) runs the built attn as a Nehalem (SSE4.2, no AVX: the Celeron and Pentium Silver
laptops and Chromebooks without AVX) and as a Haswell (AVX2 and FMA, no AVX-512: most laptops). On
each, the chapter's default experiments print their golden files' bytes (attn is built for the
architecture's baseline; only numpy_exp's SVML kernel needs more, and cpu::level() keeps it to
AVX-512 CPUs: an instruction above the CPU would end the run with SIGILL), and ATTN_CPU=avx512 is
refused in one line naming ATTN_CPU and the value allowed there, exit 2.

OpenBLAS is told the same model (OPENBLAS_CORETYPE): under qemu's user mode its own detection picks
Haswell's kernels whatever `-cpu` says (Debian's NumPy then ends in SIGILL too), so the emulator,
not OpenBLAS's choice on a real Nehalem, is what that would test. Skipped (exit 77) without qemu or
off x86-64.

  tests/reference/older_cpu_test.py --attn build/attn --golden golden
"""
import argparse
import os
import pathlib
import platform
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, byte_diff  # noqa: E402
from golden_test import outputs_match  # noqa: E402  (the lesson's documented section-5 line)

SKIP = 77
# qemu's CPU models: neither has AVX-512, so attn takes glibc's exp on both.
MODELS = ["Nehalem", "Haswell"]
GOLDEN = ["attention/defaults.txt", "mask/defaults.txt", "multihead/defaults.txt",
          "permutation/defaults.txt", "scaling/chapter_dq400.txt", "lesson/defaults.txt"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--golden", required=True)
    a = p.parse_args()
    qemu = shutil.which("qemu-x86_64-static") or shutil.which("qemu-x86_64")
    if platform.machine() != "x86_64" or qemu is None:
        print(f"older_cpu_test: SKIPPED: needs an x86-64 host and qemu-x86_64-static (qemu-user-static); "
              f"host {platform.machine()}, qemu {qemu}")
        return SKIP
    checks = Checks("older_cpu")
    for model in MODELS:
        env = {**os.environ, "OPENBLAS_CORETYPE": model}
        env.pop("ATTN_CPU", None)

        def run(args, extra=None):
            return subprocess.run([qemu, "-cpu", model, a.attn, *args], capture_output=True, timeout=300,
                                  env={**env, **(extra or {})})

        for name in GOLDEN:
            header, _, expected = (pathlib.Path(a.golden) / name).read_text(encoding="utf-8").partition("\n")
            args = shlex.split(header[len("$ attn "):])
            got = run(args)
            text = got.stdout.decode("utf-8", errors="replace")
            ok = got.returncode == 0 and outputs_match(expected, text, args[1:] if args[0] == "lesson" else ())
            checks.check(ok, f"{model}: attn {' '.join(args)}: exit {got.returncode}"
                         + ("" if ok else "\n" + byte_diff(expected.encode(), got.stdout)
                            + got.stderr.decode(errors="replace")[-400:]))
        got = run(["mask"], {"ATTN_CPU": "avx512"})
        lines = [line for line in got.stderr.decode(errors="replace").splitlines() if "qemu" not in line]
        checks.check(got.returncode == 2 and len(lines) == 1 and "ATTN_CPU" in lines[0] and "baseline" in lines[0],
                     f"{model}: ATTN_CPU=avx512 refused in one line naming ATTN_CPU and baseline: "
                     f"exit {got.returncode}, {lines}")
        print(f"older_cpu_test: {model}: {len(GOLDEN)} golden files, ATTN_CPU=avx512 refused")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
