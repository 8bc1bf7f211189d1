#!/usr/bin/env python3
"""`cmake --install` into a fresh prefix gives a working tool: P/bin/attn prints what the build
tree's attn prints, P/share/man/man1/attn.1 documents every subcommand of `attn --help` and
renders with man, and the bash, zsh and fish completions (when attn has `attn completion`) are
installed where Debian's shells look and load in each shell that is installed.

    install_test.py --build build
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from harness import Checks

COMPLETIONS = {"bash": "share/bash-completion/completions/attn",
               "zsh": "share/zsh/vendor-completions/_attn",
               "fish": "share/fish/vendor_completions.d/attn.fish"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--cmake", default="cmake")
    a = ap.parse_args()
    checks = Checks("install", verbose=True)
    check = checks.check

    with tempfile.TemporaryDirectory() as prefix:
        inst = subprocess.run([a.cmake, "--install", a.build, "--prefix", prefix],
                              capture_output=True, text=True)
        check(inst.returncode == 0, f"cmake --install exits 0 ({inst.stderr.strip()[-300:]})")
        attn = os.path.join(prefix, "bin", "attn")
        check(os.access(attn, os.X_OK), "bin/attn is installed and executable")
        built = subprocess.run([os.path.join(a.build, "attn"), "scaling", "--dq", "400"],
                               capture_output=True).stdout
        got = subprocess.run([attn, "scaling", "--dq", "400"], capture_output=True)
        check(got.returncode == 0 and got.stdout == built and built,
              "installed attn scaling --dq 400 prints what the build tree's attn prints")

        help_text = subprocess.run([attn, "--help"], capture_output=True, text=True).stdout
        names = re.findall(r"^  ([a-z][a-z0-9-]*) ", help_text.split("Subcommands:")[-1], re.M)
        check(len(names) >= 7, f"attn --help lists the subcommands ({names})")
        page = os.path.join(prefix, "share", "man", "man1", "attn.1")
        check(os.path.isfile(page), "share/man/man1/attn.1 is installed")
        if os.path.isfile(page):
            roff = open(page, encoding="utf-8").read()
            check(roff.startswith(".\\\"") and ".TH ATTN \"1\"" in roff, "attn.1 is a section-1 page")
            for name in names:
                check(f'.SS "attn {name}"' in roff, f"attn.1 has a subsection for attn {name}")
            if shutil.which("man"):
                env = dict(os.environ, LANG="C.UTF-8", MANWIDTH="100")
                shown = subprocess.run(["man", "-l", page], capture_output=True, text=True, env=env)
                check(shown.returncode == 0 and "SUBCOMMANDS" in shown.stdout
                      and "EXIT STATUS" in shown.stdout and "三、比重從哪裡來" in shown.stdout,
                      "man -l attn.1 renders it (with the chapter's section titles)")

        if "completion" in names:
            for shell, rel in COMPLETIONS.items():
                path = os.path.join(prefix, rel)
                check(os.path.isfile(path) and os.path.getsize(path) > 0, f"{rel} is installed")
                if not shutil.which(shell) or not os.path.isfile(path):
                    print(f"skip {shell}: not installed here")
                    continue
                if shell == "bash":
                    cmd = ["bash", "-c", f"source '{path}' && complete -p attn"]
                elif shell == "zsh":
                    cmd = ["zsh", "-fc", f"autoload -U compinit && compinit -u && source '{path}'"]
                else:
                    cmd = ["fish", "-c", f"source '{path}' && complete -C 'attn sc'"]
                run = subprocess.run(cmd, capture_output=True, text=True)
                check(run.returncode == 0 and (shell != "fish" or "scaling" in run.stdout),
                      f"the {shell} completion loads ({(run.stdout + run.stderr).strip()[-200:]})")
        else:
            print("skip completions: this attn has no `completion` subcommand yet")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
