#!/usr/bin/env python3
"""Write golden/<command>/<name>.txt from the chapter's REFERENCE scripts (never from attn).

Each golden file's first line records the arguments, `$ attn <command> <args>`; the rest is
the exact stdout of `/usr/bin/python3 ../shared/reference/<command>.py <args>`.
Run from anywhere:  /usr/bin/python3 tools/make_golden.py [--shared ../shared] [command ...]
(`lesson` needs Debian's python3-torch: apt-get install -y python3-torch.)
"""
import argparse
import pathlib
import shlex
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

CASES = {
    "attention": {
        "defaults": "",
        "seed1": "--seed 1",
        "seed42_col1": "--seed 42 --col 1",
        "wide_n13": "--n 13",
        "small_d3_n8_dq2_col8": "--d 3 --n 8 --dq 2 --col 8",
        "seed_above_2_64": "--seed 18446744073709551621",
        "single_position": "--n 1 --col 1",
        "dq1": "--dq 1",
        "large_n40": "--seed 7 --d 16 --n 40 --dq 8 --col 40",
    },
    "scaling": {
        "defaults": "",
        "chapter_dq400": "--dq 400",
        "dq4_only": "--dq 4",
        "appended_rows": "--seed 7 --r 100 --sweep 2,8 --dq 8,16",
        "n10_r300": "--n 10 --r 300",
        "seed_2_32_plus_5": "--seed 4294967301 --r 500",
    },
    "permutation": {
        "defaults": "",
        "seed3": "--seed 3",
        "n3_reversed": "--n 3 --perm 2,1,0",
        "base10000": "--base 10000",
        "d9_n7": "--d 9 --n 7 --perm 6,5,4,3,2,1,0",
        "identity": "--perm 0,1,2,3,4",
    },
    "multihead": {
        "defaults": "",
        "h6": "--h 6",
        "d12_all_divisors": "--d 12 --n 4 --sweep 1,2,3,4,6,12",
        "appended_h5": "--seed 5 --d 30 --n 20 --h 5",
    },
    # lesson.py needs Debian's python3-torch. Its section-5 figure is the reference's own float32
    # rounding artefact; tests/reference/golden_test.py checks attn's there as `< 1e-6`. Negative --query
    # values are written `--query=-a,b`: argparse would read `-a,b` as an option.
    "lesson": {
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
        "t1000": "5 --t 1000",                           # exercise 3: section 5 at T = 1000
        "t4000_no_mask": "5 --t 4000 --no-mask",
        "all_t1": "--t 1",                               # sections 1-4 keep T = 5
        "t6_sections_5_3": "5 3 --t 6",
    },
    "mask": {
        "defaults": "",
        "pos2": "--pos 2",
        "pos5_negative_delta": "--pos 5 --delta -3.5",
        "n12_pos12": "--n 12 --pos 12",
        "seed9_small": "--seed 9 --d 4 --n 8 --dq 2 --pos 6",
    },
    # The UDL notebooks (udl.py; Debian's NumPy). tests/udl/udl_diagnose_test.py also feeds the X'
    # of the 12.2 files back to `attn udl 12.2 --diagnose` and expects the mistake they show.
    "udl": {
        "12.1_defaults": "12.1",                         # the notebook's x_prime_n true values
        "12.1_n1_d1": "12.1 --n 1 --d 1",
        "12.1_max_seeds": "12.1 --seed-x 4294967295 --seed-w 4294967295 --n 5 --d 7",
        "12.1_overflow_nan": "12.1 --n 20 --d 40 --seed-w 11",   # exp overflows: nan columns
        "12.2_defaults": "12.2",                         # the notebook's "True values"
        "12.2_scale_d": "12.2 --mistake scale-d",
        "12.2_unscaled": "12.2 --mistake unscaled",
        "12.2_softmax_rows": "12.2 --mistake softmax-rows",
        "12.2_no_bias": "12.2 --mistake no-bias",
        "12.2_no_omega_c": "12.2 --mistake no-omega-c",
        "12.2_h1": "12.2 --h 1",                         # one head: scale-d is the right answer
        "12.2_h8_unscaled": "12.2 --h 8 --mistake unscaled",   # D/H = 1: unscaled is right too
        "12.2_n1_d1": "12.2 --n 1 --d 1 --h 1",
        "12.2_summarised": "12.2 --seed-x 0 --seed-w 7 --n 40 --d 50 --h 5 --mistake no-bias",
        # 12.3, tokenization: the rhyme of figure 12.8, each mistake, the ends of the merges,
        # and texts that exercise Python's repr and str.split(). tests/udl/udl_diagnose_test.py
        # feeds these back to `attn udl 12.3 --diagnose` too.
        "12.3_defaults": "12.3",
        "12.3_merges0": "12.3 --merges 0",               # tokenize() keeps the defaultdict
        "12.3_merges1": "12.3 --merges 1",
        "12.3_merges50": "12.3 --merges 50",             # every word one token: 18 tokens
        "12.3_stale_tokens": "12.3 --mistake stale-tokens",
        "12.3_pairs_once": "12.3 --mistake pairs-once",
        "12.3_sorted_ties": "12.3 --mistake sorted-ties",
        "12.3_last_tie": "12.3 --mistake last-tie",
        "12.3_woodchuck": "12.3 --text 'How much wood could a woodchuck chuck if a woodchuck could chuck wood?' --merges 26",
        "12.3_woodchuck_first": "12.3 --text 'How much wood could a woodchuck chuck if a woodchuck could chuck wood?' --merges 0",
        "12.3_cjk": "12.3 --text '床前明月光　疑是地上霜 舉頭望明月　低頭思故鄉' --merges 12",
        "12.3_quotes": "12.3 --text \"it's a 'quote' said \\\"he\\\" it's\" --merges 9",
        "12.3_unprintable": "12.3 --text 'soft­hyphen zero​width bom﻿ emoji😀 a b </w>' --merges 14 --mistake last-tie",
    },
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--shared", default=str(ROOT.parent / "shared"))
    p.add_argument("commands", nargs="*", default=list(CASES))
    a = p.parse_args()
    for command in a.commands:
        folder = ROOT / "golden" / command
        folder.mkdir(parents=True, exist_ok=True)
        script = pathlib.Path(a.shared) / "reference" / f"{command}.py"
        for name, args in CASES[command].items():
            out = subprocess.run(["/usr/bin/python3", str(script), *shlex.split(args)],
                                 check=True, capture_output=True)
            header = f"$ attn {command} {args}".rstrip() + "\n"
            (folder / f"{name}.txt").write_bytes(header.encode() + out.stdout)
            print(f"golden/{command}/{name}.txt", file=sys.stderr)


if __name__ == "__main__":
    main()
