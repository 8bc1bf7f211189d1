#!/usr/bin/env python3
"""Layering: dependencies point down (docs/architecture.md).

- the bottom rooms include nothing of the project outside themselves: src/text (UTF-8),
  src/host (what differs in the browser build: errors.hpp only), src/wasm (the browser's side of
  src/host: host/ only, never a header of a room above it),
  src/files (files read and written whole), src/results (plain result data), src/cpu (the CPU's
  instruction sets), src/rng (and src/cpu); src/print, src/input and src/python only text/;
  src/tokenize only python/ and text/;
- src/core includes no printing, rendering, results, experiment, homework or CLI code; src/render
  only print/, text/ and results/ (nothing points back up: the homework writes its key's JSON);
- experiments include no render/, print/ or CLI; homework includes no CLI, and of render/ only
  render/lang.hpp, the class picture (render/svg/class_svg.hpp), the solutions' charts
  (render/svg/line_chart.hpp) and the JSON document; the command files in
  src/cli/commands include no print/; CLI11 is included by src/cli/main.cpp alone;
- inside src/homework, includes follow its sentence (docs/architecture.md): io → trust → problems →
  key → solutions → sheet → grade → reports → class → the glue (homework.cpp, options.cpp,
  sheet_reports.cpp): a room includes only itself and the rooms before it;
- xtensor is included in src/core alone (the container, core/matrix.hpp), xtensor-blas nowhere,
  and heavy xtensor headers (xmath, xview, xlinalg, xblas, …) appear in no header file.
"""
import argparse
import pathlib
import re
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
PROJECT_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)

# folder -> the project folders it may include besides itself (nothing else of the project)
ONLY = {
    "src/text": (), "src/files": (), "src/results": (), "src/rng": ("cpu/",), "src/cpu": ("errors.hpp",),
    "src/print": ("text/",), "src/input": ("text/",), "src/python": ("text/",),
    "src/tokenize": ("python/", "text/"),
    "src/render": ("print/", "text/", "results/"),
    # the host interface (what differs in the browser build) and its two sides: Linux's in
    # src/host, the browser's in src/wasm, which implements no other room's header
    "src/host": ("errors.hpp",),
    "src/wasm": ("host/", "errors.hpp", "cblas.h", "openblas_config.h"),
}
HEAVY = ("xtensor/xmath.hpp", "xtensor/xview.hpp", "xtensor-blas/", "xtensor/xsort.hpp",
         "xtensor/xio.hpp", "xtensor/xrandom.hpp", "xtensor/xreducer.hpp")

# the only render/ headers the homework includes: the language, the class report's picture and
# the JSON document every JSON writer shares (the key's, homework/key/key_json.cpp)
HOMEWORK_RENDER = ("render/lang.hpp", "render/svg/class_svg.hpp", "render/svg/line_chart.hpp",
                   "render/json/json_document.hpp")

# src/homework's rooms in their order, lowest first; "" is the glue (the files at its top). A room
# includes homework/ headers of its own room and of the rooms before it, never of one after it.
HOMEWORK_ORDER = ("io", "trust", "problems", "key", "solutions", "sheet", "grade", "reports", "class", "")


def homework_room(path):
    """The room of a path under homework/ (an include or a file), "" for the glue, None for a room not in the order."""
    parts = path.split("/")
    room = parts[1] if len(parts) > 2 else ""
    return room if room in HOMEWORK_ORDER else None


# folder -> project include prefixes it must not use
FORBIDDEN = {
    "src/core": ("print/", "render/", "results/", "experiments/", "cli/", "homework/", "CLI/"),
    "src/render": ("core/", "rng/", "experiments/", "cli/", "CLI/"),
    "experiments": ("render/", "print/", "cli/", "CLI/", "homework/"),
    "src/homework": ("cli/", "CLI/"),
    # a command file binds flags and calls an experiment and a renderer; CLI11 stays in main.cpp
    "src/cli/commands": ("CLI/", "print/"),
}


def file_problems(root, f):
    """What `f` includes against the rules above, one line each."""
    rel = f.relative_to(root).as_posix()
    text = f.read_text(encoding="utf-8")
    includes = INCLUDE.findall(text)
    problems = []
    for folder, banned in FORBIDDEN.items():
        if rel.startswith(folder + "/"):
            problems += [f"includes {i}" for i in includes if i.startswith(banned)]
    for folder, allowed in ONLY.items():
        if rel.startswith(folder + "/"):
            own = folder.split("/")[-1] + "/"
            problems += [f"includes {i} (only {own} and {', '.join(allowed) or 'nothing else'})"
                         for i in PROJECT_INCLUDE.findall(text) if not i.startswith((own,) + allowed)]
    if rel.startswith("src/homework/"):
        problems += [f"includes {i} (of render/ only {', '.join(HOMEWORK_RENDER)})" for i in includes
                     if i.startswith("render/") and i not in HOMEWORK_RENDER]
        room = homework_room(rel[len("src/"):])
        if room is None:
            problems.append(f"is in no room of src/homework's order ({', '.join(r or 'the glue' for r in HOMEWORK_ORDER)})")
        else:
            for i in PROJECT_INCLUDE.findall(text):
                if not i.startswith("homework/"):
                    continue
                other = homework_room(i)
                if other is None or HOMEWORK_ORDER.index(other) > HOMEWORK_ORDER.index(room):
                    problems.append(f"includes {i}, against src/homework's order ({room or 'the glue'} comes before "
                                    f"{(other or 'the glue') if other is not None else 'a room not in the order'})")
    if not rel.startswith("src/core/"):
        problems += [f"includes xtensor ({i}) outside src/core" for i in includes if i.startswith("xtensor/")]
    problems += [f"includes xtensor-blas ({i})" for i in includes if i.startswith("xtensor-blas/")]
    if rel != "src/cli/main.cpp":
        problems += [f"includes CLI11 ({i})" for i in includes if i.startswith("CLI/")]
    if rel.endswith(".hpp"):
        problems += [f"(a header) includes {i}" for i in includes if i.startswith(HEAVY)]
    return problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--root", required=True)
    root = pathlib.Path(p.parse_args().root)
    checks = Checks("layering")
    files = [f for d in ("src", "experiments") for f in (root / d).rglob("*.[ch]pp")]
    for f in files:
        problems = file_problems(root, f)
        checks.check(not problems, f"{f.relative_to(root).as_posix()} " + "; ".join(problems))
    return checks.finish(require_some=True)

if __name__ == "__main__":
    sys.exit(main())
