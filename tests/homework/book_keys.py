#!/usr/bin/env python3
"""The book's problems 12.1, 12.3, 12.4, 12.7 and 12.9 (UDL p. 239), worked independently of attn:
each student's numbers re-derived from the variant's definition (HMAC-SHA256 with Python's hmac,
SplitMix64 in Python integers), the counts in exact integer arithmetic, 12.4's softmax Jacobian in
NumPy (1 - y_i as the sum of the other outputs) and checked again in 200-digit decimal arithmetic
(where 1 - y_top as written loses about 60 digits to cancellation, so fewer digits would not do),
12.3's two checks in NumPy with the chapter's draws. Nothing here reads attn's code or output.

    book_keys.py key [ID] [--secret S]      the key as JSON (ID omitted: the book's own numbers)
    book_keys.py collisions [COUNT]         distinct number sets per problem over COUNT IDs
                                            ("student-0" ..., no secret) and the birthday bound
                                            for a class of 1 000
    book_keys.py precision                  12.4's saturated entries in float64 and float32
    book_keys.py solution PROBLEM [--lang en] [ID]   the worked solution, as `attn homework PROBLEM`
    book_keys.py golden DIR                 writes the golden files of the worked solutions (the
                                            book's numbers, both languages) into DIR/homework/

The golden files of the book problems' worked solutions come from here: no reference script of the
chapter prints them, so this script, which shares no code with attn, is their reference (the
wording is book_words.py, the project's words; every number is computed here).
"""
import argparse
import hashlib
import hmac
import json
import math
import sys
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np

from book_words import WORDS

DOMAIN = b"attn homework book variant v1\n"
M64 = (1 << 64) - 1
FIGURES = 3   # 12.4's significant figures

BOOK = {  # the book's numbers (12.4, 12.9) and the defaults where the book gives none
    "b1": {"n": 5, "d": 6},
    "b3": {"seed": 0, "perm": [2, 0, 4, 1, 3]},
    "b4": {"z": [-3, 1, 100, 5, -1]},
    "b7": {"n": 40, "d": 48},
    "b9": {"rows": 16, "cols": 16, "channels": 512},
}


def stream(student, secret=""):
    mac = hmac.new(secret.encode(), DOMAIN + student.encode(), hashlib.sha256).digest()
    state = int.from_bytes(mac[:8], "big")

    def draw(lo, hi):
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return lo + (z ^ (z >> 31)) % (hi - lo + 1)

    return draw


def derive(student, secret=""):
    """The numbers of a normalised student ID; "" or "chapter": the book's."""
    if student in ("", "chapter"):
        return json.loads(json.dumps(BOOK))
    draw = stream(student, secret)
    p = {}
    d1 = draw(2, 16384)
    p["b1"] = {"d": d1, "n": draw(2, 4096)}
    seed = draw(1, 2**32 - 1)
    while True:
        perm = [0, 1, 2, 3, 4]
        for i in range(4, 0, -1):
            j = draw(0, i)
            perm[i], perm[j] = perm[j], perm[i]
        if perm != [0, 1, 2, 3, 4]:
            break
    p["b3"] = {"seed": seed, "perm": perm}
    top = draw(0, 4)
    z = [0] * 5
    z[top] = draw(60, 140)
    for i in range(5):
        if i != top:
            z[i] = draw(-10, 10)
    p["b4"] = {"z": z}
    n7 = draw(16, 16383)
    p["b7"] = {"n": n7, "d": draw(8, 8191)}
    rows = draw(2, 96)
    cols = draw(2, 96)
    p["b9"] = {"rows": rows, "cols": cols, "channels": draw(16, 16383)}
    return p


# ---- 12.4 ---------------------------------------------------------------------------------------
def softmax_jacobian(z):
    """y and dy_i/dz_j = y_i (delta_ij - y_j) in NumPy float64, 1 - y_i as the sum of the others."""
    z = np.asarray(z, dtype=np.float64)
    e = np.exp(z - z.max())
    y = e / e.sum()
    jac = -np.outer(y, y)
    for i in range(5):
        jac[i, i] = y[i] * np.sum(np.delete(y, i))   # y_i (1 - y_i), 1 - y_i as the others' sum
    return y, jac


def softmax_jacobian_decimal(z, digits=200):
    """The same in `digits`-digit decimal arithmetic: the truth the float64 values are held to."""
    getcontext().prec = digits
    top = max(z)
    e = [Decimal(zi - top).exp() for zi in z]
    s = sum(e)
    y = [x / s for x in e]
    jac = [[y[i] * ((1 if i == j else 0) - y[j]) for j in range(5)] for i in range(5)]
    return y, jac


def permutation_checks(seed, perm):
    """12.3 with the chapter's draws (section 4): Sa[XP] = Sa[X]P, and not once E is added."""
    rng = np.random.default_rng(seed)
    D, N, Dq = 6, 5, 4
    X = rng.normal(0, 1, (D, N))
    Wq = rng.normal(0, 0.5, (Dq, D))
    Wk = rng.normal(0, 0.5, (Dq, D))
    Wv = rng.normal(0, 0.5, (D, D))

    def sa(x):
        s = (Wk @ x).T @ (Wq @ x) / np.sqrt(Dq)
        e = np.exp(s - s.max(axis=0, keepdims=True))
        return (Wv @ x) @ (e / e.sum(axis=0, keepdims=True))

    perm = np.array(perm)
    plain = np.allclose(sa(X[:, perm]), sa(X)[:, perm])
    pos, dim = np.arange(N)[None, :], np.arange(D)[:, None]
    freq = 1.0 / (100.0 ** (2 * (dim // 2) / D))
    E = np.where(dim % 2 == 0, np.sin(pos * freq), np.cos(pos * freq))
    encoded = np.allclose(sa(X[:, perm] + E), sa(X + E)[:, perm])
    return bool(plain), bool(encoded)


# ---- the key ------------------------------------------------------------------------------------
def key(p):
    """Sheet key -> value: ints exact, floats, bools; expressions as Python text in D and N."""
    k = {}
    d, n = p["b1"]["d"], p["b1"]["n"]
    k["book12_1.a.params"] = "3*D**2 + 3*D"
    k["book12_1.a.params_value"] = 3 * d * d + 3 * d
    k["book12_1.b.weights"] = "N**2"
    k["book12_1.b.weights_value"] = n * n
    k["book12_1.c.params"] = "(D*N)**2 + D*N"
    k["book12_1.c.params_value"] = (d * n) ** 2 + d * n

    plain, encoded = permutation_checks(p["b3"]["seed"], p["b3"]["perm"])
    k["book12_3.a.max_gap"] = 0.0
    k["book12_3.b.equivariant"] = plain
    k["book12_3.c.encoded_equivariant"] = encoded

    y, jac = softmax_jacobian(p["b4"]["z"])
    k["book12_4.a.y"] = [float(v) for v in y]
    for i in range(5):
        k[f"book12_4.b.dy{i + 1}"] = [float(v) for v in jac[i]]
    k["book12_4.c.conclusion"] = 2

    d, n = p["b7"]["d"], p["b7"]["n"]
    k["book12_7.a.projections"] = 3 * d * d
    k["book12_7.a.scores"] = (n + 1) * d
    k["book12_7.a.weighting"] = (n + 1) * d
    k["book12_7.a.total"] = 3 * d * d + 2 * d * (n + 1)
    k["book12_7.b.extra"] = "3*D**2 + 2*D*(N+1)"

    P, C = p["b9"]["rows"] * p["b9"]["cols"], p["b9"]["channels"]
    k["book12_9.a.spatial"] = 2 * P * P * C
    k["book12_9.b.channel"] = 2 * C * C * P
    k["book12_9.c.ratio"] = float(Fraction(2 * P * P * C, 2 * C * C * P))
    return k


def expression_value(text, D, N):
    """attn's expression spelling for the key's reference formulas: ^ is a power."""
    return eval(text.replace("^", "**"), {"__builtins__": {}}, {"D": D, "N": N, "H": Fraction(1)})


def same_expression(text, reference):
    """Equal as rational functions: exact at points no lower-degree slip can pass."""
    points = [(Fraction(7, 3), Fraction(11, 5)), (Fraction(101, 7), Fraction(3, 13)), (Fraction(5), Fraction(17, 2))]
    return all(expression_value(text, D, N) == expression_value(reference, D, N) for D, N in points)


# ---- collisions ---------------------------------------------------------------------------------
def sets_of(p):
    return {
        "12.1": (p["b1"]["d"], p["b1"]["n"]),
        "12.3": (p["b3"]["seed"], tuple(p["b3"]["perm"])),
        "12.4": tuple(p["b4"]["z"]),
        "12.7": (p["b7"]["d"], p["b7"]["n"]),
        "12.9": (p["b9"]["rows"], p["b9"]["cols"], p["b9"]["channels"]),
    }


def collisions(count):
    counts = {name: {} for name in ("12.1", "12.3", "12.4", "12.7", "12.9")}
    for i in range(count):
        for name, s in sets_of(derive(f"student-{i}")).items():
            counts[name][s] = counts[name].get(s, 0) + 1
    pairs_n = count * (count - 1) / 2
    pairs_class = 1000 * 999 / 2
    out = {}
    for name, c in counts.items():
        shared = sum(v * (v - 1) // 2 for v in c.values())
        sum_p2 = shared / pairs_n
        out[name] = {"ids": count, "distinct": len(c), "shared_pairs": shared, "sum_p2": sum_p2,
                     "p_class_1000": 1 - math.exp(-pairs_class * sum_p2)}
    return out


# ---- 12.4's precision figures -------------------------------------------------------------------
def precision(z):
    z64 = np.asarray(z, dtype=np.float64)
    top = int(np.argmax(z64))
    y64 = np.exp(z64 - z64.max()) / np.exp(z64 - z64.max()).sum()
    naive = y64[top] * (1.0 - y64[top])
    careful = y64[top] * np.sum(np.delete(y64, top))
    z32 = z64.astype(np.float32)
    with np.errstate(all="ignore"):
        e32 = np.exp(z32 - z32.max())
        y32 = e32 / e32.sum()
        jac32 = y32[:, None] * (np.eye(5, dtype=np.float32) - y32[None, :])
        unshifted = np.exp(z32) / np.exp(z32).sum()
    ydec, jdec = softmax_jacobian_decimal(z)
    return {
        "z": list(z), "top": top + 1,
        "float64_naive_top_diagonal": float(naive),
        "float64_careful_top_diagonal": float(careful),
        "decimal_top_diagonal": f"{jdec[top][top]:.6e}",
        "float32_y": [float(v) for v in y32],
        "float32_subnormal_y": int(np.sum(y32 < np.finfo(np.float32).tiny)),
        "float32_zero_derivatives": int(np.sum(jac32 == 0)),
        "float32_top_diagonal_naive": float(jac32[top, top]),
        "float32_unshifted_y": [float(v) for v in unshifted],
    }


# ---- worked solutions ---------------------------------------------------------------------------
def at_sf(x, n):
    """A value at n significant figures as attn's sheets and solutions write it."""
    x = float(x)
    if x == 0.0 or not math.isfinite(x):
        return f"{x:.{n}f}"
    exponent = int(f"{abs(x):.{n - 1}e}".split("e")[1])
    places = n - 1 - exponent
    if places > 9:
        return f"{x:.{n - 1}e}"
    if places < 0:
        return f"{float(f'{x:.{n - 1}e}'):.0f}"
    return f"{x:.{places}f}"


def permutation_gap(seed, perm):
    """12.3's figure: the largest |Sa[XP + E] - Sa[X + E]P| of the first column (the chapter's draws)."""
    rng = np.random.default_rng(seed)
    D, N, Dq = 6, 5, 4
    X = rng.normal(0, 1, (D, N))
    Wq = rng.normal(0, 0.5, (Dq, D))
    Wk = rng.normal(0, 0.5, (Dq, D))
    Wv = rng.normal(0, 0.5, (D, D))

    def sa(x):
        Q, K, V = Wq @ x, Wk @ x, Wv @ x
        S = K.T @ Q / np.sqrt(Dq)
        E = np.exp(S - S.max(axis=0, keepdims=True))
        return V @ (E / E.sum(axis=0, keepdims=True))

    perm = np.array(perm)
    pos, dim = np.arange(N)[None, :], np.arange(D)[:, None]
    freq = 1.0 / (100.0 ** (2 * (dim // 2) / D))
    P = np.where(dim % 2 == 0, np.sin(pos * freq), np.cos(pos * freq))
    Z, Zp = sa(X + P), sa(X[:, perm] + P)
    return float(np.max(np.abs(Zp[:, 0] - Z[:, perm][:, 0])))


def solution(problem, lang, p):
    w = WORDS[lang]
    sep = w["list_sep"]
    if problem == "12.1":
        d, n = p["b1"]["d"], p["b1"]["n"]
        return w["b1"].format(n=n, d=d, qkv_weights=3 * d * d, qkv_biases=3 * d, qkv_params=3 * d * d + 3 * d,
                              attention=n * n, dn=d * n, fc_weights=(d * n) ** 2, fc_biases=d * n,
                              fc_params=(d * n) ** 2 + d * n)
    if problem == "12.3":
        seed, perm = p["b3"]["seed"], p["b3"]["perm"]
        plain, encoded = permutation_checks(seed, perm)
        return w["b3"].format(seed=seed, perm=",".join(map(str, perm)), equivariant=w["yes"] if plain else w["no"],
                              encoded=w["yes"] if encoded else w["no"], gap=at_sf(permutation_gap(seed, perm), 3))
    if problem == "12.4":
        z = p["b4"]["z"]
        y, jac = softmax_jacobian(z)
        top = int(np.argmax(z))
        out = w["b4_head"].format(z=sep.join(map(str, z)), top=top + 1, zmax=z[top], y=sep.join(at_sf(v, 3) for v in y))
        for i in range(5):
            out += w["b4_row"].format(i=i + 1, row=sep.join(at_sf(v, 3) for v in jac[i]))
        one_minus = float(np.sum(np.delete(y, top)))
        if 1.0 - y[top] == 0.0:
            pr = precision(z)
            small = int(np.argmin(y))
            out += w["b4_trap"].format(top=top + 1, one_minus=at_sf(one_minus, 3), naive="0", jtt=at_sf(jac[top][top], 3),
                                       subnormal=pr["float32_subnormal_y"], y32=at_sf(pr["float32_y"][small], 3),
                                       y64=at_sf(y[small], 3), zeros=pr["float32_zero_derivatives"], zmax=z[top])
        else:
            out += w["b4_trap_mild"].format(top=top + 1, one_minus=at_sf(one_minus, 3), jtt=at_sf(jac[top][top], 3))
        largest = float(np.max(np.abs(jac)))
        out += w["b4_end"].format(choice=2, choice_text=w["choice2"], largest=at_sf(largest, 3))
        return out
    if problem == "12.7":
        d, n = p["b7"]["d"], p["b7"]["n"]
        total = 3 * d * d + 2 * d * (n + 1)
        recompute = 3 * d * d * (n + 1) + 2 * d * (n + 1) ** 2
        return w["b7"].format(n=n, d=d, proj=3 * d * d, scores=(n + 1) * d, weighting=(n + 1) * d, total=total,
                              recompute=recompute, times=f"{recompute / total:.1f}")
    if problem == "12.9":
        rows, cols, c = p["b9"]["rows"], p["b9"]["cols"], p["b9"]["channels"]
        P = rows * cols
        out = w["b9"].format(rows=rows, cols=cols, p=P, c=c, spatial=2 * P * P * c, channel=2 * c * c * P,
                             ratio=at_sf(float(Fraction(P, c)), 4))
        return out + (w["b9_cheaper_patches"] if P < c else w["b9_cheaper_channels"] if P > c else w["b9_equal"])
    raise ValueError(problem)


PROBLEMS = ["12.1", "12.3", "12.4", "12.7", "12.9"]


def golden(directory):
    import pathlib
    out = pathlib.Path(directory) / "homework"
    out.mkdir(parents=True, exist_ok=True)
    for problem in PROBLEMS:
        for lang, suffix, flags in (("zh-TW", "", ""), ("en", "-en", " --lang en")):
            text = f"$ attn homework {problem}{flags}\n" + solution(problem, lang, derive(""))
            (out / f"book-{problem}{suffix}.txt").write_text(text, encoding="utf-8")
            # A student's numbers (self-study, no secret): the variant line, then the solution.
            student = "alice"
            text = (f"$ attn homework {problem} --variant {student}{flags}\n" + WORDS[lang]["variant"].format(id=student)
                    + solution(problem, lang, derive(student)))
            (out / f"book-{problem}-{student}{suffix}.txt").write_text(text, encoding="utf-8")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    k = sub.add_parser("key")
    k.add_argument("id", nargs="?", default="")
    k.add_argument("--secret", default="")
    c = sub.add_parser("collisions")
    c.add_argument("count", nargs="?", type=int, default=1000000)
    so = sub.add_parser("solution")
    so.add_argument("problem", choices=PROBLEMS)
    so.add_argument("id", nargs="?", default="")
    so.add_argument("--lang", default="zh-TW", choices=["zh-TW", "en"])
    so.add_argument("--secret", default="")
    g = sub.add_parser("golden")
    g.add_argument("dir")
    pr = sub.add_parser("precision")
    pr.add_argument("z", nargs="*", type=int, default=BOOK["b4"]["z"])
    a = ap.parse_args()
    if a.cmd == "key":
        print(json.dumps(key(derive(a.id, a.secret)), indent=1))
    elif a.cmd == "collisions":
        print(json.dumps(collisions(a.count), indent=1))
    elif a.cmd == "solution":
        sys.stdout.write(solution(a.problem, a.lang, derive(a.id, a.secret)))
    elif a.cmd == "golden":
        golden(a.dir)
    else:
        print(json.dumps(precision(a.z), indent=1))


if __name__ == "__main__":
    sys.exit(main())
