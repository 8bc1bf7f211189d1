#!/usr/bin/python3
"""Write tests/data/rng/: NumPy reference draws for attn's NumPy-compatible generator.

Run with Debian's python3-numpy (1.24.2 when these fixtures were made):
    /usr/bin/python3 tools/gen_rng_fixtures.py [--out DIR]

For each seed, one stream np.random.default_rng(seed) takes a list of calls in order (normal
with several (loc, scale) pairs and shapes, standard_normal, scalar calls, empty sizes); all
outputs are concatenated, in call order and C order, into <name>.bin as little-endian float64
(exact bit patterns). manifest.txt lists, per seed, the SeedSequence/PCG64 intermediates
(entropy words, pool, generate_state, PCG64 state, first raw outputs, first doubles) and the
call list. It also lists "crafted" PCG64 states (set through PCG64.state) that force rare paths:
a -0.0 from standard_normal, the tail, a rejected wedge.

Manifest grammar (whitespace separated, '#' starts a comment line):
    seed <decimal>
    words <hex uint32>...            entropy words, least significant first
    pool <hex uint32> x4             SeedSequence(seed).pool
    state64 <hex uint64> x4          SeedSequence(seed).generate_state(4, np.uint64)
    pcg <hex state> <hex inc>        PCG64(seed).state (128-bit each)
    raw <hex uint64>...              PCG64(seed).random_raw(n)
    doubles <hex float>...           default_rng(seed).random(n)
    file <name.bin> <count>          float64 values that the calls below produce, in order
    call <kind> <loc|-> <scale|-> <shape> <count>
                                     kind: normal | standard_normal; loc, scale: hex floats
                                     ('-' for standard_normal); shape: 'scalar' (size=None) or
                                     dims joined by 'x' (e.g. 5x400, 0, 2x0x3)
    end
    crafted <hex state> <hex inc> <kind> <loc|-> <scale|-> <count> <hex float>...
"""
import argparse
import math
import sys
from pathlib import Path

import numpy as np

MAIN_SEEDS = [0, 1, 42, 2**32 + 5, 2**64 + 12345]            # >= 10^5 draws each
EXTRA_SEEDS = [123456789012345678901234567890,               # 30 digits, 4 words
               2**128,                                       # 5 words, zero words inside
               31415926535897932384626433832795028841971693993751]  # 50 digits, 6 words
MAIN_DRAWS = 100_000
EXTRA_DRAWS = 16_000

# (kind, loc, scale, shape); shape None means size=None (a scalar).
CALLS = [
    ("standard_normal", None, None, None),
    ("normal", 0.0, 1.0, (3,)),
    ("normal", 0.0, 1.0, (0,)),            # size 0 takes no draws
    ("normal", 2.5, 0.3, (5, 400)),
    ("normal", -1000.0, 1e-3, (10, 10, 10)),
    ("standard_normal", None, None, (7, 3)),
    ("normal", 0.0, 0.0, (6,)),            # scale 0 still draws
    ("normal", 1e300, 1e10, (50,)),
    ("normal", 0.1, 7.0, (2, 0, 3)),       # empty shape
    ("normal", -3.5, 2.0, None),
    ("normal", 0.0, 1.0, (4, 25, 40)),
    ("normal", -3.5, 2.0, (6000,)),
    # then three fillers, (0, 1), (-0.7, 3.25), (100, 0.01), up to the seed's draw count
]


def draw(rng, kind, loc, scale, shape):
    if kind == "normal":
        out = rng.normal(loc, scale, size=shape)
    else:
        out = rng.standard_normal(size=shape)
    return np.asarray(out, dtype="<f8").reshape(-1)


def shape_text(shape):
    return "scalar" if shape is None else "x".join(str(d) for d in shape)


def words_of(seed):
    words = []
    while True:
        words.append(seed & 0xFFFFFFFF)
        seed >>= 32
        if seed == 0:
            return words


def seed_block(seed, n_draws, name, out_dir):
    lines = [f"seed {seed}"]
    lines.append("words " + " ".join(f"{w:08x}" for w in words_of(seed)))
    ss = np.random.SeedSequence(seed)
    lines.append("pool " + " ".join(f"{int(w):08x}" for w in ss.pool))
    lines.append("state64 " + " ".join(f"{int(w):016x}" for w in ss.generate_state(4, np.uint64)))
    st = np.random.PCG64(seed).state["state"]
    lines.append(f"pcg {st['state']:032x} {st['inc']:032x}")
    lines.append("raw " + " ".join(f"{int(v):016x}" for v in np.random.PCG64(seed).random_raw(4)))
    lines.append("doubles " + " ".join(float(v).hex() for v in np.random.default_rng(seed).random(4)))

    calls = list(CALLS)
    used = sum(1 if s is None else math.prod(s) for _, _, _, s in calls)
    rest = n_draws - used
    calls += [("normal", 0.0, 1.0, (rest // 3,)),
              ("normal", -0.7, 3.25, (rest // 3, 1)),
              ("normal", 100.0, 0.01, (rest - 2 * (rest // 3),))]
    rng = np.random.default_rng(seed)
    chunks, call_lines = [], []
    for kind, loc, scale, shape in calls:
        values = draw(rng, kind, loc, scale, shape)
        chunks.append(values)
        loc_s = "-" if loc is None else float(loc).hex()
        scale_s = "-" if scale is None else float(scale).hex()
        call_lines.append(f"call {kind} {loc_s} {scale_s} {shape_text(shape)} {values.size}")
    data = np.concatenate(chunks)
    assert data.size == n_draws
    (out_dir / name).write_bytes(data.tobytes())
    lines.append(f"file {name} {data.size}")
    lines += call_lines
    lines.append("end")
    return lines


MULT = 0x2360ED051FC65DA44385DF649FCCF645
MASK128 = (1 << 128) - 1


def state_before(output_state, inc):
    """The PCG64 state whose next step lands on output_state."""
    return ((output_state - inc) * pow(MULT, -1, 1 << 128)) & MASK128


def crafted_lines():
    inc = (0x5851F42D4C957F2D14057B7EF767814F << 1 | 1) & MASK128
    cases = [
        # new state = 0x102: rot 0, output 0x102 -> idx 2, sign 1, rabs 0 -> x = -0.0.
        (0x102, "standard_normal", None, None, 1),
        (0x102, "normal", 0.0, 1.0, 1),       # 0 + 1 * -0.0 == +0.0
        (0x102, "normal", 0.0, 0.0, 1),
        # idx 0, rabs = 2^52 - 1 >= ki[0]: the tail; bit 8 of rabs (1) makes it negative.
        ((((1 << 52) - 1) << 9) | (0 << 8) | 0x00, "standard_normal", None, None, 3),
        # same with sign bit set and bit 8 of rabs clear: the tail, positive.
        ((((1 << 52) - 1 - (1 << 8)) << 9) | (1 << 8) | 0x00, "standard_normal", None, None, 3),
        # idx 255, rabs just below 2^52: the outermost wedge.
        ((((1 << 52) - 2) << 9) | (1 << 8) | 0xFF, "normal", 5.0, 3.0, 3),
    ]
    lines = []
    for new_state, kind, loc, scale, n in cases:
        s = state_before(new_state, inc)
        bg = np.random.PCG64(0)
        bg.state = {"bit_generator": "PCG64", "state": {"state": s, "inc": inc},
                    "has_uint32": 0, "uinteger": 0}
        assert int(bg.random_raw()) == new_state
        bg.state = {"bit_generator": "PCG64", "state": {"state": s, "inc": inc},
                    "has_uint32": 0, "uinteger": 0}
        values = draw(np.random.Generator(bg), kind, loc, scale, (n,))
        loc_s = "-" if loc is None else float(loc).hex()
        scale_s = "-" if scale is None else float(scale).hex()
        lines.append(f"crafted {s:032x} {inc:032x} {kind} {loc_s} {scale_s} {n} "
                     + " ".join(float(v).hex() for v in values))
    return lines


def main():
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=root / "tests" / "data" / "rng")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    lines = [f"# attn rng fixtures: written by tools/gen_rng_fixtures.py with NumPy {np.__version__}",
             "# (grammar in the script's docstring). Values: little-endian float64 in the .bin files."]
    for seeds, n in ((MAIN_SEEDS, MAIN_DRAWS), (EXTRA_SEEDS, EXTRA_DRAWS)):
        for seed in seeds:
            name = f"seed_{seed}.bin" if seed < 2**64 else f"seed_{len(str(seed))}digits.bin"
            lines += seed_block(seed, n, name, args.out)
    lines += crafted_lines()
    (args.out / "manifest.txt").write_text("\n".join(lines) + "\n")
    total = sum(p.stat().st_size for p in args.out.iterdir())
    print(f"gen_rng_fixtures: wrote {args.out} ({total} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
