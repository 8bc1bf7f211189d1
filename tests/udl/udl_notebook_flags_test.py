#!/usr/bin/env python3
"""`attn udl`: a flag of one notebook given to another is refused, never ignored: exit 2 and one
line on standard error naming the flag and the notebook(s) it belongs to, nothing on standard
output. The flags come from `attn udl --help` (each notebook-only flag's help starts "12.4:",
"12.3:" or "12.2:"), so a new flag is covered when it is added; the notebooks' sizes and seeds
(--n, --d, --seed-x, --seed-w: 12.1-12.3) and --heatmap (12.1, 12.2) are listed here. A --mistake
of another notebook is named as that notebook's. No model is needed: refusals come first.
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks  # noqa: E402

VALUES = {"INT": "2", "NUM": "0.5", "LIST": "1", "TEXT": "ab", "DIR": "x", "DIR|FILE": "x", "FILE": "x"}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("udl notebook flags")
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}
    help_text = subprocess.run([a.attn, "udl", "--help"], capture_output=True, text=True, env=env).stdout
    flags = {}   # flag -> (value or None, the notebooks it belongs to)
    for flag, value, nb in re.findall(r"^  (--[a-z-]+)(?: ([A-Z|]+))?\s+(12\.[234]):", help_text, re.M):
        flags[flag] = (VALUES[value] if value else None, nb)
    checks.check(len([f for f, (_, nb) in flags.items() if nb == "12.4"]) >= 13, f"12.4's flags in --help: {sorted(flags)}")
    for flag in ("--n", "--d", "--seed-x", "--seed-w"):
        flags[flag] = ("2", "12.1")
    flags["--heatmap"] = (None, "12.1")
    belongs = {"12.4": {"12.4"}, "12.3": {"12.3"}, "12.2": {"12.2"}, "12.1": {"12.1", "12.2"}}
    belongs_to = {f: belongs[nb] | ({"12.3"} if f in ("--seed-x", "--seed-w") else set()) for f, (_, nb) in flags.items()}

    def run(args):
        return subprocess.run([a.attn, "udl", *args], capture_output=True, text=True, env=env, timeout=60)

    cases = 0
    for notebook in ("12.1", "12.2", "12.3", "12.4"):
        for flag, (value, _) in sorted(flags.items()):
            if notebook in belongs_to[flag] or (flag == "--h" and notebook == "12.1"):
                continue   # its own (12.1's --h is refused by 12.1's own rule: one head)
            r = run([notebook, flag] + ([value] if value else []))
            lines = r.stderr.strip().split("\n")
            owners = re.findall(r"12\.\d", lines[0].split("(")[0])   # "(12.4 has --seed)" aside
            checks.check(r.returncode == 2 and not r.stdout and len(lines) == 1 and lines[0].startswith(f"attn: error: {flag}:")
                         and set(owners) >= belongs_to[flag] and notebook not in owners,
                         f"udl {notebook} {flag}: exit {r.returncode}, {r.stderr.strip()!r}")
            cases += 1
    # a --mistake of another notebook
    for notebook, mistake, owner in (("12.4", "no-bias", "12.2"), ("12.4", "stale-tokens", "12.3"),
                                     ("12.2", "topk-k", "12.4"), ("12.3", "greedy-sample", "12.4"),
                                     ("12.2", "pairs-once", "12.3")):
        r = run([notebook, "--mistake", mistake])
        checks.check(r.returncode == 2 and not r.stdout and f"--mistake: {mistake} is a mistake of {owner}, not of {notebook}"
                     in r.stderr, f"udl {notebook} --mistake {mistake}: exit {r.returncode}, {r.stderr.strip()!r}")
    checks.check(cases >= 50, f"{cases} flag and notebook pairs")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
