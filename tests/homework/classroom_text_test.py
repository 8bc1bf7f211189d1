#!/usr/bin/env python3
"""What a student and a teacher read (issue 31, point 8): the worked solutions wrapped to the
terminal ($COLUMNS), Chinese between characters and never before closing punctuation, English at
spaces, with nothing but line breaks changed and, into a pipe without COLUMNS, the text as before;
sheets and keys (TOML) never wrapped; the step summary (GITHUB_STEP_SUMMARY) without an empty
code box for a right answer's empty hint."""
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
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
