#!/usr/bin/env python3
"""Progress of `attn udl 12.4` as a student sees it in a terminal: a run with standard error on a
pseudo-terminal shows "attn udl 12.4: N% (cell 28, beam search: step 4 of 9)" redrawn in place
(\\r ... ESC[K), naming the cells and decoders as it goes, and erases it at the end; standard output
is the same bytes as a piped run's. Piped, with TERM=dumb or with --format json, standard error
holds no progress byte. The model is a tiny random one made larger (4 layers, 1024 positions) and
the run longer (--tokens 40) so that it outlasts the line's quarter-second delay. Exit 77 without a
vocabulary.
"""
import os
import pty
import select
import subprocess
import sys
import time
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent / "tools"))
from harness import Checks  # noqa: E402
from gpt2_support import attn_work_vocabulary  # noqa: E402
import make_golden_udl124  # noqa: E402


def on_terminal(argv, env):
    """(exit status, stdout bytes, [(seconds, stderr bytes read)]) with stderr on a pseudo-terminal."""
    master, slave = pty.openpty()
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL, env=env)
    os.close(slave)
    chunks, out = [], b""
    os.set_blocking(proc.stdout.fileno(), False)
    open_fds = {master, proc.stdout.fileno()}
    while open_fds:
        ready, _, _ = select.select(list(open_fds), [], [], 1.0)
        for fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:   # the terminal's other end closed (Linux: EIO)
                data = b""
            if not data:
                open_fds.discard(fd)
            elif fd == master:
                chunks.append((time.monotonic() - start, data))
            else:
                out += data
        if proc.poll() is not None and not ready:
            break
    os.close(master)
    return proc.wait(), out, chunks


def main():
    a, work, vocab = attn_work_vocabulary()
    checks = Checks("udl124_progress")
    folder = make_golden_udl124.resolve("tiny:seed=7,layers=4,heads=4,embd=128,ctx=1024", vocab, work / "models")[0]
    argv = [a.attn, "udl", "12.4", "--model", folder, "--vocab", str(vocab), "--tokens", "40"]
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}
    env["TERM"] = "xterm"
    piped = subprocess.run(argv, capture_output=True, env=env, timeout=600)
    checks.check(piped.returncode == 0 and piped.stderr == b"", f"piped: exit {piped.returncode}, no progress bytes {piped.stderr[:80]!r}")
    code, out, chunks = on_terminal(argv, env)
    err = b"".join(c for _, c in chunks).decode("utf-8", errors="replace")
    checks.check(code == 0 and out == piped.stdout, f"on a terminal: exit {code}, standard output as piped")
    lines = [l for l in err.split("\r") if l]
    checks.check(any(l.startswith("attn udl 12.4: ") and "(cell 28, beam search: step " in l for l in lines),
                 f"the beam search's steps shown ({len(lines)} lines drawn)")
    for cell, name in ((10, "sampling: token"), (14, "greedy search: token"), (22, "nucleus sampling: token"),
                       (26, "k-th token (k = 2000): token")):
        checks.check(any(f"(cell {cell}, {name} " in l for l in lines), f"cell {cell} shown as {name!r}")
    checks.check(err.endswith("\r\x1b[K"), f"the line erased at the end: {err[-20:]!r}")
    # redrawn often: the largest gap between two draws while the line was up
    times = [t for t, c in chunks]
    gaps = [b - a for a, b in zip(times, times[1:])]
    print(f"note: {len(chunks)} draws over {times[-1] - times[0] if times else 0:.1f} s, largest gap {max(gaps, default=0):.2f} s")
    checks.check(len(chunks) >= 3, f"the line redrawn as the run goes ({len(chunks)} draws)")
    # --format json and TERM=dumb: no progress, even on a terminal
    code, out, chunks = on_terminal(argv + ["--cells", "28", "--format", "json"], env)
    checks.check(code == 0 and not chunks and out.startswith(b"{"), f"--format json on a terminal: no progress bytes {chunks[:1]!r}")
    dumb = dict(env, TERM="dumb")
    code, out, chunks = on_terminal(argv + ["--cells", "28"], dumb)
    checks.check(code == 0 and not chunks, f"TERM=dumb: no progress bytes {chunks[:1]!r}")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
