#!/usr/bin/python3
"""Write tests/data/rng_legacy/: NumPy's legacy RandomState draws for attn's LegacyRandomState.

Run with Debian's python3-numpy (1.24.2 when these fixtures were made):
    /usr/bin/python3 tools/gen_legacy_fixtures.py [--out DIR]

One file seed_<s>.bin per seed: little-endian uint64 words, in this order (every part starts
from a fresh np.random.seed(s), i.e. RandomState(s)):

  A  normal stream: normal(size=...) over the call sizes SIZES, cycled, until STREAM draws were
     taken (the last call is cut to fit), so the cached second gauss value crosses call
     boundaries of every parity. Stored: the bit patterns of the first HEAD draws, then, for
     each block of BLOCK consecutive draws, sum(bits_i * (2*i + 1)) mod 2^64 with i the index
     inside the block (odd weights: any changed or swapped draw changes the block's sum).
  B  random_sample(SAMPLE_STREAM): HEAD_SMALL bit patterns, then block sums as in A.
  C  the raw MT19937 outputs (bit_generator.random_raw, 32-bit values): HEAD_SMALL of them.
  D  reseeding drops the cache: seed(s); normal(size=1); seed(s); normal(size=3): 3 patterns.
  E  loc + scale * gauss, unfused: normal(-3.25, 0.1, size=(32, 64)) then
     normal(0.5, 2.5, size=2047): HEAD + HEAD - 1 patterns.

manifest.txt names each file and its seed. tests/unit/rng/test_rng_legacy.cpp reads the same constants.
"""
import argparse
from pathlib import Path

import numpy as np

SEEDS = [0, 3, 2**32 - 1, 1, 42, 2**31, 123456789, 0xDEADBEEF]
SIZES = [1, 3, (2, 3), (5, 1), (4, 4), 7, 1000]
STREAM = 1 << 20          # draws of part A (>= 10^6)
SAMPLE_STREAM = 1 << 18   # draws of part B
BLOCK = 1024
HEAD = 2048
HEAD_SMALL = 1024

MASK = (1 << 64) - 1


def bits(values):
    return np.ascontiguousarray(values, dtype="<f8").view("<u8")


def block_sums(patterns):
    weights = (2 * np.arange(BLOCK, dtype=np.uint64) + 1).astype(np.uint64)
    blocks = patterns.reshape(-1, BLOCK).astype(np.uint64)
    with np.errstate(over="ignore"):
        return (blocks * weights).sum(axis=1, dtype=np.uint64)   # wraps mod 2^64


def normal_stream(seed):
    np.random.seed(seed)
    out, taken, k = [], 0, 0
    while taken < STREAM:
        size = SIZES[k % len(SIZES)]
        k += 1
        count = int(np.prod(size))
        if taken + count > STREAM:
            size = STREAM - taken
            count = size
        out.append(np.random.normal(size=size).ravel())
        taken += count
    return np.concatenate(out)


def seed_file(seed):
    parts = []
    a = bits(normal_stream(seed))
    parts += [a[:HEAD], block_sums(a)]

    np.random.seed(seed)
    b = bits(np.random.random_sample(SAMPLE_STREAM))
    parts += [b[:HEAD_SMALL], block_sums(b)]

    state = np.random.RandomState(seed)
    parts.append(state._bit_generator.random_raw(HEAD_SMALL).astype("<u8"))

    np.random.seed(seed)
    np.random.normal(size=1)
    np.random.seed(seed)
    parts.append(bits(np.random.normal(size=3)))

    np.random.seed(seed)
    parts.append(bits(np.random.normal(-3.25, 0.1, size=(32, 64)).ravel()))
    parts.append(bits(np.random.normal(0.5, 2.5, size=HEAD - 1)))
    return np.concatenate([np.asarray(p, dtype="<u8") for p in parts]).tobytes()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "tests/data/rng_legacy"))
    out = Path(p.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = [f"# written by tools/gen_legacy_fixtures.py with NumPy {np.__version__}"]
    for seed in SEEDS:
        name = f"seed_{seed}.bin"
        (out / name).write_bytes(seed_file(seed))
        manifest.append(f"{name} {seed}")
    (out / "manifest.txt").write_text("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
