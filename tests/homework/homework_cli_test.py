#!/usr/bin/env python3
"""`attn homework` end to end: the chapter's sheet scores full with the 1(c) note; crafted wrong
sheets exit 1 and every report (table, JUnit XML, Gradescope JSON, Markdown summary) names exactly
the wrong keys; malformed sheets exit 2 or 3 and never crash or hang, and the reports still say why;
variants with and without the course secret (re-derived here independently with Python's hmac);
what a student could try against the grader (issue 8); flags. Reports are parsed with xml.etree
and json, not matched as text.

    homework_cli_test.py --attn build/attn --book tests/data/homework/book-answers.toml
"""
import argparse
import hashlib
import hmac
import json
import math
import os
import pathlib
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

ROW = re.compile(r"^(hw\d\.[a-d]\.\S+)\s+(right|wrong|missing)\s+(\S+)/(\S+)\s", re.M)


class Runner:
    def __init__(self, attn, tmp):
        self.attn, self.tmp = attn, pathlib.Path(tmp)
        self.checks = Checks("homework cli")
        self.check = self.checks.check

    def run(self, *args, stdin=None, env=None, command="homework", **kw):
        e = dict(os.environ)
        e.pop("GITHUB_STEP_SUMMARY", None)
        e.pop("ATTN_COURSE_SECRET", None)
        e.update(env or {})
        if "stdout" not in kw:
            kw["capture_output"] = True
        return subprocess.run([self.attn, command, *args], input=stdin, timeout=60, env=e, **kw)

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


SECRET = "0123456789abcdef0123456789abcdef"
M64 = (1 << 64) - 1


def column_weights(seed, column):
    """Column `column` of the section-3 attention matrix for `seed`, as `attn attention` computes it
    (its output is held to the chapter's script by the golden and conformance tests)."""
    p = subprocess.run([ATTN[0], "attention", "--seed", str(seed), "--col", str(column), "--format", "json"],
                       capture_output=True, timeout=60, check=True)
    return json.loads(p.stdout)["data"]["column_weights"]["values"]


ATTN = [None]


def routes_agree(s):
    """Issue 43's choice of problem 1's numbers: the best score at least 0, every weight of (a) and (b)
    at least 0.001, and no 4-place answer (every element of a vector) within 6 units of a 2-place one."""
    def softmax(xs):
        top = max(xs)
        e = [math.exp(x - top) for x in xs]
        return [x / sum(e) for x in e]

    def near(x):
        return abs(x * 100 - round(x * 100)) * 100 <= 6.0

    if max(s) < 0:
        return False
    a, b = softmax([x / math.sqrt(2) for x in s]), softmax([float(x) for x in s])
    if min(a + b) < 0.001 or all(near(x) for x in a) or all(near(x) for x in b):
        return False
    return not near(a[1] * (1 - a[1]))


def derive_variant(student, secret=""):
    """attn's variant numbers re-derived: HMAC-SHA256(secret, domain + ID), then SplitMix64 draws."""
    mac = hmac.new(secret.encode(), b"attn homework variant v3\n" + student.encode(), hashlib.sha256).digest()
    state = int.from_bytes(mac[:8], "big")

    def draw(lo, hi):
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return lo + (z ^ (z >> 31)) % (hi - lo + 1)

    while True:
        keys = [(draw(-5, 5), draw(-5, 5)) for _ in range(3)]
        q, scale = (draw(-5, 5), draw(-5, 5)), draw(2, 20)
        if (0, 0) in keys or len(set(keys)) < 3 or q == (0, 0):
            continue
        s = [k[0] * q[0] + k[1] * q[1] for k in keys]
        if 1 <= max(s[0], s[2]) - s[1] <= 3 and scale * (max(s) - min(s)) <= 100 and routes_agree(s):
            break
    while True:
        seed, column = draw(1, 2**32 - 1), draw(2, 4)
        if min(column_weights(seed, column)[:column]) >= 0.01:
            break
    d = 6 * draw(2, 40)
    while True:
        n_short, n_long = draw(4, 999), draw(5, 1999)
        if n_long > n_short:
            break
    return {"keys": keys, "query": q, "seed": seed, "column": column, "d": d, "n_short": n_short,
            "n_long": n_long}


def template_numbers(text):
    """The numbers a template poses, read from its comments and key names."""
    k = re.search(r"k1=\((-?\d+),(-?\d+)\)、k2=\((-?\d+),(-?\d+)\)、k3=\((-?\d+),(-?\d+)\)", text)
    keys = [(int(k[1]), int(k[2])), (int(k[3]), int(k[4])), (int(k[5]), int(k[6]))]
    q = re.search(r"q=\((-?\d+),(-?\d+)\)", text)
    col = re.search(r"attn attention --seed (\d+)），第 (\d) 欄", text)
    muls = [int(x) for x in re.findall(r"muls_n(\d+) =", text)]
    return {"keys": keys, "query": (int(q[1]), int(q[2])), "seed": int(col[1]), "column": int(col[2]),
            "d": int(re.search(r"（c）取 D = (\d+)", text)[1]), "n_short": muls[0], "n_long": muls[1]}


def table_rows(stdout):
    return {m[0]: (m[1], float(m[2]), float(m[3])) for m in ROW.findall(stdout.decode())}


def junit_failures(path):
    root = ET.parse(path).getroot()
    cases = root.findall(".//testcase")
    return {c.get("name") for c in cases if c.find("failure") is not None}, len(cases), root


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--book", required=True, help="the chapter's answers as a sheet")
    a = ap.parse_args()
    book = pathlib.Path(a.book).read_text(encoding="utf-8")

    with tempfile.TemporaryDirectory() as tmp:
        t = Runner(os.path.abspath(a.attn), tmp)
        ATTN[0] = os.path.abspath(a.attn)

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

        # 3. Points from the teacher (--points, --course), never from the sheet's [meta].
        course = t.write("course.toml", '[points]\nhw1 = 2\n[gradescope]\nvisibility = "after_published"\n')
        p, _, gs, _ = t.grade(sub(book, "slope_a = 0.0967", "slope_a = 0.5") +
                              '\n[meta.points]\n"hw1.a.scores" = 1000000\n"*" = nan\nhw2 = inf\nhw3 = -5\n',
                              "--points", "hw1.c.slope_a=4", "--course", course)
        g = json.loads(pathlib.Path(gs).read_text(encoding="utf-8"))
        t.check(g["score"] == 6 * 2 + 12, f"points: score {g['score']}")
        t.check([x["max_score"] for x in g["tests"] if x["name"] == "hw1.c.slope_a"] == [4], "points: flag wins")
        t.check(all(x.get("visibility") == "after_published" for x in g["tests"]), "course: visibility")
        t.check(p.stderr.decode().count("[meta] in the answer sheet is ignored") == 1, "one [meta] warning")
        for bad in ("hw1=nan", "hw1=inf", "hw1=-5", "hw1=1e400"):
            p = t.run("--grade", t.write("b.toml", book), "--points", bad)
            t.check(p.returncode == 2 and p.stdout == b"", f"--points {bad}: exit 2")
        for bad in ("[points]\nhw1 = nan\n", "[points]\nhw1 = -inf\n", "[points]\nhw1 = -5\n"):
            p = t.run("--grade", t.write("b.toml", book), "--course", t.write("c.toml", bad))
            t.check(p.returncode == 2 and p.stderr.decode().startswith("attn: error: --course"), f"course {bad!r}: exit 2")

        # 4. Malformed sheets: 2 or 3, one error line naming the problem, never a crash; reports say why.
        malformed = [
            # (a sheet cut in the middle of an array is graded, the cut key wrong: grader_rule_test.py)
            # ([hw1.a never closed is read as [hw1.a], issue 43; a blank inside a header is not guessed at)
            ("nothing readable", b"[hw1 a\nscores = [1,", 2, "sheet.toml:1:6: unexpected 'a' after a key segment"),
            ("binary", bytes(range(256)) * 8, 2, "sheet.toml:1:1: unexpected byte 0x00 in a key"),
            ("binary in a comment", b"# " + bytes(range(128, 256)), 2, "sheet.toml:1:3: not UTF-8 (byte 0x80)"),
            ("latin-1", "[hw1.a]\n# café\n".encode("latin-1"), 2, "sheet.toml:2:6: not UTF-8"),
            ("only é", "é".encode(), 2, "sheet.toml:1:1: a non-ASCII character outside a string or comment"),
            ("empty", b"", 2, "not an answer sheet"),
            ("huge", b"# " + b"x" * (2 << 20) + b"\n", 2, "larger than 1 MiB"),
            ("nested", b"x = " + b"[" * 200000, 2, "nested 21 levels deep"),
            ("dotted 30000", b"a" + b".a" * 30000 + b" = 1\n", 2, "nested 21 levels deep"),
            ("tables 30000", b"[a" + b".a" * 30000 + b"]\n", 2, "nested 21 levels deep"),
        ]
        for what, data, code, says in malformed:
            # Stale reports a student committed, replaced whatever the sheet does to the grader.
            pathlib.Path(t.tmp / "junit.xml").write_text('<testsuites tests="19" failures="0"/>')
            pathlib.Path(t.tmp / "results.json").write_text('{"score": 19}')
            sheet = t.write("sheet.toml", data)
            junit, gs, summary = (str(t.tmp / n) for n in ("junit.xml", "results.json", "summary.md"))
            pathlib.Path(summary).unlink(missing_ok=True)
            p = t.run("--grade", sheet, "--junit", junit, "--gradescope", gs, env={"GITHUB_STEP_SUMMARY": summary})
            err = p.stderr.decode(errors="replace")
            t.check(p.returncode == code, f"{what}: exit {code} (got {p.returncode}: {err[:200]})")
            t.check(err.startswith("attn: error: --grade") and says in err and err.count("\n") == 1,
                    f"{what}: one error line naming it: {err[:200]}")
            t.check(p.stdout == b"", f"{what}: nothing on stdout")
            _, cases, root = junit_failures(junit)
            t.check(cases == 1 and root.find(".//error") is not None, f"{what}: JUnit has the error")
            g = json.loads(pathlib.Path(gs).read_text(encoding="utf-8"))
            t.check(g["score"] == 0 and "could not be read" in g["output"], f"{what}: Gradescope says so")
            t.check("could not be read" in pathlib.Path(summary).read_text(encoding="utf-8"), f"{what}: summary")
        for what, path in (("missing file", str(t.tmp / "nope.toml")), ("directory", tmp)):
            p = t.run("--grade", path)
            t.check(p.returncode == 3 and p.stderr.decode().startswith("attn: error:"), f"{what}: exit 3")

        # 5. Variants, with and without the course secret; the numbers re-derived here independently.
        secret_env = {"ATTN_COURSE_SECRET": SECRET}
        for student, secret in (("s1234567", ""), ("s1234567", SECRET), ("alice", SECRET), ("alice", "")):
            env = {"ATTN_COURSE_SECRET": secret} if secret else {}
            tpl = t.run("--template", "--variant", student, env=env).stdout.decode()
            t.check(template_numbers(tpl) == derive_variant(student, secret),
                    f"variant {student} (secret: {bool(secret)}): {template_numbers(tpl)} != {derive_variant(student, secret)}")
            key = t.run("--key", "--variant", student.upper() + "  ", env=env)
            own = t.run("--grade", "-", "--variant", student, stdin=key.stdout, env=env)
            t.check(own.returncode == 0 and b"19/19" in own.stdout, f"{student}: key round-trips: {own.stdout[-200:]}")
            t.check(f"(student: {student}, ".encode() in own.stdout, f"{student}: the normalised ID is printed")
        as_json = json.loads(t.run("--key", "--variant", "alice", "--format", "json", env=secret_env).stdout)
        keyed = derive_variant("alice", SECRET)
        t.check(f"hw3.c.muls_n{keyed['n_short']}" in {i["key"] for i in as_json["data"]["items"]},
                "--format json --key uses the course secret too")
        secret_file = t.write("secret.txt", SECRET + "\n")
        via_file = t.run("--template", "--variant", "alice", "--secret-file", secret_file).stdout
        t.check(via_file == t.run("--template", "--variant", "alice", env=secret_env).stdout, "--secret-file = env")
        # Issue 8, point 1: the key a student prints without the secret does not grade under it.
        printed = t.run("--key", "--variant", "alice")
        graded = t.run("--grade", "-", "--variant", "alice", stdin=printed.stdout, env=secret_env)
        t.check(graded.returncode == 1 and b"keyed by the course secret" in graded.stdout,
                f"self-study key under the secret: exit {graded.returncode}")
        rows = table_rows(graded.stdout)
        t.check(sum(1 for r in rows.values() if r[0] == "right") < 12, "self-study key scores low under the secret")
        for bad_env in ({"ATTN_COURSE_SECRET": ""}, {"ATTN_COURSE_SECRET": "short"}):
            p = t.run("--key", "--variant", "alice", env=bad_env)
            t.check(p.returncode == 2 and p.stdout == b"", f"secret {bad_env}: exit 2")
        chapter_key = t.run("--key")
        t.check(t.run("--grade", "-", stdin=chapter_key.stdout).returncode == 0, "chapter key grades full")
        t.check(t.run("--grade", "-", "--variant", "chapter", stdin=chapter_key.stdout).returncode == 0,
                "--variant chapter is the chapter's numbers")
        # Issue 29: under a course secret no student is graded on the book's own (printed) answers.
        p = t.run("--grade", "-", "--variant", "Chapter", stdin=chapter_key.stdout, env=secret_env)
        t.check(p.returncode == 2 and b"public numbers" in p.stderr, f"--variant Chapter under a secret: refused ({p.stderr[:160]})")
        t.check(t.run("--grade", "-", "--variant", "s1234567", stdin=chapter_key.stdout).returncode == 1,
                "chapter key fails under a variant")
        t.check(t.run("--variant", "s1234567").stdout != t.run().stdout, "variant solutions differ")

        # Issue 8, point 2: grading the blank template shows no expected value, anywhere.
        p, junit, gs, summary = t.grade(t.run("--template").stdout)
        everything = (p.stdout.decode() + pathlib.Path(junit).read_text(encoding="utf-8") +
                      pathlib.Path(gs).read_text(encoding="utf-8") + pathlib.Path(summary).read_text(encoding="utf-8"))
        leaked = [v for v in ("0.0966", "0.801716", "4*D^2*N", "0.4458", "9216", "884736", "0.260645", "1.4142")
                  if v in everything or v.replace(".", "\\.") in everything]
        t.check(p.returncode == 1 and not leaked, f"blank template: no expected values shown (leaked {leaked})")
        p, junit, gs, summary = t.grade(t.run("--template").stdout, "--show-expected")
        t.check("0.801716" in p.stdout.decode() and "0.801716" in pathlib.Path(gs).read_text(encoding="utf-8"),
                "--show-expected shows them")

        # Issue 14, point 2: JUnit failures= counts wrong and missing answers alike.
        p, junit, gs, summary = t.grade(sub(sub(book, "kept_sum = 0.801716", "# kept_sum"), "ratio = 5.13", "ratio = 6"))
        failures, cases, root = junit_failures(junit)
        suite = root.find("testsuite")
        t.check(len(failures) == 2 and suite.get("failures") == "2" and root.get("failures") == "2",
                f"JUnit failures= {suite.get('failures')} for {len(failures)} <failure> elements")

        # Issue 8, point 5: a polynomial through the six old fixed points is wrong.
        fitted = '"4*D^2 + (D-48)*(D-7.25)*(D-513)*(D-19.5)*(D-2.125)*(D-96.5)"'
        p, *_ = t.grade(sub(book, 'params = "4*D^2"', f"params = {fitted}"))
        t.check(p.returncode == 1 and table_rows(p.stdout)["hw3.a.params"][0] == "wrong", "fitted polynomial is wrong")
        p, *_ = t.grade(sub(book, 'params = "4*D^2"', 'params = "386*D"'))
        t.check(p.returncode == 1, "386*D (4D^2 at D = 96.5 only) is wrong")
        for ok in ('"4D^2"', '"D**2*4"', '"4D²"', '"4 × D²"'):
            p, *_ = t.grade(sub(book, 'params = "4*D^2"', f"params = {ok}"))
            t.check(p.returncode == 0, f"params = {ok} is right")

        # Issue 8, points 4 and 6: FIFOs, report paths, duplicates, Markdown, a bad key among good ones.
        fifo = t.tmp / "fifo.toml"
        os.mkfifo(fifo)
        p = t.run("--grade", str(fifo))
        t.check(p.returncode == 3 and b"not a regular file" in p.stderr, f"FIFO: exit 3 without blocking ({p.stderr[:100]})")
        sheet = t.write("answers.toml", book)
        for args in (["--junit", ""], ["--gradescope", ""], ["--junit", sheet], ["--gradescope", str(t.tmp / "." / "answers.toml")],
                     ["--junit", str(t.tmp / "r.xml"), "--gradescope", str(t.tmp / "r.xml")]):
            p = t.run("--grade", sheet, *args)
            t.check(p.returncode == 2 and p.stderr.count(b"\n") == 1, f"{args}: refused ({p.stderr[:120]})")
        t.check(pathlib.Path(sheet).read_text(encoding="utf-8") == book, "the sheet is never overwritten")
        (t.tmp / "evil.xml").unlink(missing_ok=True)
        os.symlink(sheet, t.tmp / "evil.xml")
        p = t.run("--grade", sheet, "--junit", str(t.tmp / "evil.xml"))
        t.check(p.returncode == 0 and pathlib.Path(sheet).read_text(encoding="utf-8") == book and
                not os.path.islink(t.tmp / "evil.xml"), "a symbolic link as report path is replaced, not followed")
        os.mkdir(t.tmp / "dir.xml")
        pathlib.Path(t.tmp / "results.json").write_text('{"score": 19}')
        p = t.run("--grade", sheet, "--junit", str(t.tmp / "dir.xml"), "--gradescope", str(t.tmp / "results.json"))
        t.check(p.returncode == 3 and json.loads((t.tmp / "results.json").read_text())["score"] == 0 and
                "is a directory" in json.loads((t.tmp / "results.json").read_text())["output"],
                "report is a directory: exit 3, the other report a score-0 one naming why")
        # Issue 17, point 7: every refusal after the report paths are known replaces the stale
        # reports with score-0 ones naming the reason (a student's committed results.json says 19).
        for args, env, says in ((["--points", "hw1=-1"], {}, "--points"), (["--variant", ""], {}, "--variant"),
                                (["--variant", "  "], {}, "the ID is empty"), ([], {"ATTN_LANG": "xx"}, "ATTN_LANG"),
                                (["--format", "json"], {}, "--format"),
                                # Issue 29: errors CLI11 raises before the command runs replace them too.
                                (["--bogus"], {}, "--bogus"), (["--format", "xml"], {}, "--format"),
                                (["--lang", "en_US"], {}, "--lang"), (["--variant"], {}, "--variant"),
                                (["--jobs", "x"], {}, "--jobs")):
            stale_json, stale_xml = t.tmp / "stale.json", t.tmp / "stale.xml"
            stale_json.write_text('{"score": 19, "tests": []}')
            stale_xml.write_text('<testsuites tests="19" failures="0"/>')
            p = t.run("--grade", sheet, "--junit", str(stale_xml), "--gradescope", str(stale_json), *args, env=env)
            g = json.loads(stale_json.read_text())
            _, cases, root = junit_failures(str(stale_xml))
            t.check(p.returncode == 2 and p.stderr.count(b"\n") == 1 and g["score"] == 0 and says in g["output"] and
                    cases == 1 and root.find(".//error") is not None and says in root.find(".//error").get("message", "") +
                    (root.find(".//error").text or ""), f"{args} {env}: exit 2, score-0 reports naming it ({g})")
            # The reason is the refusal, not an unreadable sheet (the sheet was never read).
            t.check(g["output"].startswith("Not graded: ") and "could not be read" not in g["output"] and
                    root.find(".//error").get("type") == "refused", f"{args} {env}: the reports say not graded ({g})")
        # ... also written --junit=FILE, and with the unknown flag before the report flags.
        stale_json, stale_xml = t.tmp / "stale.json", t.tmp / "stale.xml"
        stale_json.write_text('{"score": 19, "tests": []}')
        stale_xml.write_text('<testsuites tests="19" failures="0"/>')
        p = t.run("--bogus", "--grade", sheet, f"--junit={stale_xml}", f"--gradescope={stale_json}")
        t.check(p.returncode == 2 and json.loads(stale_json.read_text())["score"] == 0 and
                junit_failures(str(stale_xml))[1] == 1, f"--bogus before --junit=FILE: stale reports replaced ({p.stderr})")
        # Issue 17, point 7: two directories exit 3 like one; a device node is refused, never unlinked.
        os.makedirs(t.tmp / "dir2.json", exist_ok=True)
        p = t.run("--grade", sheet, "--junit", str(t.tmp / "dir.xml"), "--gradescope", str(t.tmp / "dir2.json"))
        t.check(p.returncode == 3, f"two directory report paths: exit 3 ({p.returncode})")
        fifo_report = t.tmp / "fifo.xml"
        os.mkfifo(fifo_report)
        p = t.run("--grade", sheet, "--junit", str(fifo_report))
        t.check(p.returncode == 3 and b"not a regular file" in p.stderr and stat.S_ISFIFO(os.lstat(fifo_report).st_mode),
                f"a FIFO at a report path: exit 3, left in place ({p.stderr[:120]})")
        # A device node of the test's own (/dev/null's numbers), never the system's /dev/null: as
        # root a bug here (the mutant report-path-device-unlinked) would replace the machine's
        # /dev/null with a regular file. Without root (no mknod) /dev/null itself is safe to try:
        # its folder is not writable then.
        device = t.tmp / "null-device"
        try:
            os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except PermissionError:
            device = pathlib.Path("/dev/null")
        if device.exists():
            p = t.run("--grade", sheet, "--junit", str(device))
            t.check(p.returncode == 3 and stat.S_ISCHR(os.lstat(device).st_mode),
                    f"--junit {device} (a character device): exit 3, the device stays a device")
        # Issue 17, point 7: $GITHUB_STEP_SUMMARY naming an input (or a link to one) is refused, nothing appended.
        secret_path = t.write("secret.txt", "s" * 32 + "\n")
        os.chmod(secret_path, 0o600)   # a secret others can read is warned about (refused with require_secret)
        course_path = t.write("course.toml", "[points]\nhw1 = 2\n")
        os.symlink(secret_path, t.tmp / "summary-link.md")
        for target in (sheet, secret_path, course_path, str(t.tmp / "summary-link.md")):
            before = {f: pathlib.Path(f).read_bytes() for f in (sheet, secret_path, course_path)}
            p = t.run("--grade", sheet, "--secret-file", secret_path, "--course", course_path,
                      "--gradescope", str(t.tmp / "sum.json"), env={"GITHUB_STEP_SUMMARY": target})
            after = {f: pathlib.Path(f).read_bytes() for f in before}
            t.check(p.returncode == 2 and p.stderr.count(b"\n") == 1 and b"GITHUB_STEP_SUMMARY" in p.stderr and
                    before == after and json.loads((t.tmp / "sum.json").read_text())["score"] == 0,
                    f"GITHUB_STEP_SUMMARY={target}: refused, nothing appended ({p.stderr[:120]})")
        # A student's committed answers.toml that links to a grader's file is refused unread (exit 3),
        # and the score-0 report says why without the file's text.
        for target, code, says in ((secret_path, 2, "is the file given to --secret-file"),
                                   ("/proc/self/environ", 3, "a symbolic link")):
            link = t.tmp / "linked-answers.toml"
            link.unlink(missing_ok=True)
            os.symlink(target, link)
            p = t.run("--grade", str(link), "--secret-file", secret_path, "--variant", "alice",
                      "--gradescope", str(t.tmp / "link.json"))
            g = json.loads((t.tmp / "link.json").read_text())
            t.check(p.returncode == code and says.encode() in p.stderr and b"sss" not in p.stderr + p.stdout and
                    g["score"] == 0 and says in g["output"] and "sss" not in g["output"],
                    f"a sheet linking to {target}: refused unread ({p.stderr[:120]})")
        # Issue 17, point 7: require_secret = true fails closed: no secret or no ID -> a score-0 report saying why.
        strict = t.write("strict.toml", "require_secret = true\n[points]\nhw1 = 2\n")
        for args, env, says in (([], {}, "no --variant ID"), (["--variant", "alice"], {}, "no course secret"),
                                (["--variant", "chapter", "--secret-file", secret_path], {}, "public numbers"),
                                ([], {"ATTN_COURSE_SECRET": "s" * 32}, "no --variant ID")):
            (t.tmp / "strict.json").write_text('{"score": 19, "tests": []}')
            p = t.run("--grade", sheet, "--course", strict, "--gradescope", str(t.tmp / "strict.json"), *args, env=env)
            g = json.loads((t.tmp / "strict.json").read_text())
            t.check(p.returncode == 2 and says.encode() in p.stderr and p.stderr.count(b"\n") == 1 and
                    g["score"] == 0 and "require_secret" in g["output"], f"require_secret {args} {env}: refused ({g})")
        p = t.run("--grade", sheet, "--course", strict, "--variant", "alice", "--secret-file", secret_path,
                  "--gradescope", str(t.tmp / "strict.json"))
        t.check(p.returncode == 1 and "keyed by the course secret" in (t.tmp / "strict.json").read_text(),
                "require_secret with an ID and the secret: graded (the book's answers are wrong for alice)")
        # Issue 22, point 10: concurrent gradings into the same report paths leave one run's pair.
        pair_xml, pair_json = str(t.tmp / "pair.xml"), str(t.tmp / "pair.json")
        sheets = [t.write(f"c{k}.toml", book if k % 2 else sub(book, "ratio = 5.13", "ratio = 9.99")) for k in range(6)]
        consistent = True
        for _ in range(6):
            procs = [subprocess.Popen([t.attn, "homework", "--grade", sh, "--junit", pair_xml, "--gradescope", pair_json],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for sh in sheets]
            for proc in procs:
                proc.wait(timeout=60)
            _, _, root = junit_failures(pair_xml)
            score = [pr.get("value") for pr in root.iter("property") if pr.get("name") == "score"][0]
            consistent = consistent and float(score) == json.loads(pathlib.Path(pair_json).read_text())["score"]
        t.check(consistent, "concurrent gradings: the JUnit and Gradescope files are one run's pair")
        p, junit, gs, summary = t.grade('"hw1.a.scores" = [2, 0, 2]\n' + book)
        t.check(p.returncode == 1 and re.search(rb"written twice, at \S*sheet.toml:1:18 and \S*sheet.toml:7:11", p.stdout),
                "a duplicate key names both places")
        p, junit, gs, summary = t.grade(sub(sub(book, 'params = "4*D^2"', 'params = "**4** [x](http://e) <b>"'),
                                            "ratio = 5.13", 'ratio = "5.13"'))
        md = pathlib.Path(summary).read_text(encoding="utf-8")
        t.check('` "**4** [x](http://e) <b>" `' in md, "Markdown in an answer is a code span")
        if shutil.which("cmark-gfm"):
            html = subprocess.run(["cmark-gfm", "-e", "table", "-e", "autolink"], input=md.encode(),
                                  capture_output=True, check=True).stdout.decode()
            t.check("<a " not in html and "<b>" not in html and "<strong>4" not in html,
                    f"the summary renders the answer as text: {html[:200]}")
        rows = table_rows(p.stdout)
        t.check(p.returncode == 1 and rows["hw3.c.ratio"][0] == "wrong" and
                sum(1 for r in rows.values() if r[0] == "right") == 17, "a badly typed key is wrong, the rest graded")

        # A full disk (simulated with RLIMIT_FSIZE: writes past 1200 bytes fail with EFBIG): the
        # report is whole or absent, never truncated; the old report is gone too.
        def small_disk():
            import resource
            import signal
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (1200, 1200))

        pathlib.Path(t.tmp / "report.xml").write_text('<testsuites tests="19" failures="0"/>')
        p = t.run("--grade", sheet, "--junit", str(t.tmp / "report.xml"), preexec_fn=small_disk)
        t.check(p.returncode == 3 and b"--junit" in p.stderr and not (t.tmp / "report.xml").exists() and
                not list(t.tmp.glob(".report.xml.attn-*")), f"full disk: exit 3, no partial report ({p.stderr[:120]})")

        # stdout that cannot be written: exit 3 with one line, for every subcommand.
        for cmd, args in (("homework", ["--key"]), ("homework", ["--grade", sheet]), ("attention", []), ("homework", ["--help"])):
            with open("/dev/full", "wb") as full:
                p = t.run(*args, command=cmd, stdout=full, stderr=subprocess.PIPE)
            t.check(p.returncode == 3 and p.stderr.decode().startswith("attn: error:") and b"standard output" in p.stderr
                    and p.stderr.count(b"\n") == 1, f"{cmd} {args} > /dev/full: exit {p.returncode} {p.stderr[:100]}")
        closed = subprocess.run(f"'{t.attn}' homework --key >&-", shell=True, capture_output=True, timeout=60)
        t.check(closed.returncode == 3, f"closed stdout: exit {closed.returncode}")

        # 6. Solutions and the template.
        sol = t.run("1")
        text = sol.stdout.decode()
        t.check(sol.returncode == 0 and "作業一" in text and "作業二" not in text, "attn homework 1")
        t.check("原書印 0.0967" in text and "0.0966" in text, "attn homework 1 has the note")
        tpl = t.run("--template")
        blank = t.run("--grade", "-", stdin=tpl.stdout)
        t.check(blank.returncode == 1 and b"19 missing" in blank.stdout, "the template grades as all missing")
        t.check(t.run("--template", "3").stdout.count(b"[hw") == 4, "template of problem 3 only")
        # --template --course FILE: the course's [tolerance] on the keys it covers (issue 29).
        course = t.tmp / "tolerance.toml"
        course.write_text('[tolerance]\nhw1 = { digits = 2 }\n"hw3.c.ratio" = { atol = 0.05 }\n')
        ruled = t.run("--template", "--course", str(course), "--lang", "en")
        text = ruled.stdout.decode()
        t.check(ruled.returncode == 0 and "3 numbers, 2 decimal places each: " in text and
                "(this course's precision)" in text and "(this course accepts any answer within 0.05 of the exact "
                "value)" in text, f"--template --course: the course's rule on the sheet ({ruled.stderr[:200]})")
        t.check(t.run("--grade", "-", stdin=ruled.stdout).returncode == 1, "... and that sheet grades (all missing)")
        t.check(b"this course" not in tpl.stdout, "without --course the sheet names no course rule")
        missing_course = t.run("--template", "--course", str(t.tmp / "no-such-course.toml"))
        t.check(missing_course.returncode == 3 and missing_course.stderr.count(b"\n") == 1,
                f"--template --course with a missing file: exit 3 ({missing_course.stderr[:160]})")

        # 7. Bad flags: exit 2.
        for args in (["4"], ["0"], ["x"], ["--template", "--key"], ["--key", "--grade", "x"], ["--junit", "x"],
                     ["--points", "hw1=2"], ["--grade", "x", "--points", "hw1"], ["--variant", ""],
                     ["--variant", "al\u200bice"], ["--variant", "x" * 201], ["--course", "c.toml"],
                     ["--show-expected"], ["--grade"]):
            p = t.run(*args)
            t.check(p.returncode == 2 and p.stderr.startswith(b"attn: error:"), f"{args}: exit 2 ({p.stderr[:120]})")

        return t.checks.finish()


if __name__ == "__main__":
    sys.exit(main())
