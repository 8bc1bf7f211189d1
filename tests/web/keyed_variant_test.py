#!/usr/bin/env python3
"""The WebAssembly module and the course secret: a public variant (`--variant ID`, no secret) runs,
its HMAC-SHA256 with the empty key taken from the host's crypto (src/wasm/host.cpp; the
golden files check its numbers), while a keyed one, from ATTN_COURSE_SECRET or --secret-file, is
refused before anything is printed: exit 2, one line, the secret never hashed in the module.

  tests/web/keyed_variant_test.py --attn build-wasm/attn-node
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, run_attn

REFUSAL = "attn: error: --variant: keyed variants (with the course secret) are not in the browser build"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("keyed_variant")
    secret = "0123456789abcdef0123456789abcdef"
    public = run_attn(a.attn, ["homework", "1", "--variant", "alice", "--key"], env_drop=["ATTN_COURSE_SECRET"])
    checks.check(public.returncode == 0 and b"alice" in public.stdout,
                 f"public variant: exit {public.returncode}, {public.stderr!r}")
    with tempfile.TemporaryDirectory() as d:
        secret_file = os.path.join(d, "secret")
        with open(secret_file, "w") as f:
            f.write(secret + "\n")
        runs = {"ATTN_COURSE_SECRET": run_attn(a.attn, ["homework", "--variant", "alice", "--key"],
                                               env_extra={"ATTN_COURSE_SECRET": secret}),
                "--secret-file": run_attn(a.attn, ["homework", "--variant", "alice", "--template",
                                                   "--secret-file", secret_file], env_drop=["ATTN_COURSE_SECRET"])}
        for how, run in runs.items():
            err = run.stderr.decode(errors="replace")
            checks.check(run.returncode == 2 and not run.stdout and err.count("\n") == 1 and err.startswith(REFUSAL),
                         f"keyed variant ({how}): want exit 2 and the one line, got exit {run.returncode}, "
                         f"stdout {run.stdout[:80]!r}, stderr {err!r}")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
