#!/usr/bin/env python3
"""Completion as a person meets it (issue 31, point 5): bash and zsh are driven in a real
terminal (tmux: the line is typed, Tab pressed, the screen read back), fish through its own
completion engine (`complete -C`). For every flag that takes a file or a folder (--grade-class,
--out, --grade, --svg, udl 12.4's --model, ...): a name with spaces stays one name, folders end
in `/`, --out offers folders only, --model files and folders; udl's --mistake offers the mistakes of the notebook typed before it. A shell or tmux
that is not installed is skipped with a note (tools/install-deps.sh installs them)."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks, run_attn  # noqa: E402


class Terminal:
    """One shell in a detached tmux session on its own server socket."""

    def __init__(self, socket, command, env):
        self.tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
        subprocess.run(self.tmux + ["new-session", "-d", "-x", "160", "-y", "40", command], check=True, env=env)
        # A command line of its own: no history, no rc files, a known prompt.
        time.sleep(0.3)

    def keys(self, *keys):
        subprocess.run(self.tmux + ["send-keys", *keys], check=True)

    def screen(self):
        return subprocess.run(self.tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout

    def wait_for_prompt(self, prompt, timeout=60.0):
        """Until a line holds the prompt alone (capture-pane drops its trailing space; the line
        typed to set it holds more)."""
        end = time.time() + timeout
        while time.time() < end:
            if any(l.rstrip() == prompt.rstrip() for l in self.screen().splitlines()):
                return True
            time.sleep(0.1)
        return False

    def line_after_tab(self, typed, tabs=1, settle=0.6):
        """Types `typed`, presses Tab `tabs` times, returns the screen; then clears the line."""
        self.keys("-l", typed)
        for _ in range(tabs):
            time.sleep(0.2)
            self.keys("Tab")
        time.sleep(settle)
        s = self.screen()
        self.keys("C-u")
        self.keys("C-l")
        time.sleep(0.2)
        return s

    def close(self):
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)


def prompt_line(screen, prompt):
    lines = [l for l in screen.splitlines() if l.startswith(prompt)]
    return lines[-1][len(prompt):] if lines else ""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("completion_shells")
    check = checks.check
    attn = os.path.abspath(a.attn)
    mistakes = {"12.2": None, "12.3": None}
    tmp = tempfile.mkdtemp()
    try:
        bin_dir = os.path.join(tmp, "bin")
        os.mkdir(bin_dir)
        os.symlink(attn, os.path.join(bin_dir, "attn"))
        work = os.path.join(tmp, "class")
        os.makedirs(os.path.join(work, "My Sheets"))
        open(os.path.join(work, "My Sheets", "roster.csv"), "w").close()
        os.makedirs(os.path.join(work, "out dir"))
        open(os.path.join(work, "outline.txt"), "w").close()
        scripts = {}
        for sh in ("bash", "zsh", "fish"):
            scripts[sh] = run_attn(attn, ["completion", sh], text=True).stdout
        # udl's mistakes per notebook, from attn's own data (the fish script's lines for 12.2 and 12.3)
        for line in scripts["fish"].splitlines():
            for nb in ("12.2", "12.3"):
                if f"__fish_seen_subcommand_from {nb}'" in line and "-l mistake" in line:
                    mistakes[nb] = line.split(" -a '")[1].split("'")[0].split()
        check(all(mistakes.values()) and not set(mistakes["12.2"] or []) & set(mistakes["12.3"] or []),
              f"the fish script has each notebook's own mistakes ({mistakes})")
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), HOME=tmp, TERM="xterm",
                   LC_ALL="C.UTF-8")

        # --- bash, in a terminal ---
        if shutil.which("bash") and shutil.which("tmux"):
            path = os.path.join(tmp, "attn.bash")
            with open(path, "w") as f:
                f.write(scripts["bash"])
            t = Terminal(f"attn-bash-{os.getpid()}", "bash --norc --noprofile", env)
            try:
                t.keys("-l", f"PS1='B> '; bind 'set show-all-if-ambiguous on'; source '{path}'; cd '{work}'")
                t.keys("Enter")
                check(t.wait_for_prompt("B> "), "bash: the prompt came")
                time.sleep(0.3)
                t.keys("C-l")
                time.sleep(0.3)
                s = t.line_after_tab("attn homework --grade-class My", tabs=2)
                got = prompt_line(s, "B> ")
                check(got.startswith("attn homework --grade-class My\\ Sheets/roster.csv"),
                      f"bash: --grade-class My<Tab><Tab> -> My\\ Sheets/roster.csv (got {got!r})")
                s = t.line_after_tab("attn homework --out ou")
                got = prompt_line(s, "B> ")
                check(got.startswith("attn homework --out out\\ dir/") and "outline" not in got,
                      f"bash: --out ou<Tab> -> the folder out\\ dir/ only (got {got!r})")
                s = t.line_after_tab("attn homework --grade-class ou")
                check("out dir/" in s and "outline.txt" in s, f"bash: --grade-class ou<Tab> lists files and folders ({s!r})")
                s = t.line_after_tab("attn udl 12.4 --model ou", tabs=2)
                check("out dir/" in s and "outline.txt" in s, f"bash: udl 12.4 --model ou<Tab><Tab> lists files and folders ({s!r})")
                s = t.line_after_tab("attn mask --svg My")
                got = prompt_line(s, "B> ")
                check(got.startswith("attn mask --svg My\\ Sheets/"), f"bash: --svg My<Tab> -> My\\ Sheets/ (got {got!r})")
                s = t.line_after_tab("attn udl 12.2 --mistake ", tabs=2)
                check(all(m in s for m in (mistakes["12.2"] or ["(none)"])) and not any(m in s for m in (mistakes["12.3"] or [])),
                      f"bash: udl 12.2 --mistake <Tab><Tab> offers 12.2's mistakes only ({s!r})")
                print("bash transcript (--grade-class):")
                print(t.line_after_tab("attn homework --grade-class My\\ Sheets/", tabs=1).rstrip())
            finally:
                t.close()
        else:
            print("note: bash or tmux is not installed; bash was not driven")

        # --- zsh, in a terminal, through compinit ---
        if shutil.which("zsh") and shutil.which("tmux"):
            fdir = os.path.join(tmp, "zfunc")
            os.mkdir(fdir)
            with open(os.path.join(fdir, "_attn"), "w") as f:
                f.write(scripts["zsh"])
            t = Terminal(f"attn-zsh-{os.getpid()}", "zsh -f", env)
            try:
                # zsh's line editor drops what was typed before its first prompt (under load it
                # starts late): wait for the prompt before typing.
                end = time.time() + 30
                while time.time() < end and not t.screen().strip():
                    time.sleep(0.1)
                t.keys("-l", f"PS1='Z> '; fpath=('{fdir}' $fpath); autoload -Uz compinit; compinit -u -d '{tmp}/zcd'; "
                             f"cd '{work}'")
                t.keys("Enter")
                # the prompt itself, not the typed line that sets it (compinit takes seconds on a
                # loaded machine)
                check(t.wait_for_prompt("Z> "), "zsh: the prompt came after compinit")
                time.sleep(1.0)
                t.keys("C-l")
                time.sleep(0.3)
                s = t.line_after_tab("attn homework --grade-class My", tabs=2, settle=1.0)
                got = prompt_line(s, "Z> ")
                check(got.startswith("attn homework --grade-class My\\ Sheets/roster.csv"),
                      f"zsh: --grade-class My<Tab><Tab> -> My\\ Sheets/roster.csv (got {got!r})")
                s = t.line_after_tab("attn homework --out ou", settle=1.0)
                got = prompt_line(s, "Z> ")
                check(got.startswith("attn homework --out out\\ dir/") and "outline" not in got,
                      f"zsh: --out ou<Tab> -> the folder out\\ dir/ only (got {got!r})")
                s = t.line_after_tab("attn udl 12.4 --model ou", tabs=2, settle=1.0)
                check(("out dir/" in s or "out\\ dir/" in s) and "outline.txt" in s,
                      f"zsh: udl 12.4 --model ou<Tab><Tab> lists files and folders ({s!r})")
                s = t.line_after_tab("attn udl 12.3 --mistake ", tabs=2, settle=1.0)
                check(all(m in s for m in (mistakes["12.3"] or ["(none)"])) and not any(m in s for m in (mistakes["12.2"] or [])),
                      f"zsh: udl 12.3 --mistake <Tab><Tab> offers 12.3's mistakes only ({s!r})")
                print("zsh transcript (--grade-class):")
                print(t.line_after_tab("attn homework --grade-class My\\ Sheets/", tabs=1, settle=1.0).rstrip())
            finally:
                t.close()
        else:
            print("note: zsh or tmux is not installed; zsh was not driven")

        # --- fish, through its completion engine ---
        if shutil.which("fish"):
            path = os.path.join(tmp, "attn.fish")
            with open(path, "w") as f:
                f.write(scripts["fish"])

            def fish(line):
                r = subprocess.run(["fish", "--no-config", "-c", f"source {path}; cd '{work}'; complete -C {line}"],
                                   capture_output=True, text=True, env=env)
                return [l.split("\t")[0] for l in r.stdout.splitlines()]

            got = fish("'attn homework --grade-class My'")
            check(got == ["My Sheets/"], f"fish: --grade-class My -> ['My Sheets/'] (got {got})")
            got = fish("'attn homework --grade-class My\\ Sheets/'")
            check(got == ["My Sheets/roster.csv"], f"fish: --grade-class 'My Sheets/' -> the roster (got {got})")
            got = fish("'attn homework --out ou'")
            check(got == ["out dir/"], f"fish: --out ou -> ['out dir/'] only (got {got})")
            got = fish("'attn udl 12.4 --model ou'")
            check(sorted(got) == ["out dir/", "outline.txt"], f"fish: udl 12.4 --model ou -> files and folders (got {got})")
            got = fish("'attn udl 12.2 --mistake '")
            check(sorted(got) == sorted(mistakes["12.2"] or ["(none)"]), f"fish: udl 12.2 --mistake offers 12.2's mistakes (got {got})")
            got = fish("'attn udl 12.3 --mistake '")
            check(sorted(got) == sorted(mistakes["12.3"] or ["(none)"]), f"fish: udl 12.3 --mistake offers 12.3's mistakes (got {got})")
            print("fish transcript (--grade-class My):", fish("'attn homework --grade-class My'"))
        else:
            print("note: fish is not installed; its completion was not run")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
