#!/usr/bin/env python3
"""Print vectors for tests/unit/print/test_print_vectors.cpp, made with Debian's NumPy 1.24 / Python 3.11.

Writes tests/data/print/*.txt in the format of docs/spec/print-vectors.md: TAB-separated
records after one header line, floats as float.hex(), strings quoted (escapes \\\\ \\" \\n), and a
`# records: N` comment the test checks. Every expected string is what NumPy or Python prints;
attn is never run. The inputs are drawn from fixed seeds, so a rerun with the same NumPy
reproduces the files byte for byte (number printing does not depend on the CPU).

Run: /usr/bin/python3 tools/gen_print_vectors.py
"""
import math
import pathlib
import random
import sys

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "print"
MODES = ["maxprec", "fixed", "maxprec_equal", "unique"]


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def hexes(a):
    return ",".join(float(x).hex() for x in np.asarray(a, dtype=np.float64).ravel())


def shape_text(shape):
    return "x".join(map(str, shape))


def write(name, comment, header, rows, extra=""):
    lines = [f"# {comment}", f"# made by tools/gen_print_vectors.py with NumPy {np.__version__}, "
             f"Python {sys.version.split()[0]}", f"# records: {len(rows)}{extra}",
             "\t".join(header)]
    lines += ["\t".join(r) for r in rows]
    (OUT / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


def array_cases(r):
    """(id, values array) pairs covering the layouts attn prints."""
    cases = []
    for rows in range(1, 13):
        for cols in (1, rows, 12 - rows + 1):
            cases.append((f"unit_{rows}x{cols}", r.uniform(0, 1, (rows, cols))))
            cases.append((f"signed_{rows}x{cols}", r.normal(0, 1, (rows, cols))))
    for cols in range(13, 21, 2):
        cases.append((f"wide_{cols}", r.normal(0, 1, (3, cols))))
        cases.append((f"round3_wide_{cols}", np.round(r.uniform(0, 1, (2, cols)), 3)))
    for n in (1, 2, 5, 9, 17, 30, 40):
        cases.append((f"vec_{n}", r.normal(0, 3, n)))
    for e in range(-12, 11, 2):
        cases.append((f"mag_{e}", r.normal(0, 1, (2, 3)) * 10.0 ** e))
    cases.append(("wide_mag", np.array([[1e-5, 1.0, 3e4], [-2.5e7, 0.1, 7.0]])))
    cases.append(("zeros_ones", np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 1.0]])))
    cases.append(("eye_4", np.eye(4)))
    cases.append(("special", np.array([np.nan, np.inf, -np.inf, -0.0, 0.5, 1e6, 1e-9, 2.27e-05])))
    cases.append(("ties", np.array([0.0005, 0.0015, 0.0025, 1.0005, 2.5, 0.125])))
    cases.append(("cube", r.normal(0, 1, (2, 3, 4))))
    cases.append(("summ_vec", r.normal(0, 1, 1001)))
    cases.append(("summ_mat", r.uniform(0, 1, (33, 33))))
    for w in range(3, 13):
        cases.append((f"width_{w}", np.full(75 // (w + 1) + 1, 10.0 ** (w - 3) + 0.5)))
    return cases


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    r = np.random.default_rng(20261130)
    pr = random.Random(20261130)

    rows = []
    for cid, a in array_cases(r):
        options = [(8, 0, "maxprec"), (3, 0, "maxprec"), (3, 1, "maxprec"),
                   (pr.randint(0, 8), pr.randint(0, 1), pr.choice(MODES))]
        for precision, suppress, mode in dict.fromkeys(options):
            with np.printoptions(precision=precision, suppress=bool(suppress), floatmode=mode):
                rows.append([cid, str(precision), str(suppress), mode, shape_text(a.shape),
                             hexes(a), q(str(a))])
    write("array_str.txt", "str(A) for float64 arrays under np.set_printoptions(precision, suppress, floatmode)",
          ["id", "precision", "suppress", "floatmode", "shape", "values", "expected"], rows)

    rows = []
    labels = ["", "A:", "每欄總和：", "第 3 欄的權重：", "x"]
    for i in range(40):
        a = np.round(r.uniform(-2, 2, (pr.randint(1, 6), pr.randint(1, 9))), pr.randint(1, 4))
        if i % 3 == 0:
            a = a[0]
        precision, suppress, label = pr.randint(2, 8), pr.randint(0, 1), pr.choice(labels)
        with np.printoptions(precision=precision, suppress=bool(suppress)):
            line = (f"{label} {a}" if label else f"{a}") + "\n"
        rows.append([f"line_{i}", str(precision), str(suppress), q(label), shape_text(a.shape),
                     hexes(a), q(line)])
    write("print_lines.txt", "stdout of print(label, A), or print(A) when label is empty",
          ["id", "precision", "suppress", "label", "shape", "values", "stdout"], rows)

    xs = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, 2.2250738585072014e-308,
          1.7976931348623157e308, 0.1, 0.3, 1 / 3, 2 / 3]
    for e in range(-20, 22):
        for m in (1.0, 9.999999999999999, 1.0000000000000002, 5.0):
            xs.append(m * 10.0 ** e)
    xs += [float(v) for v in r.normal(0, 1, 300) * 10.0 ** r.integers(-30, 30, 300)]
    xs += [float(np.frombuffer(r.bytes(8), dtype=np.float64)[0]) for _ in range(300)]
    rows = [[float(x).hex() if not math.isnan(x) else "nan", q(str(np.float64(x)))] for x in xs]
    write("scalar_str.txt", "str(np.float64(x))", ["x", "expected"], rows)

    rows, differing = [], 0
    for i in range(2000):
        d = pr.randint(-2, 8)
        if i % 3 == 0:   # decimal ties (k + 0.5) / 10**d, where np.round and round() often differ
            x = (pr.randint(-10**4, 10**4) + 0.5) / 10.0 ** d
        else:
            x = float(r.normal(0, 1) * 10.0 ** pr.randint(-6, 6))
        a, b = np.round(x, d), round(x, d)
        same = np.float64(a).tobytes() == np.float64(b).tobytes()
        differing += not same
        rows.append([x.hex(), str(d), float(a).hex(), q(str(a)), float(b).hex(), q(repr(b)),
                     "1" if same else "0"])
    write("np_round.txt", "np.round(x, d) against Python's round(float(x), d)",
          ["x", "decimals", "np_round", "np_round_str", "py_round", "py_round_repr", "same"], rows,
          f", differing: {differing}")

    fspecs = ["5.2f", ".4f", "5.1%", "4.1%", ".1%", ".0%", ".3f", "6.3f", "8.4f", ".2f", "+.3f",
              ".0f", ".6f", "g", ".3g", ".4e", "10.3e", ">8.2f", "<8.2f", "^9.3f"]
    ispecs = ["3d", "2d", "d", "5d", ">6d", "<4d", "+d", ",d"]
    rows = []
    for spec in fspecs:
        for _ in range(150):
            x = float(r.normal(0, 1) * 10.0 ** pr.randint(-8, 8))
            if pr.random() < 0.3:
                x = (pr.randint(0, 10**4) + 0.5) / 10.0 ** pr.randint(0, 5)
            rows.append(["f", x.hex(), spec, q(format(x, spec))])
    for spec in ispecs:
        for _ in range(60):
            n = pr.randint(-10**pr.randint(1, 18), 10**pr.randint(1, 18))
            rows.append(["d", str(n), spec, q(format(n, spec))])
    write("pyformat.txt", "format(x, spec)", ["type", "x", "spec", "expected"], rows)

    rows = []
    for i in range(60):
        shape = pr.choice([(pr.randint(1, 30),), (pr.randint(1, 6), pr.randint(1, 9))])
        v = r.integers(-10**pr.randint(1, 12), 10**pr.randint(1, 12), shape)
        rows.append(["int64", shape_text(shape), ",".join(map(str, v.ravel())), q(str(v))])
        b = r.integers(0, 2, shape).astype(bool)
        rows.append(["bool", shape_text(shape), ",".join("1" if t else "0" for t in b.ravel()),
                     q(str(b))])
    write("int_array_str.txt", "str(A) for int64 and bool arrays, default options",
          ["dtype", "shape", "values", "expected"], rows)


if __name__ == "__main__":
    main()
