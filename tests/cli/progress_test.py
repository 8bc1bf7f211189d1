#!/usr/bin/env python3
"""Long runs are not silent (issue 31, point 4): a run that reports no progress of its own
(attention, mask) draws, once it has lasted a second and only when stderr is a terminal, a line
"attn mask: working, N s" redrawn in place, and erases it before the output; into a pipe, stderr
stays empty and stdout is byte for byte the same. A run with progress (scaling, cost) shows, after
its percentage, the step it is on and the time left at the pace so far; cost's percentage moves
in small steps, inside its long runs too."""
import argparse
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks, run_attn, run_on_pty  # noqa: E402


def run_pty_stderr(attn, args):
    """(exit code, stderr as a terminal shows it, stdout through a pipe)."""
    return run_on_pty([attn] + args, dict(os.environ, TERM="xterm"), "stderr")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    a = p.parse_args()
    checks = Checks("progress")
    check = checks.check
    small = os.environ.get("ATTN_SANITIZED")
    cases = [("attention", ["attention", "--d", "128", "--n", "2500" if small else "6000"]),
             ("mask", ["mask", "--d", "128", "--n", "2000" if small else "5000"])]
    try:
        for name, args in cases:
            piped = run_attn(a.attn, args)
            check(piped.returncode == 0 and piped.stderr == b"", f"{name}, stderr a pipe: nothing on stderr")
            start = time.monotonic()
            code, tty, out = run_pty_stderr(a.attn, args)
            took = time.monotonic() - start
            check(code == 0 and out == piped.stdout, f"{name}, stderr a terminal: stdout unchanged")
            if took < 1.3:   # a machine fast enough to finish before the line is due
                print(f"note: {name} took {took:.2f} s; the line is due after 1 s")
                check(tty == b"" or tty.endswith(b"\r\x1b[K"), f"{name}: nothing left on the terminal")
                continue
            check(re.search(rb"\rattn " + name.encode() + rb": working, \d+ s\x1b\[K", tty) is not None
                  and tty.endswith(b"\r\x1b[K"),
                  f"{name}, stderr a terminal: a 'working, N s' line, erased at the end (got {tty[:80]!r})")
        # a run with a progress function: the percentage, then the time left once a second has gone
        args = ["scaling", "--r", "60000" if small else "300000", "--sweep", "400"]
        start = time.monotonic()
        code, tty, out = run_pty_stderr(a.attn, args)
        took = time.monotonic() - start
        check(code == 0 and re.search(rb"\rattn scaling: \d+% \(Dq = \d+\)\x1b\[K", tty) and tty.endswith(b"\r\x1b[K"),
              f"scaling: the percentage line naming its step (Dq = ...), erased at the end ({tty[:80]!r})")
        if took >= 1.6:
            check(re.search(rb"\rattn scaling: \d+% \(Dq = \d+\)\x1b\[K, about \d+ (s|min) left", tty) is not None,
                  f"scaling ({took:.1f} s): the time left after the percentage ({tty[-120:]!r})")
        else:
            print(f"note: scaling took {took:.2f} s; the time left shows after 1 s")
        # cost: progress in work, inside the long runs too (issue 31: it jumped 12 % -> 41 % and sat
        # there through one 10 s run). Two lengths of recompute, two repeats each: the second length
        # is 8 times the work of the first, one run of it most of the whole.
        args = ["cost", "--kernel", "recompute", "--t", "600" if small else "700,1400", "--repeats", "2"]
        start = time.monotonic()
        code, tty, out = run_pty_stderr(a.attn, args)
        took = time.monotonic() - start
        lines = re.findall(rb"\rattn cost: (\d+)% \((recompute, T = \d+)\)\x1b\[K", tty)
        check(code == 0 and lines and tty.endswith(b"\r\x1b[K"),
              f"cost: the percentage naming its step (recompute, T = ...), erased at the end ({tty[:80]!r})")
        percents = [int(p) for p, _ in lines]
        check(percents == sorted(percents), f"cost: never backwards ({percents})")
        if took >= 1.5 and not small:
            jumps = [b - a for a, b in zip(percents, percents[1:])]
            check(len(set(percents)) >= 8 and max(jumps, default=100) <= 20,
                  f"cost ({took:.1f} s): the percentage moves in small steps ({percents})")
            check(any(step == b"recompute, T = 1400" and 0 < int(p) < 100 for p, step in lines),
                  "cost: the line moves during T = 1400's runs")
        else:
            print(f"note: cost took {took:.2f} s; its steps were not measured")
        # a quick run shows nothing
        code, tty, _ = run_pty_stderr(a.attn, ["attention"])
        check(code == 0 and tty == b"", f"attention (a few ms): no line at all (got {tty!r})")
    except OSError as e:   # a container without /dev/pts
        print(f"SKIP: no terminal to run in ({e})")
        return 77
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
