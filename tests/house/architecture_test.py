#!/usr/bin/env python3
"""docs/architecture.md stays true to the tree: every file or folder its room diagram and its
"How to add" recipes name exists (a path in backticks there, or a src/ or experiments/ path in
the diagram). Placeholders (NAME) and the chapter's reference scripts (../shared) are skipped.
    architecture_test.py --root .
"""
import argparse
import glob
import os
import re
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks  # noqa: E402

PATH = re.compile(r"^(?:src|experiments|tests|tools|golden|docs)/[\w./{},*-]*$")


def expand(path):
    """`a/b.{hpp,cpp}` -> a/b.hpp, a/b.cpp; a glob `*` is checked as 'something matches'."""
    m = re.search(r"\{([^}]*)\}", path)
    if not m:
        return [path]
    return [x for alt in m[1].split(",") for x in expand(path[:m.start()] + alt + path[m.end():])]


def named_paths(text):
    diagram = text[text.index("```"):text.index("```", text.index("```") + 3)]
    recipes = text[text.index("## How to add"):text.index("## Flags")]
    found = set()
    for word in re.findall(r"`([^`\s]+)`", recipes):
        if PATH.match(word):
            found.add(word)
    for word in re.findall(r"(?<![\w/.])((?:src|experiments)/[\w./*]+)", diagram):
        found.add(word.rstrip("."))
    return sorted(p for p in found if "NAME" not in p)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    root = ap.parse_args().root
    text = open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8").read()
    checks = Checks("architecture")
    for named in named_paths(text):
        for path in expand(named):
            if "*" in path:
                ok = bool(glob.glob(os.path.join(root, path)))
            else:
                ok = os.path.exists(os.path.join(root, path.rstrip("/")))
            checks.check(ok, f"docs/architecture.md names {path}, which exists")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
