#!/usr/bin/env python3
"""The web page in a real browser: headless Chromium (Debian's `chromium`) opens the built page
from disk (file://, as a student who downloaded it would), waits for the module, runs four golden
files' commands (one a public homework variant) through the page's worker, compares each stdout byte for byte with the golden
file, then runs `attention --heatmap` as a student would (typed, with the page's colour and picture flags:
the heatmap's cells coloured, the SVG shown), cancels a long run (`cost`) and checks that the
next run still prints the golden bytes, stops `cost` at the page's time limit, clicks an example
link (the command filled in and run in the tab, no navigation; every example a focusable link),
opens the page with `?run=udl%2012.1&lang=en` (the command runs as it opens), and saves a
screenshot. Then, as a student (issue 41): clicks EVERY example link the page has (found on the
page, not listed here) and types README.md's attn commands (found in its shell and console
blocks) and `homework --template --variant s001`, `homework` (the worked solutions with their
charts) into the command line: each must exit 0 with the stdout, and the pictures, that the
native attn (--native) prints for the command line the page ran (its colour and picture flags
included), in the page's environment. A README command that writes a file (`> answers.toml`) is
typed without the redirection (the page shows the output; it has no shell); `--grade FILE` is
given the sheet through the page's file chooser, as a student picks it (the chapter's key: its
expression answers are refused in the page in one line, exit 3, as docs/web.md says). With --model
DIR (a GPT-2 folder), the folder's files are chosen likewise and `udl 12.4 --model .` typed, with
--attention too, each against the native attn (docs/performance.md: the page's time).

  tests/web/chromium_test.py --page build-wasm/web/index.html --golden golden \
                             --screenshot build-wasm/web-screenshot.png --native build/attn \
                             --readme README.md

Chromium is driven over its DevTools protocol on a pipe (--remote-debugging-pipe: fd 3 in, fd 4
out, NUL-terminated JSON), so nothing but Python's standard library is needed. Skips (exit 77),
saying why, when Chromium is not installed.
"""
import argparse
import base64
import fcntl
import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "reference"))
from harness import Checks, byte_diff  # noqa: E402
from golden_test import outputs_match, ATTN_FIGURE_PREFIX, lesson_figure_bound  # noqa: E402  (the lesson's documented section-5 line)

SKIP = 77
# One golden file per kind of output: an experiment, a notebook replay, the lesson's float32 path,
# and a public homework variant (its HMAC-SHA256 from WebCrypto: the worker computes it and runs the
# command again, web/attn-worker.js).
GOLDEN = ["scaling/chapter_dq400.txt", "udl/12.1_defaults.txt", "lesson/defaults.txt",
          "homework/book-12.4-alice-en.txt"]
N = len(GOLDEN)   # the runs before the typed ones (window.attnRuns' indices)
COST_LIMIT_S = 3  # the page's limit for `cost` in this test (the page's own: 60 s)


class DevTools:
    def __init__(self, chromium, user_dir):
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # Chromium reads commands on fd 3 and writes replies on fd 4: both moved out of the way
        # first (either may be 3 or 4 already), then placed; pass_fds keeps 3 and 4 open, as
        # subprocess closes the others after this runs.
        def child_fds():
            r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe",
             f"--user-data-dir={user_dir}", "--window-size=1400,1000", "about:blank"],
            pass_fds=(3, 4), preexec_fn=child_fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.w = os.fdopen(to_browser_w, "wb", buffering=0)
        self.r = os.fdopen(from_browser_r, "rb", buffering=0)
        self.buf = b""
        self.next_id = 0

    def call(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self.w.write(json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            while b"\0" not in self.buf:
                chunk = self.r.read(1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self.buf += chunk
            raw, _, self.buf = self.buf.partition(b"\0")
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
        raise TimeoutError(method)

    def evaluate(self, session, expression, timeout=120):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                 "returnByValue": True}, session, timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# The environment the page gives a run (web/index.html, run()).
PAGE_ENV = {"ATTN_LANG": "zh-TW", "TERM": "xterm-256color", "COLORTERM": "truecolor", "COLUMNS": "120"}


def readme_commands(readme):
    """attn's command lines in README.md's shell and console blocks (`build/attn ARGS`), in order."""
    lines, out, lang = pathlib.Path(readme).read_text(encoding="utf-8").split("\n"), [], None
    for line in lines:
        if line.startswith("```"):
            lang = None if lang is not None else (line[3:].strip() or "text")
            continue
        if lang in ("sh", "console"):
            text = line[2:] if lang == "console" and line.startswith("$ ") else line if lang == "sh" else ""
            text = text.split(" #", 1)[0].strip()
            if text.startswith("build/attn "):
                out.append(text[len("build/attn "):])
    return out


def native_run(native, args, sheet=None, chosen=()):
    """The native attn with the page's arguments and environment, in a fresh folder: (exit code,
    stdout, {picture name: text}). `chosen`: files the student picked in the page, linked into the
    folder by name as the page writes them into the module's (a model's 548 MB are not copied)."""
    with tempfile.TemporaryDirectory() as d:
        if sheet:
            shutil.copy(sheet, os.path.join(d, os.path.basename(sheet)))
        for f in chosen:
            os.symlink(os.path.abspath(f), os.path.join(d, os.path.basename(f)))
        before = set(os.listdir(d))
        env = {k: v for k, v in os.environ.items() if not k.startswith("ATTN_") and k != "NO_COLOR"}
        env.update(PAGE_ENV)
        r = subprocess.run([os.path.abspath(native), *args], cwd=d, env=env, capture_output=True, timeout=300)
        pictures = {n: pathlib.Path(d, n).read_text(encoding="utf-8") for n in os.listdir(d)
                    if n not in before and n.endswith(".svg")}
        return r.returncode, r.stdout.decode("utf-8", errors="replace"), pictures


def page_run(dt, session, click_js, timeout=300):
    """Runs a command as the student does (click_js clicks a link or the Run button); the run's record."""
    n = dt.evaluate(session, "window.attnRuns.length")
    dt.evaluate(session, click_js + "; true")
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if dt.evaluate(session, f"window.attnRuns.length > {n}"):
            return dt.evaluate(session, f"window.attnRuns[{n}]")
        time.sleep(0.1)
    dt.evaluate(session, "document.getElementById('cancel').click(); true")
    return None


def lesson_lines_match(native, page, args):
    """The lesson's outputs, native and in the page: the same bytes but for section 5's flash line,
    a float32 rounding figure (golden_test.py's waiver), which must be under its bound in both."""
    n, p = native.split("\n"), page.split("\n")
    bound = lesson_figure_bound(list(args))

    def figure(line):
        try:
            return float(line[len(ATTN_FIGURE_PREFIX):]) if line.startswith(ATTN_FIGURE_PREFIX) else None
        except ValueError:
            return None
    return len(n) == len(p) and all(x == y or (figure(x) is not None and figure(y) is not None
                                               and figure(x) < bound and figure(y) < bound) for x, y in zip(n, p))


NUMBER = re.compile(r"-?\d+\.\d+")


def last_digit_apart(native, page):
    """The two texts equal but for decimals that differ by one unit in their last printed digit
    (GPT-2's float32 sums in another order: the module's BLAS keeps the reference BLAS's, docs/web.md):
    (equal so, how many such numbers)."""
    n, p = NUMBER.split(native), NUMBER.split(page)
    nn, pn = NUMBER.findall(native), NUMBER.findall(page)
    if n != p or len(nn) != len(pn):
        return False, 0
    apart = 0
    for x, y in zip(nn, pn):
        if x == y:
            continue
        unit = 10.0 ** -max(len(x.split(".")[1]), len(y.split(".")[1]))   # 42.8 against 42.79: 0.01
        if abs(float(x) - float(y)) > unit * (1 + 1e-9):
            return False, apart
        apart += 1
    return True, apart


def same_as_native(checks, native, what, run, sheet=None, chosen=(), digit_apart=False):
    if not checks.check(run is not None, f"{what}: the page finished the run"):
        return
    ran = run["ran"] or run["args"]
    code, stdout, pictures = native_run(native, ran, sheet, chosen)
    shown = {p["name"]: p["text"] for p in run["pictures"]}
    same = lesson_lines_match(stdout, run["stdout"], ran[1:]) if ran and ran[0] == "lesson" else stdout == run["stdout"]
    checks.check(run["code"] == 0, f"{what}: exit {run['code']} in the page (ran: attn {shlex.join(ran)})")
    checks.check(same, f"{what}: the page's stdout is the native attn's (attn {shlex.join(ran)})\n"
                 + byte_diff(stdout.encode(), run["stdout"].encode()))
    apart = 0
    if digit_apart and sorted(shown) == sorted(pictures) and shown != pictures:
        close = [last_digit_apart(pictures[k], shown[k]) for k in sorted(shown)]
        apart = sum(c[1] for c in close)
        if all(c[0] for c in close):
            shown = pictures
    checks.check(shown == pictures, f"{what}: the page shows the native attn's pictures "
                 f"(page {sorted(shown)}, native {sorted(pictures)}"
                 f"{'' if sorted(shown) != sorted(pictures) else ', texts differ'})")
    print(f"chromium_test: {what}: exit {run['code']}, {run['seconds']} s, ran `attn {shlex.join(ran)}`, "
          f"{'same bytes' if stdout == run['stdout'] else 'same but the waived line' if same else 'DIFFERENT'}, "
          f"{len(shown)} picture(s)" + (f", {apart} number(s) one unit apart in the last digit" if apart else ""))


def as_a_student(dt, session, a, checks):
    """Every example link clicked; README's commands and the homework's typed (module docstring)."""
    links = dt.evaluate(session, "Array.from(document.querySelectorAll('#examples a')).map((e) => e.dataset.cmd)")
    checks.check(len(links) >= 5, f"the page has its example links ({links})")
    for i, cmd in enumerate(links):
        run = page_run(dt, session, f"document.querySelectorAll('#examples a')[{i}].click()")
        same_as_native(checks, a.native, f"example link `{cmd}` clicked", run)
    with tempfile.TemporaryDirectory() as d:
        # The sheet a student picks for --grade: the chapter's key (`homework --key`), all right.
        sheet = os.path.join(d, "answers.toml")
        r = subprocess.run([a.native, "homework", "--key"], capture_output=True, env=dict(os.environ, **PAGE_ENV))
        pathlib.Path(sheet).write_bytes(r.stdout)
        typed = []
        for line in readme_commands(a.readme) + ["homework --template --variant s001", "homework"]:
            args = shlex.split(line)
            if ">" in args:
                args = args[:args.index(">")]
            if args and args[0] == "cost":
                print(f"chromium_test: README's `{line}` not typed: cost measures time (its numbers differ run to "
                      "run and its default sweep passes the page's limit)")
                continue
            typed.append(shlex.join(args))
        for line in typed:
            grading = "--grade" in shlex.split(line)
            if grading:
                choose_files(dt, session, [sheet])
            else:
                dt.evaluate(session, "document.getElementById('files').value = ''; true")
            run = page_run(dt, session, f"document.getElementById('cmd').value = {json.dumps(line)};"
                                        "document.getElementById('run').click()")
            if grading:
                # The chapter's key has expression answers (hw3's "4*D^2"), which the browser build
                # does not grade (no muParser: src/wasm/host.cpp, docs/web.md): the page must say
                # so in its one line, exit 3, and print no partial report.
                shown = dt.evaluate(session, "document.getElementById('out').textContent")
                checks.check(run is not None and run["code"] == 3 and run["stdout"] == ""
                             and "expression answers: not graded in the browser build" in shown,
                             f"typed `{line}`: the page refuses the key's expression answers in one line, "
                             f"exit 3 (got exit {run and run['code']}, {shown[:200]!r})")
                print(f"chromium_test: typed `{line}`: exit {run and run['code']}, refused as documented: "
                      f"{shown.strip()[:120]!r}")
                continue
            same_as_native(checks, a.native, f"typed `{line}`", run)


def choose_files(dt, session, files):
    """The files picked in the page's file chooser (#files), as a student picks them."""
    dt.call("DOM.enable", session=session)
    doc = dt.call("DOM.getDocument", session=session)
    node = dt.call("DOM.querySelector", {"nodeId": doc["root"]["nodeId"], "selector": "#files"}, session)
    dt.call("DOM.setFileInputFiles", {"nodeId": node["nodeId"], "files": [os.path.abspath(f) for f in files]}, session)


def notebook_124(dt, session, a, checks):
    """--model DIR (issue 42): the model folder's files picked in the page's file chooser and
    `udl 12.4 --model .` typed, then `--attention 0,0` and `--attention 11,11` (a head's matrix
    and its picture): each against the native attn with the same files; the page's seconds for
    the whole notebook printed (docs/performance.md)."""
    chosen = sorted(str(f) for f in pathlib.Path(a.model).iterdir() if f.is_file())
    choose_files(dt, session, chosen)
    for line in ["udl 12.4 --model . --attention 0,0", "udl 12.4 --model . --attention 11,11", "udl 12.4 --model ."]:
        run = page_run(dt, session, f"document.getElementById('cmd').value = {json.dumps(line)};"
                                    "document.getElementById('run').click()", timeout=3600)
        same_as_native(checks, a.native, f"typed `{line}` with {a.model}'s files chosen", run, chosen=chosen,
                       digit_apart=True)
    dt.evaluate(session, "document.getElementById('files').value = ''; true")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--page", required=True)
    p.add_argument("--golden", required=True)
    p.add_argument("--screenshot", required=True)
    p.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    p.add_argument("--native", required=True, help="the Linux build's attn, the outputs' reference")
    p.add_argument("--readme", required=True)
    p.add_argument("--model", help="a GPT-2 folder (config.json, model.safetensors, the vocabulary): also run "
                                   "notebook 12.4 and its --attention in the page with its files chosen (slow)")
    a = p.parse_args()
    if not shutil.which(a.chromium):
        print(f"chromium_test: SKIPPED: no Chromium ({a.chromium}); tools/install-deps.sh installs Debian's chromium")
        return SKIP
    page = pathlib.Path(a.page).resolve()
    checks = Checks("chromium")
    if not checks.check(os.access(a.native, os.X_OK),
                        f"the native attn to compare with is built ({a.native}: cmake --build build --target attn)"):
        return checks.finish()
    with tempfile.TemporaryDirectory() as user_dir:
        dt = DevTools(a.chromium, user_dir)
        try:
            t0 = time.monotonic()
            target = dt.call("Target.createTarget", {"url": page.as_uri() + f"?cost-limit={COST_LIMIT_S}"})["targetId"]
            session = dt.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            ready = None
            while time.monotonic() - t0 < 30:
                ready = dt.evaluate(session, "window.attnReady ? window.attnReadyAt : null")
                if ready is not None:
                    break
                time.sleep(0.02)
            checks.check(ready is not None, "the page's module did not become ready within 30 s; status: "
                         + str(dt.evaluate(session, "document.getElementById('status').textContent")))
            if ready is None:
                return checks.finish()
            print(f"chromium_test: module ready {ready:.0f} ms after navigation start "
                  f"({time.monotonic() - t0:.2f} s wall, browser start included)")
            for name in GOLDEN:
                text = (pathlib.Path(a.golden) / name).read_text(encoding="utf-8")
                header, _, expected = text.partition("\n")
                line = header[len("$ attn "):]
                run = dt.evaluate(session, f"window.attnRunExact({json.dumps(line)})")
                got = run["stdout"]
                args = shlex.split(line)
                same = outputs_match(expected, got, args[1:] if args and args[0] == "lesson" else ())
                checks.check(run["code"] == 0 and same,
                             f"{name}: attn {line} in Chromium (exit {run['code']}, {run['seconds']} s)\n"
                             + byte_diff(expected.encode(), got.encode()))
                print(f"chromium_test: {name}: exit {run['code']}, {run['seconds']} s, "
                      f"{'same bytes' if got == expected else 'same but the waived line' if same else 'DIFFERENT'}")
            # As a student: typed into the page, with colour and the picture.
            dt.evaluate(session, "document.getElementById('cmd').value = 'attention --heatmap';"
                                 "document.getElementById('run').click(); true")
            shown = None
            t1 = time.monotonic()
            while time.monotonic() - t1 < 120:
                shown = dt.evaluate(session, f"window.attnRuns.length >= {N + 1} ? [window.attnRuns[{N}].code, "
                                             "document.querySelectorAll('#pictures svg').length, "
                                             "document.querySelectorAll('#out span[style*=background]').length] : null")
                if shown:
                    break
                time.sleep(0.1)
            checks.check(bool(shown) and shown[0] == 0 and shown[1] >= 1 and shown[2] > 0,
                         f"attention --heatmap typed: exit, SVGs shown, coloured cells = {shown}")
            print(f"chromium_test: attention --heatmap typed: exit {shown and shown[0]}, {shown and shown[1]} picture(s), "
                  f"{shown and shown[2]} coloured cells")
            # Cancel: a long run (`cost`, minutes in the module) stopped after a second; the
            # page then runs the next command on a fresh worker.
            dt.evaluate(session, "document.getElementById('cmd').value = 'cost';"
                                 "document.getElementById('run').click(); true")
            time.sleep(1.0)
            dt.evaluate(session, "document.getElementById('cancel').click(); true")
            cancelled = dt.evaluate(session, f"window.attnRuns.length >= {N + 2} ? window.attnRuns[{N + 1}].code : 'running'")
            text = (pathlib.Path(a.golden) / GOLDEN[0]).read_text(encoding="utf-8")
            header, _, expected = text.partition("\n")
            again = dt.evaluate(session, f"window.attnRunExact({json.dumps(header[len('$ attn '):])})")
            checks.check(cancelled is None and again["code"] == 0 and again["stdout"] == expected,
                         f"cost cancelled: recorded exit {cancelled!r} (want None); the next run's exit "
                         f"{again['code']}, same bytes {again['stdout'] == expected}")
            print(f"chromium_test: cost cancelled after 1 s; the next run {again['seconds']} s, "
                  f"{'same bytes' if again['stdout'] == expected else 'DIFFERENT'}")
            # The page's time limit for cost: the run is stopped at it, saying so in the output.
            dt.evaluate(session, "document.getElementById('cmd').value = 'cost';"
                                 "document.getElementById('run').click(); true")
            t3 = time.monotonic()
            while time.monotonic() - t3 < 30 and not dt.evaluate(session, f"window.attnRuns.length >= {N + 4}"):
                time.sleep(0.1)
            limited = dt.evaluate(session, f"window.attnRuns.length >= {N + 4} ? [window.attnRuns[{N + 3}].code, "
                                           "window.attnRuns[" + str(N + 3) + "].seconds, "
                                           "document.getElementById('out').textContent] : null")
            checks.check(bool(limited) and limited[0] is None and COST_LIMIT_S <= limited[1] < COST_LIMIT_S + 5
                         and f"cost 到了網頁的 {COST_LIMIT_S} 秒上限" in limited[2],
                         f"cost past the page's limit of {COST_LIMIT_S} s: {limited!r}")
            print(f"chromium_test: cost stopped by the page's limit ({COST_LIMIT_S} s here): after "
                  f"{limited and limited[1]} s")
            # An example link, clicked: it fills in the command and runs it in this tab (no
            # navigation); as a link (?run=…) it is reachable by keyboard and opens in a new tab.
            before = dt.evaluate(session, "location.href")
            dt.evaluate(session, "document.getElementById('cmd').value = '';"
                                 "document.querySelector('#examples a[data-cmd=\"attention --heatmap\"]').click(); true")
            t2 = time.monotonic()
            while time.monotonic() - t2 < 60 and not dt.evaluate(session, f"(window.attnRuns || []).length >= {N + 5}"):
                time.sleep(0.1)
            link = dt.evaluate(session, f"[(window.attnRuns || []).length >= {N + 5} ? window.attnRuns[{N + 4}].code : 'none', "
                                        "document.getElementById('cmd').value, location.href, "
                                        "document.querySelector('#examples a[data-cmd=\"attention --heatmap\"]').href, "
                                        "Array.from(document.querySelectorAll('#examples a')).every((e) => e.tabIndex === 0 && e.href)]")
            checks.check(link[0] == 0 and link[1] == "attention --heatmap" and link[2] == before
                         and link[3].endswith("?run=attention%20--heatmap") and link[4] is True,
                         f"example link clicked: [exit, command, location, link, all links focusable] = {link!r} "
                         f"(location before {before!r})")
            print(f"chromium_test: example link attention --heatmap clicked: exit {link[0]}, "
                  f"{'no navigation' if link[2] == before else 'NAVIGATED'}, link {link[3].rsplit('/', 1)[-1]}")
            # A link to the page with ?run=: the command runs as the page opens (a teacher's link).
            target2 = dt.call("Target.createTarget", {"url": page.as_uri() + "?run=udl%2012.1&lang=en"})["targetId"]
            session2 = dt.call("Target.attachToTarget", {"targetId": target2, "flatten": True})["sessionId"]
            t4 = time.monotonic()
            opened = None
            while time.monotonic() - t4 < 60 and not opened:
                opened = dt.evaluate(session2, "(window.attnRuns || []).length ? [window.attnRuns[0].code, "
                                               "window.attnRuns[0].stdout, document.getElementById('cmd').value, "
                                               "document.documentElement.lang] : null")
                time.sleep(0.05)
            expected = (pathlib.Path(a.golden) / "udl/12.1_defaults.txt").read_text(encoding="utf-8").partition("\n")[2]
            checks.check(bool(opened) and opened[0] == 0 and opened[1] == expected and opened[2] == "udl 12.1"
                         and opened[3] == "en",
                         f"?run=udl%2012.1&lang=en: [exit, same bytes, command, language] = "
                         f"{opened and [opened[0], opened[1] == expected, opened[2], opened[3]]!r}")
            print(f"chromium_test: ?run=udl%2012.1&lang=en: exit {opened and opened[0]}, "
                  f"{'same bytes' if opened and opened[1] == expected else 'DIFFERENT'}")
            dt.call("Target.closeTarget", {"targetId": target2})
            as_a_student(dt, session, a, checks)
            if a.model:
                notebook_124(dt, session, a, checks)
            # The screenshot shows the last run.
            png = dt.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}, session)
            pathlib.Path(a.screenshot).write_bytes(base64.b64decode(png["data"]))
            print(f"chromium_test: screenshot {a.screenshot}")
        finally:
            dt.close()
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
