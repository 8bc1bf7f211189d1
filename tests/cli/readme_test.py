#!/usr/bin/env python3
"""The README's sample output stays true: in each ```console block, a line `$ build/attn ARGS`
is run and the lines up to the next `$ ` line (or the block's end) must be its exact stdout."""
import argparse
import pathlib
import shlex
import subprocess
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, run_attn


def samples(text):
    in_block, cmd, expected = False, None, []
    for line in text.split("\n"):
        if line.startswith("```console"):
            in_block, cmd, expected = True, None, []
            continue
        if in_block and (line.startswith("```") or line.startswith("$ ")):
            if cmd:
                yield cmd, "".join(l + "\n" for l in expected)
            cmd, expected = None, []
            if line.startswith("```"):
                in_block = False
                continue
            if line.startswith("$ build/attn "):
                cmd = shlex.split(line[len("$ build/attn "):])
            continue
        if in_block and cmd is not None:
            expected.append(line)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--readme", required=True)
    a = p.parse_args()
    checks = Checks("readme")
    for args, expected in samples(pathlib.Path(a.readme).read_text(encoding="utf-8")):
        got = run_attn(a.attn, args).stdout.decode()
        checks.same_bytes(expected, got, f"README sample: attn {' '.join(args)}")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
