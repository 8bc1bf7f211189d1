#!/usr/bin/env python3
"""`attn udl 12.4 --svg FILE` and the beam tree of `--format json`, by structure, on a tiny model
(tests/gpt2/make_tiny_model.py, NumPy only): the picture is well-formed SVG, the same bytes on a
second run, leaves standard output as it was; each shown decoding cell has a group per step whose
bars are the step's ten most likely tokens (from --format json), one bar per chosen token drawn as
chosen, the tokens cut off drawn as such and a dashed cut-off under the last token kept
(top-k keeps k here; nucleus keeps "Choosing from N tokens" + 1, the printed line's N); beam
search is a tree: a box per beam and step, and a line to each beam from the box of its parent
(JSON's parent links, checked against the printed beams: a beam's printed text is its parent's
and its appended tokens'). Text is never stroked and uses the pictures' fonts. Rendered by
rsvg-convert when installed. Exit 77 without a vocabulary.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent / "tools"))
from harness import Checks  # noqa: E402
from gpt2_support import attn_work_vocabulary  # noqa: E402
import make_golden_udl124  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"


def main():
    a, work, vocab = attn_work_vocabulary()
    checks = Checks("udl124_svg")
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}
    model = make_golden_udl124.resolve("--model tiny:seed=0 --vocab VOCAB", vocab, work / "models")
    tokens, beams, k = 4, 3, 3
    args = [*model, "--cells", "14,18,22,28", "--tokens", str(tokens), "--beams", str(beams), "--k", str(k), "--thresh", "0.3"]

    def attn(*more):
        return subprocess.run([a.attn, "udl", "12.4", *args, *more], capture_output=True, env=env, timeout=300)

    with tempfile.TemporaryDirectory() as tmp:
        svg = pathlib.Path(tmp) / "decoding.svg"
        plain, pictured, js = attn(), attn("--svg", str(svg)), attn("--format", "json")
        checks.check(pictured.returncode == 0 and pictured.stdout == plain.stdout, "--svg: exit 0, standard output unchanged")
        first = svg.read_bytes()
        attn("--svg", str(svg))
        checks.check(svg.read_bytes() == first, "--svg: the same bytes on a second run")
        root = ET.fromstring(first)
        checks.check(root.tag == NS + "svg", "well-formed SVG")
        data = json.loads(js.stdout)["data"]
        cells = {c["cell"]: c for c in data["cells"]}
        groups = {g.get("id"): g for g in root.iter(NS + "g") if g.get("id")}
        for text in root.iter(NS + "text"):
            if not checks.check(text.get("stroke") == "none" and "DejaVu Sans" in (text.get("style", "") + text.get("font-family", "")),
                                f"text {text.text!r}: not stroked, the pictures' fonts"):
                break

        # the distributions
        for cell in (14, 18, 22):
            checks.check(f"cell-{cell}" in groups, f"cell {cell}: a group")
            lines = cells[cell]["lines"]
            for i, step in enumerate(cells[cell]["steps"]):
                g = groups.get(f"step-{cell}-{i + 1}")
                if not checks.check(g is not None, f"cell {cell} step {i + 1}: a group"):
                    continue
                titles = [t.text for t in g.iter(NS + "title")]
                top = step["top"]
                checks.check(len(top) == 10 and [x["probability"] for x in top] == sorted((x["probability"] for x in top), reverse=True),
                             f"cell {cell} step {i + 1}: JSON's ten most likely, descending")
                checks.check(len(titles) >= len(top) and all(f"id {x['id']} " in t for x, t in zip(top, titles)),
                             f"cell {cell} step {i + 1}: a bar per most likely token, in order")
                chosen = [t for t in titles if t.endswith("(chosen)")]
                checks.check(len(chosen) == len(step["chosen"]) and all(f"id {c} " in " ".join(chosen) for c in step["chosen"]),
                             f"cell {cell} step {i + 1}: the chosen bar(s) {chosen}, JSON {step['chosen']}")
                checks.check(step["ranks"] == [1 + sum(x["probability"] > p for x in top) for p in step["probabilities"]]
                             or any(r > 10 for r in step["ranks"]), f"cell {cell} step {i + 1}: ranks {step['ranks']}")
                cut = g.findall(f".//{NS}line[@class='cut-off']")
                if cell == 14:
                    checks.check(step["kept"] is None and not cut, f"greedy step {i + 1}: no cut")
                    continue
                kept = step["kept"]
                if cell == 18:
                    checks.check(kept == k, f"top-k step {i + 1}: keeps {kept}, want {k} (no tie at the cut here)")
                else:   # "Choosing from N tokens" then the text: the nucleus keeps N + 1
                    n = int(lines[2 * i].split()[2])
                    checks.check(kept == n + 1, f"nucleus step {i + 1}: keeps {kept}, printed 'Choosing from {n} tokens'")
                checks.check(sum(t.endswith("(cut off)") for t in titles) == max(0, 10 - kept),
                             f"cell {cell} step {i + 1}: {10 - kept} bars cut off")
                if kept <= 10:
                    rects = [r for r in g.iter(NS + "rect")]
                    checks.check(len(cut) == 1 and abs(float(cut[0].get("y1")) - (float(rects[0].get("y")) - 1 + 15 * kept)) < 0.01,
                                 f"cell {cell} step {i + 1}: the dashed cut-off under token {kept}")

        # the beam tree: JSON's parent links, the picture's edges
        tree = cells[28]["beams"]
        lines = cells[28]["lines"]
        checks.check(len(tree) == tokens and all(len(s) == beams for s in tree), f"beam tree: {len(tree)} steps of {beams}")
        printed = {}   # (step, beam) -> text after "Beam b, Prob x: "
        for s in range(tokens):
            for b in range(beams):
                printed[s, b] = lines[s * (beams + 1) + b].split(": ", 1)[1]
        prompt = printed[0, 0][:-len(tree[0][0]["text"])] if tree[0][0]["text"] else printed[0, 0]
        for s, step in enumerate(tree):
            for b, beam in enumerate(step):
                parent_text = prompt if s == 0 else printed[s - 1, beam["parent"]]
                checks.check((beam["parent"] is None) == (s == 0) and printed[s, b] == parent_text + beam["text"],
                             f"beam {b} of step {s + 1}: parent {beam['parent']} and appended {beam['text']!r} make the printed beam")
                checks.check(abs(float(lines[s * (beams + 1) + b].split("Prob ")[1].split(":")[0]) - beam["log_prob"]) <= 0.0006,
                             f"beam {b} of step {s + 1}: log_prob {beam['log_prob']}")
                g = groups.get(f"beam-{s + 1}-{b}")
                if not checks.check(g is not None, f"beam {b} of step {s + 1}: a group"):
                    continue
                edge = g.find(f"{NS}line[@class='edge']")
                box = g.find(f"{NS}rect")
                if s == 0 or edge is None:
                    checks.check(edge is not None, f"beam {b} of step {s + 1}: an edge")
                    continue
                parent_box = groups[f"beam-{s}-{beam['parent']}"].find(f"{NS}rect")
                checks.check(abs(float(edge.get("y1")) - (float(parent_box.get("y")) + float(parent_box.get("height")) / 2)) < 0.01
                             and abs(float(edge.get("x1")) - (float(parent_box.get("x")) + float(parent_box.get("width")))) < 0.01
                             and abs(float(edge.get("x2")) - float(box.get("x"))) < 0.01,
                             f"beam {b} of step {s + 1}: the edge from beam {beam['parent']}'s box to its own")

        if shutil.which("rsvg-convert"):
            png = pathlib.Path(tmp) / "decoding.png"
            r = subprocess.run(["rsvg-convert", str(svg), "-o", str(png)], capture_output=True, timeout=120)
            head = png.read_bytes()[:24] if png.exists() else b""
            checks.check(r.returncode == 0 and head[:8] == b"\x89PNG\r\n\x1a\n" and
                         int.from_bytes(head[16:20], "big") == round(float(root.get("width"))),
                         f"rsvg-convert renders it: {r.stderr.decode(errors='replace')[:200]}")
        else:
            print("note: rsvg-convert absent: the picture is not rendered")
        # --svg does not go with --diagnose
        r = subprocess.run([a.attn, "udl", "12.4", *model, "--diagnose", "-", "--svg", str(svg)], input=b"x\n",
                           capture_output=True, env=env, timeout=60)
        checks.check(r.returncode == 2 and b"--svg" in r.stderr, f"--svg with --diagnose: exit {r.returncode}")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
