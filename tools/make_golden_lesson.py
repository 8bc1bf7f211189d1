#!/usr/bin/env python3
"""Write golden/lesson/<name>.txt from the REFERENCE ../shared/reference/lesson.py (never from attn).

Same format as tools/make_golden.py: the first line records the arguments, `$ attn lesson <args>`;
the rest is the exact stdout of `/usr/bin/python3 ../shared/reference/lesson.py <args>` (needs
Debian's python3-torch). The last line of section 5 holds the reference's own rounding artefact;
tests/golden_test.py checks attn's figure there as `< 1e-6` (lines starting with
"  和 PyTorch 自带的 scaled_dot_product_attention 比，最大差别 "), every other byte exactly.
Negative --query values are written `--query=-a,b`: argparse would read `-a,b` as an option.
Run from anywhere:  /usr/bin/python3 tools/make_golden_lesson.py [--shared ../shared]
"""
import argparse
import pathlib
import shlex
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

CASES = {
    "defaults": "",
    "section1": "1",
    "section2": "2",
    "section3": "3",
    "section4": "4",
    "section5": "5",
    "query_0_1": "2 --query 0,1",                    # exercise 1: 光 looks for places
    "no_mask_5": "5 --no-mask",                      # exercise 2
    "sections_3_1": "3 1",                           # printed in lesson order
    "repeated_4_4_2": "4 4 2",                       # a section named twice prints once
    "query_negative": "2 --query=-0.5,2.5",
    "query_large": "2 --query 1000,-1e6",            # softmax saturates to 0.0 and 1.0
    "query_small_fraction": "2 --query 0.3,0.7",
    "all_no_mask_query": "--query 0.25,-1 --no-mask",
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--shared", default=str(ROOT.parent / "shared"))
    a = p.parse_args()
    folder = ROOT / "golden" / "lesson"
    folder.mkdir(parents=True, exist_ok=True)
    script = pathlib.Path(a.shared) / "reference" / "lesson.py"
    for name, args in CASES.items():
        out = subprocess.run(["/usr/bin/python3", str(script), *shlex.split(args)],
                             check=True, capture_output=True)
        header = f"$ attn lesson {args}".rstrip() + "\n"
        (folder / f"{name}.txt").write_bytes(header.encode() + out.stdout)
        print(f"golden/lesson/{name}.txt", file=sys.stderr)


if __name__ == "__main__":
    main()
