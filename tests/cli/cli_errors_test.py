#!/usr/bin/env python3
"""Bad input: each case must print exactly one line on stderr that names the flag (and, for a
range, the allowed range), nothing on stdout, and exit with code 2 — quickly, before any large
allocation. The documented bounds themselves are accepted, and the values just past them are
refused. Numbers are read with Python's int()/float() grammar, as the reference scripts'
argparse does ('+5', ' 7 ', '1_0'). A failed write to standard output exits 3. Also checks
--help, --version and -V, plain `attn` (a short usage on stderr, exit 2), the suggestion for a
misspelt subcommand, the help hint of a subcommand's usage error, each subcommand's help naming
its section, and help wrapped to 80 columns (or $COLUMNS)."""
import argparse
import subprocess
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, run_attn

BAD = [
    # (args, text that the error line must contain)
    ("attention --n 0", "--n"), ("attention --n 0", "1..100000"),
    ("attention --d -3", "--d"), ("attention --dq 0", "--dq"),
    ("attention --n abc", "--n"), ("attention --n 5.5", "1..100000"),
    ("attention --col 0", "--col"), ("attention --col 6", "1..5"),
    ("attention --n 3 --col 4", "1..3"),
    ("attention --seed -1", "expected non-negative integer"),
    ("attention --seed 1.5", "--seed"), ("attention --seed ''", "--seed"),
    ("attention --d 100000 --n 100000", "limit"),
    ("attention --n 99999999999999999999", "--n"),
    ("attention --bogus 1", "--bogus"), ("attention --n", "--n"),
    ("scaling --n 0", "--n"), ("scaling --r 0", "--r"),
    ("scaling --sweep 4,,50", "--sweep"), ("scaling --sweep 4,4", "--sweep"),
    ("scaling --sweep ''", "--sweep"), ("scaling --dq 0", "--dq"), ("scaling --dq 4,x", "--dq"),
    ("scaling --r 100000 --sweep 100000", "limit"),
    ("permutation --n 4", "--perm"), ("permutation --perm 0,1,2,3,3", "--perm"),
    ("permutation --perm 0,1,2,3", "--perm"), ("permutation --perm 0,1,2,3,5", "0..4"),
    ("permutation --base 0", "--base"), ("permutation --base nan", "--base"),
    ("permutation --base inf", "--base"),
    ("multihead --sweep 5", "divide"), ("multihead --h 7", "--h"), ("multihead --d 0", "--d"),
    ("multihead --sweep 1,1", "--sweep"), ("multihead --d 96000 --n 100000 --heatmap", "limit"),
    ("multihead --d 96000 --n 100000 --format json --with-outputs", "limit"),
    ("multihead --with-outputs", "--format json"), ("attention --with-outputs", "--format json"),
    ("mask --pos 1", "--pos"), ("mask --pos 6", "2..5"), ("mask --delta abc", "--delta"),
    ("mask --delta inf", "--delta"), ("mask --n 1 --pos 2", "--n"),
    ("mask --delta 1000000.001", "-1e+06..1e+06"), ("mask --delta -1000000.001", "--delta"),
    ("permutation --base 1.1e300", "--base"), ("permutation --base 0.9999999", "1..1e+300; below 1 NumPy's output depends on the CPU (got 0.9999999)"),
    ("permutation --base 1e400", "--base"), ("permutation --base 0x10", "--base"),
    ("attention --seed -5", "expected non-negative integer"), ("attention --seed 1__0", "--seed"),
    ("attention --n 1e3", "--n"), ("attention --n _5", "--n"),
    # not Python's grammar: U+001C (str.isspace(), but int() does not strip it), U+2212, a
    # superscript; int()'s 4300-digit limit, leading zeros counted
    ("attention --n '\x1c5'", "--n"), ("attention --seed '\u22123'", "--seed"), ("attention --n ²", "--n"),
    ("attention --seed " + "1" * 4301, "at most 4300 digits"), ("attention --n " + "0" * 4300 + "5", "--n"),
    ("lesson 0", "1..5"), ("lesson 6", "SECTION"), ("lesson x", "SECTION"),
    ("lesson --query 1", "--query"), ("lesson --query 1,2,3", "--query"),
    ("lesson --query inf,0", "--query"), ("lesson --query 2e6,0", "-1e6..1e6"),
    ("lesson --query 1,", "--query"),
    ("lesson --t 0", "1..10000"), ("lesson 5 --t 10001", "--t"), ("lesson --t 2.5", "--t"),
    ("cost --t 0", "1..100000"), ("cost --t 100001", "--t"), ("cost --t 5,,6", "--t"),
    ("cost --t ''", "--t"), ("cost --repeats 0", "1..100"), ("cost --repeats 101", "--repeats"),
    ("cost --threads 0", "1..64"), ("cost --threads 65", "--threads"),
    ("cost --kernel bogus", "kv-cache"), ("cost --kernel ''", "--kernel"),
    ("cost --kernel flash,", "--kernel"), ("cost --format xml", "--format"),
    ("homework 4", "1..3"), ("homework --junit r.xml", "--grade"), ("homework --variant ''", "--variant"),
    ("completion", "bash"), ("completion tcsh", "tcsh"),
    # --heatmap prints after the text: refused with JSON, by every command that has it
    ("attention --heatmap --format json", "--heatmap"), ("mask --heatmap --format json", "--heatmap"),
    ("lesson 3 --heatmap --format json", "--heatmap"), ("udl 12.1 --heatmap --format json", "--heatmap"),
    ("nosuchcommand", "nosuchcommand"),
    # a misspelt subcommand gets the nearest one; errors inside a subcommand point at its help
    ("atention", "did you mean attention?"), ("mulithead --h 2", "did you mean multihead?"),
    ("scalling", "did you mean scaling?"), ("lesons 1", "did you mean lesson?"),
    ("attention --bogus 1", "(see attn attention --help)"), ("mask --n abc", "(see attn mask --help)"),
    ("--bogus", "(see attn --help)"),
    # control characters in a value are escaped: the error stays one line, the terminal untouched
    ("attention --n '1\n2'", "1\\n2"), ("attention --seed '\x1b[2J'", "\\x1b[2J"),
]

# Each documented bound is accepted (exit 0, something printed).
BOUNDS = [
    "mask --delta 1e6", "mask --delta -1e6", "mask --n 2 --pos 2",
    "permutation --base 1e300", "permutation --base 1",
    "attention --n 1 --col 1", "attention --dq 100000 --d 1 --n 1 --col 1", "attention --seed 0",
    "scaling --r 1 --sweep 1 --n 1", "multihead --d 1 --n 1 --sweep 1",
    "lesson 1 5", "lesson --query 1e6,-1e6", "homework 3", "lesson 5 --t 1",
    "cost --t 1 --repeats 100 --threads 64 --kernel kv-cache,flash",
    # T = 100000 is allowed; naive's 40 GB of scores is refused as a skipped run before allocating
    "cost --t 100000 --kernel naive --repeats 1 --format json",
]

# Spellings Python's int()/float() accept print what the plain spelling prints.
SAME = [
    ("attention --seed +5", "attention --seed 5"), ("attention --seed ' 7 '", "attention --seed 7"),
    ("attention --seed -0", "attention --seed 0"), ("attention --n 1_0 --col 1", "attention --n 10 --col 1"),
    ("attention --d +6", "attention --d 6"), ("mask --delta ' 5_0.5 '", "mask --delta 50.5"),
    ("scaling --sweep ' 4, 50' --r 10", "scaling --sweep 4,50 --r 10"),
    # Unicode decimal digits of any script, mixed, and Unicode white space around the number
    ("attention --seed ５", "attention --seed 5"), ("attention --n '١2' --col 1", "attention --n 12 --col 1"),
    ("mask --delta '\u00a0٣.٥\u3000'", "mask --delta 3.5"), ("scaling --sweep '𝟒,５_0' --r 10", "scaling --sweep 4,50 --r 10"),
]


def run(attn, args):
    return run_attn(attn, args, timeout=20)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("cli_errors")
    check = checks.check

    for args, needle in BAD:
        start = time.monotonic()
        r = run(a.attn, args)
        err = r.stderr.decode(errors="replace")
        lines = err.splitlines()
        check(r.returncode == 2, f"attn {args}: exit {r.returncode}, want 2")
        check(r.stdout == b"", f"attn {args}: printed on stdout: {r.stdout[:80]!r}")
        check(len(lines) == 1 and lines[0].startswith("attn: error: "),
              f"attn {args}: want one 'attn: error: …' line, got {err!r}")
        check(needle in err, f"attn {args}: error {err.strip()!r} does not mention {needle!r}")
        check(time.monotonic() - start < 5, f"attn {args}: took over 5 s")

    for args in BOUNDS:
        r = run(a.attn, args)
        check(r.returncode == 0 and r.stdout and not r.stderr,
              f"attn {args}: a documented bound, want exit 0 and output, got {r.returncode} "
              f"{r.stderr.decode(errors='replace').strip()!r}")

    for spelled, plain in SAME:
        r1, r2 = run(a.attn, spelled), run(a.attn, plain)
        check(r1.returncode == 0 and r1.stdout == r2.stdout and r1.stdout,
              f"attn {spelled}: want the output of attn {plain}")

    # ATTN_CPU (src/cpu: glibc's exp or NumPy's SVML port): a bad value is one line, exit 2,
    # naming the variable and the allowed values, before any command runs; a good one changes no byte.
    for value in ("foo", "avx2", "AVX512", "avx512ifma", " "):
        r = subprocess.run([a.attn, "attention"], capture_output=True, timeout=20, env=dict(os.environ, ATTN_CPU=value))
        lines = r.stderr.decode(errors="replace").splitlines()
        check(r.returncode == 2 and r.stdout == b"" and len(lines) == 1 and "ATTN_CPU" in lines[0]
              and "baseline or avx512" in lines[0],
              f"ATTN_CPU={value!r} attn attention: want exit 2 and one line naming ATTN_CPU, got {r.returncode} {lines!r}")
    plain_run = run(a.attn, "attention")
    r = subprocess.run([a.attn, "attention"], capture_output=True, timeout=20, env=dict(os.environ, ATTN_CPU="baseline"))
    check(r.returncode == 0 and r.stdout == plain_run.stdout and plain_run.stdout,
          "ATTN_CPU=baseline attn attention: the chapter's bytes, as without it")
    for redirect in ("> /dev/full", ">&-"):
        r = subprocess.run(f"'{a.attn}' attention {redirect}", shell=True, capture_output=True, timeout=20)
        lines = r.stderr.decode(errors="replace").splitlines()
        check(r.returncode == 3 and len(lines) == 1 and "standard output" in lines[0],
              f"attn attention {redirect}: want exit 3 and one line, got {r.returncode} {lines!r}")

    subcommands = ["attention", "scaling", "permutation", "multihead", "mask", "lesson", "cost", "homework"]
    top = run(a.attn, "--help")
    check(top.returncode == 0 and not top.stderr, "attn --help: exits 0 with no error")
    for sub in subcommands + ["completion"]:
        check(sub in top.stdout.decode(), f"attn --help lists {sub}")
    # Plain `attn`: a short usage on stderr and exit 2 (as git and ripgrep), listing the commands.
    plain = run(a.attn, "")
    usage = plain.stderr.decode(errors="replace")
    check(plain.returncode == 2 and plain.stdout == b"" and usage.startswith("usage: attn ")
          and len(usage.splitlines()) <= 5 and "attn --help" in usage,
          f"plain attn: want a short usage on stderr and exit 2, got {plain.returncode} {usage!r}")
    for sub in subcommands + ["completion"]:
        check(sub in usage, f"plain attn's usage lists {sub}")
    # No suggestion for what is no slip: the list of commands only.
    far = run(a.attn, "xyz").stderr.decode(errors="replace")
    check("did you mean" not in far and "choose from attention" in far, f"attn xyz: {far!r}")
    for sub in subcommands:
        h = run(a.attn, f"{sub} --help")
        text = h.stdout.decode(errors="replace").lower()
        check(h.returncode == 0 and ("section" in text or "lesson" in text) and "default" in text,
              f"attn {sub} --help names the chapter section and the defaults")
    h = run(a.attn, "completion --help")
    check(h.returncode == 0 and "fish" in h.stdout.decode(), "attn completion --help")
    # -h is --help on every command, multihead's and udl's --h (the heads, the reference scripts'
    # name) included; a value that is "-h" stays a value.
    for sub in subcommands + ["udl", "completion"]:
        short, long_ = run(a.attn, f"{sub} -h"), run(a.attn, f"{sub} --help")
        check(short.returncode == 0 and short.stdout == long_.stdout and short.stdout and not short.stderr,
              f"attn {sub} -h prints attn {sub} --help ({short.returncode} {short.stderr[:200]!r})")
    check(run(a.attn, "multihead --h 2 -h").stdout == run(a.attn, "multihead --help").stdout,
          "attn multihead --h 2 -h: the help")
    # Errors name the flag typed and the choices there are.
    r = run(a.attn, "udl 12.5")
    err = r.stderr.decode(errors="replace")
    check(r.returncode == 2 and "NOTEBOOK" in err and all(n in err for n in ("12.1", "12.2", "12.3", "12.4")),
          f"attn udl 12.5: names NOTEBOOK and 12.1 to 12.4 ({err!r})")
    r = run(a.attn, "udl 12.4 --model /nonexistent/gpt2")
    err = r.stderr.decode(errors="replace")
    check(r.returncode == 3 and err.startswith("attn: error: --model: /nonexistent/gpt2") and "--vocab" not in err
          and len(err.splitlines()) == 1, f"attn udl 12.4 --model /nonexistent/gpt2: blames --model, exit 3 ({r.returncode} {err!r})")
    # attn --man: the manual page in roff, from the same data as the help.
    m = run(a.attn, "--man")
    check(m.returncode == 0 and m.stdout.startswith(b'.\\"') and b".SH OPTIONS" in m.stdout, "attn --man prints the page")
    v = run(a.attn, "--version")
    check(v.returncode == 0 and v.stdout.decode().startswith("attn "), "attn --version")
    check(run(a.attn, "-V").stdout == v.stdout, "attn -V prints what attn --version prints")
    # Help wraps to the terminal's width: 80 when not a terminal, $COLUMNS when set.
    from unicodedata import east_asian_width
    def widest(text):
        return max(sum(2 if east_asian_width(ch) in "WF" else 1 for ch in line)
                   for line in text.splitlines())
    for columns in (None, "60"):
        env = dict(os.environ)
        env.pop("COLUMNS", None)
        if columns:
            env["COLUMNS"] = columns
        limit = int(columns or 80)
        for sub in [""] + subcommands + ["udl", "completion"]:
            h = subprocess.run([a.attn, *([sub] if sub else []), "--help"], capture_output=True,
                               timeout=20, env=env)
            w = widest(h.stdout.decode())
            check(h.returncode == 0 and w <= limit,
                  f"attn {sub} --help with COLUMNS={columns}: widest line {w} > {limit}")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
