#!/usr/bin/env python3
"""Fixtures for tests/unit/core/test_core_numpy_ops.cpp, made at test time with Debian's NumPy.

NumPy's matmul goes through OpenBLAS, whose kernel (and so the last bits of a product) depends
on the CPU and on OPENBLAS_CORETYPE. So the fixture is never committed: ctest runs this script
(test `core_fixture`) on the machine under test, in the same environment as `unit_core`, and
tests/reference/cpu_matrix_test.py runs both under several OPENBLAS_CORETYPE values. The inputs are fixed
(seeded), only NumPy's results are machine-made.

Writes --out (one case per line, TAB-separated, floats as float.hex()):
  matmul   m n p  A(m*n)  B(n*p)  A@B(m*p)
  matmul_t n m p  A(n*m)  B(n*p)  A.T@B(m*p)
  matvec   m n    A(m*n)  v(n)    A@v(m)
  sum      n      x(n)    np.sum(x)
  sum0     r c    M(r*c)  M.sum(axis=0)
  sum1     r c    M(r*c)  M.sum(axis=1)
Run: /usr/bin/python3 tools/gen_core_fixtures.py --out build/tests/numpy_ops.txt
"""
import argparse
import ctypes
import os
import pathlib

import numpy as np



def blas_core():
    """OpenBLAS's name for the kernel it chose (e.g. Haswell), or '?' if NumPy's BLAS is not it."""
    try:
        lib = ctypes.CDLL("libopenblas.so.0")
        lib.openblas_get_corename.restype = ctypes.c_char_p
        return lib.openblas_get_corename().decode()
    except (OSError, AttributeError):
        return "?"


def hexes(a):
    return ",".join(float(x).hex() for x in np.asarray(a, dtype=np.float64).ravel())


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True, type=pathlib.Path)
    out = p.parse_args().out
    rng = np.random.default_rng(20261130)
    lines = [f"# NumPy {np.__version__}, OpenBLAS core {blas_core()} "
             f"(OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '')}); "
             "made at test time by tools/gen_core_fixtures.py"]
    shapes = [(1, 1, 1), (1, 5, 1), (1, 5, 7), (7, 5, 1), (4, 1, 6), (4, 6, 5), (5, 4, 5),
              (6, 6, 5), (13, 9, 17), (48, 48, 10), (8, 48, 10), (40, 8, 40), (64, 33, 70)]
    for m, n, p in shapes:
        scale = 10.0 ** rng.integers(-3, 4)
        a = rng.normal(0, scale, (m, n))
        b = rng.normal(0, 1, (n, p))
        lines.append(f"matmul\t{m} {n} {p}\t{hexes(a)}\t{hexes(b)}\t{hexes(a @ b)}")
        at = rng.normal(0, scale, (n, m))       # A.T @ B with A stored (n, m)
        lines.append(f"matmul_t\t{n} {m} {p}\t{hexes(at)}\t{hexes(b)}\t{hexes(at.T @ b)}")
    for m, n in [(1, 1), (1, 9), (5, 1), (5, 4), (5, 50), (5, 400), (12, 333), (200, 7)]:
        a = rng.normal(0, 1, (m, n))
        v = rng.normal(0, 1, n)
        lines.append(f"matvec\t{m} {n}\t{hexes(a)}\t{hexes(v)}\t{hexes(a @ v)}")
    for n in [1, 2, 5, 7, 8, 9, 15, 16, 17, 100, 128, 129, 255, 256, 1000, 2000, 4097]:
        x = rng.normal(0, 1, n) * 10.0 ** rng.normal(0, 2, n)
        lines.append(f"sum\t{n}\t{hexes(x)}\t{hexes(np.sum(x))}")
    for r, c in [(1, 1), (5, 5), (9, 1), (1, 9), (12, 7), (7, 12), (3, 200), (200, 3)]:
        mtx = rng.normal(0, 1, (r, c)) * 10.0 ** rng.normal(0, 2, (r, c))
        lines.append(f"sum0\t{r} {c}\t{hexes(mtx)}\t{hexes(mtx.sum(axis=0))}")
        lines.append(f"sum1\t{r} {c}\t{hexes(mtx)}\t{hexes(mtx.sum(axis=1))}")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
