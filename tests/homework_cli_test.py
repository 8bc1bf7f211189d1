#!/usr/bin/env python3
"""`attn homework` end to end: the chapter's sheet scores full with the 1(c) note; crafted wrong
sheets exit 1 and every report (table, JUnit XML, Gradescope JSON, Markdown summary) names exactly
the wrong keys; malformed sheets exit 2 or 3 and never crash, and the reports still say why;
variants; flags. Reports are parsed with xml.etree and json, not matched as text.

    homework_cli_test.py --attn build/attn --shared ../shared
"""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROW = re.compile(r"^(hw\d\.[a-d]\.\S+)\s+(right|wrong|missing)\s+(\S+)/(\S+)\s", re.M)


class Runner:
    def __init__(self, attn, tmp):
        self.attn, self.tmp = attn, pathlib.Path(tmp)
        self.passed = self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL", what)

    def run(self, *args, stdin=None, env=None):
        e = dict(os.environ)
        e.pop("GITHUB_STEP_SUMMARY", None)
        e.update(env or {})
        return subprocess.run([self.attn, "homework", *args], input=stdin, capture_output=True, timeout=60, env=e)

    def write(self, name, data):
        path = self.tmp / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
        return str(path)

    def grade(self, sheet_text, *extra, name="sheet.toml"):
        """Grades with every report on; returns (rc, table rows, junit failures, gradescope, summary)."""
        sheet = self.write(name, sheet_text)
        junit, gs, summary = (str(self.tmp / n) for n in ("junit.xml", "results.json", "summary.md"))
        for f in (junit, gs, summary):
            pathlib.Path(f).unlink(missing_ok=True)
        p = self.run("--grade", sheet, "--junit", junit, "--gradescope", gs, *extra,
                     env={"GITHUB_STEP_SUMMARY": summary})
        return p, junit, gs, summary


def table_rows(stdout):
    return {m[0]: (m[1], float(m[2]), float(m[3])) for m in ROW.findall(stdout.decode())}


def junit_failures(path):
    root = ET.parse(path).getroot()
    cases = root.findall(".//testcase")
    return {c.get("name") for c in cases if c.find("failure") is not None}, len(cases), root


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--shared", required=True)
    a = ap.parse_args()
    book = (pathlib.Path(a.shared) / "reference/homework/book-answers.toml").read_text(encoding="utf-8")

    with tempfile.TemporaryDirectory() as tmp:
        t = Runner(os.path.abspath(a.attn), tmp)

        def agree(p, junit, gs, summary, wrong, what):
            """Table, JUnit, Gradescope and the summary name exactly `wrong`, with the same score."""
            rows = table_rows(p.stdout)
            t.check(len(rows) == 19, f"{what}: 19 rows in the table, got {len(rows)}")
            table_wrong = {k for k, v in rows.items() if v[0] != "right"}
            t.check(table_wrong == wrong, f"{what}: table flags {sorted(table_wrong)}, want {sorted(wrong)}")
            failures, cases, _ = junit_failures(junit)
            t.check(cases == 19 and failures == wrong, f"{what}: JUnit failures {sorted(failures)}")
            g = json.loads(pathlib.Path(gs).read_text(encoding="utf-8"))
            failed = {x["name"] for x in g["tests"] if x["status"] == "failed"}
            t.check(failed == wrong, f"{what}: Gradescope failed {sorted(failed)}")
            t.check(len(g["tests"]) == 19, f"{what}: Gradescope has 19 tests")
            for x in g["tests"]:
                row = rows.get(x["name"])
                t.check(row is not None and row[1] == x["score"] and row[2] == x["max_score"],
                        f"{what}: Gradescope {x['name']} score agrees with the table")
            score = sum(r[1] for r in rows.values())
            t.check(g["score"] == score, f"{what}: Gradescope score {g['score']} == table {score}")
            t.check(f"score: {score:g}/" in p.stdout.decode(), f"{what}: score line")
            md = pathlib.Path(summary).read_text(encoding="utf-8")
            md_wrong = set(re.findall(r"^\| `(hw[^`]+)` \| (?:❌|⬜)", md, re.M))
            t.check(md_wrong == wrong, f"{what}: summary flags {sorted(md_wrong)}")

        # 1. The chapter's own sheet: full marks, exit 0, the 1(c) note.
        p, junit, gs, summary = t.grade(book)
        t.check(p.returncode == 0, f"book sheet exits 0 (got {p.returncode}: {p.stderr.decode()})")
        out = p.stdout.decode()
        t.check("score: 19/19" in out, "book sheet scores 19/19")
        t.check("note on the chapter: it prints 0.0967" in out and "0.0966" in out, "the 1(c) note")
        agree(p, junit, gs, summary, set(), "book")
        _, _, root = junit_failures(junit)
        outs = [e.text for e in root.iter("system-out")]
        t.check(len(outs) == 1 and "0.0967" in outs[0], "JUnit carries the note")
        p2 = t.run("--grade", t.write("again.toml", book), env={"GITHUB_STEP_SUMMARY": summary})
        t.check(pathlib.Path(summary).read_text(encoding="utf-8").count("### attn homework") == 2,
                "$GITHUB_STEP_SUMMARY is appended to")
        t.check(p2.returncode == 0, "book sheet graded again")

        # 2. Crafted wrong sheets: exactly the wrong keys, in every report.
        def sub(text, old, new):
            assert old in text, old
            return text.replace(old, new, 1)

        crafted = [
            ("slope 0.0968", sub(book, "slope_a = 0.0967", "slope_a = 0.0968"), {"hw1.c.slope_a"}),
            ("no scaling + forgot Omega_c",
             sub(sub(book, "weights = [0.4458, 0.1084, 0.4458]", "weights = [0.4683, 0.0634, 0.4683]"),
                 'muls = "4*D^2*N + 2*N^2*D"', 'muls = "3*D^2*N + 2*N^2*D"'),
             {"hw1.a.weights", "hw3.b.muls"}),
            ("missing and wrong",
             sub(sub(book, "kept_sum = 0.801716", "# kept_sum = 0.801716"), "same_as_mask = true",
                 "same_as_mask = false"),
             {"hw2.a.kept_sum", "hw2.c.same_as_mask"}),
            ("expression D^3", sub(book, 'params = "4*D^2"', 'params = "4*D^3"'), {"hw3.a.params"}),
        ]
        for what, text, wrong in crafted:
            p, junit, gs, summary = t.grade(text)
            t.check(p.returncode == 1, f"{what}: exit 1 (got {p.returncode})")
            agree(p, junit, gs, summary, wrong, what)
        p, *_ = t.grade(sub(book, "weights = [0.4458, 0.1084, 0.4458]", "weights = [0.4683, 0.0634, 0.4683]"))
        t.check("no 1/sqrt(Dq) scaling" in p.stdout.decode(), "the hint names the mistake")
        for ok in ("0.0966", "0.0967"):
            p, *_ = t.grade(sub(book, "slope_a = 0.0967", f"slope_a = {ok}"))
            t.check(p.returncode == 0, f"slope_a = {ok} is right")
        for ok in ('"D^2*4"', '"4*D*D"'):
            p, *_ = t.grade(sub(book, 'params = "4*D^2"', f"params = {ok}"))
            t.check(p.returncode == 0, f"params = {ok} is right")

        # 3. Points from the sheet and from the flag.
        p, _, gs, _ = t.grade(sub(book, "slope_a = 0.0967", "slope_a = 0.5") + '\n[meta.points]\nhw1 = 2\n',
                              "--points", "hw1.c.slope_a=4")
        g = json.loads(pathlib.Path(gs).read_text(encoding="utf-8"))
        t.check(g["score"] == 6 * 2 + 12, f"points: score {g['score']}")
        t.check([x["max_score"] for x in g["tests"] if x["name"] == "hw1.c.slope_a"] == [4], "points: flag wins")

        # 4. Malformed sheets: 2 or 3, one error line naming the problem, never a crash; reports say why.
        malformed = [
            ("truncated", book[: book.index("0.1084")].encode(), 2, "not valid TOML"),
            ("wrong types", b'[hw1.a]\nscores = "2, 0, 2"\n', 2, "sheet.toml:2:10: hw1.a.scores"),
            ("binary", bytes(range(256)) * 8, 2, "not valid TOML"),
            ("empty", b"", 2, "not an answer sheet"),
            ("huge", b"# " + b"x" * (2 << 20) + b"\n", 2, "larger than 1 MiB"),
            ("nested", b"x = " + b"[" * 200000, 2, "not valid TOML"),
        ]
        for what, data, code, says in malformed:
            p, junit, gs, summary = t.grade(data)
            err = p.stderr.decode(errors="replace")
            t.check(p.returncode == code, f"{what}: exit {code} (got {p.returncode}: {err[:200]})")
            t.check(err.startswith("attn: error: --grade") and says in err, f"{what}: error names it: {err[:200]}")
            t.check(p.stdout == b"", f"{what}: nothing on stdout")
            _, cases, root = junit_failures(junit)
            t.check(cases == 1 and root.find(".//error") is not None, f"{what}: JUnit has the error")
            g = json.loads(pathlib.Path(gs).read_text(encoding="utf-8"))
            t.check(g["score"] == 0 and "could not be read" in g["output"], f"{what}: Gradescope says so")
            t.check("could not be read" in pathlib.Path(summary).read_text(encoding="utf-8"), f"{what}: summary")
        for what, path in (("missing file", str(t.tmp / "nope.toml")), ("directory", tmp)):
            p = t.run("--grade", path)
            t.check(p.returncode == 3 and p.stderr.decode().startswith("attn: error:"), f"{what}: exit 3")

        # 5. Variants: a variant's own key is full under it and fails under the chapter's.
        key = t.run("--key", "--variant", "s1234567")
        t.check(key.returncode == 0 and b'variant = "s1234567"' in key.stdout, "variant key printed")
        own = t.run("--grade", "-", "--variant", "s1234567", stdin=key.stdout)
        t.check(own.returncode == 0 and b"19/19" in own.stdout, f"variant key grades full: {own.stdout[-200:]}")
        other = t.run("--grade", "-", stdin=key.stdout)
        t.check(other.returncode == 1 and b"made for variant" in other.stderr, "variant key fails as chapter")
        chapter_key = t.run("--key")
        t.check(t.run("--grade", "-", stdin=chapter_key.stdout).returncode == 0, "chapter key grades full")
        t.check(t.run("--grade", "-", "--variant", "s1234567", stdin=chapter_key.stdout).returncode == 1,
                "chapter key fails under a variant")
        t.check(t.run("--variant", "s1234567").stdout != t.run().stdout, "variant solutions differ")

        # 6. Solutions and the template.
        sol = t.run("1")
        text = sol.stdout.decode()
        t.check(sol.returncode == 0 and "作業一" in text and "作業二" not in text, "attn homework 1")
        t.check("原書印 0.0967" in text and "0.0966" in text, "attn homework 1 has the note")
        tpl = t.run("--template")
        blank = t.run("--grade", "-", stdin=tpl.stdout)
        t.check(blank.returncode == 1 and b"19 missing" in blank.stdout, "the template grades as all missing")
        t.check(t.run("--template", "3").stdout.count(b"[hw") == 4, "template of problem 3 only")

        # 7. Bad flags: exit 2.
        for args in (["4"], ["0"], ["x"], ["--template", "--key"], ["--key", "--grade", "x"], ["--junit", "x"],
                     ["--points", "hw1=2"], ["--grade", "x", "--points", "hw1"], ["--variant", ""],
                     ["--grade"]):
            p = t.run(*args)
            t.check(p.returncode == 2 and p.stderr.startswith(b"attn: error:"), f"{args}: exit 2 ({p.stderr[:120]})")

        print(f"homework cli: {t.passed} passed, {t.failed} failed")
        return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main())
