"""The shared harness of the Python test drivers, as ripgrep's tests/util.rs serves its
integration tests: a check counter, running attn, and byte comparison with a visible diff.

    from harness import Checks, run_attn, byte_diff
    checks = Checks("cli_errors")
    r = run_attn(attn, ["attention", "--n", "0"])
    checks.check(r.returncode == 2, "attn attention --n 0: want exit 2")
    checks.same_bytes(expected, r.stdout, "attn attention")
    return checks.finish()      # prints "cli_errors: N passed, M failed"; 1 if any failed

Only the standard library; the drivers stay plain scripts run by ctest.
"""
import difflib
import os
import shlex
import subprocess


class Checks:
    """Counts checks; each failure prints one "FAIL what" line as it happens (or "ok   what"
    too, with verbose=True), and finish() prints the summary and gives the exit status."""

    def __init__(self, name, verbose=False):
        self.name = name
        self.verbose = verbose
        self.passed = 0
        self.failures = []

    @property
    def failed(self):
        return len(self.failures)

    def check(self, ok, what):
        if ok:
            self.passed += 1
            if self.verbose:
                print("ok   " + what)
        else:
            self.failures.append(what)
            print("FAIL " + what)
        return bool(ok)

    def same_bytes(self, expected, got, what):
        """A check that `got` equals `expected` byte for byte; a failure shows where (byte_diff)."""
        ok = expected == got
        return self.check(ok, what if ok else f"{what}: output differs\n{byte_diff(expected, got)}")

    def finish(self, require_some=False):
        """Prints "NAME: N passed, M failed"; 1 when a check failed (or, with require_some, when
        none ran), else 0."""
        print(f"{self.name}: {self.passed} passed, {self.failed} failed")
        return 1 if self.failures or (require_some and not self.passed) else 0


def run_attn(attn, args, stdin=None, env=None, env_extra=None, env_drop=(), text=False, timeout=120, **kw):
    """attn with `args` (a list, or a string split as a shell would), output captured. `env`
    replaces the environment; `env_extra` adds to it (or to os.environ); names in `env_drop` are
    removed. `stdin` is bytes or text (as `text`), or a file object."""
    if isinstance(args, str):
        args = shlex.split(args)
    if env_extra is not None or env_drop:
        env = dict(os.environ if env is None else env)
        env.update(env_extra or {})
        for name in env_drop:
            env.pop(name, None)
    feed = {"input": stdin} if isinstance(stdin, (bytes, str)) else {"stdin": stdin}
    return subprocess.run([attn, *args], capture_output=True, text=text, env=env, timeout=timeout, **feed, **kw)


def visible(line):
    """A line with what a terminal hides made visible: trailing spaces as ·, tabs as →, and
    other control characters escaped."""
    body = line.rstrip(" ")
    out = []
    for ch in body:
        if ch == "\t":
            out.append("→")
        elif ord(ch) < 0x20 or ord(ch) == 0x7f:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return "".join(out) + "·" * (len(line) - len(body))


def byte_diff(expected, got, context=2, limit=40):
    """Where two outputs differ, for a failure message: the first differing byte's offset and
    line, then a unified diff of the lines with visible spaces (at most `limit` lines)."""
    e = expected if isinstance(expected, bytes) else expected.encode()
    g = got if isinstance(got, bytes) else got.encode()
    if e == g:
        return "(identical)"
    first = next((i for i, (x, y) in enumerate(zip(e, g)) if x != y), min(len(e), len(g)))
    line = e[:first].count(b"\n") + 1
    head = f"first difference at byte {first} (line {line}); expected {len(e)} bytes, got {len(g)}"
    el = [visible(x) for x in e.decode(errors="replace").split("\n")]
    gl = [visible(x) for x in g.decode(errors="replace").split("\n")]
    diff = list(difflib.unified_diff(el, gl, "expected", "got", n=context, lineterm=""))
    if len(diff) > limit:
        diff = diff[:limit] + [f"... ({len(diff) - limit} more diff lines)"]
    return "\n".join([head] + diff)


def numpy_exp_not_replicated(np):
    """Why attn's np.exp (src/core/numpy_exp.hpp) is not this NumPy's here, or None when it is.

    attn replicates NumPy 1.24's float64 exp (Debian 12's, the chapter's): SVML's where NumPy has
    its AVX512_SKX loops, libm's elsewhere. It does not replicate NumPy 1.24's AVX512F-only loop
    (AVX-512F without SKX, or SKX turned off by NPY_DISABLE_CPU_FEATURES), nor NumPy 2's loops
    (Debian 13's 2.2 matches neither SVML nor libm on an AVX-512 host)."""
    if not np.__version__.startswith("1.24."):
        return f"NumPy {np.__version__} here; attn's exp follows NumPy 1.24's"
    features = np.core._multiarray_umath.__cpu_features__
    if features.get("AVX512F", False) and not features.get("AVX512_SKX", False):
        return "NumPy runs its AVX512F-only exp here (no AVX512_SKX), which attn does not replicate"
    return None


class Completed:
    """What a finished run gave, as subprocess.CompletedProcess names it (bytes)."""

    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


_DEFAULT_PRINT = None


def run_reference_in_process(script, args):
    """Runs a reference script (a plain `python3 SCRIPT ARGS` program) inside this process with
    runpy: the same stdout and exit status as a subprocess, without paying Python's and NumPy's
    start-up for each run (the conformance drivers run hundreds). NumPy's print options and error
    state are reset before each run, so that nothing one script set leaks into the next; argparse's
    refusals (SystemExit) become the exit status. Not thread-safe: call it from one thread."""
    import contextlib
    import io
    import runpy
    import sys
    import numpy as np
    global _DEFAULT_PRINT
    if _DEFAULT_PRINT is None:
        _DEFAULT_PRINT = (np.get_printoptions(), np.geterr())
    options, errors = _DEFAULT_PRINT
    np.set_printoptions(**options)
    np.seterr(**errors)
    out, err = io.StringIO(), io.StringIO()
    old_argv, code = sys.argv, 0
    sys.argv = [str(script), *map(str, args)]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_path(str(script), run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = old_argv
    return Completed(code, out.getvalue().encode("utf-8"), err.getvalue().encode("utf-8"))


def run_on_pty(argv, env, on):
    """Runs argv with `on` ("stdout" or "stderr") a terminal (a pty) and the other a pipe, stdin
    empty: (exit code, the terminal's bytes, the pipe's bytes). The terminal's bytes are read as
    they come, so a program that redraws a line in place is seen as it drew it."""
    import pty
    master, slave = pty.openpty()
    kwargs = {"stdout": slave, "stderr": subprocess.PIPE} if on == "stdout" else \
        {"stdout": subprocess.PIPE, "stderr": slave}
    p = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, **kwargs)
    os.close(slave)
    tty = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        tty += chunk
    piped = (p.stderr if on == "stdout" else p.stdout).read()
    code = p.wait()
    os.close(master)
    return code, tty, piped
