#!/usr/bin/python3
"""Write tests/data/torch/: torch draws for attn's torch-compatible generator (src/rng/torch_generator).

Run with Debian's python3-torch (1.13.1 when these fixtures were made):
    /usr/bin/python3 tools/gen_torch_fixtures.py [--out DIR]

Each stream is one CPU generator taking a list of calls in order; every value the calls store is
appended, as little-endian float32 (exact bit patterns), to <stream>.f32. Large tensors store only
their first `head` and last `tail` values: the words in between are still drawn, so the tail
checks the stream position. The streams cover the block path (16 or more elements, with and
without a partial last block), the small-tensor path with its cached second normal, manual_seed
masking to 32 bits, torch's default seed, and the companion lesson's own call sequence.

Manifest grammar (whitespace separated, '#' starts a comment line):
    stream <name> <file> <count>         count: float32 values in <file>
    seed <decimal> | seed default        torch.manual_seed(s) on a fresh generator, or none
    mt_head <hex uint32> x8              MT19937 state words 0..7 right after seeding
                                         (torch.get_rng_state(), before the first twist)
    call rand <n>                        torch.rand(n): all n values stored
    call randn <shape> <n> <head> <tail> torch.randn(shape), shape dims joined by 'x';
                                         stores head values from the start and tail from the
                                         end (all n when head + tail >= n, then head = n, tail = 0)
    call manual_seed <decimal>           re-seed mid-stream (drops the cached normal)
    end
"""
import argparse
import struct
from pathlib import Path

import torch

BIG = 128   # head and tail kept of tensors larger than 2 * BIG

LESSON_T = 5


def lesson_calls():
    """The lesson's randn sequence after torch.manual_seed(0) (../shared/notes/torch-randn.md)."""
    calls = [("randn", (LESSON_T, 4)), ("randn", (LESSON_T, 8)), ("randn", (LESSON_T, 8))]
    for d in (16, 64, 256, 1024):
        calls += [("randn", (1000, d)), ("randn", (1000, d))]
        calls += [("randn", (LESSON_T, d))] * 4
    calls += [("randn", (LESSON_T, 16))] + [("randn", (16, 8))] * 3
    return calls


STREAMS = [
    ("lesson_seed0", 0, lesson_calls()),
    ("paths_seed1", 1, [
        ("rand", 40),
        ("randn", (16,)), ("randn", (17,)), ("randn", (3,)), ("randn", (1,)),
        ("randn", (33,)), ("randn", (15,)), ("randn", (2, 8)), ("randn", (1,)),
        ("randn", (31,)), ("randn", (2, 3)), ("randn", (48,)), ("randn", (100, 7)),
    ]),
    ("reseed_seed42", 42, [
        ("randn", (1000, 64)), ("randn", (7,)), ("manual_seed", 42), ("randn", (1,)),
        ("randn", (5, 4)), ("randn", (3,)), ("manual_seed", 7), ("randn", (3,)),
        ("randn", (20,)),
    ]),
    ("mask_seed4294967301", 2**32 + 5, [("rand", 24), ("randn", (5, 4)), ("randn", (5,))]),
    ("mask_seed5", 5, [("rand", 24), ("randn", (5, 4)), ("randn", (5,))]),
    ("max_seed", 2**64 - 1, [("randn", (5, 8)), ("randn", (2,))]),
    ("default_seed", None, [("rand", 8), ("randn", (4, 4)), ("randn", (6,))]),
    ("long_seed123456789", 123456789, [("rand", 700), ("randn", (3000,)), ("randn", (13,))]),
]


def mt_head(gen):
    """State words 0..7 of the MT19937 pod inside torch.get_rng_state() (THGeneratorState:
    uint64 the_initial_seed, int left, int seeded, uint64 next, uint64 state[624], ...)."""
    raw = bytes(gen.get_state().tolist())
    words = struct.unpack_from("<8Q", raw, 24)
    return [w & 0xFFFFFFFF for w in words]


def run_stream(name, seed, calls, out_dir):
    gen = torch.Generator()
    if seed is not None:
        gen.manual_seed(seed)
    lines = [f"seed {'default' if seed is None else seed}",
             "mt_head " + " ".join(f"{w:08x}" for w in mt_head(gen))]
    values = []
    for kind, arg in calls:
        if kind == "manual_seed":
            gen.manual_seed(arg)
            lines.append(f"call manual_seed {arg}")
        elif kind == "rand":
            t = torch.rand(arg, generator=gen, dtype=torch.float32)
            values += t.tolist()
            lines.append(f"call rand {arg}")
        else:
            t = torch.randn(*arg, generator=gen, dtype=torch.float32).reshape(-1)
            n = t.numel()
            head, tail = (n, 0) if n <= 2 * BIG else (BIG, BIG)
            values += t[:head].tolist() + (t[n - tail:].tolist() if tail else [])
            shape = "x".join(str(s) for s in arg)
            lines.append(f"call randn {shape} {n} {head} {tail}")
    blob = struct.pack(f"<{len(values)}f", *values)
    (out_dir / f"{name}.f32").write_bytes(blob)
    return [f"stream {name} {name}.f32 {len(values)}"] + lines + ["end"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "tests/data/torch"))
    a = p.parse_args()
    out_dir = Path(a.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest = [f"# tests/data/torch: made by tools/gen_torch_fixtures.py with torch {torch.__version__}",
                "# (grammar in that script's docstring)"]
    for name, seed, calls in STREAMS:
        manifest += run_stream(name, seed, calls, out_dir)
    (out_dir / "manifest.txt").write_text("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
