#!/usr/bin/env python3
"""Golden test: run build/attn with each golden file's recorded arguments and compare bytes.

golden/<command>/<name>.txt: first line `$ attn <command> <args>`, then the reference's stdout.
On a mismatch it prints the arguments, expected and got (unified diff with visible spaces) and
writes <name>.received.txt beside the golden file. Golden files are made by
tools/make_golden.py from ../shared/reference, never from attn.

One documented exception: the lesson's section-5 figure (a float32 rounding artefact) is checked
as `< 1e-6` instead of byte for byte.
"""
import argparse
import difflib
import pathlib
import shlex
import subprocess
import sys

LESSON_FIGURE_PREFIX = "  和 PyTorch 自带的 scaled_dot_product_attention 比，最大差别 "


def lines_match(expected, got):
    if expected.startswith(LESSON_FIGURE_PREFIX) and got.startswith(LESSON_FIGURE_PREFIX):
        try:
            return float(got[len(LESSON_FIGURE_PREFIX):]) < 1e-6
        except ValueError:
            return False
    return expected == got


def outputs_match(expected, got):
    e, g = expected.split("\n"), got.split("\n")
    return len(e) == len(g) and all(lines_match(x, y) for x, y in zip(e, g))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--golden", required=True)
    p.add_argument("commands", nargs="*", help="only these commands' folders")
    a = p.parse_args()
    files = sorted(pathlib.Path(a.golden).glob("*/*.txt"))
    files = [f for f in files if not f.name.endswith(".received.txt")
             and (not a.commands or f.parent.name in a.commands)]
    passed = failed = 0
    for f in files:
        text = f.read_text(encoding="utf-8")
        header, _, expected = text.partition("\n")
        if not header.startswith("$ attn "):
            print(f"FAIL {f}: first line must be '$ attn <command> <args>'")
            failed += 1
            continue
        args = shlex.split(header[len("$ attn "):])
        run = subprocess.run([a.attn, *args], capture_output=True)
        got = run.stdout.decode("utf-8", errors="replace")
        received = f.with_name(f.stem + ".received.txt")
        if run.returncode == 0 and outputs_match(expected, got):
            passed += 1
            received.unlink(missing_ok=True)
            continue
        failed += 1
        received.write_text(header + "\n" + got, encoding="utf-8")
        print(f"FAIL {f.relative_to(f.parent.parent)}: attn {' '.join(args)} (exit {run.returncode})")
        if run.stderr:
            print("  stderr:", run.stderr.decode(errors="replace").strip())
        vis = lambda s: [line.replace(" ", "·") + "\n" for line in s.split("\n")]
        sys.stdout.writelines(difflib.unified_diff(vis(expected), vis(got), "expected", "got"))
    print(f"golden: {passed} passed, {failed} failed")
    return 1 if failed or not files else 0


if __name__ == "__main__":
    sys.exit(main())
