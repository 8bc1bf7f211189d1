#!/usr/bin/env python3
"""What only --with-outputs and multihead's --heatmap show, against the chapter's reference scripts.

attn skips the work no output shows (attention's Y = V A, all of multihead's heads when only the
counts are printed: experiments/attention.hpp and multihead.hpp say what each output needs).
The golden and conformance tests prove the text did not change; this test proves that the values
computed only on request are the reference's:

- `attention --format json --with-outputs`: data.output is the reference's Y and data.weights
  its A, bit for bit, and the rest of the JSON is the JSON without the flag;
- `multihead --format json --with-outputs --h H`: the row's output is the reference's Y (the
  last H of the sweep: the script's global Y) and head_weights its heads' A, bit for bit;
- `multihead --heatmap --color never`: each (H, H) map is the mean over output positions of
  ½ Σ_m |A_i − A_j| of the reference's heads, to the 3 printed decimals;
- every JSON document validates against docs/schema/attn-output.schema.json;
- --with-outputs without --format json is a usage error (exit 2).

The reference runs in this process (runpy) with its own np.exp, recorded call by call: attn's
softmax uses NumPy's exp as NumPy runs it on this CPU (src/core/numpy_exp.hpp: SVML's exp on an
AVX-512 SKX CPU, glibc's elsewhere), so A is compared with the reference's bits as they really
are. Only where NumPy would run its AVX512F-only loop (AVX-512F without SKX, or SKX turned off by
NPY_DISABLE_CPU_FEATURES), an exp attn does not replicate, np.exp is replaced by glibc's exp,
which attn then uses. Everything else (the draws, OpenBLAS's products, NumPy's sums) is the
reference's own code. Skips (77) without the reference scripts.
"""
import argparse
import contextlib
import io
import json
import math
import os
import pathlib
import runpy
import subprocess
import sys

import numpy as np
from jsonschema import Draft202012Validator

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks, numpy_exp_not_replicated

glibc_exp = np.vectorize(math.exp, otypes=[float])
# Where attn's exp is not this NumPy's (harness.numpy_exp_not_replicated), both sides use
# glibc's: the reference through np.exp replaced, attn with ATTN_EXP=glibc (set in main), so that
# the data path (the draws, the products, the sums) is still compared bit for bit.
EXP_NOT_REPLICATED = numpy_exp_not_replicated(np)


def reference(script, args):
    """Runs the reference script; returns its globals and every exp's result."""
    calls = []
    real_exp = np.exp

    def exp(x):
        out = glibc_exp(np.asarray(x, dtype=float)) if EXP_NOT_REPLICATED else real_exp(x)
        calls.append(out)
        return out

    sys.argv = [str(script)] + list(args)
    np.exp = exp
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            g = runpy.run_path(str(script), run_name="__main__")
    finally:
        np.exp = real_exp
    return g, calls


SCHEMA = []   # the validator of docs/schema/attn-output.schema.json, set in main()


def attn_json(attn, args):
    out = subprocess.run([attn] + args, check=True, capture_output=True, text=True).stdout
    doc = json.loads(out)
    SCHEMA[0].validate(doc)
    return doc


def same_bits(name, got, want, checks):
    got, want = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
    if checks.check(got.shape == want.shape, f"{name}: shape {got.shape}, the reference's {want.shape}"):
        n = int((got.view(np.uint64) != want.view(np.uint64)).sum())
        checks.check(n == 0, f"{name}: {n} of {got.size} values differ from the reference's bits")


def check_attention(attn, ref, args, checks):
    g, _ = reference(ref / "attention.py", args)
    with_y = attn_json(attn, ["attention"] + args + ["--format", "json", "--with-outputs"])
    plain = attn_json(attn, ["attention"] + args + ["--format", "json"])
    data = with_y["data"]
    same_bits(f"attention {args} Y", data["output"]["values"], g["Y"], checks)
    same_bits(f"attention {args} A", data["weights"]["values"], g["A"], checks)
    del data["output"]
    with_y["options"]["with_outputs"] = False
    checks.check(with_y == plain, f"attention {args}: the JSON with --with-outputs differs beyond data.output")


def check_multihead(attn, ref, args, last, checks):
    g, calls = reference(ref / "multihead.py", args + ["--h", str(last)])
    got = attn_json(attn, ["multihead"] + args + ["--h", str(last), "--format", "json", "--with-outputs"])
    row = got["data"]["rows"][0]
    same_bits(f"multihead {args} H={last} Y", row["output"]["values"], g["Y"], checks)
    heads = [e / e.sum(axis=0, keepdims=True) for e in calls[-last:]]   # the script's softmax_cols
    checks.check(len(row["head_weights"]) == last, f"multihead {args} H={last}: {len(row['head_weights'])} head weights")
    for i, (a, w) in enumerate(zip(row["head_weights"], heads)):
        same_bits(f"multihead {args} H={last} head {i + 1} A", a["values"], w, checks)
    return heads


def check_heatmap(attn, ref, args, sweep, checks):
    text = subprocess.run([attn, "multihead"] + args + ["--sweep", ",".join(map(str, sweep)),
                                                        "--heatmap", "--color", "never"],
                          check=True, capture_output=True, text=True).stdout
    _, calls = reference(ref / "multihead.py", args + ["--sweep", ",".join(map(str, sweep))])
    lines = text.split("\n")
    start = 0
    for h in sweep:
        heads = [e / e.sum(axis=0, keepdims=True) for e in calls[start:start + h]]
        start += h
        want = np.array([[0.5 * np.abs(a - b).sum() / a.shape[1] for b in heads] for a in heads])
        title = next(i for i, line in enumerate(lines) if line.startswith(f"H={h}："))
        grid = [line.split()[1:] for line in lines[title + 3:title + 3 + h]]
        got = np.array([[float(v) for v in row] for row in grid])
        checks.check(got.shape == want.shape and np.abs(got - want).max() <= 0.0005 + 1e-12,
                     f"multihead --heatmap {args} H={h}: {got.tolist()} against {want.round(3).tolist()}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("--schema", required=True)
    a = p.parse_args()
    SCHEMA.append(Draft202012Validator(json.load(open(a.schema, encoding="utf-8"))))
    ref = pathlib.Path(a.reference)
    if not (ref / "attention.py").is_file():
        print(f"SKIPPED: {ref} has no reference scripts (the chapter's shared/ folder, see the README)")
        return 77
    checks = Checks("with_outputs")
    if EXP_NOT_REPLICATED:
        print(f"{EXP_NOT_REPLICATED}: both sides use glibc's exp")
        os.environ["ATTN_EXP"] = "glibc"
    for args in ([], ["--seed", "3", "--d", "9", "--n", "17", "--dq", "5", "--col", "17"],
                 ["--seed", "12", "--d", "40", "--n", "33", "--dq", "2"]):
        check_attention(a.attn, ref, args, checks)
    check_multihead(a.attn, ref, [], 6, checks)
    check_multihead(a.attn, ref, ["--seed", "7", "--d", "24", "--n", "19", "--sweep", "2,8,3"], 3, checks)
    check_heatmap(a.attn, ref, ["--seed", "5", "--d", "12", "--n", "9"], [1, 4, 3], checks)
    bad = subprocess.run([a.attn, "attention", "--with-outputs"], capture_output=True, text=True)
    checks.check(bad.returncode == 2 and "--with-outputs" in bad.stderr,
                 f"attention --with-outputs without JSON: exit {bad.returncode}, {bad.stderr!r}")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
