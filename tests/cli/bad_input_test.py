#!/usr/bin/env python3
"""Bad and edge inputs that once crashed, hung or lied (issue 22), each run from the outside:

- lesson --heatmap at any --t: one row label per row of section 5's head, no crash; the
  pictures' size limit (T in 1..100) applies to lesson as to attention and mask.
- FIFOs: --diagnose FILE and --svg FILE with nobody at the other end fail at once (exit 3, one
  line) instead of blocking; a FIFO that has a reader still gets the whole SVG.
- OpenBLAS under `ulimit -v`: a limit too tight for its buffers is refused at once (exit 2, one
  line naming ulimit -v and OPENBLAS_NUM_THREADS) by every command that computes, and the process
  never hangs at exit; with room (one thread) the output is the unlimited run's.
- `ulimit -f`: a write past it is an error (exit 3, "File too large"), not a SIGXFSZ death, and
  --svg leaves no temporary file.
- --svg through a symbolic link, live or dangling: the file it names is written, the link kept.
- SIGPIPE: a closed pipe on stdout ends attn by SIGPIPE with nothing on stderr, even when the
  parent ignored SIGPIPE (the disposition is reset at start-up).
Each run has a timeout: a hang is a failure, not a stuck test."""
import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

CHECKS = Checks("bad_input", verbose=True)   # one "ok"/"FAIL" line a check, as this test always printed
check = CHECKS.check


def run(attn, args, stdin=None, timeout=20, env=None, **kw):
    try:
        p = subprocess.run([attn] + args, input=stdin, capture_output=True, timeout=timeout,
                           env=env, **kw)
        return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", b"", ""


def one_line_error(rc, out, err, code, needle, what):
    lines = err.splitlines()
    check(rc == code and out == b"" and len(lines) == 1 and needle in err,
          f"{what}: exit {code}, one line naming {needle!r} (got {rc}, {err.strip()!r})")


def lesson_heatmap(attn):
    for args in (["5", "--t", "6"], ["5", "--t", "7"], ["5", "--t", "8"], ["5", "--t", "50"],
                 ["5", "--t", "6", "--no-mask"], ["--t", "100"], ["3", "5", "--t", "9", "--lang", "en"]):
        rc, out, err = run(attn, ["lesson"] + args + ["--heatmap", "--color", "never"])
        t = int(args[args.index("--t") + 1])
        text = out.decode("utf-8", "replace")
        heat = text[text.rfind("5. "):] if "5. " in text else ""
        rows = [line.split()[0] for line in heat.splitlines()[3:] if line.strip()]
        check(rc == 0 and err == "" and rows == [str(i) for i in range(1, t + 1)],
              f"lesson {' '.join(args)} --heatmap: rows labelled 1..{t} (got exit {rc}, {rows[:3]}..{rows[-2:]})")
    # at the lesson's own T = 5 the rows keep the sentence's characters
    rc, out, _ = run(attn, ["lesson", "5", "--heatmap", "--color", "never"])
    heat = out.decode()[out.decode().rfind("5. "):]
    check(rc == 0 and [l.split()[0] for l in heat.splitlines()[3:]] == list("床前明月光"),
          "lesson 5 --heatmap: rows labelled with the five characters")
    for t in ("101", "10000"):
        rc, out, err = run(attn, ["lesson", "5", "--t", t, "--heatmap"])
        one_line_error(rc, out, err, 2, "--heatmap: heatmaps are drawn for T in 1..100", f"lesson 5 --t {t} --heatmap")
    rc, out, err = run(attn, ["lesson", "3", "--t", "200", "--heatmap"])
    check(rc == 0, "lesson 3 --t 200 --heatmap: section 5 not shown, no size limit")
    rc, out, err = run(attn, ["lesson", "--t", "20000", "--heatmap"])
    one_line_error(rc, out, err, 2, "--t: must be in 1..10000", "lesson --t 20000 --heatmap: --t's range first")


def fifos(attn, tmp):
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    rc, out, err = run(attn, ["udl", "12.2", "--diagnose", fifo], timeout=10)
    one_line_error(rc, out, err, 3, "not a regular file", "udl 12.2 --diagnose FIFO")
    rc, out, err = run(attn, ["udl", "12.2", "--diagnose", tmp], timeout=10)
    one_line_error(rc, out, err, 3, "a directory", "udl 12.2 --diagnose DIRECTORY")
    rc, out, err = run(attn, ["attention", "--svg", fifo], timeout=10)
    check(rc == 3 and len(err.splitlines()) == 1 and "nobody reads" in err,
          f"attention --svg FIFO with no reader: exit 3 at once (got {rc}, {err.strip()!r})")
    # with a reader the SVG goes through the FIFO whole (the reader opens first)
    got = {}

    def reader():
        with open(fifo, "rb") as f:
            got["svg"] = f.read()

    t = threading.Thread(target=reader)
    t.start()
    time.sleep(0.3)   # the reader is blocked in open() by now
    rc, out, err = run(attn, ["attention", "--svg", fifo], timeout=10)
    t.join(10)
    rc2, _, _ = run(attn, ["attention", "--svg", os.path.join(tmp, "a.svg")])
    with open(os.path.join(tmp, "a.svg"), "rb") as f:
        whole = f.read()
    check(rc == 0 and got.get("svg") == whole, "attention --svg FIFO with a reader: the whole SVG")


def limited(resource_id, value):
    import resource

    def apply():
        resource.setrlimit(resource_id, (value, value))
    return apply


def maps_buffers_at_start(version):
    """OpenBLAS 0.3.27 and later map each thread's work buffer in their own constructor (pull
    request #4577), before any command of attn's could refuse; 0.3.21 (Debian 12) does not."""
    parts = [int(x) for x in version.split(".")]
    return parts >= [0, 3, 27]


def address_space(attn, openblas_version):
    import resource
    if os.environ.get("ATTN_SANITIZED"):
        # AddressSanitizer reserves terabytes of shadow memory at start: no run under ulimit -v
        # reaches attn's code in that build. The release build's suite checks this part.
        print("skip ulimit -v checks: AddressSanitizer build (ATTN_SANITIZED)")
        return
    tight = limited(resource.RLIMIT_AS, 150000 * 1024)
    if maps_buffers_at_start(openblas_version):
        # Every command, --version included: OpenBLAS would spin in its constructor otherwise.
        for args in (["attention"], ["--version"], ["completion", "bash"], ["homework"]):
            rc, out, err = run(attn, args, timeout=15, preexec_fn=tight)
            label = f"ulimit -v 150000, OpenBLAS {openblas_version}: {' '.join(args)}"
            one_line_error(rc, out, err, 2, "(ulimit -v)", label)
            check("as it starts" in err and "ulimit -v " in err.split("raise it to", 1)[-1],
                  "  ... says OpenBLAS maps its buffers as it starts, and the limit that fits")
        env = dict(os.environ, OPENBLAS_NUM_THREADS="4")
        rc, out, err = run(attn, ["--version"], timeout=15, env=env, preexec_fn=tight)
        check(rc == 2 and "OPENBLAS_NUM_THREADS=1" in err and "4 thread(s)" in err,
              f"ulimit -v 150000, OPENBLAS_NUM_THREADS=4: counts 4 buffers, says how to fit (got {rc}, {err!r})")
        return
    for args in (["attention"], ["udl", "12.2"], ["lesson"], ["homework"], ["mask"], ["scaling", "--r", "10"],
                 ["multihead", "--format", "json", "--with-outputs"], ["permutation"], ["cost", "--t", "100", "--repeats", "1"]):
        rc, out, err = run(attn, args, timeout=15, preexec_fn=tight)
        one_line_error(rc, out, err, 2, "(ulimit -v)", "ulimit -v 150000: " + " ".join(args))
        check("OPENBLAS_NUM_THREADS=1" in err, "  ... and says how to fit: OPENBLAS_NUM_THREADS=1")
    for args in (["completion", "bash"], ["--version"], ["attention", "--help"], ["multihead"]):
        rc, out, err = run(attn, args, timeout=15, preexec_fn=tight)
        check(rc == 0 and out, f"ulimit -v 150000: {' '.join(args)} runs and ends (got {rc})")
    # A limit that fits one work buffer but not every thread's: the first big product started a
    # worker that spun in blas_memory_alloc, silent, forever.
    for kib in (250000, 300000, 340000):
        args = ["attention", "--n", "600", "--d", "600", "--format", "json"]
        rc, out, err = run(attn, args, timeout=15, preexec_fn=limited(resource.RLIMIT_AS, kib * 1024))
        if rc == 0:
            check(out != b"", f"ulimit -v {kib}: {' '.join(args)} ran (one CPU, no pool)")
        else:
            one_line_error(rc, out, err, 2, "(ulimit -v)", f"ulimit -v {kib}: {' '.join(args)} refused, no hang")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    roomy = limited(resource.RLIMIT_AS, 600000 * 1024)
    for args in (["attention", "--n", "300", "--d", "40"], ["udl", "12.2"]):
        free = run(attn, args, env=env)
        rc, out, err = run(attn, args, timeout=30, env=env, preexec_fn=roomy)
        check(rc == 0 and out == free[1], f"ulimit -v 600000, one thread: {' '.join(args)} as without a limit")


def file_size(attn, tmp):
    import resource
    small = limited(resource.RLIMIT_FSIZE, 10240)
    folder = os.path.join(tmp, "fsize")
    os.mkdir(folder)
    with open(os.path.join(folder, "out.json"), "wb") as f:
        p = subprocess.run([attn, "attention", "--n", "100", "--format", "json"], stdout=f,
                           stderr=subprocess.PIPE, preexec_fn=small, timeout=20)
    err = p.stderr.decode()
    check(p.returncode == 3 and "File too large" in err and len(err.splitlines()) == 1,
          f"ulimit -f 10: stdout past the limit is exit 3, one line (got {p.returncode}, {err.strip()!r})")
    rc, out, err = run(attn, ["attention", "--n", "100", "--svg", os.path.join(folder, "big.svg")], preexec_fn=small)
    check(rc == 3 and "File too large" in err and out == b"", f"ulimit -f 10: --svg is exit 3 (got {rc}, {err.strip()!r})")
    check(sorted(os.listdir(folder)) == ["out.json"], f"ulimit -f 10: no temporary file left ({os.listdir(folder)})")


def sigpipe(attn):
    import signal

    for ignored in (False, True):
        def setup():
            if ignored:
                signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        # outputs far larger than a pipe's 64 KiB buffer, so attn is still writing when it closes
        for args in (["attention", "--n", "300", "--format", "json"], ["udl", "12.2", "--n", "50", "--d", "50", "--format", "json"],
                     ["mask", "--n", "400", "--d", "4", "--format", "json"]):
            p = subprocess.Popen([attn] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 preexec_fn=setup, restore_signals=not ignored)
            p.stdout.read(10)
            p.stdout.close()
            err = p.stderr.read()
            rc = p.wait(20)
            check(rc == -signal.SIGPIPE and err == b"",
                  f"{' '.join(args)} | head -c 10{' (parent ignores SIGPIPE)' if ignored else ''}: "
                  f"ended by SIGPIPE, quietly (got {rc}, {err[:80]!r})")


def limits(attn):
    divisors = ",".join(str(i) for i in range(1, 5041) if 5040 % i == 0)
    # (counts alone draw nothing; --with-outputs computes every head)
    rc, out, err = run(attn, ["multihead", "--d", "5040", "--n", "1", "--sweep", divisors, "--format", "json",
                              "--with-outputs"], timeout=10)
    one_line_error(rc, out, err, 2, "would draw 6.1e+09 normals", "multihead --d 5040 --sweep <60 divisors>: the draws of the whole sweep")
    rc, out, err = run(attn, ["cost", "--kernel", "recompute", "--t", "4000,4500,4900", "--repeats", "1"], timeout=10)
    one_line_error(rc, out, err, 2, "--t: the runs of the list together", "cost --t list: the sum of the runs capped")


def messages(attn):
    rc, out, err = run(attn, ["mask", "--n", "1"])
    one_line_error(rc, out, err, 2, "--n: must be in 2..100000", "mask --n 1: names --n's range, not '2..1'")
    rc, out, err = run(attn, ["completion", "bash", "zsh"])
    one_line_error(rc, out, err, 2, "give one shell", "completion bash zsh: one shell")
    # the help shows one SHELL, as one is taken (it said "SHELL SHELL ...")
    rc, out, _ = run(attn, ["completion", "--help"])
    text = out.decode()
    check(rc == 0 and "[SHELL]" in text and "SHELL SHELL" not in text and "SHELL ..." not in text
          and "[SHELL...]" not in text, f"completion --help: one SHELL (got {text[:200]!r})")
    rc, out, err = run(attn, ["completion", "bash", "zsh", "fish"])
    one_line_error(rc, out, err, 2, "give one shell", "completion bash zsh fish: one shell")
    # a short course secret is reported where it came from
    env = {**os.environ, "ATTN_COURSE_SECRET": "short"}
    rc, out, err = run(attn, ["homework", "--variant", "b01234567"], env=env)
    one_line_error(rc, out, err, 2, "ATTN_COURSE_SECRET: the course secret is shorter than 16 bytes",
                   "ATTN_COURSE_SECRET=short: names ATTN_COURSE_SECRET, not --secret-file")
    with tempfile.TemporaryDirectory() as tmp:
        secret = os.path.join(tmp, "secret")
        with open(secret, "w") as f:
            f.write("short\n")
        env = {k: v for k, v in os.environ.items() if k != "ATTN_COURSE_SECRET"}
        rc, out, err = run(attn, ["homework", "--variant", "b01234567", "--secret-file", secret], env=env)
        one_line_error(rc, out, err, 2, "--secret-file: the course secret is shorter than 16 bytes",
                       "--secret-file with a short secret: names --secret-file")
    # a NUL byte in --diagnose input is shown, not the end of the message
    rc, out, err = run(attn, ["udl", "12.2", "--diagnose", "-"], stdin=b"[[1. a\x00b]]\n")
    one_line_error(rc, out, err, 2, "row 1: 'a\\x00b' is not a number", "--diagnose with a NUL: the whole message")
    # a quote cut at 20 bytes ends on a character boundary; the line is valid UTF-8
    p = subprocess.run([attn, "udl", "12.2", "--diagnose", "-"], input=("[[1. x" + "é" * 15 + "]]\n").encode(),
                       capture_output=True, timeout=20)
    try:
        line = p.stderr.decode("utf-8")
        valid = True
    except UnicodeDecodeError:
        line, valid = p.stderr.decode("utf-8", "replace"), False
    check(p.returncode == 2 and valid and "'x" + "é" * 9 + "…'" in line,
          f"--diagnose quoting x and 15 two-byte characters: cut after 9 of them, valid UTF-8 (got {p.stderr[:120]!r})")
    # bytes that are not UTF-8 in a flag's value are escaped: the message stays valid UTF-8
    p = subprocess.run([attn.encode(), b"attention", b"--n", b"5\xff\xe5\x89"], capture_output=True, timeout=20)
    try:
        line, valid = p.stderr.decode("utf-8"), True
    except UnicodeDecodeError:
        line, valid = "", False
    check(p.returncode == 2 and valid and "5\\xff\\xe5\\x89" in line,
          f"--n with bytes that are not UTF-8: escaped, valid UTF-8 (got {p.stderr[:120]!r})")
    # a full disk is named the same way by --version as by every other command
    for args in (["--version"], ["attention"]):
        with open("/dev/full", "wb") as full:
            p = subprocess.run([attn, *args], stdout=full, stderr=subprocess.PIPE, timeout=20)
        check(p.returncode == 3 and b"No space left on device" in p.stderr,
              f"attn {' '.join(args)} > /dev/full: exit 3, 'No space left on device' (got {p.returncode}, {p.stderr!r})")


def long_names(attn, tmp):
    for length in (243, 244, 250, 255):
        path = os.path.join(tmp, "s" * (length - 4) + ".svg")
        rc, out, err = run(attn, ["attention", "--svg", path])
        check(rc == 0 and os.path.getsize(path) > 0 and not any(".attn-" in f for f in os.listdir(tmp)),
              f"--svg with a {length}-byte file name: written, no temporary left (got {rc}, {err.strip()[:60]!r})")
        os.unlink(path)


def multihead_json_model(attn):
    """multihead --format json --with-outputs: the guard counts the JSON text. Under a limit the
    run cannot meet (it peaks at ~200 MiB beside OpenBLAS's buffer) it is refused up front by the
    guard, not cut short by "out of memory" (the model said 56 MiB)."""
    import resource
    if os.environ.get("ATTN_SANITIZED"):
        print("skip ulimit -v check of multihead's model: AddressSanitizer build (ATTN_SANITIZED)")
        return
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    args = ["multihead", "--d", "64", "--n", "500", "--sweep", "1,2,4,8", "--format", "json", "--with-outputs"]
    rc, out, err = run(attn, args, timeout=30, env=env, preexec_fn=limited(resource.RLIMIT_AS, 300000 * 1024))
    one_line_error(rc, out, err, 2, "would need about", "ulimit -v 300000: " + " ".join(args) + ": refused by the model")


def svg_links(attn, tmp):
    """--svg through a symbolic link: followed whether its file exists or not (one rule), the link
    kept; a loop of links or a link into a missing folder refused in one line, exit 3."""
    base = os.path.join(tmp, "links")
    os.makedirs(os.path.join(base, "out"))
    os.symlink("out/live.svg", os.path.join(base, "live.svg"))
    with open(os.path.join(base, "out", "live.svg"), "w") as f:
        f.write("old")
    os.symlink("out/new.svg", os.path.join(base, "dangling.svg"))
    os.symlink("out/chained.svg", os.path.join(base, "dangling2.svg"))
    os.symlink("dangling2.svg", os.path.join(base, "chain2.svg"))
    for name, target in (("live.svg", "live.svg"), ("dangling.svg", "new.svg"), ("chain2.svg", "chained.svg")):
        link = os.path.join(base, name)
        rc, out, err = run(attn, ["attention", "--svg", link])
        made = os.path.join(base, "out", target)
        ok = rc == 0 and os.path.islink(link) and os.path.isfile(made) and not os.path.islink(made)
        check(ok and open(made, "rb").read(5) in (b"<?xml", b"<svg "),
              f"--svg {name}: the file it names ({target}) written, the link kept (got {rc}, {err.strip()!r})")
    os.symlink("loop-b", os.path.join(base, "loop-a"))
    os.symlink("loop-a", os.path.join(base, "loop-b"))
    os.symlink("nodir/x.svg", os.path.join(base, "nowhere.svg"))
    for name, needle in (("loop-a", "Too many levels of symbolic links"), ("nowhere.svg", "No such file or directory")):
        rc, out, err = run(attn, ["attention", "--svg", os.path.join(base, name)])
        one_line_error(rc, out, err, 3, needle, f"--svg {name}")
        check(os.path.islink(os.path.join(base, name)), f"--svg {name}: the link left as it was")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--openblas-version", default="0.3.21",
                    help="the version of the OpenBLAS attn links (CMake reads it from openblas_config.h)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        lesson_heatmap(a.attn)
        fifos(a.attn, tmp)
        address_space(a.attn, a.openblas_version)
        file_size(a.attn, tmp)
        long_names(a.attn, tmp)
        svg_links(a.attn, tmp)
    sigpipe(a.attn)
    limits(a.attn)
    multihead_json_model(a.attn)
    messages(a.attn)
    return CHECKS.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
