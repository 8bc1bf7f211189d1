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

It also writes print_vectors.txt: str(tensor) under torch.set_printoptions, and str(dict) /
repr(str) of the kind the lesson prints, for src/print/torch_format. One case per line group:
    tensor <precision> <threshold> <edgeitems> <linewidth> <none|true|false> <shape|scalar>
    values <hex float>...                float32 values (as Python floats), C order
    text <hex of the UTF-8 bytes>        str(t)
    dict <hex key>:<hex float>,...       keys as UTF-8 hex, values as Python floats
    text <hex>                           str({k: round(v, 2) ...})
    repr <hex>                           a str
    text <hex>                           repr(s)

And lesson_values.txt: the unrounded float32 numbers behind what ../shared/reference/lesson.py
prints (the same torch calls, in the same order), for attn's LessonReport:
    <key> <hex float>...                 e.g. averaging_weights, scores 1,0, spread_16
    (causal_inputs and head_inputs hold torch's own normals for sections 3 and 5, so that the
    arithmetic can be checked apart from the generator: q then k; x, W_q, W_k, W_v.)

And float32_ops.txt: torch's own results for the float32 operations of src/core/torch32 on
torch's own inputs, so that each operation is checked on its own, independently of the generator
(whose normals differ from torch's in last bits). One case per line:
    <op> <arg> <rows> <cols> in <hex>... [in2 <rows> <cols> <hex>...] out <hex>...
    ops: mm (a @ b), mm_t (a @ b.T), mv (a @ v), div <scalar> (a / s), mul <scalar> (a * s),
         mul_t (a * b), softmax (F.softmax(a, dim=-1)), sum (a.sum(dim=-1)), max (a.max(dim=-1)),
         mean0 <k> (a[:k].mean(dim=0)), mean (a.mean()), std (a.std())
    <arg> is '-' when the op takes none. A '# openblas_core <name>' line (also in
    lesson_values.txt) names the OpenBLAS kernel the products ran on: mm and mv results are that
    kernel's bits, checked bit for bit only where the same kernel runs. Torch runs with its default CPU capability (AVX2 on any
    x86-64 with AVX2 and FMA: torch 1.13 keeps AVX-512 opt-in), whose exp is SLEEF's expf_u10.
"""
import argparse
import struct
from pathlib import Path

import torch

BIG = 128   # head and tail kept of tensors larger than 2 * BIG

LESSON_T = 5


def lesson_calls():
    """The lesson's randn sequence after torch.manual_seed(0) (docs/spec/torch-randn.md)."""
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


def print_cases():
    """(tensor, options) pairs covering _Formatter's modes and the layout recursion."""
    g = torch.Generator().manual_seed(2024)
    tril = torch.ones(5, 5).tril()
    cases = [
        (tril / tril.sum(dim=1, keepdim=True), (2, 1000, 3, 80, None)),
        (torch.softmax(torch.randn(5, 5, generator=g).masked_fill(~tril.bool(), float("-inf")), -1),
         (2, 1000, 3, 80, None)),
        (torch.randn(5, 8, generator=g), (2, 1000, 3, 80, None)),
        (torch.randn(5, 8, generator=g), (4, 1000, 3, 80, None)),
        (torch.randn(4, 3, generator=g) * 1000, (2, 1000, 3, 80, None)),
        (torch.randn(4, 3, generator=g) * 1e-5, (2, 1000, 3, 80, None)),
        (torch.tensor([[1.0, 2.0], [-3.0, 40.0]]), (2, 1000, 3, 80, None)),
        (torch.tensor([1.0, 20000.0, -3.0]), (2, 1000, 3, 80, None)),
        (torch.tensor([0.0, float("inf"), float("-inf"), float("nan"), 0.5]), (2, 1000, 3, 80, None)),
        (torch.tensor([0.0, 0.0]), (2, 1000, 3, 80, None)),
        (torch.tensor([float("nan"), 3.0]), (2, 1000, 3, 80, None)),
        (torch.tensor(0.12345), (2, 1000, 3, 80, None)),
        (torch.tensor(7.0), (4, 1000, 3, 80, None)),
        (torch.randn(30, generator=g), (2, 1000, 3, 80, None)),
        (torch.randn(30, generator=g), (4, 1000, 3, 40, None)),
        (torch.randn(2000, generator=g), (2, 1000, 3, 80, None)),
        (torch.randn(50, 40, generator=g), (2, 1000, 3, 80, None)),
        (torch.randn(50, 40, generator=g), (3, 100, 2, 60, None)),
        (torch.randn(2, 3, 4, generator=g), (2, 1000, 3, 80, None)),
        (torch.randn(12, 2, 3, generator=g), (2, 10, 2, 80, None)),
        (torch.randn(3, 4, generator=g), (2, 1000, 3, 80, True)),
        (torch.randn(3, 4, generator=g) * 1e-6, (2, 1000, 3, 80, False)),
        (torch.tensor([1e9, 2.5]), (2, 1000, 3, 80, None)),
        (torch.tensor([[-0.0, 1.25], [2.0, -0.004]]), (2, 1000, 3, 80, None)),
        (torch.zeros(0, 5), (2, 1000, 3, 80, None)),
        (torch.zeros(0), (2, 1000, 3, 80, None)),
        (torch.zeros(2, 0, 3), (2, 1000, 3, 10, None)),
        (torch.randn(1, 25, generator=g) * 100, (2, 1000, 3, 80, None)),
        # an axis of exactly 2 * edgeitems is shown whole while the other is summarised
        (torch.randn(30, 6, generator=g), (2, 10, 3, 80, None)),
        (torch.randn(6, 30, generator=g), (2, 10, 3, 80, None)),
        # the largest value at exactly 1e8 stays fixed-point (sci only above it), int and not
        (torch.tensor([1e8, 2e5]), (2, 1000, 3, 80, None)),
        (torch.tensor([1e8, 200000.5]), (2, 1000, 3, 80, None)),
    ]
    return cases


def hexs(text):
    return text.encode("utf-8").hex()


def write_print_vectors(out_dir):
    lines = [f"# str(tensor), str(dict), repr(str) from torch {torch.__version__}; see gen_torch_fixtures.py"]
    for t, (precision, threshold, edgeitems, linewidth, sci) in print_cases():
        torch.set_printoptions(precision=precision, threshold=threshold, edgeitems=edgeitems,
                               linewidth=linewidth, sci_mode=sci)
        shape = "x".join(str(s) for s in t.shape) if t.dim() else "scalar"
        if t.dim() and t.numel() == 0:
            shape = shape or "0"
        lines.append(f"tensor {precision} {threshold} {edgeitems} {linewidth} "
                     f"{'none' if sci is None else str(sci).lower()} {shape}")
        lines.append("values " + " ".join(float(v).hex() for v in t.reshape(-1).tolist()))
        lines.append("text " + hexs(str(t)))
    torch.set_printoptions(profile="default")
    torch.set_printoptions(sci_mode=None)
    g = torch.Generator().manual_seed(5)
    dicts = [
        dict(zip("床前明月光", torch.softmax(torch.tensor([0.1, 0.0, 0.9, 1.0, 0.8]), -1).tolist())),
        dict(zip("床前明月光", torch.softmax(torch.tensor([0.5, 5.0, 4.5, 0.0, 1.0]) * 5, -1).tolist())),
        dict(zip("床前明月光", (torch.randn(5, generator=g) * 3).tolist())),
        dict(zip(["a", "it's", 'say "hi"', "tab\t", "\\", "x\x01", "\xa0"], [0.125, -0.005, 1e-7, 123.456, -0.0, 2.675, 1e20])),
        {},
    ]
    for d in dicts:
        lines.append("dict " + ",".join(f"{hexs(k)}:{float(v).hex()}" for k, v in d.items()))
        lines.append("text " + hexs(str({k: round(v, 2) for k, v in d.items()})))
    for s in ["床", "it's", 'both \' and "', 'only "', "back\\slash", "nl\ncr\r", "\x7f\x00", "é中"]:
        lines.append("repr " + hexs(s))
        lines.append("text " + hexs(repr(s)))
    (out_dir / "print_vectors.txt").write_text("\n".join(lines) + "\n")


def write_lesson_values(out_dir):
    """The lesson's numbers before printing. Mirrors ../shared/reference/lesson.py call for call."""
    import math
    import torch.nn.functional as F
    lines = [f"# the lesson's float32 values from torch {torch.__version__}; see gen_torch_fixtures.py",
             f"# openblas_core {openblas_core()}"]

    def put(key, t):
        vals = t.reshape(-1).tolist() if isinstance(t, torch.Tensor) else [t]
        lines.append(key + " " + " ".join(float(v).hex() for v in vals))

    torch.manual_seed(0)
    T = 5
    x = torch.randn(T, 4)
    weights = torch.ones(T, T).tril()
    weights = weights / weights.sum(dim=1, keepdim=True)
    out = weights @ x
    put("averaging_weights", weights)
    put("third_is_mean", float(torch.allclose(out[2], x[:3].mean(dim=0))))
    k = torch.tensor([[0.1, 0.9], [0.0, 1.0], [0.9, 0.1], [1.0, 0.0], [0.8, 0.2]])
    for query in ["1,0", "0,1", "0.3,-0.7", "-1,-0", "2.5,2.5", "1000,0", "-1e6,1e6", "1e-30,0"]:
        q_guang = torch.tensor([float(t) for t in query.split(",")])
        scores = k @ q_guang
        put(f"scores {query}", scores)
        put(f"weights {query}", F.softmax(scores, dim=-1))
        put(f"weights_x5 {query}", F.softmax(scores * 5, dim=-1))
    q = torch.randn(T, 8)
    k = torch.randn(T, 8)
    scores = q @ k.T / math.sqrt(8)
    mask = torch.ones(T, T, dtype=torch.bool).tril()
    put("causal_weights", F.softmax(scores.masked_fill(~mask, float("-inf")), dim=-1))
    put("causal_inputs", torch.cat([q.reshape(-1), k.reshape(-1)]))   # torch's own q, k

    def avg_max_weight(d, scale):
        q = torch.randn(T, d)
        k = torch.randn(T, d)
        s = q @ k.T
        if scale:
            s = s / math.sqrt(d)
        return F.softmax(s, dim=-1).max(dim=-1).values.mean().item()

    for d in (16, 64, 256, 1024):
        q = torch.randn(1000, d)
        k = torch.randn(1000, d)
        dots = (q * k).sum(dim=-1)
        raw = avg_max_weight(d, False)
        scaled = avg_max_weight(d, True)
        put(f"spread_{d}", torch.tensor([dots.std().item(), raw, scaled], dtype=torch.float64))
    d_model, d_head = 16, 8
    x = torch.randn(T, d_model)
    W_q, W_k, W_v = (torch.randn(d_model, d_head) / math.sqrt(d_model) for _ in range(3))
    q, k, v = x @ W_q, x @ W_k, x @ W_v
    put("head_inputs", torch.cat([t.reshape(-1) for t in (x, W_q, W_k, W_v)]))   # after / 4
    for causal in (True, False):
        scores = q @ k.T / math.sqrt(d_head)
        if causal:
            scores = scores.masked_fill(~mask, float("-inf"))
        put(f"head_out {'causal' if causal else 'no_mask'}", F.softmax(scores, dim=-1) @ v)
    (out_dir / "lesson_values.txt").write_text("\n".join(lines) + "\n")


def openblas_core():
    """The OpenBLAS kernel torch's mm/mv run here (torch loads Debian's libopenblas)."""
    import ctypes
    lib = ctypes.CDLL("libopenblas.so.0")
    lib.openblas_get_corename.restype = ctypes.c_char_p
    return lib.openblas_get_corename().decode()


def write_float32_ops(out_dir):
    """torch's float32 results, op by op, on inputs drawn with a fixed generator."""
    import math
    import torch.nn.functional as F
    g = torch.Generator().manual_seed(20261130)
    lines = [f"# float32 ops from torch {torch.__version__}; see gen_torch_fixtures.py",
             f"# openblas_core {openblas_core()}"]

    def short_hex(v):   # float.hex without the mantissa's trailing zeros; inf, -inf as such
        if not math.isfinite(v):
            return float(v).hex()
        mantissa, exponent = float(v).hex().split("p")
        return mantissa.rstrip("0").rstrip(".") + "p" + exponent

    def hexes(t):
        return " ".join(short_hex(v) for v in t.reshape(-1).tolist())

    def put(op, arg, a, out, b=None):
        rows, cols = (a.shape[0], a.shape[1]) if a.dim() == 2 else (1, a.shape[0])
        line = f"{op} {arg} {rows} {cols} in {hexes(a)}"
        if b is not None:
            br, bc = (b.shape[0], b.shape[1]) if b.dim() == 2 else (b.shape[0], 1)
            line += f" in2 {br} {bc} {hexes(b)}"
        lines.append(line + f" out {hexes(out)}")

    def randn(*shape, scale=1.0):
        return torch.randn(*shape, generator=g) * scale

    # products: the lesson's shapes and some odd ones
    for m, k, n in [(5, 5, 4), (5, 16, 8), (7, 33, 9), (3, 1, 2), (1, 4, 1)]:
        a, b = randn(m, k), randn(k, n)
        put("mm", "-", a, a @ b, b)
    for m, k, n in [(5, 8, 5), (5, 16, 5), (5, 256, 5), (9, 7, 4)]:
        a, b = randn(m, k), randn(n, k)
        put("mm_t", "-", a, a @ b.T, b)
    for m, k in [(5, 2), (6, 3), (40, 17)]:
        a, v = randn(m, k), randn(k)
        put("mv", "-", a, a @ v, v)
    # a Python scalar operand: 64 values per scalar, so that rounding the quotient from a
    # double-precision division would show (it differs for a few percent of values)
    for s in (math.sqrt(8), math.sqrt(16), math.sqrt(64), math.sqrt(1024), 3.0, 0.1):
        a = randn(8, 64, scale=3.0)
        put("div", repr(s), a, a / s)
    for s in (5.0, 0.1, math.sqrt(2)):
        a = randn(8, 64, scale=3.0)
        put("mul", repr(s), a, a * s)
    a, b = randn(4, 64), randn(4, 64)
    put("mul_t", "-", a, a * b, b)
    # softmax over rows shorter than 8 (torch's one-partial-vector path: every row of the
    # lesson), with masked rows; many rows, so that exp's last bit is exercised
    for cols in range(1, 8):
        a = randn(64, cols, scale=3.0)
        put("softmax", "-", a, F.softmax(a, dim=-1))
    s = randn(5, 5, scale=2.0).masked_fill(~torch.ones(5, 5, dtype=torch.bool).tril(), float("-inf"))
    put("softmax", "-", s, F.softmax(s, dim=-1))
    a = randn(200, 5, scale=6.0)
    put("softmax", "-", a, F.softmax(a, dim=-1))
    for cols in (8, 9, 16, 17, 33):   # whole 8-lane vectors plus a tail (section 5 with --t)
        a = randn(16, cols, scale=3.0)
        put("softmax", "-", a, F.softmax(a, dim=-1))
    # row sums: every branch of torch's cascade sum (scalar rows under 8, 8-lane rows with a
    # tail, three cascade levels at 10000 values), and values of mixed size so that the order shows
    for cols in (1, 3, 4, 5, 7, 8, 9, 12, 16, 17, 31, 33, 64, 65, 100, 256, 257, 1024, 4100, 10000):
        rows = 6 if cols < 1000 else 1
        a = randn(rows, cols) * torch.pow(10.0, torch.randint(-3, 4, (rows, cols), generator=g).float())
        put("sum", "-", a, a.sum(dim=-1))
    a = randn(200, 16) * randn(200, 16)
    put("sum", "-", a, a.sum(dim=-1))   # the lesson's (q * k).sum(dim=-1) at d = 16
    for cols in (1, 5, 8, 9):
        a = randn(7, cols)
        put("max", "-", a, a.max(dim=-1).values)
    a = randn(5, 4)
    for k in (1, 3, 5):
        put("mean0", str(k), a, a[:k].mean(dim=0))
    for n in (1, 5, 7, 8, 9, 1000, 1100):
        a = randn(n, scale=2.0) + 0.5
        put("mean", "-", a, a.mean().reshape(1))
    for n in (2, 5, 17, 1000, 1100):
        a = randn(n, scale=3.0) + 1.0
        put("std", "-", a, a.std().reshape(1))
    (out_dir / "float32_ops.txt").write_text("\n".join(lines) + "\n")


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
    write_print_vectors(out_dir)
    write_lesson_values(out_dir)
    write_float32_ops(out_dir)


if __name__ == "__main__":
    main()
