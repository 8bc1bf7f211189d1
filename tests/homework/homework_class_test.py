#!/usr/bin/env python3
"""`attn homework --grade-class`: a generated class of 200 students graded with the course secret.

Each student's sheet is their own key (`attn homework --key --variant ID`) with mistakes planted on
chosen keys (known mistakes the grader names, wrong answers it cannot name, a problem left out), and
a few students who cannot be graded (a broken sheet, a missing file, an ID the ID rule refuses, a
sheet with no answers), a teacher's variant override and an ID typed with spaces and capitals.
gradebook.csv, canvas.csv, moodle.csv (Python's csv), class.md (its tables), class.svg and every
student's report.xml (xml.etree) and results.json (json) are read back and must hold exactly the
planted counts: every column (each key's points in its own column, Canvas's five identity columns,
Moodle's names and feedback counts), every histogram row, every bar segment of class.svg. The
histogram's edges end to end: scores of 47, 49.99, 50, 50.01 of 100 and 0.57, 1.14 of 1.9 points. Also: each student graded exactly as `--grade` grades them (byte for byte), the
same gradebook with --jobs 1, stale files removed, rosters refused (duplicate IDs, bad CSV) with DIR
untouched, and no expected value in the class report.

    homework_class_test.py --attn build/attn
"""
import argparse
import concurrent.futures
import csv
import fcntl
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

STUDENTS = 200
SECRET = "class-test-secret-0123456789abcdef"
NO_SCALING = "no 1/sqrt(Dq) scaling: these are the weights of the raw scores k.q"
B_SCALED = "scaled by 1/sqrt(Dq): (b) asks for the raw scores without scaling"
FORGOT_MIX = "forgot the mixing matrix Omega_c (D x D, applied to all N positions)"
HW3_COLUMNS = ["hw3.a.params", "hw3.a.params_d", "hw3.b.muls", "hw3.c.muls_n_1", "hw3.c.muls_n_2",
               "hw3.c.ratio", "hw3.d.threshold", "hw3.d.n_equal_d", "hw3.d.muls_each"]


def run(attn, *args, secret_file=None):
    env = {k: v for k, v in os.environ.items() if k not in ("ATTN_COURSE_SECRET", "ATTN_LANG")}
    extra = ["--secret-file", secret_file] if secret_file else []
    return subprocess.run([attn, "homework", *args, *extra], capture_output=True, text=True, timeout=120, env=env)


def parse_key(text):
    """[(table, [(name, value text)])] of an answer key as --key prints it."""
    tables = []
    for line in text.splitlines():
        if line.startswith("[hw"):
            tables.append((line.strip("[]"), []))
        elif tables and "=" in line and not line.startswith("#"):
            name, value = line.split("=", 1)
            tables[-1][1].append((name.strip(), value.split("  #")[0].strip()))
    return tables


def sheet_text(tables, changes, drop_problem=None):
    out = []
    for table, items in tables:
        if drop_problem and table.startswith(drop_problem + "."):
            continue
        out.append(f"[{table}]")
        for name, value in items:
            out.append(f"{name} = {changes.get(table + '.' + name, value)}")
    return "\n".join(out) + "\n"


def value_of(tables, key):
    table, name = key.rsplit(".", 1)
    return dict(dict(tables)[table])[name]


def unescape(cell):
    """A Markdown cell's text: a code span's content as it is, else backslash escapes undone."""
    cell = cell.strip()
    span = re.fullmatch(r"(`+) ?(.*?) ?\1", cell)
    if span:
        return span.group(2).replace("\\|", "|")
    return re.sub(r"\\(.)", r"\1", cell)


def md_tables(text):
    """{section heading: [[cells]]} for every table of class.md (the heading above it)."""
    out, heading, rows = {}, None, None
    for line in text.splitlines():
        if line.startswith("#"):
            heading, rows = line.lstrip("#").strip(), None
        elif line.startswith("|"):
            cells = [c for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            if set("".join(cells)) <= set("-: "):
                continue
            if rows is None:
                rows = out.setdefault(heading, [])
                continue                      # the header row
            rows.append([unescape(c) for c in cells])
    return out


def plan():
    """Per student: (id as typed in the roster, variant override, what is planted)."""
    rows = []
    for i in range(STUDENTS):
        sid, override, kind = f"st{i:03d}", "", "right"
        if i < 190:
            kind = {1: "a_weights_unscaled", 2: "params_forgot_mix", 3: "muls_forgot_mix", 4: "b_weights_scaled",
                    5: "kept_sum_other", 6: "no_hw3", 7: "mask_negated"}.get(i % 10, "right")
        elif i == 190:
            kind = "broken"
        elif i == 191:
            kind = "missing_file"
        elif i == 192:
            kind, override = "override", "resit-192"
        elif i == 193:
            kind, sid = "refused_id", "x" * 201
        elif i == 194:
            kind, sid = "spelled", " ST194 "
        elif i == 195:
            kind = "no_answers"
        rows.append((sid, override, kind))
    return rows


def expected(rows):
    """Counts per class column: right/wrong/missing, and the mistakes that must be counted."""
    columns = {}
    mistakes = {}          # (column, hint) -> count
    others = {}            # column -> count
    graded = 0
    for _, _, kind in rows:
        if kind in ("broken", "missing_file", "refused_id", "no_answers"):
            continue
        graded += 1
        wrong, missing = {}, set()
        if kind == "a_weights_unscaled":
            wrong["hw1.a.weights"] = NO_SCALING
        elif kind == "b_weights_scaled":
            wrong["hw1.b.weights"] = B_SCALED
        elif kind == "params_forgot_mix":
            wrong["hw3.a.params"] = FORGOT_MIX
        elif kind == "muls_forgot_mix":
            wrong["hw3.b.muls"] = FORGOT_MIX
        elif kind == "kept_sum_other":
            wrong["hw2.a.kept_sum"] = None
        elif kind == "mask_negated":
            wrong["hw2.c.same_as_mask"] = None
        elif kind == "no_hw3":
            missing = set(HW3_COLUMNS)
        for column, hint in wrong.items():
            if hint:
                mistakes[(column, hint)] = mistakes.get((column, hint), 0) + 1
            else:
                others[column] = others.get(column, 0) + 1
        columns[kind] = (wrong, missing)
    return graded, mistakes, others


KEYS = ["hw1.a.scores", "hw1.a.scaled", "hw1.a.weights", "hw1.b.weights", "hw1.c.weights", "hw1.c.slope_a",
        "hw1.c.slope_c", "hw2.a.kept_sum", "hw2.b.weights", "hw2.c.same_as_mask"] + HW3_COLUMNS
PLANTED = {"a_weights_unscaled": "hw1.a.weights", "b_weights_scaled": "hw1.b.weights",
           "params_forgot_mix": "hw3.a.params", "muls_forgot_mix": "hw3.b.muls",
           "kept_sum_other": "hw2.a.kept_sum", "mask_negated": "hw2.c.same_as_mask"}


def outcome(kind):
    """{column: 'right' | 'wrong' | 'missing'} of a graded student of this kind."""
    out = {k: "right" for k in KEYS}
    if kind in PLANTED:
        out[PLANTED[kind]] = "wrong"
    if kind == "no_hw3":
        out.update({k: "missing" for k in HW3_COLUMNS})
    return out


def check_histogram(c, rows, where, want):
    """class.md's score table: every bin (100 % first), the counts `want` gives ({label: n}, 0 elsewhere)."""
    labels = ["100 % (all right)"] + [f"{10 * b}–{10 * b + 9} %" for b in range(9, -1, -1)]
    got = [(r[0], int(r[1])) for r in rows]
    c.check(got == [(label, want.get(label, 0)) for label in labels], f"{where}: histogram {got}, want {want}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    attn = p.parse_args().attn
    c = Checks("homework_class")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        secret = tmp / "secret.txt"
        secret.write_text(SECRET + "\n")
        secret.chmod(0o600)   # a secret others can read is warned about (issue 29)
        (tmp / "class" / "sub").mkdir(parents=True)
        rows = plan()

        def key_for(variant):
            r = run(attn, "--key", "--variant", variant, secret_file=str(secret))
            assert r.returncode == 0, r.stderr
            return parse_key(r.stdout)

        wanted = [override or sid for sid, override, _ in rows]
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            keys = list(pool.map(lambda v: key_for(v) if len(v) <= 200 else None, wanted))
        student_keys = keys

        # The sheets, the roster (BOM, CRLF, names with commas, quotes, a newline, non-ASCII).
        records = []
        kept_sums = []
        for i, ((sid, override, kind), tables) in enumerate(zip(rows, keys)):
            path = f"sub/{i:03d}.toml"
            text = sheet_text(tables, {}) if tables else "[hw1.a]\nscores = [1, 2, 3]\n"
            if kind == "a_weights_unscaled":
                text = sheet_text(tables, {"hw1.a.weights": value_of(tables, "hw1.b.weights")})
            elif kind == "b_weights_scaled":
                text = sheet_text(tables, {"hw1.b.weights": value_of(tables, "hw1.a.weights")})
            elif kind == "params_forgot_mix":
                text = sheet_text(tables, {"hw3.a.params": '"3*D^2"'})
            elif kind == "muls_forgot_mix":
                text = sheet_text(tables, {"hw3.b.muls": '"3*D^2*N + 2*N^2*D"'})
            elif kind == "kept_sum_other":
                text = sheet_text(tables, {"hw2.a.kept_sum": "12345.5"})
            elif kind == "mask_negated":
                flipped = "false" if value_of(tables, "hw2.c.same_as_mask") == "true" else "true"
                text = sheet_text(tables, {"hw2.c.same_as_mask": flipped})
            elif kind == "no_hw3":
                text = sheet_text(tables, {}, drop_problem="hw3")
            elif kind == "broken":
                text = "[hw1 a\nscores = = 3\n"   # (an unclosed [hw1.a is read as [hw1.a]: issue 43)
            elif kind == "no_answers":
                text = "[notes]\ntext = \"I did not do it\"\n"
            if tables:
                kept_sums.append(value_of(tables, "hw2.a.kept_sum"))
            if kind != "missing_file":
                (tmp / "class" / path).write_text(text)
            name = {0: 'Lee, "Ann"', 3: "陳 小明", 5: "Two\nLines"}.get(i % 7, f"Student {i}")
            records.append([sid, name, path, override])
        roster_text = io.StringIO()
        w = csv.writer(roster_text, lineterminator="\r\n")
        w.writerow(["ID", "name", "sheet", "variant"])
        w.writerows(records)
        roster = tmp / "class" / "roster.csv"
        roster.write_bytes(b"\xef\xbb\xbf" + roster_text.getvalue().encode())

        # Stale files of a last run.
        out = tmp / "out"
        (out / "students" / "ghost").mkdir(parents=True)
        (out / "students" / "ghost" / "results.json").write_text('{"score": 100}')
        (out / "class.md").write_text("stale")

        r = run(attn, "--grade-class", str(roster), "--out", str(out), "--lang", "en", "--jobs", "2",
                secret_file=str(secret))
        c.check(r.returncode == 1, f"exit 1 (some students not fully right), got {r.returncode}: {r.stderr}")
        c.check(not (out / "students" / "ghost").exists(), "a stale student folder is removed")
        c.check(r.stderr == "", f"no progress line or warning off a terminal: {r.stderr!r}")

        graded, mistakes, others = expected(rows)
        # gradebook.csv
        with open(out / "gradebook.csv", newline="", encoding="utf-8") as f:
            book = list(csv.reader(f))
        header, body = book[0], book[1:]
        c.check(header[:5] == ["id", "name", "score", "max_score", "status"], f"gradebook header {header[:5]}")
        c.check(len(header) == 5 + 19 and header[5] == "hw1.a.scores" and header[-1] == "hw3.d.muls_each",
                f"one column per key: {header[5:]}")
        c.check(len(body) == STUDENTS, f"one row per roster row: {len(body)}")
        status = {"broken": "unreadable sheet", "missing_file": "missing file", "refused_id": "refused ID",
                  "no_answers": "unreadable sheet"}
        for (sid, override, kind), record, row in zip(rows, records, body):
            want_id = sid.strip().lower() if kind != "refused_id" else sid
            want_name = record[1].replace("\n", " ")   # a name's line breaks are spaces (issue 43)
            c.check(row[0] == want_id and row[1] == want_name, f"row {sid!r}: id and name in roster order: {row[:2]}")
            c.check(row[4] == status.get(kind, "graded"), f"row {sid!r}: status {row[4]} for {kind}")
            points = row[5:]
            if kind in status:
                c.check(row[2] == "0" and all(p == "" for p in points), f"row {sid!r}: score 0, no key points: {row}")
                continue
            lost = {"a_weights_unscaled": 1, "b_weights_scaled": 1, "params_forgot_mix": 1, "muls_forgot_mix": 1,
                    "kept_sum_other": 1, "mask_negated": 1, "no_hw3": 9}.get(kind, 0)
            c.check(row[2] == str(19 - lost) and row[3] == "19", f"row {sid!r} ({kind}): score {row[2]}/{row[3]}")
            want = outcome(kind)
            c.check(points == ["1" if want[k] == "right" else "0" for k in KEYS],
                    f"row {sid!r} ({kind}): each key's points in its own column: {points}")
        # class.md: the tables.
        md = (out / "class.md").read_text(encoding="utf-8")
        c.check(md.startswith("# attn homework: class report"), "class.md in English with --lang en")
        tables = md_tables(md)
        def key_name(cell):   # `hw1.a.scores`, or `hw2.c.same_as_mask` (the same for every student: ...)
            return cell.split("`")[1] if "`" in cell else cell

        keys = {key_name(row[0]): tuple(int(x) for x in row[1:4]) for row in tables.get("Keys", [])}
        c.check(len(keys) == 19, f"class.md: a row per key ({len(keys)})")
        # Issue 43, point 6: the keys anyone's key answers are marked, and only they.
        shared = {key_name(row[0]) for row in tables.get("Keys", []) if "the same for every student" in row[0]}
        c.check(shared == {"hw2.c.same_as_mask", "hw3.a.params", "hw3.b.muls", "hw3.d.threshold"},
                f"class.md: the keys the same for every student are marked: {sorted(shared)}")
        for column, (right, wrong, missing) in keys.items():
            want_wrong = sum(n for (col, _), n in mistakes.items() if col == column) + others.get(column, 0)
            want_missing = 19 if False else sum(1 for _, _, kind in rows if kind == "no_hw3") * (column in HW3_COLUMNS)
            c.check((wrong, missing, right + wrong + missing) == (want_wrong, want_missing, graded),
                    f"class.md {column}: right/wrong/missing {right}/{wrong}/{missing}, want wrong {want_wrong} "
                    f"missing {want_missing} of {graded}")
        for (column, hint), n in mistakes.items():
            rows_md = tables.get(f"`{column}`: {n} wrong", [])
            counted = {r[0]: int(r[1]) for r in rows_md}
            c.check(counted.get(hint) == n, f"class.md {column}: {n} x '{hint}', got {counted}")
            c.check(sum(counted.values()) == n, f"class.md {column}: every wrong answer counted once: {counted}")
        for column, n in others.items():
            counted = {r[0]: int(r[1]) for r in tables.get(f"`{column}`: {n} wrong", [])}
            c.check(counted.get("(matches no known mistake)") == n, f"class.md {column}: {n} unnamed, got {counted}")
        # Every bin: 19/19 all right, 18/19 (94.7 %) in 90–99 %, 10/19 (52.6 %) in 50–59 %, nothing elsewhere.
        kinds = [k for *_, k in rows]
        all_right = sum(1 for k in kinds if k in ("right", "override", "spelled"))
        check_histogram(c, tables.get("Scores", []), "class.md", {
            "100 % (all right)": all_right, "90–99 %": sum(1 for k in kinds if k in PLANTED),
            "50–59 %": kinds.count("no_hw3")})
        summary = (f"Roster ` {roster} `: {STUDENTS} students, {graded} graded, {STUDENTS - graded} not graded; "
                   f"{all_right} with every answer right.")
        c.check(summary in md, f"class.md's summary line: {summary!r}")
        mean = round(sum(int(r[2]) for r in body if r[4] == "graded") / graded, 2)
        c.check(f"Mean score of the graded students: {mean:g} of 19." in md, f"class.md's mean {mean:g}")
        ungraded = {r[1]: (r[3], r[4]) for r in tables.get("Not graded", [])}
        c.check(len(ungraded) == 4, f"class.md lists the 4 students not graded: {ungraded}")
        c.check(ungraded.get("st191", ("", ""))[0] == "missing file" and "191.toml" in ungraded["st191"][1],
                f"missing file and why: {ungraded.get('st191')}")
        c.check(ungraded.get("st190", ("",))[0] == "unreadable sheet", "the broken sheet")
        c.check(ungraded.get("x" * 201, ("",))[0] == "refused ID", "the refused ID")
        c.check(not any(v in md for v in kept_sums), "class.md holds no student's expected value")
        c.check("Two Lines" in md or "Two\nLines" not in md, "a name's newline never breaks a table row")
        # class.svg
        svg = ET.parse(out / "class.svg").getroot()
        bars = [g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("id", "").startswith("key-")]
        c.check(len(bars) == 19, f"class.svg: a bar per key ({len(bars)})")
        titles = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}title")]
        c.check(f"wrong: {mistakes[('hw3.a.params', FORGOT_MIX)]} ({FORGOT_MIX})" in titles,
                "class.svg: the mistake's count in its segment's title")
        # Every bar's segments: right, each named mistake, the unnamed, missing (segments of 0 are not drawn).
        graded_kinds = [k for *_, k in rows if k not in status]
        for i, (column, bar) in enumerate(zip(KEYS, bars)):
            got = [t.text for t in bar.iter("{http://www.w3.org/2000/svg}title")]
            verdicts = [outcome(k)[column] for k in graded_kinds]
            want = [f"right: {verdicts.count('right')}"]
            want += [f"wrong: {n} ({hint})" for (col, hint), n in mistakes.items() if col == column]
            if others.get(column):
                want.append(f"wrong: {others[column]} ((matches no known mistake))")
            want += [f"missing: {verdicts.count('missing')}"] if "missing" in verdicts else []
            c.check(got == want, f"class.svg bar {i + 1} ({column}): {got}, want {want}")
        hist_svg = [int(t.split(": ")[1]) for t in titles if t.startswith("students: ")]
        hist_md = [int(r[1]) for r in tables.get("Scores", []) if int(r[1]) > 0]
        c.check(hist_svg == hist_md, f"class.svg's histogram bars count what class.md's table does: {hist_svg}")
        # canvas.csv, moodle.csv
        with open(out / "canvas.csv", newline="", encoding="utf-8") as f:
            canvas = list(csv.reader(f))
        c.check(canvas[0][:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"], f"canvas header {canvas[0]}")
        c.check(canvas[1][0] == "Points Possible" and canvas[1][5] == "19", f"canvas points possible {canvas[1]}")
        # Not graded: an empty cell ("no grade" on import), never a 0 that overwrites a grade (issue 29, point 8).
        lms = [r[2] if r[4] == "graded" else "" for r in body]
        c.check(len(canvas) == STUDENTS + 2 and [r[5] for r in canvas[2:]] == lms,
                "canvas: the gradebook's scores in roster order, empty when not graded")
        c.check(canvas[0][5] == "attn homework" and canvas[1][1:5] == ["", "", "", ""], f"canvas: {canvas[:2]}")
        c.check([r[:5] for r in canvas[2:]] == [[r[1] or r[0], "", r[0], r[0], ""] for r in body],
                "canvas: Student (the name, else the ID), SIS User ID and SIS Login ID (the ID), ID and Section empty")
        with open(out / "moodle.csv", newline="", encoding="utf-8") as f:
            moodle = list(csv.reader(f))
        c.check(moodle[0] == ["ID number", "Full name", "attn homework", "Feedback"], f"moodle header {moodle[0]}")
        c.check([r[0] for r in moodle[1:]] == [r[0] for r in body] and [r[2] for r in moodle[1:]] == lms,
                "moodle: the gradebook's IDs and scores, empty when not graded")
        c.check([r[1] for r in moodle[1:]] == [r[1] for r in body], "moodle: the full names as the roster has them")
        feedback = []
        for (_, _, kind), row in zip(rows, body):
            if row[4] != "graded":
                feedback.append(f"not graded: {row[4]}")
                continue
            counts = list(outcome(kind).values())
            feedback.append(f"attn homework: {row[2]}/19 ({counts.count('right')} right, {counts.count('wrong')} wrong, "
                            f"{counts.count('missing')} missing)")
        got = [r[3] for r in moodle[1:]]
        c.check(got == feedback, "moodle: each student's feedback: " +
                next((f"{g!r} want {w!r}" for g, w in zip(got, feedback) if g != w), "(lengths differ)"))
        # Each student's reports, and --grade's.
        folders = sorted(p.name for p in (out / "students").iterdir())
        c.check(len(folders) == STUDENTS - 1, f"a folder per student with a valid ID: {len(folders)}")
        for row in body:
            if row[4] == "refused ID":
                continue
            folder = out / "students" / row[0]
            results = json.loads((folder / "results.json").read_text())
            suite = ET.parse(folder / "report.xml").getroot()
            c.check(str(results["score"]) == row[2], f"{row[0]}: results.json score {results['score']}")
            c.check(suite.get("tests") == ("19" if row[4] == "graded" else "1"), f"{row[0]}: report.xml tests")
            if row[4] != "graded":
                continue
            # Each key's result in the student's own reports is the gradebook's column for it.
            tests = results["tests"]
            c.check([re.sub(r"\d+$", "", t["name"]) for t in tests] == [re.sub(r"_\d$", "", k) for k in KEYS]
                    and [f"{t['score']:g}" for t in tests] == row[5:],
                    f"{row[0]}: results.json's tests are the gradebook's columns: {[t['score'] for t in tests]}")
            failed = sum(1 for t in tests if t["status"] == "failed")
            c.check(int(suite.get("failures")) == failed == row[5:].count("0"),
                    f"{row[0]}: report.xml failures {suite.get('failures')}, results.json {failed}")
        for i in (1, 6, 190, 192):
            sid, override, _ = rows[i]
            sheet = str(tmp / "class" / records[i][2])
            gs, junit = tmp / "alone.json", tmp / "alone.xml"
            run(attn, "--grade", sheet, "--variant", override or sid, "--gradescope", str(gs), "--junit", str(junit),
                secret_file=str(secret))
            folder = out / "students" / sid
            c.check(gs.read_bytes() == (folder / "results.json").read_bytes() and
                    junit.read_bytes() == (folder / "report.xml").read_bytes(),
                    f"{sid}: graded exactly as --grade grades the sheet")
        # One job gives the same gradebook; zh-TW is the default language.
        r1 = run(attn, "--grade-class", str(roster), "--out", str(tmp / "one"), "--jobs", "1", secret_file=str(secret))
        c.check(r1.returncode == 1 and (tmp / "one" / "gradebook.csv").read_bytes() == (out / "gradebook.csv").read_bytes(),
                "--jobs 1: the same gradebook")
        c.check((tmp / "one" / "class.md").read_text().startswith("# attn homework：班級報告"), "class.md in zh-TW by default")
        # --show-expected: in the students' reports, never in class.md.
        r2 = run(attn, "--grade-class", str(roster), "--out", str(tmp / "shown"), "--show-expected", secret_file=str(secret))
        shown = (tmp / "shown" / "students" / "st001" / "results.json").read_text()
        c.check(r2.returncode == 1 and "expected:" in shown, "--show-expected: the student's report shows it")
        c.check(not any(v in (tmp / "shown" / "class.md").read_text() for v in kept_sums), "... class.md does not")

        # The histogram's edges end to end (issue 29, point 10): two students, one with only hw1.a.scores
        # answered and one with only hw1.a.weights, and points that put each score on a chosen side of an
        # edge: 47 % in 40–49 %, 49.99 / 50 / 50.01, and 0.57 and 1.14 of 1.9 (30 % and 60 %, which
        # floating point divides to 29.999999999999996 and 59.99999999999999).
        only = {"scores": f"[hw1.a]\nscores = {value_of(student_keys[0], 'hw1.a.scores')}\n",
                "weights": f"[hw1.a]\nweights = {value_of(student_keys[10], 'hw1.a.weights')}\n"}
        (tmp / "class" / "only-scores.toml").write_text(only["scores"])
        (tmp / "class" / "only-weights.toml").write_text(only["weights"])
        edges = tmp / "class" / "edges.csv"
        edges.write_text("id,name,sheet\nst000,A,only-scores.toml\nst010,B,only-weights.toml\n")
        for a, b, bin_a, bin_b in (("47", "53", "40–49 %", "50–59 %"), ("49.99", "50.01", "40–49 %", "50–59 %"),
                                   ("50", "50", "50–59 %", "50–59 %"), ("0.57", "1.33", "30–39 %", "70–79 %"),
                                   ("1.14", "0.76", "60–69 %", "40–49 %")):
            target = tmp / f"edges-{a}"
            r = run(attn, "--grade-class", str(edges), "--out", str(target), "--lang", "en", "--points",
                    f"*=0,hw1.a.scores={a},hw1.a.weights={b}", secret_file=str(secret))
            top = f"{float(a) + float(b):g}"
            c.check(r.returncode == 1, f"edges {a}/{b}: exit {r.returncode} {r.stderr}")
            want = {bin_a: 1}
            want[bin_b] = want.get(bin_b, 0) + 1
            check_histogram(c, md_tables((target / "class.md").read_text()).get("Scores", []), f"edges {a}/{b}", want)
            with open(target / "gradebook.csv", newline="") as f:
                book_rows = list(csv.reader(f))[1:]
            c.check([r[:5] for r in book_rows] == [["st000", "A", a, top, "graded"], ["st010", "B", b, top, "graded"]]
                    and book_rows[0][5:] == [a] + ["0"] * 18 and book_rows[1][5:] == ["0", "0", b] + ["0"] * 16,
                    f"edges {a}/{b}: gradebook {book_rows}")
            with open(target / "moodle.csv", newline="") as f:
                feedback = [r[3] for r in list(csv.reader(f))[1:]]
            c.check(feedback == [f"attn homework: {a}/{top} (1 right, 0 wrong, 18 missing)",
                                 f"attn homework: {b}/{top} (1 right, 0 wrong, 18 missing)"],
                    f"edges {a}/{b}: moodle feedback {feedback}")

        # One run at a time into --out (issue 29, point 8): a folder whose lock another process holds
        # is refused at once, exit 3, in one line naming the holder's pid, and left as it was.
        locked = tmp / "locked"
        locked.mkdir()
        (locked / "class.md").write_text("the other run's")
        with open(locked / ".attn-lock", "w") as holder:
            fcntl.lockf(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
            r = run(attn, "--grade-class", str(edges), "--out", str(locked), secret_file=str(secret))
        c.check(r.returncode == 3 and r.stderr.count("\n") == 1 and f"--out {locked}: another attn homework "
                f"--grade-class (pid {os.getpid()}) is writing into this folder" in r.stderr,
                f"a locked --out: exit 3 naming the holder ({r.returncode}, {r.stderr!r})")
        c.check((locked / "class.md").read_text() == "the other run's" and not (locked / "students").exists(),
                "a locked --out is left as it was")
        r = run(attn, "--grade-class", str(edges), "--out", str(locked), secret_file=str(secret))
        c.check(r.returncode == 1 and (locked / "gradebook.csv").exists(), f"unlocked, it runs ({r.returncode})")
        # Two attn runs at once: the second is refused naming the first, and the first finishes whole.
        race = tmp / "race"
        env = {k: v for k, v in os.environ.items() if k not in ("ATTN_COURSE_SECRET", "ATTN_LANG")}
        first = subprocess.Popen([attn, "homework", "--grade-class", str(roster), "--out", str(race), "--jobs", "1",
                                  "--secret-file", str(secret)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True, env=env)
        for _ in range(1000):   # until the first run holds the lock (its pid in the file)
            try:
                if (race / ".attn-lock").read_text().strip() == str(first.pid):
                    break
            except FileNotFoundError:
                pass
            time.sleep(0.005)
        second = run(attn, "--grade-class", str(edges), "--out", str(race), secret_file=str(secret))
        finished_first = first.poll() is not None
        first_err = first.communicate(timeout=120)[1]
        c.check(finished_first or (second.returncode == 3 and f"(pid {first.pid})" in second.stderr),
                f"two runs at once: the second refused naming the first ({second.returncode}, {second.stderr!r})")
        with open(race / "gradebook.csv", newline="") as f:
            raced = list(csv.reader(f))
        c.check(first.returncode == 1 and first_err == "" and len(raced) == STUDENTS + 1 and
                raced == [r for r in csv.reader(open(out / "gradebook.csv", newline=""))] and
                len(list((race / "students").iterdir())) == STUDENTS - 1,
                f"two runs at once: the first run's files whole ({first.returncode}, {len(raced)} rows)")

        # Refused rosters: exit 2, naming the lines, DIR untouched.
        def refused(text, *needles, name="bad.csv"):
            path = tmp / "class" / name
            path.write_bytes(text.encode())
            target = tmp / ("never-" + name)
            r = run(attn, "--grade-class", str(path), "--out", str(target), secret_file=str(secret))
            c.check(r.returncode == 2 and all(n in r.stderr for n in needles) and not target.exists(),
                    f"refused roster {text!r}: rc {r.returncode}, {r.stderr.strip()!r}, wanted {needles}")

        refused("id,sheet\nst5,sub/005.toml\nst6,sub/006.toml\n St5 ,sub/007.toml\n", "bad.csv:4:", "line 2")
        refused('id,sheet,name\nst5,sub/005.toml,"Lee,\nAnn"\nST5,sub/005.toml,x\n', "bad.csv:4:", "line 2")
        refused('id,sheet\nst5,"sub/005.toml\n', "bad.csv:2:", "not closed")
        refused('id,sheet\nst5,sub/0"05.toml\n', "bad.csv:2:", "not valid CSV")
        refused("id,sheet\nst5,sub/005.toml,extra\n", "bad.csv:2:", "3 fields")
        refused("id,sheet,varient\nst5,sub/005.toml,x\n", "bad.csv:1:", "varient")
        refused("id,name\nst5,x\n", "bad.csv:1:", "sheet")
        refused("", "bad.csv:1:", "empty")
        r = run(attn, "--grade-class", str(tmp / "class" / "none.csv"), "--out", str(tmp / "never"))
        c.check(r.returncode == 3 and not (tmp / "never").exists(), f"a missing roster: exit 3 ({r.returncode})")
        for flags in (["--out", str(tmp / "x")], ["--grade-class", str(roster)],
                      ["--grade-class", str(roster), "--out", str(tmp / "x"), "--junit", "j.xml"],
                      ["--grade-class", str(roster), "--out", str(tmp / "x"), "--variant", "s1"],
                      ["--grade-class", str(roster), "--out", str(tmp / "x"), "--jobs", "0"]):
            r = run(attn, *flags)
            c.check(r.returncode == 2 and not (tmp / "x").exists(), f"flags {flags}: exit 2 ({r.returncode} {r.stderr})")
    return c.finish()


if __name__ == "__main__":
    sys.exit(main())
