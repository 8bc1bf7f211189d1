#!/usr/bin/env python3
"""The README's sample output stays true: in each ```console block, a line `$ build/attn ARGS`
is run and the lines up to the next `$ ` line (or the block's end) must be its exact stdout."""
import argparse
import pathlib
import shlex
import subprocess
import sys


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
    passed = failed = 0
    for args, expected in samples(pathlib.Path(a.readme).read_text(encoding="utf-8")):
        got = subprocess.run([a.attn, *args], capture_output=True).stdout.decode()
        if got == expected:
            passed += 1
        else:
            failed += 1
            print(f"FAIL README sample: attn {' '.join(args)}\nexpected:\n{expected}got:\n{got}")
    print(f"readme: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
