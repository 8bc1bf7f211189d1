#!/usr/bin/env python3
"""Every shell block of README.md and docs/*.md runs as written (issue 41).

The blocks are found, not listed: every fenced block of those files, in order. Its info string says
what it is, and an unlabelled fence fails (write ```text for a listing):

- ```sh, ```bash, ```shell: commands. Each command (a line, or the lines a backslash, a quote or a
  `do … done` joins) runs in one bash per file, in the file's scratch folder, one after the other
  as a reader types them into one terminal (a `cd` or a variable carries on to the next block).
  Each must exit 0 — or 1 when it is attn (`attn homework --grade` of a sheet with wrong answers:
  attn's exit 1 is "a failed check", a result; README.md, "Exit codes").
- ```console: a terminal transcript. Each `$ ` line is a command as above, and the lines up to the
  next `$ ` line are what it prints (stdout and stderr as a terminal shows them), byte for byte;
  a line that is only `…` stands for any number of lines left out. Show an exit code other than
  0 and 1 with `; echo "exit $?"`.
- any other (```toml, ```csv, ```yaml, ```text, …): not run. Preceded by `<!-- file: NAME -->`,
  the block is written to NAME in the scratch folder at its place, as a reader saves it.

A shell or console block preceded by `<!-- not-run: REASON -->` (on the line above its fence) is
not run and is counted with its reason: a real Gradescope or GitHub, a download, a root-only
release build, a benchmark of minutes. The summary counts run and not-run blocks per reason.

The scratch folder (one per file, made afresh) has `build/attn` (the attn under test, also on
PATH as `attn`), links to the source tree's top-level folders (`tools/`, `docs/`, `golden/`, …),
HOME in it, a Debian user's PATH after attn's folder, and no ATTN_* variables from the caller.

    docs_blocks_test.py --attn build/attn --source . [--verbose] [FILE.md ...]
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks, byte_diff  # noqa: E402

SHELL = {"sh", "bash", "shell"}
CONSOLE = {"console"}
FENCE = re.compile(r"^( {0,3}|\s*[-*] |\s+)(`{3,}|~{3,})\s*([^`\s]*)")
MARK = re.compile(r"^\s*<!--\s*(not-run|file)\s*:\s*(.*?)\s*-->\s*$")
FILE_TIMEOUT_S = 240
ELLIPSIS = "…"
# A Debian user's PATH (after attn's folder): `python3` is Debian's, with its NumPy and jsonschema.
READER_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"


class Block:
    def __init__(self, path, line, lang, lines, mark):
        self.path, self.line, self.lang, self.lines, self.mark = path, line, lang, lines, mark

    @property
    def where(self):
        return f"{self.path}:{self.line}"


def blocks(path, rel):
    """The fenced blocks of a Markdown file: (line, info string, content lines, marker)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = len(m.group(1)), m.group(2), m.group(3).lower()
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*" + re.escape(fence[0]) + "{%d,}\\s*$" % len(fence), lines[j]):
            j += 1
        body = [l[indent:] if l[:indent].strip() == "" else l.lstrip() for l in lines[i + 1:j]]
        k = i - 1
        while k >= 0 and lines[k].strip() == "":
            k -= 1
        mark = MARK.match(lines[k]) if k >= 0 else None
        out.append(Block(rel, i + 1, lang, body, (mark.group(1), mark.group(2)) if mark else None))
        i = j + 1
    return out


def complete(text):
    """Whether bash can parse `text` as whole commands (no open quote, loop or continuation)."""
    if text.rstrip("\n").endswith("\\"):
        return False
    r = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True)
    return r.returncode == 0


def sh_commands(lines):
    """An sh block's commands: lines joined until bash parses them; comments and blank lines skipped."""
    cmds, cur = [], []
    for line in lines:
        if not cur and (line.strip() == "" or line.lstrip().startswith("#")):
            continue
        cur.append(line)
        if complete("\n".join(cur) + "\n"):
            cmds.append(("\n".join(cur), None))
            cur = []
    if cur:
        cmds.append(("\n".join(cur), None))   # bash will say what is wrong with it
    return cmds


def console_commands(lines):
    """A console block's commands, each with the output shown below it."""
    cmds, i = [], 0
    while i < len(lines) and not lines[i].startswith("$ "):
        i += 1
    while i < len(lines):
        cmd = [lines[i][2:]]
        i += 1
        while not complete("\n".join(cmd) + "\n") and i < len(lines):
            nxt = lines[i]
            cmd.append(nxt[2:] if nxt.startswith("> ") else nxt)
            i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        while shown and shown[-1] == "":
            shown.pop()
        cmds.append(("\n".join(cmd), shown))
    return cmds


def shown_matches(shown, got):
    """Whether the output `got` is what the lines `shown` show (`…`: any lines left out)."""
    if ELLIPSIS not in shown:
        return got == "".join(l + "\n" for l in shown)
    pattern = "".join(r"(?:[^\n]*\n)*?" if l == ELLIPSIS else re.escape(l + "\n") for l in shown)
    return re.fullmatch(pattern, got) is not None


def is_attn(cmd):
    first = cmd.split(None, 1)[0] if cmd.split() else ""
    return first == "attn" or first.endswith("/attn")


def scratch_for(root, source, attn, name):
    d = os.path.join(root, re.sub(r"[^A-Za-z0-9_.-]", "_", name))
    os.makedirs(os.path.join(d, "build"))
    os.symlink(os.path.abspath(attn), os.path.join(d, "build", "attn"))
    for entry in os.listdir(source):
        if entry.startswith(".") or entry.startswith("build") or entry == "dist":
            continue
        os.symlink(os.path.join(os.path.abspath(source), entry), os.path.join(d, entry))
    os.makedirs(os.path.join(d, "home"))
    return d


def run_file(checks, blocks_of_file, scratch, attn, verbose):
    """Runs one file's blocks in one bash; returns (blocks run, per-command results)."""
    data = os.path.join(scratch, ".docs-test")
    os.makedirs(data)
    script, commands = ["cd " + shlex_quote(scratch)], []
    for b in blocks_of_file:
        if b.mark and b.mark[0] == "file":
            src = os.path.join(data, f"file{len(commands)}_{b.line}")
            with open(src, "w", encoding="utf-8") as f:
                f.write("".join(l + "\n" for l in b.lines))
            script.append(f"cp {shlex_quote(src)} {shlex_quote(b.mark[1])}")
            continue
        if b.lang not in SHELL | CONSOLE or (b.mark and b.mark[0] == "not-run"):
            continue
        cmds = sh_commands(b.lines) if b.lang in SHELL else console_commands(b.lines)
        checks.check(cmds, f"{b.where}: the {b.lang} block has a command")
        for cmd, shown in cmds:
            n = len(commands)
            commands.append((b, cmd, shown))
            out, rc = os.path.join(data, f"{n}.out"), os.path.join(data, f"{n}.rc")
            script.append(f"{{\n{cmd}\n}} >{shlex_quote(out)} 2>&1 </dev/null; echo $? >{shlex_quote(rc)}")
    if not commands:
        return 0
    env = {k: v for k, v in os.environ.items() if not k.startswith("ATTN_") and k not in ("NO_COLOR", "COLUMNS")}
    env.update(HOME=os.path.join(scratch, "home"), TERM="dumb", LC_ALL="C.UTF-8",
               PATH=os.path.dirname(os.path.abspath(attn)) + os.pathsep + READER_PATH)
    t0 = time.monotonic()
    try:
        subprocess.run(["bash", "--noprofile", "--norc"], input="\n".join(script) + "\n", text=True,
                       cwd=scratch, env=env, timeout=FILE_TIMEOUT_S, capture_output=True)
    except subprocess.TimeoutExpired:
        pass
    seconds = time.monotonic() - t0
    for n, (b, cmd, shown) in enumerate(commands):
        first = cmd.splitlines()[0] + (" …" if len(cmd.splitlines()) > 1 else "")
        what = f"{b.where}: `{first}`"
        rc_path, out_path = os.path.join(data, f"{n}.rc"), os.path.join(data, f"{n}.out")
        if not os.path.exists(rc_path):
            checks.check(False, f"{what}: did not finish within the file's {FILE_TIMEOUT_S} s")
            break
        rc = int(open(rc_path).read().strip() or "255")
        got = open(out_path, "rb").read().decode("utf-8", errors="replace")
        ok_rc = rc == 0 or (rc == 1 and is_attn(cmd))
        checks.check(ok_rc, f"{what}: exit {rc}\n{tail(got)}")
        if shown is not None:
            same = shown_matches(shown, got)
            text = "".join(l + "\n" for l in shown)
            checks.check(same, what if same else f"{what}: output differs from the block's\n{byte_diff(text, got)}")
        elif verbose:
            print(f"ok   {what}")
    print(f"  {blocks_of_file[0].path}: {len(commands)} commands in {seconds:.1f} s")
    return len({id(b) for b, _, _ in commands})


def tail(text, n=12):
    lines = text.rstrip("\n").split("\n")
    return "\n".join("    | " + l for l in lines[-n:])


def shlex_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--verbose", action="store_true")
    p.add_argument("files", nargs="*", help="Markdown files (default: README.md and docs/*.md)")
    a = p.parse_args()
    checks = Checks("docs_blocks", verbose=a.verbose)
    files = a.files or ["README.md"] + sorted(os.path.relpath(f, a.source) for f in glob.glob(os.path.join(a.source, "docs", "*.md")))
    root = tempfile.mkdtemp(prefix="attn-docs-")
    run, not_run, others = 0, {}, 0
    try:
        for rel in files:
            found = blocks(os.path.join(a.source, rel), rel)
            for b in found:
                checks.check(b.lang != "", f"{b.where}: the fence names its language (```sh, ```console, or ```text for a listing)")
                if b.mark and b.mark[0] == "not-run":
                    if checks.check(b.lang in SHELL | CONSOLE, f"{b.where}: a not-run mark stands before a shell or console block"):
                        checks.check(b.mark[1] != "", f"{b.where}: the not-run mark gives its reason")
                        not_run.setdefault(b.mark[1], []).append(b.where)
                elif b.lang not in SHELL | CONSOLE:
                    others += 1
            if any(b.lang in SHELL | CONSOLE for b in found):
                scratch = scratch_for(root, a.source, a.attn, rel)
                run += run_file(checks, found, scratch, a.attn, a.verbose)
        print(f"shell blocks run: {run}; marked not-run: {sum(len(v) for v in not_run.values())}; "
              f"other blocks (files, listings): {others}")
        for reason, where in sorted(not_run.items()):
            print(f"  not run ({len(where)}): {reason}: {', '.join(where)}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
