#!/usr/bin/env python3
"""`cmake --install` into a fresh prefix gives a working tool: P/bin/attn prints what the build
tree's attn prints, P/share/man/man1/attn.1.gz documents every subcommand of `attn --help`,
has EXIT STATUS, ENVIRONMENT, FILES and SEE ALSO, and renders with man within 80 columns, and
the bash, zsh (found through one fpath line, as the README says) and fish completions (when attn has `attn completion`) are
installed where Debian's shells look and load in each shell that is installed.

    install_test.py --build build
"""
import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
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
        page = os.path.join(prefix, "share", "man", "man1", "attn.1.gz")
        check(os.path.isfile(page), "share/man/man1/attn.1.gz is installed")
        if os.path.isfile(page):
            roff = gzip.open(page, "rt", encoding="utf-8").read()
            for section in ("EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"):
                check(f'.SH "{section}"' in roff or f".SH {section}\n" in roff,
                      f"attn.1 has the section {section}")
            for name in ("ATTN_LANG", "ATTN_COURSE_SECRET", "NO_COLOR", "GITHUB_STEP_SUMMARY"):
                check(f".B {name}" in roff, f"attn.1's ENVIRONMENT names {name}")
            check(roff.startswith(".\\\"") and ".TH ATTN \"1\"" in roff, "attn.1 is a section-1 page")
            for name in names:
                check(f'.SS "attn {name}"' in roff, f"attn.1 has a subsection for attn {name}")
            if shutil.which("man"):
                env = dict(os.environ, LANG="C.UTF-8", MANWIDTH="100")
                shown = subprocess.run(["man", "-l", page], capture_output=True, text=True, env=env)
                check(shown.returncode == 0 and "SUBCOMMANDS" in shown.stdout
                      and "EXIT STATUS" in shown.stdout and "三、比重從哪裡來" in shown.stdout,
                      "man -l attn.1.gz renders it (with the chapter's section titles)")
                # At 80 columns every rendered line fits (CJK characters take two).
                env["MANWIDTH"] = "80"
                shown = subprocess.run(["man", "-l", page], capture_output=True, text=True, env=env)
                wide = [l for l in shown.stdout.splitlines()
                        if sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l) > 80]
                check(shown.returncode == 0 and not wide, f"man attn at 80 columns: lines too wide {wide[:2]}")

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
                    # As the README says for --prefix ~/.local: one fpath line before compinit,
                    # then compinit finds _attn itself and binds it to attn.
                    cmd = ["zsh", "-fc", f"fpath=('{os.path.dirname(path)}' $fpath); autoload -U compinit"
                           f" && compinit -u -d '{prefix}/zcompdump' && [[ $_comps[attn] == _attn ]]"]
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
