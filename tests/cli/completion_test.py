#!/usr/bin/env python3
"""`attn completion bash|zsh|fish`: each script is valid for its shell, offers every flag that
`attn SUB --help` lists, and completes for real: bash through its completion function, fish
through `complete -C`. zsh is checked for syntax (its completion system needs a terminal).
A shell that is not installed is skipped with a note; tools/install-deps.sh installs all three."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, run_attn


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("completion")
    check = checks.check

    def attn(*args):
        return run_attn(a.attn, list(args), text=True, timeout=20)

    top = attn("--help").stdout
    subs = re.findall(r"^  (\w+) {2,}", top.split("Subcommands:")[1], re.M)
    check(len(subs) >= 8, f"attn --help lists the subcommands ({subs})")
    flags = {s: sorted(set(re.findall(r"(--[a-z][a-z-]*)", attn(s, "--help").stdout)) - {"--help"})
             for s in subs}
    scripts = {sh: attn("completion", sh) for sh in ("bash", "zsh", "fish")}
    for sh, r in scripts.items():
        check(r.returncode == 0 and r.stdout, f"attn completion {sh} prints a script")
        for s in subs:
            check(s in r.stdout, f"{sh} script names {s}")
            for f in flags[s]:
                needle = f if sh != "fish" else f"-l {f[2:]}"
                check(needle in r.stdout, f"{sh} script offers {s} {f}")

    tmp = tempfile.mkdtemp()
    try:
        for sh in ("bash", "zsh", "fish"):
            path = os.path.join(tmp, f"attn.{sh}")
            with open(path, "w") as fh:
                fh.write(scripts[sh].stdout)
            exe = shutil.which(sh)
            if not exe:
                print(f"note: {sh} is not installed; its script was not run")
                continue
            r = subprocess.run([exe, "-n", path], capture_output=True, text=True)
            check(r.returncode == 0, f"{sh} -n accepts the script: {r.stderr.strip()}")

        def bash_complete(words, cwd=tmp):
            code = (f"source {tmp}/attn.bash; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}}-1)); "
                    "_attn; printf '%s\\n' \"${COMPREPLY[@]}\"")
            return subprocess.run(["bash", "-c", code], capture_output=True, text=True, cwd=cwd).stdout.split()

        if shutil.which("bash"):
            check(bash_complete("attn sc") == ["scaling"], "bash: attn sc<TAB> -> scaling")
            check("--seed" in bash_complete("attn attention --s"), "bash: attn attention --s<TAB> offers --seed")
            check(bash_complete("attn attention --seed ''") == [], "bash: no words offered for a seed value")
            open(os.path.join(tmp, "answers.toml"), "w").close()
            check("answers.toml" in bash_complete("attn homework --grade an"),
                  "bash: attn homework --grade an<TAB> offers the file")
            check({"bash", "zsh", "fish"} <= set(bash_complete("attn completion ''")),
                  "bash: attn completion <TAB> offers the shells")
        if shutil.which("fish"):
            def fish_complete(line):
                r = subprocess.run(["fish", "-c", f"source {tmp}/attn.fish; complete -C '{line}'"],
                                   capture_output=True, text=True)
                return [l.split("\t")[0] for l in r.stdout.splitlines()]
            check("scaling" in fish_complete("attn sc"), "fish: attn sc<TAB> -> scaling")
            check("--seed" in fish_complete("attn mask --s"), "fish: attn mask --s<TAB> offers --seed")
            check(fish_complete("attn completion ") == ["bash", "fish", "zsh"],
                  "fish: attn completion <TAB> offers the shells")
    finally:
        shutil.rmtree(tmp)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
