#!/usr/bin/env python3
"""Getting GPT-2, as a student meets it (docs/udl.md, "Getting GPT-2, step by step"):

- without a model, `attn udl 12.4 --vocab VOCAB` prints cell 7 and then the steps on standard
  error (exit 4), and docs/udl.md holds those steps word for word (an indented block), so the page
  and attn's own hint say the same;
- a Git LFS pointer saved as model.safetensors (a `git clone` without Git LFS), a model.safetensors
  cut short (inside its data, and inside its header) and a folder without model.safetensors each
  get one line on standard error that says what happened and what to do, exit 3.

The model is a tiny random one (tests/gpt2/make_tiny_model.py); exit 77 without a vocabulary.
"""
import os
import pathlib
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent / "tools"))
from harness import Checks  # noqa: E402
from gpt2_support import attn_work_vocabulary  # noqa: E402
import make_golden_udl124  # noqa: E402

URL = "https://huggingface.co/openai-community/gpt2/resolve/main/model.safetensors"
LFS_POINTER = ("version https://git-lfs.github.com/spec/v1\n"
               "oid sha256:248dfc3911869ec493c76e65bf2fcf7f615828b0254c12b473182f0f81d3a707\n"
               "size 548105171\n")


def main():
    a, work, vocab = attn_work_vocabulary()
    checks = Checks("udl124_model_files")
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}

    def attn(*args):
        return subprocess.run([a.attn, "udl", "12.4", *map(str, args)], capture_output=True, env=env, timeout=120)

    # the hint, and the page that says the same
    r = attn("--vocab", vocab)
    err = r.stderr.decode("utf-8")
    checks.check(r.returncode == 4, f"without a model: exit {r.returncode}, want 4")
    checks.check(err.startswith("attn: cells 10-28 need GPT-2's weights"), f"the hint: {err[:80]!r}")
    hint = err[len("attn: "):].rstrip("\n").split("\n")
    for needed in ("config.json", "vocab.json", "merges.txt", "model.safetensors", "548 MB", "curl -L", URL,
                   "huggingface-cli download", "ATTN_GPT2_MODEL", "--model gpt2"):
        checks.check(any(needed in line for line in hint), f"the hint names {needed!r}")
    page = (HERE.parent.parent / "docs" / "udl.md").read_text(encoding="utf-8")
    block = "".join("    " + line + "\n" for line in hint)
    checks.check(block in page, "docs/udl.md holds attn's hint word for word (an indented block)")

    tiny = pathlib.Path(make_golden_udl124.resolve("tiny:seed=0", vocab, work / "models")[0])
    real = (tiny / "model.safetensors").read_bytes()

    def folder(name, model_bytes):
        d = work / "model-files" / name
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        shutil.copy(tiny / "config.json", d / "config.json")
        if model_bytes is not None:
            (d / "model.safetensors").write_bytes(model_bytes)
        return d

    def refused(name, model_bytes, *wants):
        d = folder(name, model_bytes)
        r = attn("--model", d, "--vocab", vocab, "--cell", "14")
        err = r.stderr.decode("utf-8", errors="replace")
        checks.check(r.returncode == 3, f"{name}: exit {r.returncode}, want 3 ({err.strip()!r})")
        checks.check(err.count("\n") == 1 and err.startswith("attn: "), f"{name}: one line on standard error: {err!r}")
        checks.check(r.stdout == b"", f"{name}: nothing on standard output")
        for want in wants:
            checks.check(want in err, f"{name}: says {want!r}: {err.strip()!r}")

    refused("lfs-pointer", LFS_POINTER.encode(), "a Git LFS pointer (134 bytes)", "548105171 bytes", "git lfs pull", URL)
    n = int.from_bytes(real[:8], "little")
    cut = len(real) // 2
    refused("cut-in-data", real[:cut], f"an incomplete download: {cut} bytes of the {len(real)}", URL)
    refused("cut-in-header", real[:8 + n // 2], f"an incomplete download: {8 + n // 2} bytes of the {8 + n}", URL)
    refused("no-model-file", None, "the folder has no model.safetensors (it has config.json)", "548 MB", URL)
    # the whole file still runs
    r = attn("--model", folder("whole", real), "--vocab", vocab, "--cell", "14")
    checks.check(r.returncode == 0 and r.stdout.count(b"\n") == 10, f"the whole file: exit {r.returncode}")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
