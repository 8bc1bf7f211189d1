#!/usr/bin/env python3
"""`attn udl 12.4 --diagnose` against the oracle's own prints: golden/udl124/ (made by
tools/make_golden_udl124.py from ../shared/reference/udl124.py, never from attn) holds what the
solved notebook prints with tiny model seed 0 (tiny_defaults.out, cut here into its decoders'
cells) and what each of the nine --mistakes prints (tiny_mistake_*.out). Each decoder's right
print must be named right, with that decoder; each mistake's print must be named that mistake
(topk-no-renorm prints nothing and raises: its raise line, as the oracle writes it on standard
error and as Jupyter shows a traceback); too little to tell (lines two decoders share, no line at
all) is refused with exit 2; a doctored line gives no match and that line as the first
difference. The tiny model is made from its spec (tests/gpt2/make_tiny_model.py, NumPy only).
Exit 77 without a vocabulary.
"""
import concurrent.futures
import json
import os
import pathlib
import shlex
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(ROOT / "tools"))
from harness import Checks  # noqa: E402
from gpt2_support import attn_work_vocabulary  # noqa: E402
import make_golden_udl124  # noqa: E402

# Lines per cell of tiny_defaults.out (the notebook's defaults: 10 tokens, --kth 1,2000, 5 beams).
CELL_LINES = [(7, 21), (10, 10), (11, 10), (14, 10), (15, 10), (18, 10), (19, 10), (22, 20), (23, 20), (26, 20),
              (28, 10 * 6 + 2)]
DECODERS = {"sampling": [10, 11], "greedy": [14, 15], "top-k": [18, 19], "nucleus": [22, 23], "k-th": [26],
            "beam search": [28]}
NO_RENORM = "ValueError: probabilities do not sum to 1"
JUPYTER = ("---------------------------------------------------------------------------\n"
           "ValueError                                Traceback (most recent call last)\n"
           "Cell In[18], line 4\n      2 input_tokens = tokenizer(prompt, return_tensors='pt')\n"
           "---> 4     input_tokens = get_top_k_token(input_tokens, k=10)\n" + NO_RENORM + "\n")


def golden(name):
    text = (ROOT / "golden" / "udl124" / f"{name}.out").read_text(encoding="utf-8")
    first, _, out = text.split("\n", 2)
    return first[len("$ attn udl 12.4 "):], out


def by_cell(out):
    lines, cells, at = out.split("\n"), {}, 0
    for cell, n in CELL_LINES:
        cells[cell] = lines[at:at + n]
        at += n
    return cells


def main():
    a, work, vocab = attn_work_vocabulary()
    checks = Checks("udl124_diagnose")
    try:
        from jsonschema import Draft202012Validator
        validator = Draft202012Validator(json.loads((ROOT / "docs" / "schema" / "attn-output.schema.json").read_text()))
    except ImportError:
        print("note: python3-jsonschema absent: --format json is not checked against the schema")
        validator = None
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}
    sanitized = bool(os.environ.get("ATTN_SANITIZED"))
    model = make_golden_udl124.resolve("--model tiny:seed=0 --vocab VOCAB", vocab, work / "models")

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=2)   # attn's runs on two workers

    def run(flags, text, fmt):
        r = subprocess.run([a.attn, "udl", "12.4", *model, *flags, "--diagnose", "-", "--format", fmt],
                           input=text.encode("utf-8"), capture_output=True, env=env, timeout=300)
        return r.returncode, r.stdout.decode("utf-8", errors="replace"), r.stderr.decode("utf-8", errors="replace")

    def diagnose(flags, text, fmt="text"):
        return pool.submit(run, flags, text, fmt)

    later = []   # the checks, in order, once every run is submitted

    def verdict(what, flags, text, want_match, want_decoder, want_exit, then=None):
        future = diagnose(flags, text, "json")
        later.append(lambda: judge(future.result(), what, want_match, want_decoder, want_exit, then))

    def judge(result, what, want_match, want_decoder, want_exit, then):
        code, out, err = result
        if not checks.check(code == want_exit, f"{what}: exit {code}, want {want_exit} ({err.strip()[:300]!r})"):
            return None
        doc = json.loads(out)
        if validator is not None:
            errors = [e.message for e in validator.iter_errors(doc)]
            checks.check(not errors, f"{what}: --format json against the schema: {errors[:1]}")
        d = doc["data"]
        checks.check(d["match"] == want_match and d["decoder"] == want_decoder,
                     f"{what}: match {d['match']!r} in {d['decoder']!r}, want {want_match!r} in {want_decoder!r}")
        if then:
            then(d)

    def refused(what, flags, text, words):
        future = diagnose(flags, text)

        def judge_refusal():
            code, out, err = future.result()
            checks.check(code == 2 and out == "" and all(w in err for w in words), f"{what}: exit {code}, {err.strip()!r}")
        later.append(judge_refusal)

    cells = by_cell(golden("tiny_defaults")[1])
    # 1. Each decoder's right print, named with its decoder: with --cells (only its candidates run),
    # and without for greedy (every decoder and mistake is tried; sample-greedy prints the same).
    for i, (name, its) in enumerate(DECODERS.items()):
        if (sanitized and i % 2) or name in ("greedy", "beam search"):   # both below
            continue
        text = "".join(line + "\n" for c in its for line in cells[c])
        verdict(f"right {name}", ["--cells", ",".join(map(str, its))], text, "right", name, 0)
    verdict("right greedy, every candidate", [], "".join(line + "\n" for line in cells[14] + cells[15]),
            "right", "greedy", 0,
            lambda d: checks.check([(x["match"], x["decoder"]) for x in d["also"]] == [("sample-greedy", "sampling")],
                                   f"right greedy: also {d['also']}"))
    # the second cell alone (cell 11 carries the generator on from 10): a window of the print
    verdict("right sampling, cell 11 alone", ["--cells", "10,11"], "".join(line + "\n" for line in cells[11]),
            "right", "sampling", 0)

    # 2. Each mistake's print (the oracle's), named that mistake. The golden case's --cells stays
    # (sample-greedy prints what the right greedy decoder prints: only the cells tell them apart).
    for i, name in enumerate(["topk-k", "topk-ascending", "topk-no-renorm", "nucleus-off-by-one", "nucleus-minus-one",
                              "nucleus-ascending", "beam-without-quirk", "sample-greedy", "greedy-sample"]):
        if sanitized and i % 2:
            continue
        args, out = golden("tiny_mistake_" + name.replace("-", "_"))
        flags = shlex.split(args)
        flags = [f for j, f in enumerate(flags) if f != "--mistake" and (j == 0 or flags[j - 1] != "--mistake")]
        flags = flags[flags.index("--vocab") + 2:]
        decoder = next(d for d, its in DECODERS.items() if str(its[0]) in flags[flags.index("--cells") + 1])
        if name == "topk-no-renorm":
            checks.check(out == "", "topk-no-renorm: the oracle prints nothing before it raises")
            verdict(name + " (the oracle's stderr line)", flags,
                    f"udl124.py: cell 18: the notebook raises {NO_RENORM}; Run all stops here\n", name, decoder, 1)
            verdict(name + " (a Jupyter traceback)", flags, JUPYTER, name, decoder, 1)
            continue
        verdict(name, flags, out, name, decoder, 1,
                lambda d, name=name: checks.check(d["first_difference"] is not None and d["explanation"],
                                                  f"{name}: the first line that differs from the right print, and why"))

    # 3. Too little to tell: top-k's first lines are topk-k's too (they part at line 9 of cell 18).
    refused("three lines top-k and topk-k share", ["--cells", "18,19"], "".join(line + "\n" for line in cells[18][:3]),
            ["--diagnose", "topk-k", "right top-k", "more of the lines"])
    for text in ["", "\n\n"]:
        refused(f"no line ({text!r})", [], text, ["--diagnose", "no printed line"])
    refused("--cells 7", ["--cells", "7"], cells[14][0] + "\n", ["--cell", "cell 7"])
    refused("--mistake with --diagnose", ["--mistake", "topk-k"], cells[14][0] + "\n", ["--diagnose", "--mistake"])

    # 4. A doctored line: no match, and that line is the first difference (cell 14, line 4).
    doctored = list(cells[14] + cells[15])
    doctored[3] = doctored[3] + " Bath"
    text = "".join(line + "\n" for line in doctored)

    def first_difference(where, yours, right):
        def check(d):
            f = d["first_difference"]
            checks.check(f is not None and (f["cell"], f["line"], f["yours"], f["right"]) == (*where, yours, right),
                         f"first difference {f}, want {where}")
        return check
    verdict("doctored greedy line", [], text, None, "greedy", 1, first_difference((14, 4), doctored[3], cells[14][3]))
    future = diagnose(["--cells", "14"], text)

    def judge_text():
        code, out, _ = future.result()
        checks.check(code == 1 and "match neither" in out and "cell 14, line 4" in out and repr(doctored[3]) in out,
                     f"doctored greedy line, text: {out!r}")
    later.append(judge_text)
    # a doctored beam score (more than 0.001 off) is a difference; one unit in the last place is not
    beam = list(cells[28])
    head, rest = beam[0].split("Prob ", 1)
    prob, tail = rest.split(": ", 1)
    beam[0] = f"{head}Prob {float(prob) + 0.001:.3f}: {tail}"
    verdict("beam score one unit off", ["--cells", "28"], "".join(line + "\n" for line in beam), "right", "beam search", 0)
    beam[0] = f"{head}Prob {float(prob) + 0.01:.3f}: {tail}"
    verdict("beam score 0.01 off", ["--cells", "28"], "".join(line + "\n" for line in beam), None, "beam search", 1,
            first_difference((28, 1), beam[0], cells[28][0]))
    for judge_one in later:
        judge_one()
    pool.shutdown()
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
