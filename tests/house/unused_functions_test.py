#!/usr/bin/env python3
"""No dead or test-only functions in src/ and experiments/ (issue 39).

Every function defined there (Universal Ctags lists the definitions) must be named somewhere in
src/, experiments/ or fuzz/ other than on the lines that declare or define a function of that
name: a call, a pointer taken, a callback registered. Comments and string literals do not count.
Names are compared, not overloads: a name used once keeps all its overloads (the check is simple
on purpose, so that it never fails on code that is in use). Constructors, destructors, operators,
lambdas and main are not checked. An exception goes in ALLOWED below with its reason.

    unused_functions_test.py --source .
Exit 0 when every function is used, 1 naming each that is not, 77 (skipped) without ctags.
"""
import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

# name -> why it stays although nothing outside the tests names it.
ALLOWED = {
    # called by someone other than attn's code
    "__sched_cpucount": "WebAssembly build: glibc's CPU_COUNT macro expands to it",
    # test-only windows, kept because the tests check the production code through them; each is
    # a candidate for removal when its tests are rewritten (issue 39)
    "apply_mask": "test-only: the mask of section 6 on its own (attention() applies it inline)",
    "bool_array_str": "test-only: NumPy's bool array printing, checked against NumPy's vectors",
    "evaluate_expression": "test-only: the expression grader's evaluator on its own",
    "fair_spelling": "test-only: the lenient reader's spelling rule on its own",
    "live": "test-only: the kernels' memory meter's live bytes",
    "next_uint64": "test-only: the generator's raw PCG64 draws against NumPy's fixtures",
    "standard_normal": "test-only: single normals against NumPy's fixtures (normal() draws in bulk)",
    "numpy_exp_kernel": "test-only and bench: names the exp kernel chosen on this CPU",
    "svml_exp_scalar": "test-only and bench: SVML's exp one lane at a time, the AVX-512 loop's reference",
    "py_floordiv": "test-only: Python's // checked on its own (printing uses the rounding it serves)",
    "py_print": "test-only: Python's print() of several values",
    "py_round_int": "test-only: Python's round() to an int",
    "rand": "test-only: torch.rand, checked against torch's streams",
    "toml_string": "test-only: TOML string quoting on its own",
}

SCANNED = ("src", "experiments")          # where functions are defined and checked
CALLERS = ("src", "experiments", "fuzz")   # where a use counts (not tests/, not bench/)
SUFFIXES = {".cpp", ".hpp", ".h", ".cc"}

COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|R"(?P<d>[^(]*)\(.*?\)(?P=d)"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                               re.S)


def blank(m):   # keep the line numbers: a comment or a string becomes as many newlines
    return "\n" * m.group(0).count("\n")


def sources(root, folders):
    for folder in folders:
        for p in sorted((root / folder).rglob("*")):
            if p.suffix in SUFFIXES and p.is_file():
                yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", default=".")
    a = ap.parse_args()
    root = Path(a.source).resolve()
    ctags = shutil.which("ctags")
    if ctags is None:
        print("skipped: ctags (Debian's universal-ctags) is not installed")
        return 77
    files = [str(p) for p in sources(root, SCANNED)]
    out = subprocess.run([ctags, "--languages=C++", "--language-force=C++", "--kinds-c++=fp",
                          "--output-format=json", "--fields=+nK", "-f", "-"] + files,
                         capture_output=True, text=True, check=True).stdout
    defined = {}     # name -> [(path, line)] of its definitions
    declaring = {}   # (path, line) -> the names declared or defined on that line
    for row in out.splitlines():
        tag = json.loads(row)
        if tag.get("_type") != "tag":
            continue
        name = tag["name"]
        declaring.setdefault((tag["path"], tag["line"]), set()).add(name)
        scope_last = tag.get("scope", "").split("::")[-1]
        if tag["kind"] != "function" or name == "main" or name.startswith(("operator", "~", "__anon")) or name == scope_last:
            continue
        defined.setdefault(name, []).append((tag["path"], tag["line"]))
    used = set()
    word = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
    for p in sources(root, CALLERS):
        text = COMMENT_OR_STRING.sub(blank, p.read_text(errors="replace"))
        for number, line in enumerate(text.split("\n"), start=1):
            declared = declaring.get((str(p), number), set())
            used.update(w for w in word.findall(line) if w in defined and w not in declared)
    unused = sorted(n for n in defined if n not in used and n not in ALLOWED)
    stale = sorted(n for n in ALLOWED if n not in defined or n in used)
    for n in unused:
        where = ", ".join(f"{Path(p).relative_to(root)}:{line}" for p, line in defined[n])
        print(f"FAIL: {n} ({where}) is never called outside the tests: remove it, or add it to ALLOWED with the reason")
    for n in stale:
        print(f"FAIL: ALLOWED names {n}, which is now used or gone: take it out of the list")
    print(f"{len(defined)} function names in {', '.join(SCANNED)}: {len(unused)} unused, {len(ALLOWED)} allowed")
    return 1 if unused or stale else 0


if __name__ == "__main__":
    sys.exit(main())
