#!/usr/bin/env python3
"""What a student and a teacher read (issue 31, point 8): the worked solutions wrapped to the
terminal ($COLUMNS), Chinese between characters and never before closing punctuation, English at
spaces, with nothing but line breaks changed and, into a pipe without COLUMNS, the text as before;
sheets and keys (TOML) never wrapped; the step summary (GITHUB_STEP_SUMMARY) without an empty
code box for a right answer's empty hint; `homework --svg DIR` writes the solutions' charts
(problem 1's weights as the query grows, problem 3's crossover at N = 2D)."""
import argparse
import os
import re
import sys
import tempfile
import unicodedata

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks, run_attn  # noqa: E402


def width(line):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("classroom_text")
    check = checks.check
    clean = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "ATTN_LANG", "ATTN_COURSE_SECRET")}

    def attn(args, **extra):
        return run_attn(a.attn, args, env=dict(clean, **extra), text=True)

    for lang in ("zh-TW", "en"):
        whole = attn(["homework", "--lang", lang]).stdout
        for columns in (80, 60):
            wrapped = attn(["homework", "--lang", lang], COLUMNS=str(columns)).stdout
            widest = max(width(l) for l in wrapped.splitlines())
            check(widest <= columns, f"homework --lang {lang}, COLUMNS={columns}: widest line {widest}")
            check(re.sub(r"\s+", "", wrapped) == re.sub(r"\s+", "", whole),
                  f"homework --lang {lang}, COLUMNS={columns}: only line breaks (and the spaces at them) change")
            starts = [l.lstrip()[:1] for l in wrapped.splitlines() if l.strip()]
            check(not any(c in "，。、；：）」』！？" for c in starts),
                  f"homework --lang {lang}, COLUMNS={columns}: no line starts with closing punctuation")
        check(max(width(l) for l in whole.splitlines()) > 100, f"homework --lang {lang} into a pipe: the prose as written")
    for args in (["homework", "--template"], ["homework", "--key"]):
        check(attn(args, COLUMNS="40").stdout == attn(args).stdout, f"{' '.join(args)}: TOML, never wrapped")

    with tempfile.TemporaryDirectory() as tmp:
        sheet = os.path.join(tmp, "answers.toml")
        with open(sheet, "w", encoding="utf-8") as f:
            f.write(attn(["homework", "--key"]).stdout)
        summary = os.path.join(tmp, "summary.md")
        r = attn(["homework", "--grade", sheet], GITHUB_STEP_SUMMARY=summary)
        text = open(summary, encoding="utf-8").read() if os.path.exists(summary) else ""
        check(r.returncode == 0 and "| key |" in text, f"--grade with GITHUB_STEP_SUMMARY: a summary ({r.stderr.strip()[:200]})")
        empty = re.findall(r"(`+) *\1", text)
        check(not empty, f"the step summary has no empty code box ({len(empty)})")
    # The worked solutions' charts (point 6): attn homework --svg DIR.
    import xml.etree.ElementTree as ET
    with tempfile.TemporaryDirectory() as tmp:
        r = attn(["homework", "--svg", tmp])
        check(r.returncode == 0 and r.stdout == attn(["homework"]).stdout,
              f"homework --svg DIR: the solutions' text unchanged ({r.stderr.strip()[:200]})")
        names = sorted(os.listdir(tmp))
        check(names == ["hw1-weights.svg", "hw3-cost.svg"], f"homework --svg DIR: hw1's and hw3's charts ({names})")
        texts = {}
        for name in names:
            root = ET.parse(os.path.join(tmp, name)).getroot()
            texts[name] = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
        key = attn(["homework", "--key"]).stdout
        n_equal = re.search(r"(?m)^n_equal_d\d* = (\d+)", key)
        check(n_equal and f"N = 2D = {n_equal.group(1)}" in texts.get("hw3-cost.svg", "")
              and n_equal.group(1) in texts.get("hw3-cost.svg", "").split(),
              f"hw3-cost.svg: the crossover at N = 2D, the key's n_equal_d ({n_equal and n_equal.group(1)}), as a tick")
        check(all(f"k{m}" in texts.get("hw1-weights.svg", "") for m in (1, 2, 3)), "hw1-weights.svg: a line per key")
        r = attn(["homework", "3", "--svg", tmp + "/only3"])
        check(r.returncode == 3 and "--svg" in r.stderr, f"homework --svg into a missing folder: exit 3 naming --svg ({r.stderr.strip()})")
        os.mkdir(tmp + "/only3")
        attn(["homework", "3", "--svg", tmp + "/only3"])
        check(sorted(os.listdir(tmp + "/only3")) == ["hw3-cost.svg"], "homework 3 --svg DIR: problem 3's chart only")
        r = attn(["homework", "--key", "--svg", tmp])
        check(r.returncode == 2 and "--svg" in r.stderr, f"homework --key --svg: refused, exit 2 ({r.stderr.strip()})")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
