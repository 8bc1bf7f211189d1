#!/usr/bin/env python3
"""attn's flash kernel against PyTorch and a float32 NumPy head, side by side in one run.

The head is the companion lesson's section 5 (d_model 16, d_head 8, float32, causal), written as
the lesson writes it (mask = ones(T, T).tril(); scores = q @ k.T / sqrt(8); masked_fill; softmax;
@ v), timed from x and W to the output, single-threaded (torch.set_num_threads(1),
OPENBLAS_NUM_THREADS=1). attn's figure is `attn cost --kernel flash --format json`'s median,
which also times from x and W to the output. Each line prints the medians and the ratio
flash / PyTorch (target: at most 0.1 at T = 4000) and flash / NumPy, by wall time and by CPU
time (time.process_time and attn's median_cpu_s): on a busy machine the wall times include
waiting for a core, the CPU times do not.

Also checks the other targets of the cost issue from `attn cost` JSON: flash's peak memory at
T = 16000 below 1% of the T×T float32 matrix, and the decode exponents (kv-cache 2.0 ± 0.2,
recompute 3.0 ± 0.3).

Usage: OPENBLAS_NUM_THREADS=1 /usr/bin/python3 bench/cost_vs_torch.py --attn build/attn [--t 4000,8000]
Needs Debian's python3-torch and python3-numpy.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402


def torch_head(x, w_q, w_k, w_v):
    t = x.shape[0]
    mask = torch.ones(t, t, dtype=torch.bool).tril()
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ k.T / math.sqrt(8)
    scores = scores.masked_fill(~mask, float("-inf"))
    return F.softmax(scores, dim=-1) @ v


def numpy_head(x, w_q, w_k, w_v):
    t = x.shape[0]
    mask = np.tril(np.ones((t, t), dtype=bool))
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    scores = q @ k.T / np.float32(math.sqrt(8))
    scores = np.where(mask, scores, np.float32(-np.inf))
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)) @ v


def timed(f):
    """(wall seconds, CPU seconds of this process) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    f()
    return time.perf_counter() - wall, time.process_time() - cpu


def attn_cost(attn, args):
    out = subprocess.run([attn, "cost", "--format", "json", *args], check=True, capture_output=True)
    return json.loads(out.stdout)["data"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--t", default="4000,8000")
    p.add_argument("--repeats", type=int, default=7)
    p.add_argument("--skip-targets", action="store_true", help="only the side-by-side timings")
    a = p.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    for t in [int(s) for s in a.t.split(",")]:
        x = torch.randn(t, 16)
        w = [torch.randn(16, 8) / 4 for _ in range(3)]
        xn, wn = x.numpy(), [m.numpy() for m in w]
        # Interleaved, so that a busy neighbour slows all three alike.
        tt, tn, tf = [], [], []
        for _ in range(a.repeats):
            tt.append(timed(lambda: torch_head(x, *w)))
            tn.append(timed(lambda: numpy_head(xn, *wn)))
            run = attn_cost(a.attn, ["--kernel", "flash", "--t", str(t), "--repeats", "1"])["runs"][0]
            tf.append((run["median_s"], run["median_cpu_s"]))
        for i, clock in enumerate(("wall", "CPU")):
            mt, mn, mf = (statistics.median(v[i] for v in vs) for vs in (tt, tn, tf))
            print(f"T={t} {clock:4s}: PyTorch {torch.__version__} {mt * 1e3:.1f} ms, NumPy {np.__version__} "
                  f"float32 {mn * 1e3:.1f} ms, attn flash {mf * 1e3:.2f} ms | flash/PyTorch {mf / mt:.3f}, "
                  f"flash/NumPy {mf / mn:.3f}")
    if a.skip_targets:
        return 0
    big = attn_cost(a.attn, ["--kernel", "flash", "--t", "16000", "--repeats", "1"])
    peak = big["runs"][0]["peak_bytes"]
    print(f"flash peak memory at T=16000: {peak} bytes = {100 * peak / (4 * 16000 ** 2):.3f}% of the "
          f"T×T float32 matrix (target < 1%)")
    dec = attn_cost(a.attn, ["--kernel", "kv-cache,recompute", "--t", "1000,2000,4000", "--repeats", "3"])
    for fit in dec["fits"]:
        print(f"{fit['kernel']}: exponent {fit['exponent']:.2f} ({fit['verdict']})")
    print(f"machine: {dec['machine']['cpu_model']}, kernels dispatched to {dec['machine']['dispatch']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
