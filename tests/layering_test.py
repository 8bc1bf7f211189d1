#!/usr/bin/env python3
"""Layering: dependencies point down (docs/architecture.md).

- the bottom rooms include nothing of the project outside themselves: src/text (UTF-8),
  src/files (files read and written whole), src/report, src/rng; src/print and src/input only
  text/;
- src/core includes no printing, rendering, report, experiment or CLI code; src/render only
  print/, text/ and report/;
- experiments include no render/, print/ or CLI; homework includes no CLI; the command files in
  src/cli/commands include no print/; CLI11 is included by src/cli/main.cpp alone;
- xtensor is included in src/core alone (the container, core/matrix.hpp), xtensor-blas nowhere,
  and heavy xtensor headers (xmath, xview, xlinalg, xblas, …) appear in no header file.
"""
import argparse
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
PROJECT_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)

# folder -> the project folders it may include besides itself (nothing else of the project)
ONLY = {
    "src/text": (), "src/files": (), "src/report": (), "src/rng": (),
    "src/print": ("text/",), "src/input": ("text/",),
}
HEAVY = ("xtensor/xmath.hpp", "xtensor/xview.hpp", "xtensor-blas/", "xtensor/xsort.hpp",
         "xtensor/xio.hpp", "xtensor/xrandom.hpp", "xtensor/xreducer.hpp")

# folder -> project include prefixes it must not use
FORBIDDEN = {
    "src/core": ("print/", "render/", "report/", "experiments/", "cli/", "homework/", "CLI/"),
    "src/render": ("core/", "rng/", "experiments/", "cli/", "CLI/"),
    "experiments": ("render/", "print/", "cli/", "CLI/", "homework/"),
    "src/homework": ("cli/", "CLI/"),
    # a command file binds flags and calls an experiment and a renderer; CLI11 stays in main.cpp
    "src/cli/commands": ("CLI/", "print/"),
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--root", required=True)
    root = pathlib.Path(p.parse_args().root)
    problems = []
    files = [f for d in ("src", "experiments") for f in (root / d).rglob("*.[ch]pp")]
    for f in files:
        rel = f.relative_to(root).as_posix()
        includes = INCLUDE.findall(f.read_text(encoding="utf-8"))
        for folder, banned in FORBIDDEN.items():
            if rel.startswith(folder + "/"):
                problems += [f"{rel} includes {i}" for i in includes if i.startswith(banned)]
        for folder, allowed in ONLY.items():
            if rel.startswith(folder + "/"):
                own = folder.split("/")[-1] + "/"
                problems += [f"{rel} includes {i} (only {own} and {', '.join(allowed) or 'nothing else'})"
                             for i in PROJECT_INCLUDE.findall(f.read_text(encoding="utf-8"))
                             if not i.startswith((own,) + allowed)]
        if not rel.startswith("src/core/"):
            problems += [f"{rel} includes xtensor ({i}) outside src/core" for i in includes
                         if i.startswith("xtensor/")]
        problems += [f"{rel} includes xtensor-blas ({i})" for i in includes if i.startswith("xtensor-blas/")]
        if rel != "src/cli/main.cpp":
            problems += [f"{rel} includes CLI11 ({i})" for i in includes if i.startswith("CLI/")]
        if rel.endswith(".hpp"):
            problems += [f"{rel} (a header) includes {i}" for i in includes if i.startswith(HEAVY)]
    for line in problems:
        print("FAIL", line)
    print(f"layering: {len(files) - len({p.split()[0] for p in problems})} passed, "
          f"{len({p.split()[0] for p in problems})} failed")
    return 1 if problems or not files else 0


if __name__ == "__main__":
    sys.exit(main())
