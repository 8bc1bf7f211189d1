#!/usr/bin/env python3
"""The book's problems (12.1, 12.3, 12.4, 12.7, 12.9) end to end: attn's key (`attn homework book
--key --format json`) agrees with the independent key of tests/homework/book_keys.py on the book's
numbers and on many variants, with and without the course secret; the template names every key; the
filled key grades full; known mistakes are wrong with their hint; the book's problems are selected
on the command line and sit beside the chapter's in one sheet.

    book_keys_test.py --attn build/attn [--variants 120]
"""
import argparse
import json
import math
import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from harness import Checks  # noqa: E402
import book_keys  # noqa: E402

SECRET = "0123456789abcdef0123456789abcdef"


def run(attn, *args, secret=None, stdin=None):
    env = dict(os.environ)
    env.pop("ATTN_COURSE_SECRET", None)
    env.pop("GITHUB_STEP_SUMMARY", None)
    env.pop("ATTN_LANG", None)
    if secret:
        env["ATTN_COURSE_SECRET"] = secret
    return subprocess.run([attn, "homework", *args], capture_output=True, env=env, timeout=120, input=stdin)


def agree(expected, item):
    kind, got = item["kind"], item["value"]
    if kind == "expression":
        return book_keys.same_expression(got.replace("^", "**"), expected)
    if kind == "integer" or kind == "boolean":
        return got == expected
    if isinstance(expected, list):
        return len(got) == len(expected) and all(close(g, e) for g, e in zip(got, expected))
    return close(got, expected)


def close(got, expected):
    if expected == 0.0:
        return got == 0.0
    return math.isclose(got, expected, rel_tol=1e-12, abs_tol=0.0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--variants", type=int, default=120)
    a = ap.parse_args()
    checks = Checks("book problems")
    check = checks.check

    # ---- attn's key against the independent one --------------------------------------------------
    cases = [("", "")] + [(f"student-{i}", "") for i in range(a.variants // 2)] + \
            [(f"s{i}@example.org", SECRET) for i in range(a.variants - a.variants // 2)]
    compared = 0
    attn_items = {}
    for student, secret in cases:
        args = ["book", "--key", "--format", "json"] + (["--variant", student] if student else [])
        p = run(a.attn, *args, secret=secret)
        if not check(p.returncode == 0, f"{student or 'book'}: --key --format json exits 0 ({p.stderr.decode()[:200]})"):
            continue
        items = {i["key"]: i for i in json.loads(p.stdout)["data"]["items"]}
        attn_items[(student, secret)] = items
        expected = book_keys.key(book_keys.derive(student, secret))
        check(set(items) == set(expected), f"{student or 'book'}: the same keys ({sorted(set(items) ^ set(expected))})")
        for k, v in expected.items():
            if k in items:
                compared += 1
                check(agree(v, items[k]), f"{student or 'book'}: {k}: attn {items[k]['value']!r}, independent {v!r}")
    print(f"{len(cases)} variants, {compared} key values compared with the independent key")

    # ---- 12.4's values, NumPy's and attn's, against 200-digit decimal arithmetic ---------------------
    for student in ["", *(f"student-{i}" for i in range(min(20, a.variants // 2)))]:
        z = book_keys.derive(student)["b4"]["z"]
        y, jac = book_keys.softmax_jacobian(z)
        ydec, jdec = book_keys.softmax_jacobian_decimal(z)
        got = attn_items.get((student, ""), {})
        for name, values in (("NumPy", jac), ("attn", [got.get(f"book12_4.b.dy{i + 1}", {}).get("value", [0] * 5) for i in range(5)])):
            worst = max(abs(float(values[i][j]) - float(jdec[i][j])) / abs(float(jdec[i][j])) for i in range(5) for j in range(5))
            check(worst < 1e-13, f"{student or 'book'}: 12.4 {name} within 1e-13 of 200-digit decimal (worst {worst:.1e})")

    # ---- the book's facts --------------------------------------------------------------------------
    p = run(a.attn, "book", "--key", "--format", "json")
    items = {i["key"]: i["value"] for i in json.loads(p.stdout)["data"]["items"]} if p.returncode == 0 else {}
    check(items.get("book12_9.a.spatial") == 2 * 256 * 256 * 512, "12.9: 16x16 patches, 512 channels: 2P^2C")
    check(items.get("book12_9.b.channel") == 2 * 512 * 512 * 256, "12.9: 2C^2P")
    check(items.get("book12_9.c.ratio") == 0.5, "12.9: ratio 1/2")
    check(abs(items.get("book12_4.b.dy3", [0] * 5)[2] - 5.637742e-42) < 1e-47, "12.4: dy3/dz3 = 5.6e-42, not 0")

    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for student, secret in [("", ""), ("alice", ""), ("bob", SECRET)]:
            v = ["--variant", student] if student else []
            # The template names every key; the filled key grades full.
            t = run(a.attn, "book", "--template", *v, secret=secret)
            k = run(a.attn, "book", "--key", *v, secret=secret)
            check(t.returncode == 0 and k.returncode == 0, f"{student or 'book'}: --template and --key exit 0")
            if secret:   # keyed numbers: only the teacher's run grades them (issue 29, point 6)
                check(b"Check it with" not in t.stdout and b"grades this sheet with the course secret" in t.stdout,
                      f"{student}: a keyed template says the teacher's run grades it, and no self-check line")
            else:
                check(b"# Check it with: attn homework book --grade FILE" in t.stdout,
                      f"{student or 'book'}: the template says how to grade it (the book's problems named)")
            for key in book_keys.key(book_keys.derive(student, secret)):
                name = key.split(".")[-1]
                check(f"# {name} = ".encode() in t.stdout, f"{student or 'book'}: the template has {key}")
            sheet = tmp / "key.toml"
            sheet.write_bytes(k.stdout)
            g = run(a.attn, "book", "--grade", str(sheet), *v, secret=secret)
            check(g.returncode == 0, f"{student or 'book'}: the key graded with `book` scores full ({g.stdout.decode()[-300:]})")
            for lang in ("en",):
                s = run(a.attn, "book", "--lang", lang, *v, secret=secret)
                check(s.returncode == 0 and b"12.4" in s.stdout, f"{student or 'book'}: worked solutions --lang {lang}")

        # Known mistakes: 12.4's cancelled diagonal, 12.9 swapped, 12.7 recomputing every row.
        k = run(a.attn, "12.4", "--key").stdout.decode()
        book = book_keys.key(book_keys.derive(""))
        row3 = book["book12_4.b.dy3"][:]
        row3[2] = 0.0
        sheet = tmp / "mistakes.toml"
        lines = []
        for line in k.splitlines():
            if line.startswith("dy3 = "):
                line = "dy3 = [" + ", ".join(f"{x:.2e}" for x in row3) + "]"
            lines.append(line)
        sheet.write_text("\n".join(lines) + "\n[book12_9.a]\nspatial = 134217728\n[book12_7.a]\ntotal = "
                         + str(3 * 48 * 48 * 41 + 2 * 48 * 41 * 41) + "\n")
        g = run(a.attn, "12.4", "--grade", str(sheet))
        out = g.stdout.decode()
        check(g.returncode == 1 and "cancels to 0" in out, f"12.4: the cancelled y3(1 - y3) is wrong and named ({out[-400:]})")
        g = run(a.attn, "12.9", "--grade", str(sheet))
        check(g.returncode == 1 and "swapped" in g.stdout.decode(), "12.9: the counts swapped are named")
        # The whole 12.9 key with (a) swapped, graded with every report.
        swapped = "\n".join("spatial = 134217728" if line.startswith("spatial = ") else line
                            for line in run(a.attn, "12.9", "--key").stdout.decode().splitlines())
        (tmp / "swapped.toml").write_text(swapped + "\n")
        junit, gs = tmp / "report.xml", tmp / "results.json"
        g = run(a.attn, "12.9", "--grade", str(tmp / "swapped.toml"), "--junit", str(junit), "--gradescope", str(gs))
        import xml.etree.ElementTree as ET
        cases = ET.parse(junit).getroot().findall(".//testcase")
        failed = {c.get("name") for c in cases if c.find("failure") is not None}
        check(len(cases) == 3 and failed == {"book12_9.a.spatial"}, f"12.9: JUnit has the book's keys, the wrong one failed ({failed})")
        report = json.loads(gs.read_text())
        check(report["score"] == 2 and len(report["tests"]) == 3, f"12.9: Gradescope score 2 of 3 ({report['score']})")
        g = run(a.attn, "12.7", "--grade", str(sheet))
        check(g.returncode == 1 and "recomputed all the rows" in g.stdout.decode(), "12.7: recomputing every row is named")

        # One sheet holding both kinds: the chapter's problem 1 and the book's 12.9.
        both = run(a.attn, "1", "--key").stdout + b"\n" + run(a.attn, "12.9", "--key").stdout
        sheet.write_bytes(both)
        for sel in ("1", "12.9"):
            g = run(a.attn, sel, "--grade", str(sheet))
            check(g.returncode == 0, f"one sheet with hw1 and book12_9, graded as {sel}: full ({g.stdout.decode()[-200:]})")

        # A course file chooses the problems set: one sheet, the chapter's 1 and the book's 12.4 and
        # 12.9, graded together, with points per book problem; a problem it does not know is refused.
        both = b"".join(run(a.attn, sel, "--key", "--variant", "alice").stdout for sel in ("1", "12.4", "12.9"))
        sheet.write_bytes(both)
        course = tmp / "course.toml"
        course.write_text('problems = ["hw1", "book12_4", "12.9"]\n[points]\nbook12_4 = 2\n')
        g = run(a.attn, "--grade", str(sheet), "--variant", "alice", "--course", str(course))
        out = g.stdout.decode()
        check(g.returncode == 0 and "score: 24/24" in out, f"course problems = [hw1, book12_4, 12.9]: all graded ({out[-300:]})")
        course.write_text('problems = ["hw1", "book12_2"]\n')
        g = run(a.attn, "--grade", str(sheet), "--course", str(course))
        check(g.returncode == 2 and b"problems:" in g.stderr, f"a course file naming book12_2 is refused ({g.stderr!r})")

        # --grade-class: the book's problem for a roster, its keys the gradebook's columns.
        for student in ("alice", "bob"):
            (tmp / f"{student}.toml").write_bytes(run(a.attn, "12.4", "--key", "--variant", student).stdout)
        bob = (tmp / "bob.toml").read_text().replace("conclusion = 2", "conclusion = 3")
        (tmp / "bob.toml").write_text(bob)
        (tmp / "roster.csv").write_text("id,sheet\nalice,alice.toml\nbob,bob.toml\n")
        g = run(a.attn, "12.4", "--grade-class", str(tmp / "roster.csv"), "--out", str(tmp / "class"))
        book_csv = (tmp / "class" / "gradebook.csv").read_text() if (tmp / "class" / "gradebook.csv").exists() else ""
        rows = book_csv.splitlines()
        check(g.returncode == 1 and len(rows) == 3 and '"book12_4.c.conclusion"' in rows[0]
              and rows[1].startswith('"alice","",7,7') and rows[2].startswith('"bob","",6,7'),
              f"--grade-class 12.4: the gradebook has the book's keys and each student's score ({book_csv[:300]!r})")

    # Problem names: refused with one line naming the allowed ones.
    p = run(a.attn, "12.2")
    check(p.returncode == 2 and b"12.1" in p.stderr and len(p.stderr.splitlines()) == 1, f"12.2 refused, exit 2 ({p.stderr!r})")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
