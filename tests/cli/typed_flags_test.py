#!/usr/bin/env python3
"""The terminal never lies about what was typed (issue 31, points 2, 3 and 8):

- a refusal of a flag the user did not type, whose default no longer fits a flag the user did
  type, names both: `attn mask --n 3` -> "--n 3 leaves --pos's default 4 out of range ...; give
  --pos 2..3" (and the same for attention --n/--col, multihead --d/--sweep); a typed value is
  still refused in its own flag's words;
- a misspelt flag gets a suggestion (`scaling --seeed 3` -> did you mean --seed?);
- `attn help` and `attn help COMMAND` are `attn --help` and `attn COMMAND --help`;
- the usage line says `attn`, not the path attn was run by;
- a terminal heatmap fits $COLUMNS: fewer decimals, or a line pointing to --svg, never a grid
  wider than the terminal."""
import argparse
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks, run_attn  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("typed_flags")
    check = checks.check

    def attn(args, **kw):
        return run_attn(a.attn, args, text=True, timeout=60, **kw)

    # --- point 2: a default that no longer fits a typed flag ------------------------------------
    cases = [
        # (args, the typed flag and value, the refused flag, its default, the allowed values)
        ("mask --n 3", "--n 3", "--pos", "4", "2..3"),
        ("attention --n 2", "--n 2", "--col", "3", "1..2"),
        ("multihead --d 10", "--d 10", "--sweep", "1,2,3,6", "1,2,5,10"),
        ("multihead --d 4", "--d 4", "--sweep", "1,2,3,6", "1,2,4"),
    ]
    for args, typed, refused, default, allowed in cases:
        r = attn(args)
        err = r.stderr.strip()
        check(r.returncode == 2 and r.stdout == "" and len(err.splitlines()) == 1,
              f"attn {args}: one line, exit 2 (got {r.returncode}: {err!r})")
        check(err.startswith("attn: error: " + typed + " leaves " + refused + "'s default " + default),
              f"attn {args}: starts from what was typed ({typed}) and names {refused}'s default: {err!r}")
        check(f"give {refused}" in err and allowed in err, f"attn {args}: says what to give {refused} ({allowed}): {err!r}")
    # A typed value out of range is still its own flag's refusal.
    for args, start in [("mask --n 3 --pos 4", "attn: error: --pos: must be in 2..3"),
                        ("attention --n 2 --col 3", "attn: error: --col: must be in 1..2"),
                        ("multihead --d 10 --sweep 3", "attn: error: --sweep: each head count H must divide D = 10")]:
        r = attn(args)
        check(r.returncode == 2 and r.stderr.startswith(start), f"attn {args}: {start!r} (got {r.stderr.strip()!r})")
    # Defaults that fit are untouched.
    r = attn("mask --n 4")
    check(r.returncode == 0, f"attn mask --n 4 runs (--pos 4 fits): {r.stderr.strip()}")

    # --- point 8: did-you-mean for flags, attn help, the usage line -----------------------------
    r = attn("scaling --seeed 3")
    check(r.returncode == 2 and "unknown flag '--seeed'" in r.stderr and "did you mean --seed?" in r.stderr
          and "attn scaling --help" in r.stderr, f"scaling --seeed 3: suggests --seed ({r.stderr.strip()!r})")
    r = attn("mask --poss=3")
    check(r.returncode == 2 and "did you mean --pos?" in r.stderr, f"mask --poss=3: suggests --pos ({r.stderr.strip()!r})")
    r = attn("attention --zzzzzzzz 1")
    check(r.returncode == 2 and "unknown flag '--zzzzzzzz'" in r.stderr and "did you mean" not in r.stderr,
          f"attention --zzzzzzzz: unknown, no suggestion ({r.stderr.strip()!r})")
    top, helped = attn("--help"), attn("help")
    check(helped.returncode == 0 and helped.stdout == top.stdout, "attn help is attn --help")
    sub, helped = attn("mask --help"), attn("help mask")
    check(helped.returncode == 0 and helped.stdout == sub.stdout and "--pos" in helped.stdout, "attn help mask is attn mask --help")
    r = attn("help mak")
    check(r.returncode == 2 and "did you mean mask?" in r.stderr, f"attn help mak: suggests mask ({r.stderr.strip()!r})")
    # Run by a path: the usage line still says attn.
    tmp = tempfile.mkdtemp()
    try:
        link = os.path.join(tmp, "some-other-name")
        os.symlink(os.path.abspath(a.attn), link)
        for args in ("--help", "mask --help"):
            out = run_attn(link, args, text=True).stdout
            usage = [l for l in out.splitlines() if l.lower().startswith("usage")]
            check(usage and usage[0].split()[1] == "attn" and "some-other-name" not in out,
                  f"{args} run as {link}: the usage line says attn ({usage[:1]})")
    finally:
        shutil.rmtree(tmp)

    # --- point 3: heatmaps fit the terminal -----------------------------------------------------
    def widest(text):
        """The widest line of the maps below their title and axes lines (prose the terminal may
        wrap without breaking anything): grid rows, legend, notes."""
        lines = []
        for block in text.split("\n\n"):
            lines += block.splitlines()[2:]
        return max((len(ANSI.sub("", l)) for l in lines), default=0)

    plain = attn("attention --n 12").stdout
    for n, columns in [(12, 80), (10, 80), (12, 60), (40, 80), (5, 40)]:
        for colour in ("never", "always"):
            r = attn(["attention", "--n", str(n), "--heatmap", "--color", colour],
                     env_extra={"COLUMNS": str(columns), "COLORTERM": "truecolor"})
            maps = r.stdout[len(attn(["attention", "--n", str(n)]).stdout):]
            check(r.returncode == 0 and widest(maps) <= columns,
                  f"attention --n {n} --heatmap --color {colour}, COLUMNS={columns}: widest line {widest(maps)} <= {columns}")
    r = attn(["attention", "--n", "12", "--heatmap"], env_extra={"COLUMNS": "80"})
    check(r.stdout.startswith(plain), "attention --n 12 --heatmap: the chapter's text first, unchanged")
    check("decimals to fit 80 columns" in r.stdout and "--svg" in r.stdout, "attention --n 12, 80 columns: fewer decimals, said so")
    r = attn(["attention", "--n", "40", "--heatmap"], env_extra={"COLUMNS": "80"})
    check("--svg FILE" in r.stdout and "the terminal has 80" in r.stdout,
          "attention --n 40, 80 columns: no grid, a pointer to --svg")
    r = attn(["attention", "--n", "40", "--heatmap"], env_drop=("COLUMNS",))
    check("the terminal has" not in r.stdout and "to fit" not in r.stdout, "into a pipe without COLUMNS: the grid is drawn whole")
    r = attn(["attention", "--heatmap"], env_extra={"COLUMNS": "80"})
    check("to fit" not in r.stdout and "0.2" in r.stdout, "attention (N = 5), 80 columns: drawn as before")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
