#!/usr/bin/env python3
"""Issue 29's attacks on `attn homework --grade`, retried end to end (public variants, no secret):

- point 7: a sheet's text never reaches stdout or stderr as a GitHub workflow command (`##[` in a
  line, `::` at a line's start), and no CSV cell of a class run starts a formula;
- point 1: `weights = [0, 0, 0]` and `slope_a = 0` on p01916, where every exponential rounds to 0
  at 4 places without subtracting the largest score, are wrong;
- point 2: p00000's hw1.b worked with 4 or 5 places without subtracting the largest, in NumPy
  float32, and forced to sum to 1, are right;
- point 3: α₂(1 − α₂) from the student's own α₂ (a named mistake in (a)) is right, "from your";
- point 4: one bad TOML line costs one answer; full-width forms and U+3000 / U+00A0 are read as
  ASCII with a note.

    grader_rule_test.py --attn build/attn
"""
import argparse
import csv
import json
import math
import pathlib
import re
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import Checks  # noqa: E402

ROW = re.compile(r"^(hw\d\.[a-d]\.\S+)\s+(right|wrong|missing)\s", re.M)


def run(attn, *args, stdin=None):
    return subprocess.run([attn, "homework", *args], capture_output=True, text=True, timeout=60, input=stdin,
                          env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})


def verdicts(stdout):
    return dict(ROW.findall(stdout))


def key_of(attn, variant):
    p = run(attn, "--key", "--variant", variant, "--format", "json")
    assert p.returncode == 0, p.stderr
    return {item["key"]: item for item in json.loads(p.stdout)["data"]["items"]}


def command_lines(text):
    """Lines GitHub's runner would take as workflow commands."""
    return [line for line in re.split(r"\r\n|\r|\n", text) if "##[" in line or line.lstrip(" \t").startswith("::")]


def softmax(scores, exp_round=None, shift=False, float32=False):
    top = max(scores)
    if float32:
        f = lambda x: struct.unpack("f", struct.pack("f", x))[0]  # noqa: E731
        e = [f(math.exp(f(s - top if shift else s))) for s in scores]
        total = f(sum(e))
        return [f(x / total) for x in e]
    e = [math.exp(s - top if shift else s) for s in scores]
    if exp_round is not None:
        e = [round(x, exp_round) for x in e]
    total = sum(e)
    return [x / total for x in e]


def places(xs, n=4):
    return "[" + ", ".join(f"{x:.{n}f}" for x in xs) + "]"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    args = ap.parse_args()
    attn = args.attn
    c = Checks("grader rule (issue 29)")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="attn-rule-"))

    def grade(text, *extra, name="sheet.toml"):
        path = tmp / name
        path.write_bytes(text.encode() if isinstance(text, str) else text)
        return run(attn, "--grade", str(path), *extra)

    # ---- point 7: workflow commands ---------------------------------------------------------
    sheet = ('[hw1.a]\nscores = [1, 2, 3]\n"##[error]grader says: full marks" = 1\n"::error::x" = 2\n'
             '[hw3.a]\nparams = "##[error]grader says: full marks"\n[hw3.b]\nmuls = "::stop-commands::t"\n')
    p = grade(sheet, "--variant", "chapter")
    c.check(p.returncode == 1, f"point 7: graded (exit 1), got {p.returncode}: {p.stderr}")
    c.check(not command_lines(p.stdout), f"point 7: no workflow command on stdout: {command_lines(p.stdout)}")
    c.check(not command_lines(p.stderr), f"point 7: no workflow command on stderr: {command_lines(p.stderr)}")
    c.check("grader says: full marks" in p.stdout, "point 7: the answer is still shown (neutralised, not dropped)")
    p = grade('[hw1.a]\nscores = [1, 2, 3]\nweights = "a\n##[error]x"\n')
    c.check(not command_lines(p.stderr) and not command_lines(p.stdout),
            f"point 7: a TOML error quoting the sheet: {command_lines(p.stderr + p.stdout)}")

    # ---- point 1: what correct work cannot give ----------------------------------------------
    k = key_of(attn, "p01916")
    b = k["hw1.b.weights"]["value"]
    p = grade(f"[hw1.b]\nweights = [0, 0, 0]\n[hw1.c]\nslope_a = 0\n", "--variant", "p01916")
    v = verdicts(p.stdout)
    c.check(v.get("hw1.b.weights") == "wrong", f"point 1: p01916 hw1.b = [0, 0, 0] wrong: {v.get('hw1.b.weights')}")
    if k["hw1.c.slope_a"]["value"] >= 0.00015:
        c.check(v.get("hw1.c.slope_a") == "wrong", f"point 1: p01916 slope_a = 0 wrong: {v.get('hw1.c.slope_a')}")
    p = grade(f"[hw1.b]\nweights = {places(b)}\n", "--variant", "p01916")
    c.check(verdicts(p.stdout).get("hw1.b.weights") == "right", "point 1: p01916's correctly rounded hw1.b right")

    # ---- point 2: honest work accepted ---------------------------------------------------------
    k = key_of(attn, "p00000")
    scores = k["hw1.a.scores"]["value"]
    methods = {
        "4 places, no shift": softmax(scores, 4),
        "5 places, no shift": softmax(scores, 5),
        "6 places, no shift": softmax(scores, 6),
        "NumPy float32, shifted": softmax(scores, shift=True, float32=True),
        "4 places, shifted": softmax(scores, 4, shift=True),
    }
    for name, w in methods.items():
        w4 = [round(x, 4) for x in w]
        forced_last = w4[:-1] + [round(1 - sum(w4[:-1]), 4)]
        big = max(range(3), key=lambda i: w4[i])
        forced_big = list(w4)
        forced_big[big] = round(1 - sum(x for i, x in enumerate(w4) if i != big), 4)
        for how, ws in (("", w4), (", last = 1 - rest", forced_last), (", largest takes the rest", forced_big)):
            p = grade(f"[hw1.b]\nweights = {places(ws)}\n", "--variant", "p00000")
            c.check(verdicts(p.stdout).get("hw1.b.weights") == "right",
                    f"point 2: p00000 hw1.b {name}{how}: {places(ws)} right, got {verdicts(p.stdout).get('hw1.b.weights')}")
    exact = k["hw1.b.weights"]["value"]
    off = [round(exact[0], 4), round(exact[1] + 0.03, 4), round(exact[2] - 0.03, 4)]
    p = grade(f"[hw1.b]\nweights = {places(off)}\n", "--variant", "p00000")
    c.check(verdicts(p.stdout).get("hw1.b.weights") == "wrong", f"point 2: 300 units off is still wrong: {places(off)}")

    # ---- point 3: follow-through from the student's α₂ ----------------------------------------
    k = key_of(attn, "chapter")
    wrong_a = k["hw1.b.weights"]["value"]   # (a) without the scaling: a named mistake
    alpha = round(wrong_a[1], 4)
    p = grade(f"[hw1.a]\nweights = {places(wrong_a)}\n[hw1.c]\nslope_a = {alpha * (1 - alpha):.4f}\n")
    v = verdicts(p.stdout)
    c.check(v.get("hw1.a.weights") == "wrong" and v.get("hw1.c.slope_a") == "right",
            f"point 3: slope_a from the student's own alpha_2 right: {v}")
    c.check("from your" in p.stdout, "point 3: the report says the slope was graded from the student's alpha_2")
    p = grade(f"[hw1.a]\nweights = [0.3, 0.3, 0.4]\n[hw1.c]\nslope_a = {0.3 * 0.7:.4f}\n")
    c.check(verdicts(p.stdout).get("hw1.c.slope_a") == "wrong", "point 3: no follow-through from an unexplained wrong alpha_2")

    # ---- point 4: one bad line costs one answer ----------------------------------------------
    good = "[hw1.a]\nscores = [2, 0, 2]\nscaled = [1.4142, 0.0000, 1.4142]\n[hw2.c]\nsame_as_mask = true\n"
    for bad, key, advice in (("[hw1.c]\nslope_a = 0,0966\n", "hw1.c.slope_a", "decimal"),
                             ("[hw1.c]\nslope_a = .0966\n", "hw1.c.slope_a", "0.0966"),
                             ("[hw3.c]\nmuls_n1000 = 101 760\n", None, "101760"),
                             ("[hw2.c]\nsame_as_mask = True\n", "hw2.c.same_as_mask", "true or false")):
        p = grade(good.replace("[hw2.c]\nsame_as_mask = true\n", "") + bad)
        v = verdicts(p.stdout)
        c.check(p.returncode == 1, f"point 4: {bad!r}: graded, exit 1 (got {p.returncode}: {p.stderr.strip()})")
        c.check(v.get("hw1.a.scores") == "right" and v.get("hw1.a.scaled") == "right",
                f"point 4: {bad!r}: the other answers graded right: {v}")
        if key:
            c.check(v.get(key) == "wrong", f"point 4: {bad!r}: {key} wrong")
        c.check(advice in p.stdout + p.stderr, f"point 4: {bad!r}: the reason says how to write it ({advice})")
    fullwidth = ("[hw1.a]\nscores\u3000\uff1d [\uff12\uff0c 0, 2]\nscaled = [1.4142,\u00a00.0000, 1.4142]\n")
    p = grade(fullwidth)
    v = verdicts(p.stdout)
    c.check(v.get("hw1.a.scores") == "right" and v.get("hw1.a.scaled") == "right",
            f"point 4: full-width forms, U+3000 and U+00A0 read as ASCII: {v} {p.stderr}")
    c.check("read as ASCII" in p.stderr + p.stdout, "point 4: with a note")

    # ---- point 8 (part): no CSV cell of a class run starts a formula ---------------------------
    cls = tmp / "class"
    cls.mkdir()
    (cls / "a.toml").write_text("[hw1.a]\nscores = [2, 0, 2]\n")
    (cls / "roster.csv").write_text('id,name,sheet\ns1,"=HYPERLINK(""http://x"",""y"")",a.toml\n'
                                    '-s2,+1,a.toml\n@s3,@SUM(A1),a.toml\n')
    p = run(attn, "--grade-class", str(cls / "roster.csv"), "--out", str(cls / "out"))
    c.check(p.returncode == 1, f"class run graded (exit 1): {p.returncode} {p.stderr}")
    for name in ("gradebook.csv", "canvas.csv", "moodle.csv"):
        with open(cls / "out" / name, newline="", encoding="utf-8") as f:
            cells = [cell for row in csv.reader(f) for cell in row]
        bad = [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r") or
               (cell[:1] == "-" and not re.fullmatch(r"-?[0-9.]+", cell))]
        c.check(not bad, f"point 8: {name}: no cell starts a formula: {bad}")
        c.check(any(cell.startswith("'=HYPERLINK") for cell in cells) or name == "canvas.csv" and
                any(cell.startswith("'") for cell in cells), f"point 8: {name}: the text is kept, as text")

    # Not graded: an empty LMS cell (a 0 overwrites a grade on import); `-` as a sheet path refused.
    (cls / "roster2.csv").write_text("id,sheet\ns1,a.toml\ns2,missing.toml\n")
    p = run(attn, "--grade-class", str(cls / "roster2.csv"), "--out", str(cls / "out2"))
    with open(cls / "out2" / "moodle.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    c.check(rows[2][0] == "s2" and rows[2][2] == "" and "not graded" in rows[2][3],
            f"point 8: a student not graded gets an empty Moodle cell: {rows[2]}")
    with open(cls / "out2" / "canvas.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    c.check(rows[3][2] == "s2" and rows[3][5] == "", f"point 8: ... and an empty Canvas cell: {rows[3]}")
    (cls / "roster3.csv").write_text("id,sheet\ns1,-\n")
    p = subprocess.run([attn, "homework", "--grade-class", str(cls / "roster3.csv"), "--out", str(cls / "out3")],
                       capture_output=True, text=True, timeout=20, stdin=subprocess.PIPE)
    c.check(p.returncode == 2 and "standard input" in p.stderr, f"point 8: `-` as a roster sheet path refused: {p.stderr}")

    # ---- point 5: spellings a fair teacher accepts ---------------------------------------------
    for spelling in ("\uff14D\u00b2", "4\u30fbD^2", "4\u2219D^2", "4D^{2}", "$4D^2$", "4 \\\\cdot D^2"):
        p = grade(f'[hw3.a]\nparams = "{spelling}"\n')
        c.check(verdicts(p.stdout).get("hw3.a.params") == "right", f"point 5: params = {spelling!r} right")
    for spelling in ("N > 2D", "N>2D", "N = 2D", "N >= 2*D", "N \u2265 2D"):
        p = grade(f'[hw3.d]\nthreshold = "{spelling}"\n')
        c.check(verdicts(p.stdout).get("hw3.d.threshold") == "right", f"point 5: threshold = {spelling!r} right")
    p = grade('[hw3.d]\nthreshold = "N > 3D"\n')
    c.check(verdicts(p.stdout).get("hw3.d.threshold") == "wrong", "point 5: N > 3D still wrong")
    p = grade("[hw1.c]\nslope_a = 9.66\n")
    c.check(verdicts(p.stdout).get("hw1.c.slope_a") == "wrong" and "percentage" in p.stdout and "fewer digits" not in p.stdout,
            f"point 5: a percentage is wrong with a hint that says so: {p.stdout[-400:]}")

    # ---- point 6: a keyed sheet names the check that works -----------------------------------
    secret = tmp / "secret"
    secret.write_text("0123456789abcdef0123456789abcdef")
    secret.chmod(0o600)
    keyed = run(attn, "--template", "--variant", "s001", "--secret-file", str(secret)).stdout
    public = run(attn, "--template", "--variant", "s001").stdout
    c.check("Check it with" not in keyed and "course secret" in keyed,
            "point 6: a keyed sheet does not offer the public self-check and says the teacher's run grades it")
    c.check("Check it with: attn homework --grade FILE --variant s001" in public, "point 6: a public sheet keeps its self-check")
    key = run(attn, "--key", "--variant", "s001", "--secret-file", str(secret)).stdout
    c.check("course secret (--secret-file or $ATTN_COURSE_SECRET)" in key, "point 6: a keyed key names the secret its check needs")

    # ---- careless-teacher guards -------------------------------------------------------------
    loose = tmp / "loose-secret"
    loose.write_text("0123456789abcdef0123456789abcdef")
    loose.chmod(0o644)
    sheet = tmp / "one.toml"
    sheet.write_text("[hw1.a]\nscores = [1, 2, 3]\n")
    p = run(attn, "--grade", str(sheet), "--variant", "s001", "--secret-file", str(loose))
    c.check(p.returncode == 1 and "readable by group or others" in p.stderr, f"a secret others can read: warned ({p.stderr})")
    strict = tmp / "strict.toml"
    strict.write_text("require_secret = true\n")
    p = run(attn, "--grade", str(sheet), "--variant", "s001", "--secret-file", str(loose), "--course", str(strict))
    c.check(p.returncode == 2 and "readable by group or others" in p.stderr, f"... refused with require_secret ({p.stderr})")
    p = run(attn, "--grade", str(sheet), "--variant", "Chapter", "--secret-file", str(secret))
    c.check(p.returncode == 2 and "public numbers" in p.stderr, f"ID Chapter under a secret refused ({p.stderr})")
    tol = tmp / "tol.toml"
    tol.write_text("[tolerance]\nhw1 = { digits = 6 }\n")
    p = run(attn, "--grade", str(sheet), "--course", str(tol))
    c.check("stricter" in p.stderr or "is graded to 6 digits" in p.stderr, f"[tolerance] stricter than the sheet: warned ({p.stderr})")

    return c.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
