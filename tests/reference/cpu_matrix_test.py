#!/usr/bin/env python3
"""attn and NumPy agree under every OpenBLAS kernel this CPU can run, and with NumPy's own
AVX-512 code on or off.

OpenBLAS picks its kernel from the CPU, or from OPENBLAS_CORETYPE; the last bits of a product
depend on the kernel. attn and NumPy call the same OpenBLAS, so they must agree under each
kernel when both run under the same value. For each core type the CPU supports (read from
/proc/cpuinfo: a kernel the CPU cannot run would die of SIGILL), with OPENBLAS_CORETYPE set for
both sides:

  --part core         tools/gen_core_fixtures.py makes NumPy's results, then test_core checks
                      attn's matmul and sums against them bit for bit;
  --part conformance  tests/reference/conformance.py (fixed seed, few cases) against the reference scripts,
                      plus one run with NumPy's AVX-512 code disabled (NPY_DISABLE_CPU_FEATURES),
                      as NumPy runs on a CPU without AVX-512 (docs/spec/cpu-independence.md).

Prints a table core type x result. Exits 77 (ctest: skipped) for --part conformance when the
reference scripts are absent.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

PYTHON = "/usr/bin/python3"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NO_AVX512 = "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL"

# OpenBLAS core type -> the /proc/cpuinfo flags its kernels use.
CORETYPES = [
    ("Prescott", {"pni"}),          # /proc/cpuinfo calls SSE3 "pni"
    ("Nehalem", {"ssse3", "sse4_2"}),
    ("Sandybridge", {"avx"}),
    ("Haswell", {"avx2", "fma"}),
    ("Zen", {"avx2", "fma"}),
    ("SkylakeX", {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"}),
    ("Cooperlake", {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl", "avx512_bf16"}),
]


def cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def run(cmd, env):
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=["core", "conformance"], required=True)
    ap.add_argument("--attn")
    ap.add_argument("--test-core")
    ap.add_argument("--reference")
    ap.add_argument("--cases", type=int, default=4)
    ap.add_argument("--seed", default="20261130")
    a = ap.parse_args()
    if a.part == "conformance" and not os.path.isfile(os.path.join(a.reference, "permutation.py")):
        print(f"cpu matrix: SKIPPED: the chapter's reference scripts are not in {a.reference}")
        return 77
    if a.part == "conformance" and os.environ.get("ATTN_SANITIZED"):
        # The kernel choice is OpenBLAS's, which the sanitizers do not instrument: attn's own code
        # runs the same paths under every kernel, and the release suite runs this matrix.
        print("cpu matrix (conformance): SKIPPED under the sanitizers (ATTN_SANITIZED): the "
              "OpenBLAS kernels are not instrumented; the release build's suite runs this matrix")
        return 77
    flags = cpu_flags()
    usable = [name for name, need in CORETYPES if need <= flags]
    skipped = [name for name, need in CORETYPES if not need <= flags]
    print(f"cpu matrix ({a.part}): core types this CPU runs: {', '.join(usable)}"
          + (f"; not supported here: {', '.join(skipped)}" if skipped else ""))
    runs = [(name, {"OPENBLAS_CORETYPE": name}) for name in usable]
    base = {k: v for k, v in os.environ.items() if k != "OPENBLAS_CORETYPE"}
    runs.insert(0, ("(unset)", {}))
    if a.part == "conformance" and "avx512f" in flags:
        runs.append(("(unset), NumPy without AVX-512", {"NPY_DISABLE_CPU_FEATURES": NO_AVX512}))
    checks = Checks(f"cpu matrix ({a.part})")
    results = []
    distinct = set()   # NumPy's results per kernel: the kernels really differ when > 1
    with tempfile.TemporaryDirectory() as tmp:
        for label, extra in runs:
            env = dict(base, **extra)
            if a.part == "core":
                fixture = os.path.join(tmp, "numpy_ops.txt")
                rc, out = run([PYTHON, os.path.join(ROOT, "tools", "gen_core_fixtures.py"),
                               "--out", fixture], env)
                if rc == 0:
                    with open(fixture) as f:
                        label += " -> " + f.readline().split("OpenBLAS core ")[1].split(" ")[0]
                        distinct.add(f.read())
                    rc, out = run([a.test_core, "-tc=matmul*"], dict(env, ATTN_CORE_FIXTURE=fixture))
            else:
                rc, out = run([PYTHON, os.path.join(HERE, "conformance.py"), "--attn", a.attn,
                               "--reference", a.reference, "--cases", str(a.cases),
                               "--seed", a.seed, "--jobs", "2"], env)
            summary = [line for line in out.splitlines()
                       if line.startswith(("[doctest] assertions", "conformance: "))]
            results.append((label, rc == 0, summary[-1] if summary else ""))
            checks.check(rc == 0, f"OPENBLAS_CORETYPE {label}" + ("" if rc == 0 else f":\n{out[-3000:]}"))
    print(f"| OPENBLAS_CORETYPE | {a.part} | detail |\n|---|---|---|")
    for label, ok, detail in results:
        print(f"| {label} | {'pass' if ok else 'FAIL'} | {detail} |")
    if distinct:
        print(f"NumPy's products differ between kernels: {len(distinct)} distinct fixtures "
              f"from {len(results)} runs (so a committed fixture would hold on one kernel only)")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
