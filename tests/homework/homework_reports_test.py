#!/usr/bin/env python3
"""Reports that say what the teacher must know (issue 43, point 5), each run as a teacher runs it:

  a. a secret file others can read is warned about in every report of every mode: --grade's
     terminal, JUnit, results.json and step summary (graded or not), and --grade-class's
     terminal, class.md and every student's results.json and report.xml;
  b. answers in tables of problems this run does not grade (a sheet of the book's problems graded
     without `book`) are named, with the command that grades them;
  c. a report flag given twice is refused, and every FILE it named is replaced by the refusal's
     score-0 report (no stale `{"score": 19}` survives);
  d. a class run killed with SIGKILL leaves hidden partial files (.gradebook.csv.attn-PID-N, …);
     the next run removes them, and nothing else of the teacher's;
  e. no physical line of gradebook.csv, canvas.csv or moodle.csv starts a spreadsheet formula or
     a GitHub workflow command, and a roster's names and refused IDs holding line breaks reach
     every class file on one line (docs/homework.md, "Rosters").

    homework_reports_test.py --attn build/attn
"""
import argparse
import csv
import io
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

SECRET = "reports-test-secret-0123456789abcdef"
WARNING = "readable by group or others (mode 0644); chmod 600 it"


def run(attn, *args, env_extra=None, cwd=None):
    env = {k: v for k, v in os.environ.items() if k not in ("ATTN_COURSE_SECRET", "ATTN_LANG", "GITHUB_STEP_SUMMARY")}
    env.update(env_extra or {})
    return subprocess.run([attn, "homework", *args], capture_output=True, text=True, timeout=120, env=env, cwd=cwd)


def secret_warned(c, tmp, attn, secret, key_sheet):
    # --grade: the terminal, both report files and the step summary, graded and not graded.
    for sheet, what in ((key_sheet, "graded"), (tmp / "absent.toml", "not graded (missing sheet)")):
        summary = tmp / "summary.md"
        summary.write_text("")
        r = run(attn, "--grade", str(sheet), "--variant", "s1", "--secret-file", str(secret),
                "--junit", str(tmp / "r.xml"), "--gradescope", str(tmp / "r.json"),
                env_extra={"GITHUB_STEP_SUMMARY": str(summary)})
        c.check(WARNING in r.stderr, f"--grade, {what}: the terminal warns (stderr {r.stderr[-300:]!r})")
        junit = ET.parse(tmp / "r.xml").getroot()
        texts = " ".join(e.text or "" for e in junit.iter("system-err"))
        c.check(WARNING in texts, f"--grade, {what}: report.xml's <system-err> warns")
        c.check(WARNING in json.loads((tmp / "r.json").read_text())["output"], f"--grade, {what}: results.json's output warns")
        c.check(WARNING in summary.read_text(), f"--grade, {what}: the step summary warns")
    # --grade-class: the terminal, class.md, every student's reports (graded or refused).
    roster = tmp / "warn-roster.csv"
    roster.write_text(f"id,name,sheet\ns1,Ann,{key_sheet}\ns2,Bo,absent.toml\n\u00e9,Cy,{key_sheet}\n")
    r = run(attn, "--grade-class", str(roster), "--out", str(tmp / "warn-out"), "--secret-file", str(secret))
    c.check(WARNING in r.stderr, f"--grade-class: the terminal warns (stderr {r.stderr[-300:]!r})")
    c.check(WARNING in (tmp / "warn-out" / "class.md").read_text(), "--grade-class: class.md warns")
    folders = sorted((tmp / "warn-out" / "students").iterdir())
    c.check(len(folders) == 2, f"two students' folders (the refused ID has none): {folders}")
    for folder in folders:
        texts = " ".join(e.text or "" for e in ET.parse(folder / "report.xml").getroot().iter("system-err"))
        c.check(WARNING in texts, f"--grade-class: {folder.name}'s report.xml warns")
        c.check(WARNING in json.loads((folder / "results.json").read_text())["output"],
                f"--grade-class: {folder.name}'s results.json warns")
    # The modes that print keyed numbers from it: --key (text and JSON), --template, the solutions.
    for mode in (["--key"], ["--key", "--format", "json"], ["--template"], []):
        r = run(attn, *mode, "--variant", "s1", "--secret-file", str(secret))
        c.check(r.returncode == 0 and r.stderr.count(WARNING) == 1,
                f"attn homework {' '.join(mode)} --secret-file: one warning ({r.stderr!r})")
    # A secret only its owner reads: no warning anywhere.
    secret.chmod(0o600)
    r = run(attn, "--grade", str(key_sheet), "--variant", "s1", "--secret-file", str(secret),
            "--junit", str(tmp / "r.xml"), "--gradescope", str(tmp / "r.json"))
    c.check("readable by group" not in r.stderr + (tmp / "r.xml").read_text() + (tmp / "r.json").read_text(),
            "a secret file of mode 0600: no warning")
    r = run(attn, "--key", "--variant", "s1", "--secret-file", str(secret))
    c.check(r.stderr == "", f"--key with a secret file of mode 0600: no warning ({r.stderr!r})")
    secret.chmod(0o644)


def unselected_named(c, tmp, attn):
    book = tmp / "book.toml"
    book.write_text(run(attn, "book", "--key").stdout)
    r = run(attn, "--grade", str(book), "--junit", str(tmp / "b.xml"), "--gradescope", str(tmp / "b.json"))
    c.check(r.returncode == 1 and "score: 0/19" in r.stdout, f"a book sheet graded without `book`: 0/19 ({r.returncode})")
    want = f"attn homework book --grade {book}"
    c.check("book12_1" in r.stderr and want in r.stderr,
            f"the terminal names the book's tables and `{want}` (stderr {r.stderr[-400:]!r})")
    c.check(want in json.loads((tmp / "b.json").read_text())["output"], "results.json names the command")
    c.check(want in (tmp / "b.xml").read_text(), "report.xml names the command")
    r = run(attn, "book", "--grade", str(book))
    c.check(r.returncode == 0 and "not graded" not in r.stderr, f"graded with `book`: all right, no warning ({r.stderr!r})")
    # The chapter's sheet graded as problem 1 only: its hw2 and hw3 answers named, with their command.
    chapter = tmp / "chapter.toml"
    chapter.write_text(run(attn, "--key").stdout)
    r = run(attn, "1", "--grade", str(chapter))
    c.check("hw2" in r.stderr and "hw3" in r.stderr and f"attn homework --grade {chapter}" in r.stderr,
            f"problem 1 of a full sheet: hw2 and hw3 named ({r.stderr!r})")
    # Templates' empty tables (answers commented out) are not answers: no warning.
    template = tmp / "template.toml"
    template.write_text(run(attn, "--template").stdout + run(attn, "book", "--template").stdout.replace("[book", "\n[book"))
    r = run(attn, "--grade", str(template))
    c.check("not graded in this run" not in r.stderr, f"a template's empty book tables: no warning ({r.stderr!r})")


def repeated_flag(c, tmp, attn, key_sheet):
    for flag, first, second in (("--gradescope", "r.json", "o.json"), ("--junit", "r.xml", "o.xml")):
        stale = {"r.json": '{"score": 19}\n', "r.xml": "<stale score='19'/>\n"}[first]
        (tmp / first).write_text(stale)
        (tmp / second).unlink(missing_ok=True)
        r = run(attn, "--grade", str(key_sheet), flag, str(tmp / first), flag, str(tmp / second))
        c.check(r.returncode == 2 and flag in r.stderr, f"{flag} twice: exit 2 naming it ({r.returncode}, {r.stderr!r})")
        for name in (first, second):
            text = (tmp / name).read_text() if (tmp / name).exists() else ""
            c.check(text != stale and ('type="refused"' in text or '"score": 0,' in text),
                    f"{flag} twice: {name} holds the refusal's score-0 report ({text[:120]!r})")
    # Both flags twice, with the summary: each named file replaced, the summary appended once.
    summary = tmp / "twice.md"
    summary.write_text("")
    for name in ("a.json", "b.json", "a.xml", "b.xml"):
        (tmp / name).write_text("stale 19")
    r = run(attn, "--grade", str(key_sheet), "--gradescope", str(tmp / "a.json"), "--junit", str(tmp / "a.xml"),
            "--gradescope=" + str(tmp / "b.json"), "--junit", str(tmp / "b.xml"),
            env_extra={"GITHUB_STEP_SUMMARY": str(summary)})
    c.check(r.returncode == 2, f"both flags twice: exit 2 ({r.returncode})")
    for name in ("a.json", "b.json", "a.xml", "b.xml"):
        c.check("stale" not in (tmp / name).read_text(), f"both flags twice: {name} replaced")
    c.check(summary.read_text().count("### attn homework") == 1, "the step summary is appended once")
    # A repeated FILE that is the sheet itself is never overwritten.
    r = run(attn, "--grade", str(key_sheet), "--gradescope", str(tmp / "c.json"), "--gradescope", str(key_sheet))
    c.check(r.returncode == 2 and "[hw1.a]" in key_sheet.read_text(), "a repeated flag naming the sheet leaves the sheet")


def killed_class(c, tmp, attn, key_sheet):
    # A roster large enough that the run is still grading when it is killed.
    rows = "".join(f"k{i:04d},Name {i},{key_sheet}\n" for i in range(3000))
    roster = tmp / "big-roster.csv"
    roster.write_text("id,name,sheet\n" + rows)
    out = tmp / "killed"
    out.mkdir()
    teacher = out / ".gradebook.csv.mine"            # a teacher's own hidden files: never touched
    teacher.write_text("mine")
    look_alike = out / ".gradebook.csv.attn-notes"   # not attn's pattern (.NAME.attn-PID-N)
    look_alike.write_text("mine too")
    env = {k: v for k, v in os.environ.items() if k not in ("ATTN_COURSE_SECRET", "ATTN_LANG")}
    p = subprocess.Popen([attn, "homework", "--grade-class", str(roster), "--out", str(out), "--jobs", "1"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.time() + 60
    partial = []
    while time.time() < deadline and not partial:
        time.sleep(0.05)
        partial = [f for f in out.iterdir() if re.fullmatch(r"\.(gradebook|canvas|moodle)\.csv\.attn-\d+-\d+", f.name)]
    p.send_signal(signal.SIGKILL)
    p.wait()
    c.check(len(partial) == 3, f"killed while grading: the partial CSV files are there ({[f.name for f in partial]})")
    # A student's partial report, as a kill during its rename would leave it.
    (out / "students" / "k0000").mkdir(parents=True, exist_ok=True)
    (out / "students" / "k0000" / ".results.json.attn-99999-7").write_text("partial")
    small = tmp / "small-roster.csv"
    small.write_text(f"id,name,sheet\nk0001,One,{key_sheet}\n")
    r = run(attn, "--grade-class", str(small), "--out", str(out))
    c.check(r.returncode in (0, 1), f"the next run grades ({r.returncode}, {r.stderr!r})")
    left = [f.name for f in out.iterdir() if ".attn-" in f.name and f.name != ".attn-lock"]
    c.check(left == [look_alike.name], f"the next run removed attn's partial files, nothing else: {left}")
    c.check(teacher.read_text() == "mine" and look_alike.read_text() == "mine too", "the teacher's files are untouched")
    c.check(not (out / "students" / "k0000").exists(), "a stale student folder holding a partial report is removed")


def csv_lines(c, tmp, attn, key_sheet):
    roster = tmp / "inject.csv"
    with open(roster, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "name", "sheet"])
        w.writerow(["s1", "\n::error::full marks", str(key_sheet)])
        w.writerow(["s2", "Lee\r\n=HYPERLINK(\"http://x\")", str(key_sheet)])
        w.writerow(["s3", "##[warning]x\n@SUM(A1)", str(key_sheet)])
        w.writerow(["s4\n=1+1", "\n-2+3", str(key_sheet)])
        w.writerow(["s5\r##[group]", "Ann\u2028+1", str(key_sheet)])
    out = tmp / "inject-out"
    r = run(attn, "--grade-class", str(roster), "--out", str(out))
    c.check(r.returncode == 1, f"the class is graded, one ID refused ({r.returncode}, {r.stderr!r})")
    formula = re.compile(r"^[=+\-@\t\r]")
    command = re.compile(r"^\s*::|##\[")
    for name in ("gradebook.csv", "canvas.csv", "moodle.csv"):
        data = (out / name).read_bytes().decode("utf-8")
        for line in re.split(r"\r\n|\n|\r|\u2028|\u2029|\u0085", data):
            c.check(not formula.match(line), f"{name}: no line starts a formula: {line[:60]!r}")
            c.check(not command.search(line), f"{name}: no workflow command: {line[:60]!r}")
        rows = list(csv.reader(io.StringIO(data, newline="")))
        c.check(all(len(row) == len(rows[0]) for row in rows[1:] if name != "canvas.csv"),
                f"{name}: every row has the header's fields")
        c.check(all("\n" not in cell and "\r" not in cell for row in rows for cell in row),
                f"{name}: no cell holds a line break (names flattened)")
    rows = list(csv.DictReader(io.StringIO((out / "gradebook.csv").read_text(), newline="")))
    by_id = {row["id"]: row for row in rows}
    c.check(by_id.get("s2", {}).get("name") == 'Lee =HYPERLINK("http://x")',
            f"a name's line break is one space (the formula then inside the line): {by_id.get('s2')}")
    c.check(by_id.get("s4 =1+1", {}).get("name") == " -2+3",
            f"a refused ID and a name, their line breaks spaces: {sorted(by_id)}")
    c.check(by_id.get("s1", {}).get("status") == "graded", "a student named with a line break is still graded")
    refused = [row for row in rows if row["status"] == "refused ID"]
    c.check(len(refused) == 2 and all(row["id"].startswith("s") for row in refused),
            f"the IDs holding line breaks are refused, shown on one line: {refused}")
    md = (out / "class.md").read_text()
    c.check(not any(command.search(line) for line in md.splitlines()), "class.md: no workflow command")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    args = ap.parse_args()
    attn = os.path.abspath(args.attn)
    c = Checks("homework_reports")
    with tempfile.TemporaryDirectory(prefix="attn-reports-") as d:
        tmp = pathlib.Path(d)
        secret = tmp / "secret.txt"
        secret.write_text(SECRET + "\n")
        secret.chmod(0o644)
        key_sheet = tmp / "s1.toml"
        key_sheet.write_text(run(attn, "--key", "--variant", "s1", "--secret-file", str(secret)).stdout)
        secret_warned(c, tmp, attn, secret, key_sheet)
        unselected_named(c, tmp, attn)
        public_sheet = tmp / "public.toml"
        public_sheet.write_text(run(attn, "--key").stdout)
        repeated_flag(c, tmp, attn, public_sheet)
        killed_class(c, tmp, attn, public_sheet)
        csv_lines(c, tmp, attn, public_sheet)
    return c.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
