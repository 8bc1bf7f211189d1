#!/usr/bin/env python3
"""Two attn binaries print the same bytes: the check of a renovation that must change no output.

    python3 tools/same_bytes.py --before OLD_ATTN --after NEW_ATTN [--variants N]

Runs both over every golden file's flag set (golden/*/*.txt, as text and as --format json at
full precision) and over `attn homework` (the worked solutions, --template, --key, --key
--format json; all problems and each alone; zh-TW and --lang en) for the chapter's numbers and N
variant IDs, with and without a course secret, and compares stdout, stderr and the exit status.
Many IDs reach the sentences that depend on the numbers (ties, orders of magnitude, how many
entries the mask removes). Prints the first differences with a unified diff; exit 1 if any.
A tool, not a test: the golden and conformance tests compare against the reference; this only
says that a change of the code's shape changed nothing a user sees.
"""
import argparse
import concurrent.futures
import difflib
import os
import pathlib
import shlex
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def golden_cases():
    for f in sorted(ROOT.glob("golden/*/*.txt")):
        if f.name.endswith(".received.txt"):
            continue
        args = shlex.split(f.read_text(encoding="utf-8").splitlines()[0][len("$ attn "):])
        yield "", args
        yield "", [*args, "--format", "json"]


def cases(variants):
    ids = ["chapter"] + [f"id{i}" for i in range(variants)] + ["x" * 40, "Student 7"]
    modes = [[], ["--template"], ["--key"], ["--key", "--format", "json"]]
    problems = [[], ["1"], ["2"], ["3"]]
    for secret in ("", "course secret 21"):
        # A secret changes the numbers as an ID does: a few IDs with one are enough.
        for vid in ids if not secret else ids[:12]:
            for mode in modes:
                for prob in problems:
                    for lang in ([], ["--lang", "en"]):
                        yield secret, ["homework", *mode, "--variant", vid, *lang, *prob]


def run(binary, secret, args):
    env = {k: v for k, v in os.environ.items() if k not in ("ATTN_LANG", "ATTN_COURSE_SECRET")}
    if secret:
        env["ATTN_COURSE_SECRET"] = secret
    p = subprocess.run([binary, *args], capture_output=True, env=env)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--variants", type=int, default=150)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()

    def compare(case):
        secret, args = case
        return case, run(a.before, secret, args), run(a.after, secret, args)

    total, differ = 0, []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for case, old, new in pool.map(compare, [*golden_cases(), *cases(a.variants)]):
            total += 1
            if old != new:
                differ.append((case, old, new))
    for (secret, args), old, new in differ[:5]:
        print(f"DIFFER: secret={secret!r} attn {' '.join(args)}: exit {old[0]} -> {new[0]}")
        for name, x, y in (("stdout", old[1], new[1]), ("stderr", old[2], new[2])):
            sys.stdout.writelines(difflib.unified_diff(x.decode(errors="replace").splitlines(True),
                                                       y.decode(errors="replace").splitlines(True),
                                                       f"before {name}", f"after {name}", n=1))
    print(f"{total - len(differ)} of {total} runs print the same bytes")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
