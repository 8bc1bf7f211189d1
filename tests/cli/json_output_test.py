#!/usr/bin/env python3
"""`--format json`: every experiment's JSON validates against docs/schema/attn-output.schema.json,
records every flag of the command, and its numbers round to the text's numbers.

For each flag set (the arguments of every golden file, plus a few more) attn runs twice, as text
and as JSON. The text is then rebuilt from the JSON values with the chapter's own print
statements (NumPy's and Python's printing, the precision the text uses) and must equal attn's
text byte for byte: so every printed number is the JSON number rounded, and nothing in the text
is missing from the JSON. The lesson's tensors go through torch's printing when python3-torch is
installed; without it their numbers are parsed and must be within half a unit of the last
printed place (stated in the output). Full precision, which rounding cannot show: NumPy's column
and row sums of the JSON's matrices equal attn's sums in the JSON bit for bit, and the
saturation fractions are counts over R. `--lang en` must give the same JSON apart from "lang".
`cost --format json` (timings differ from run to run): every kernel and length run or skipped,
the counted multiplications as the text prints them, and each fit's verdict is the sentence its
language-neutral fields (nearest_order, exponent, busy) give in options.lang's language.
`udl` (English only, no --lang): the notebook's text rebuilt from the JSON as above (NaN is
null); 12.2's head attentions are softmaxes down the columns (across the rows for the
softmax-rows mistake); `--diagnose` on the X' of the text (and on a copy with one number moved)
has the same exit status in both formats and its sentences rebuilt from the JSON.
`homework --key --format json`: the TOML key's values are the JSON's exact values at the asked
precision, key for key; `--lang` changes only options.lang. Needs Debian's python3-jsonschema (tools/install-deps.sh).
"""
import argparse
import contextlib
import io
import json
import pathlib
import re
import shlex
import subprocess
import os
import sys

import numpy as np
from jsonschema import Draft202012Validator

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/: harness.py
from harness import Checks

CJK = re.compile("[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3200-\u4dbf\u4e00-\u9fff"
                 "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]")

# The experiments that take --format json and have golden files; homework with --key, cost below.
COMMANDS = ("attention", "scaling", "permutation", "multihead", "mask", "lesson", "udl")
EXTRA_FLAG_SETS = [
    ["attention", "--seed", "+5", "--col", "1", "--lang", "en"],
    ["scaling", "--r", "50", "--sweep", "8", "--dq", "3,8"],
    ["multihead", "--d", "12", "--sweep", "4", "--h", "6,1"],
    ["permutation", "--base", "1e4", "--perm", "4,3,2,1,0"],
    ["mask", "--n", "3", "--pos", "2", "--delta", "-0.5"],
    ["lesson", "5", "--no-mask"],
    ["lesson", "3", "5", "--t", "12"],
    ["lesson", "2", "--query", "-3,0.25"],
    ["cost", "--t", "8,16,32", "--repeats", "1"],
    ["cost", "--t", "100000", "--kernel", "naive", "--repeats", "1"],
    ["cost", "--t", "8,16,100000", "--kernel", "naive", "--repeats", "1", "--lang", "en"],
    ["udl", "12.2", "--d", "6", "--h", "3", "--mistake", "softmax-rows"],
    ["udl", "12.1", "--seed-x", "0", "--n", "2"],
    ["homework", "--key"],
    ["homework", "2", "--key"],
    ["homework", "--key", "--variant", "s1234567"],
    ["homework", "3", "--key", "--variant", "octocat"],
    ["homework", "1", "--key", "--lang", "en"],
    ["homework", "12.4", "--key"],
    ["homework", "book", "--key", "--variant", "octocat"],
]


def printed(*args, **kwargs):
    out = io.StringIO()
    print(*args, **kwargs, file=out)
    return out.getvalue()


def values(a):
    """A {"shape", "values"} object as a NumPy array, its shape checked against "shape"."""
    arr = np.array(a["values"], dtype=np.float64)
    assert arr.shape == tuple(a["shape"]), (arr.shape, a["shape"])
    return arr


# ---- the chapter's print statements (../shared/reference/*.py), fed from the JSON ----------

def attention_text(o, d):
    out = ""
    with np.printoptions(precision=3, suppress=True):
        out += printed("注意力矩陣 A（欄＝輸出位置，列＝輸入位置）：") + printed(values(d["weights"]))
        out += printed("每欄總和：", np.round(values(d["column_sums"]), 6))
        out += printed("每列總和：", np.round(values(d["row_sums"]), 3))
        c = d["column"]
        assert c == o["col"]
        # full precision: NumPy's sums of the JSON's A are attn's sums, bit for bit (attn sums as
        # NumPy does; a value rounded on its way into the JSON would break the equality)
        assert np.array_equal(values(d["weights"]).sum(axis=0), values(d["column_sums"]))
        assert np.array_equal(values(d["weights"]).sum(axis=1), values(d["row_sums"]))
        assert (values(d["scores"])[:, c - 1] == values(d["column_scores"])).all()
        assert (values(d["weights"])[:, c - 1] == values(d["column_weights"])).all()
        out += printed(f"第 {c} 欄的分數：", np.round(values(d["column_scores"]), 3))
        out += printed(f"第 {c} 欄的權重：", np.round(values(d["column_weights"]), 3))
        out += printed("輸入形狀", tuple(d["input_shape"]), "輸出形狀", tuple(d["output_shape"]))
    return out


def scaling_text(o, d):
    assert [r["dq"] for r in d["rows"]] == [x for x in o["sweep"] if x in o["dq"]]
    out = ""
    for r in d["rows"]:
        for key in ("saturated_raw", "saturated_scaled"):   # a count over R repeats (k/R to the ulp)
            assert abs(r[key] * o["r"] - round(r[key] * o["r"])) <= 1e-9 * o["r"], (key, r[key])
        out += printed(f"Dq={r['dq']:3d}｜分數最大絕對值 {r['mean_max_abs_score']:5.2f}"
                       f"｜未縮放：飽和比例 {r['saturated_raw']:5.1%}、敏感度 {r['sensitivity_raw']:.4f}"
                       f"｜縮放後：飽和比例 {r['saturated_scaled']:4.1%}、敏感度 {r['sensitivity_scaled']:.4f}")
    return out


def permutation_text(o, d):
    return (printed("打亂輸入後的輸出，是否等於原輸出跟著換欄：", d["equivariant_plain"])
            + printed("加了位置編碼後，同樣的檢查：", d["equivariant_encoded"])
            + printed("兩者第一欄的差距：", np.round(values(d["first_column_gap"]), 3)))


def multihead_text(o, d):
    out = ""
    for r in d["rows"]:
        assert r["head_width"] == o["d"] // r["heads"]
        out += printed(f"H={r['heads']}｜每頭維度 {r['head_width']:2d}｜投影與混合的參數 {r['parameters']}"
                       f"｜乘法次數 {r['multiplications']}｜輸出形狀 {tuple(r['output_shape'])}")
    return out


def mask_text(o, d):
    k = d["position"] - 1
    assert d["position"] == o["pos"]
    assert np.array_equal(values(d["masked_weights"]).sum(axis=0), values(d["column_sums"]))
    cn = "一二三四五六七八九十"
    before = cn[k - 1] if 1 <= k <= 10 else str(k)
    return (printed("遮罩後的注意力矩陣（對角線以下全為 0）：")
            + printed(np.round(values(d["masked_weights"]), 3))
            + printed("每欄總和：", np.round(values(d["column_sums"]), 6))
            + printed(f"有遮罩：前{before}欄輸出的最大變動", np.float64(d["change_masked"]))
            + printed(f"無遮罩：前{before}欄輸出的最大變動", round(float(d["change_unmasked"]), 4)))


class Lesson:
    """lesson.py's print statements. Tensors through torch when it is installed."""

    def __init__(self):
        try:
            import torch
            torch.set_printoptions(precision=2)
            self.torch = torch
        except ImportError:
            self.torch = None
        self.approximate = 0   # tensors checked by parsing (no torch)

    def tensor(self, a, text_block):
        """torch's print of the float32 values; without torch, the text's block, after checking
        each of its numbers is the JSON value to within half a unit of the second decimal."""
        arr = values(a).astype(np.float32)
        if self.torch is not None:
            return printed(self.torch.tensor(arr))
        numbers = [float(x) for x in re.findall(r"-?\d+\.\d+(?:e[-+]\d+)?", text_block)]
        assert len(numbers) == arr.size, (numbers, arr)
        assert all(abs(n - float(v)) <= 0.005 + 1e-9 for n, v in zip(numbers, arr.ravel())), (numbers, arr)
        self.approximate += 1
        return text_block

    def text(self, o, d, got):
        assert sorted(d) == sorted({1: "averaging", 2: "scores", 3: "causal_mask", 4: "spread",
                                    5: "head"}[s] for s in o["section"])
        tensors = iter(re.findall(r"(?ms)^tensor\(.*?\]\]\)\n", got))
        as_dict = lambda v: {w: round(p, 2) for w, p in zip(d["scores"]["words"], v)}
        out = ""
        for s in o["section"]:
            if s == 1:
                a = d["averaging"]
                out += printed("== 1. 用一个矩阵乘法，让每个位置得到自己和前面所有位置的平均")
                out += self.tensor(a["weights"], next(tensors))
                out += printed(f"  第 3 个位置（'明'）的结果 = 前三个向量的平均？{a['third_is_mean']}")
                out += printed()
            elif s == 2:
                sc = d["scores"]
                assert sc["words"] == list("床前明月光")
                out += printed("== 2. 点积打分：查询（q）和每个键（k）越像，分数越高")
                out += printed(f"  '光' 对每个词的分数： {as_dict(sc['scores'])}")
                out += printed(f"  softmax 之后的权重：   {as_dict(sc['weights'])}")
                out += printed(f"  分数放大 5 倍再 softmax： {as_dict(sc['weights_x5'])}")
                out += printed()
            elif s == 3:
                out += printed("== 3. 因果掩码：把后面位置的分数设成负无穷，softmax 之后权重就是 0")
                out += self.tensor(d["causal_mask"]["weights"], next(tensors))
                out += printed()
            elif s == 4:
                out += printed("== 4. 为什么要除以 √d：维度越大，点积的数值越大，softmax 会变得非常极端")
                for r in d["spread"]:
                    out += printed(f"  d={r['d']:5d}  点积的标准差 {r['dot_std']:6.2f}（√d = {r['sqrt_d']:5.2f}）"
                                   f"  每行最大权重的平均：不缩放 {r['max_weight_raw']:.2f}，除以 √d 后 {r['max_weight_scaled']:.2f}")
                out += printed()
            elif s == 5:
                h = d["head"]
                assert h["causal"] == (not o["no_mask"])
                assert list(values(h["output"]).shape) == h["output_shape"]
                out += printed("== 5. 一个完整的注意力头：q、k、v 都由同一个输入经过不同的矩阵得到")
                out += printed(f"  输入 {tuple(h['input_shape'])} → q、k、v 各 {tuple(h['qkv_shape'])}"
                               f" → 输出 {tuple(h['output_shape'])}")
                out += printed(f"  和 attn 的 flash 内核（分块在线 softmax）比，最大差别 {h['max_difference']:.1e}")
        return out


def homework_key_text(o, d, toml_text):
    """The --key sheet's values from the JSON: each TOML value must be the JSON value at the
    asked precision (Python's correctly rounded formatting), and the keys must be the same.
    (The sheet is TOML with comments: its values are compared, not its bytes.)"""
    import tomllib
    sheet = tomllib.loads(toml_text)
    sheet.pop("meta", None)
    in_sheet = {f"{hw}.{part}.{name}": v for hw, parts in sheet.items()
                for part, entries in parts.items() for name, v in entries.items()}
    in_json = {item["key"]: item for item in d["items"]}
    assert set(in_sheet) == set(in_json), sorted(set(in_sheet) ^ set(in_json))
    # shareable: true exactly where the sheet's comment says anyone's key gives the answer
    marked, table = set(), ""
    for line in toml_text.splitlines():
        if line.startswith("["):
            table = line.strip("[] ")
        elif " = " in line and not line.startswith("#") and "(the same for every student" in line:
            marked.add(f"{table}.{line.split(' = ', 1)[0].strip()}")
    assert marked == {k for k, item in in_json.items() if item["shareable"]}, (marked, toml_text[:200])
    assert d["variant"] == (o["variant"] or "chapter")
    for key, item in in_json.items():
        given, exact, prec = in_sheet[key], item["value"], item["precision"]
        p = item["problem"]
        table = f"hw{p}" if p < 100 else f"book{p // 100}_{p % 100}"   # the book's 12.4 is 1204
        assert item["key"] == f"{table}.{item['part']}.{item['name']}"
        if item["kind"] in ("integer", "boolean", "expression"):
            assert given == exact, (key, given, exact)
            continue

        def at(v):
            if prec["kind"] == "places":
                return float(f"{v:.{prec['digits']}f}")
            return float(f"{v:.{prec['digits'] - 1}e}")
        want = [at(v) for v in exact] if isinstance(exact, list) else at(exact)
        assert given == want, (key, given, want, exact)


def check_cost(o, d, text):
    """cost runs twice (text, JSON) and times differ, so: one run per kernel and length (or a
    skip, which the text also reports), multiplications as counted equal to the closed form and
    as the text prints them, one fit per kernel that ran."""
    ran = {(r["kernel"], r["t"]) for r in d["runs"]}
    skipped = {(s["kernel"], s["t"]) for s in d["skipped"]}
    assert ran | skipped == {(k, t) for k in o["kernel"] for t in o["t"]} and not ran & skipped
    for r in d["runs"]:
        assert r["multiplications"] == r["multiplications_formula"], r
        assert f"{r['multiplications']:,}" in text or str(r["multiplications"]) in text, r["multiplications"]
    assert [f["kernel"] for f in d["fits"]] == [k for k in o["kernel"] if any(r["kernel"] == k for r in d["runs"])]
    for s in d["skipped"]:
        assert f"T={s['t']}" in text, s


def cost_verdict(f, lang):
    """render/cost_text's verdict, from the fit's language-neutral fields."""
    if f["points"] < 2:
        return "只量了一個長度，無法估計增長指數" if lang == "zh-TW" else "only one length measured: no growth exponent"
    p = f"{f['exponent']:.2f}"
    order = f["nearest_order"] or 0
    if lang == "zh-TW":
        line = {0: f"增長指數 {p}，不接近線性、平方或立方", 1: f"約按線性增長：指數 {p}",
                2: f"約按平方增長：指數 {p}", 3: f"約按立方增長：指數 {p}"}[order]
    else:
        line = {0: f"growth exponent {p}, not close to linear, quadratic or cubic",
                1: f"roughly linear: exponent {p}", 2: f"roughly quadratic: exponent {p}",
                3: f"roughly cubic: exponent {p}"}[order]
    assert f["busy"] == (f["wall_over_cpu"] > 1.25), f
    if f["busy"]:
        ratio, cpu = f"{f['wall_over_cpu']:.1f}", f"{f['exponent_cpu']:.2f}"
        line += (f"（機器忙碌：牆上時間最多是 CPU 時間的 {ratio} 倍；以 CPU 時間計，指數 {cpu}）" if lang == "zh-TW"
                 else f" (machine busy: wall time up to {ratio} times the CPU time; by CPU time, exponent {cpu})")
    return line


# ---- udl: the notebooks' print statements (udl.py), fed from the JSON ----------------------

def permuting(p):
    return printed("Permuting the columns of X by", np.array(p["perm"]),
                   "permutes the columns of X' the same way:", p["same"])


def tokenize_text(o, d):
    """Notebook 12.3 as it prints, rebuilt with Python's own dicts and repr from the JSON."""
    import collections
    assert d["merges"] == o["merges"] and d["mistake"] == (o["mistake"] or None)

    def dd(entries, plain=False):
        out = {} if plain else collections.defaultdict(int)
        for k, v in entries:
            out[k if isinstance(k, str) else tuple(k)] = v
        return out
    pairs = dd([((a, b), c) for a, b, c in d["pairs"]])
    out = printed("Vocabulary: {}".format(dd(d["vocabulary"])))
    out += printed("Size of vocabulary: {}".format(len(d["vocabulary"])))
    out += printed("Tokens: {}".format(dd(d["tokens"])))
    out += printed("Number of tokens: {}".format(len(d["tokens"])))
    out += printed("Pairs: {}".format(pairs))
    out += printed("Number of distinct pairs: {}".format(len(pairs)))
    out += printed("Most frequent pair: {}".format(tuple(d["first_merge"])))
    out += printed("Vocabulary: {}".format(dd(d["merged_vocabulary"], plain=True)))
    out += printed("Size of vocabulary: {}".format(len(d["merged_vocabulary"])))
    out += printed("Tokens: {}".format(dd(d["merged_tokens"])))
    out += printed("Number of tokens: {}".format(len(d["merged_tokens"])))
    assert len(d["chosen"]) == d["merges"] and len(d["token_counts"]) == d["merges"] + 1
    for pair in d["chosen"]:
        out += printed("Most frequent pair: {}".format(tuple(pair)))
    out += printed("Tokens: {}".format(dd(d["final_tokens"])))
    out += printed("Number of tokens: {}".format(len(d["final_tokens"])))
    out += printed("Vocabulary: {}".format(dd(d["final_vocabulary"], plain=d["merges"] > 0)))
    out += printed("Size of vocabulary: {}".format(len(d["final_vocabulary"])))
    return out


def udl_text(o, d):
    """Notebook 12.1, 12.2 or 12.3 as it prints, from the JSON (null reads back as NaN)."""
    assert d["notebook"] == o["notebook"]
    if d["notebook"] == "12.3":
        return tokenize_text(o, d)
    n, dim = o["n"], o["d"]
    if d["notebook"] == "12.1":
        assert o["h"] == 1, "12.1 has one head"
        inputs = [values(a) for a in d["inputs"]]
        assert len(inputs) == n and all(x.shape == (dim, 1) for x in inputs)
        out = printed(inputs)
        weights = np.array(d["attentions"], dtype=np.float64)
        assert weights.shape == (n, n)
        finite = np.isfinite(weights).all(axis=1)   # rows where the unstabilised softmax overflowed: nan
        assert np.allclose(weights[finite].sum(axis=1), 1.0)
        for k, row in enumerate(weights):
            out += printed("Attentions for output ", k)
            out += printed([np.array([[w]]) for w in row])
        for k, a in enumerate(d["x_prime"]):
            out += printed(f"x_prime_{k}_calculated:", values(a))
        for key in ("x_prime_matrix", "scaled_attention", "x_prime_scaled"):
            out += printed(values(d[key]))
        # full precision: the matrix's numbers are not the printed 8 decimals
        m = values(d["x_prime_matrix"])
        assert (m[np.isfinite(m)] != np.round(m[np.isfinite(m)], 8)).any()
        return out + permuting(d["permutation"])
    x = values(d["x"])
    assert x.shape == (dim, n) and d["mistake"] == (o["mistake"] or None)
    heads = [values(a) for a in d["head_attentions"]]
    assert len(heads) == o["h"]
    for a in heads:   # each head's softmax: down the columns, or across the rows for that mistake
        assert np.allclose(a.sum(axis=1 if d["mistake"] == "softmax-rows" else 0), 1.0), a
    out = printed(x) + printed("Your answer:" if d["mistake"] is None else f"With the mistake {d['mistake']}:")
    with np.printoptions(precision=3):
        out += printed(values(d["x_prime"]))
    xp = values(d["x_prime"])
    assert (xp != np.round(xp, 3)).any(), "X' rounded to the printed precision"
    return out + permuting(d["permutation"])


def diagnosis_text(d):
    shape = f"{d['rows']} x {d['cols']}"
    if d["match"] == "right":
        out = f"Your X' ({shape}) matches the right answer.\n"
    elif d["match"] is not None:
        out = f"Your X' ({shape}) matches the mistake {d['match']}: {d['explanation']}\n"
    else:
        assert d["explanation"] is None
        out = (f"Your X' ({shape}) matches neither the right answer nor any known mistake "
               "(scale-d, unscaled, softmax-rows, no-bias, no-omega-c).\n")
    f = d["first_difference"]
    if f is not None:
        k = f["decimals"]
        assert abs(float(f["yours"]) - f["right"] - f["difference"]) <= 1e-12 * max(1.0, abs(f["right"]))
        out += (f"First element that differs from the right answer: X'[{f['row']}, {f['col']}] "
                f"(row {f['row'] + 1}, column {f['col'] + 1}): yours {f['yours']}, "
                f"right {f['right']:.{k}f}, off by {f['difference']:+.{k}f}.\n")
    return out


def check_udl_diagnose(attn, args, o, text, validator):
    """--diagnose on the X' that `args` printed, and on a copy with one number moved: the same
    exit status as the text, the text's sentences rebuilt from the JSON. Raises AssertionError."""
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if l == "Your answer:" or l.startswith("With the mistake"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("Permuting"))
    block = "\n".join(lines[start + 1:end]) + "\n"
    number = list(re.finditer(r"-?\d+\.\d+", block))[0]
    moved = block[:number.start()] + f"{float(number.group()) + 0.5:.3f}" + block[number.end():]
    base = list(args)
    if "--mistake" in base:
        del base[base.index("--mistake"):base.index("--mistake") + 2]
    want = o["mistake"] or "right"
    # the same numbers as the right answer: 1/sqrt(D) is 1/sqrt(D/H) with one head, and with
    # H = D the unscaled scores are the scaled ones (D/H = 1)
    if (want, o["h"]) in (("scale-d", 1), ("unscaled", o["d"])):
        want = "right"
    for x_prime, match in ((block, want), (moved, None)):
        run = lambda *extra: subprocess.run([attn, *base, "--diagnose", "-", *extra], input=x_prime,
                                            capture_output=True, text=True)
        t, j = run(), run("--format", "json")
        assert t.returncode == j.returncode == (0 if match == "right" else 1), (t.returncode, j.returncode)
        doc = json.loads(j.stdout)
        errors = list(validator.iter_errors(doc))
        assert not errors, "schema (diagnose): " + "; ".join(e.message for e in errors[:3])
        assert doc["options"]["diagnose"] == "-" and doc["data"]["match"] == match, doc["data"]
        assert (doc["data"]["first_difference"] is None) == (match == "right")
        assert diagnosis_text(doc["data"]) == t.stdout, (diagnosis_text(doc["data"]), t.stdout)


def help_flags(attn, command):
    """The flags `attn COMMAND --help` lists, as JSON keys (positionals included)."""
    text = subprocess.run([attn, command, "--help"], capture_output=True, text=True, check=True).stdout
    names = set(re.findall(r"^\s+(--[a-z][a-z-]*)", text, re.M)) - {"--help"}
    part = text.split("Positionals:")[1].split("Options:")[0] if "Positionals:" in text else ""
    positionals = re.findall(r"^\s+([A-Z]+)\b", part, re.M)
    return {n.lstrip("-").replace("-", "_") for n in names} | {p.lower() for p in positionals}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--schema", required=True)
    p.add_argument("--golden", required=True)
    a = p.parse_args()
    schema = json.loads(pathlib.Path(a.schema).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    lesson = Lesson()
    rebuild = {"attention": attention_text, "scaling": scaling_text, "permutation": permutation_text,
               "multihead": multihead_text, "mask": mask_text}
    flag_sets = []
    for f in sorted(pathlib.Path(a.golden).glob("*/*.txt")):
        if f.parent.name in COMMANDS and not f.name.endswith(".received.txt"):
            header = f.read_text(encoding="utf-8").partition("\n")[0]
            flag_sets.append(shlex.split(header[len("$ attn "):]))
    if os.environ.get("ATTN_SANITIZED"):
        # Under the sanitizers (about 10x slower) every other golden flag set: every command and
        # renderer still runs there; the release suite checks them all.
        by_command = {}
        for args in flag_sets:
            by_command.setdefault(args[0], []).append(args)
        flag_sets = [args for group in by_command.values() for args in group[::2]]
    flag_sets += EXTRA_FLAG_SETS
    known_flags = {}
    checks = Checks("json_output")
    for args in flag_sets:
        command = args[0]
        what = f"attn {shlex.join(args)} --format json"
        try:
            text = subprocess.run([a.attn, *args], capture_output=True, text=True, check=True).stdout
            raw = subprocess.run([a.attn, *args, "--format", "json"], capture_output=True, text=True,
                                 check=True).stdout
            assert raw.endswith("}\n") and raw.count("\n") == 1, "one line and a newline"
            doc = json.loads(raw)
            errors = sorted(validator.iter_errors(doc), key=str)
            assert not errors, "schema: " + "; ".join(
                f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])
            assert doc["command"] == command
            o = doc["options"]
            if command not in known_flags:
                known_flags[command] = help_flags(a.attn, command)
            missing = known_flags[command] - set(o)
            assert not missing, f"options lack flags {sorted(missing)}"
            if "--seed" in args:
                assert o["seed"] == str(int(args[args.index("--seed") + 1])), o["seed"]
            assert o["format"] == "json", o["format"]
            if command == "cost":   # timings differ between runs: the structure and the counts
                check_cost(o, doc["data"], text)
                assert o["lang"] == ("en" if "--lang" in args else "zh-TW"), o["lang"]
                for f in doc["data"]["fits"]:
                    assert f["verdict"] == cost_verdict(f, o["lang"]), (f, cost_verdict(f, o["lang"]))
                assert bool(CJK.search(text)) == (o["lang"] == "zh-TW"), "the text's language"
                checks.check(True, what)
                continue
            if command == "udl":   # English only: no --lang
                assert "lang" not in o
                rebuilt = udl_text(o, doc["data"])
                assert rebuilt == text, "text rebuilt from the JSON differs:\n" + "".join(
                    __import__("difflib").unified_diff(text.splitlines(True), rebuilt.splitlines(True),
                                                       "attn text", "from JSON"))
                if o["notebook"] == "12.2":
                    check_udl_diagnose(a.attn, args, o, text, validator)
                    checks.check(True, what + ": --diagnose on its X' and on a moved copy")
                checks.check(True, what)
                continue
            if command == "homework":   # --key only; --lang changes the sheet's comments, not the data
                homework_key_text(o, doc["data"], text)
                lang = "en" if "--lang" in args else "zh-TW"
                other = "zh-TW" if lang == "en" else "en"
                base = [x for i, x in enumerate(args) if "--lang" not in args[max(i - 1, 0):i + 1]]
                doc2 = json.loads(subprocess.run([a.attn, *base, "--format", "json", "--lang", other],
                                                 capture_output=True, text=True, check=True).stdout)
                assert o["lang"] == lang and doc2["options"].pop("lang") == other, (o["lang"], lang)
                assert {**o, "lang": other} == {**doc2["options"], "lang": other} and doc2["data"] == doc["data"]
                checks.check(True, what)
                continue
            lang = "en" if "--lang" in args else "zh-TW"
            assert o["lang"] == lang, o["lang"]
            # the text is the chapter's (zh-TW) one; --lang en must not change the JSON's data
            base = list(args)
            if "--lang" in base:
                del base[base.index("--lang"):base.index("--lang") + 2]
            zh_text = subprocess.run([a.attn, *base, "--lang", "zh-TW"], capture_output=True, text=True,
                                     check=True).stdout
            other = "zh-TW" if lang == "en" else "en"
            doc2 = json.loads(subprocess.run([a.attn, *base, "--format", "json", "--lang", other],
                                             capture_output=True, text=True, check=True).stdout)
            assert doc2["options"].pop("lang") == other and doc["options"].pop("lang") == lang
            assert doc2 == doc, "--lang changed the JSON's data"
            if lang == "zh-TW":
                assert zh_text == text
            rebuilt = lesson.text(o, doc["data"], zh_text) if command == "lesson" else \
                rebuild[command](o, doc["data"])
            if rebuilt != zh_text:
                import difflib
                raise AssertionError("text rebuilt from the JSON differs:\n" + "".join(
                    difflib.unified_diff(zh_text.splitlines(True), rebuilt.splitlines(True),
                                         "attn text", "from JSON")))
            checks.check(True, what)
        except (AssertionError, subprocess.CalledProcessError, json.JSONDecodeError, KeyError) as e:
            checks.check(False, f"{what}: {type(e).__name__}: {e}")
    if lesson.torch is None:
        print(f"note: python3-torch absent: {lesson.approximate} lesson tensors checked to within "
              "half a unit of the printed place instead of through torch's printing")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
