#!/usr/bin/env python3
"""Bad input: each case must print exactly one line on stderr that names the flag (and, for a
range, the allowed range), nothing on stdout, and exit with code 2 — quickly, before any large
allocation. Also checks --help, --version and each subcommand's help naming its section."""
import argparse
import subprocess
import sys
import time

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
    ("multihead --sweep 1,1", "--sweep"), ("multihead --d 96000 --n 100000", "limit"),
    ("mask --pos 1", "--pos"), ("mask --pos 6", "2..5"), ("mask --delta abc", "--delta"),
    ("mask --delta inf", "--delta"), ("mask --n 1 --pos 2", "--pos"),
    ("nosuchcommand", "nosuchcommand"), ("", "subcommand"),
]


def run(attn, args):
    import shlex
    return subprocess.run([attn, *shlex.split(args)], capture_output=True, timeout=20)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL", what)

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

    top = run(a.attn, "--help")
    check(top.returncode == 0, "attn --help exits 0")
    for sub in ["attention", "scaling", "permutation", "multihead", "mask"]:
        check(sub in top.stdout.decode(), f"attn --help lists {sub}")
        h = run(a.attn, f"{sub} --help")
        check(h.returncode == 0 and "section" in h.stdout.decode(errors="replace").lower(),
              f"attn {sub} --help names the chapter section")
    v = run(a.attn, "--version")
    check(v.returncode == 0 and v.stdout.decode().startswith("attn "), "attn --version")
    print(f"cli_errors: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
