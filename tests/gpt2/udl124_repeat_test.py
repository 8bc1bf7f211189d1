#!/usr/bin/env python3
"""What the speed-ups of `attn udl 12.4` must not change (docs/udl.md, "Beam search in batches"):
a cell prints the same alone (--cells N, every earlier cell run silently or not at all) as in the
whole run, cell 28 above all (its candidates computed in batched passes, from the prompt's state
alone); cells 15 and 19, answered from the logits cells 14 and 18 computed, print what those print
(greedy search and top-k with set_seed are the same computation again); with --mistake
greedy-sample cell 15 carries the generator on and differs. Tiny random models, several seeds and
beam widths. Exit 77 without a vocabulary.
"""
import json
import os
import subprocess
import sys
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent / "tools"))
from harness import Checks  # noqa: E402
from gpt2_support import attn_work_vocabulary  # noqa: E402
import make_golden_udl124  # noqa: E402


def main():
    a, work, vocab = attn_work_vocabulary()
    checks = Checks("udl124_repeat")
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}

    def cells(*args):
        r = subprocess.run([a.attn, "udl", "12.4", *args, "--format", "json"], capture_output=True, env=env, timeout=300)
        doc = json.loads(r.stdout)
        return {c["cell"]: c["lines"] for c in doc["data"]["cells"]}

    for spec, flags in (("seed=0", []), ("seed=11,twins=25000", ["--kth", "0,1"]), ("seed=5,layers=3", ["--beams", "7", "--seed", "3"]),
                        ("seed=6,heads=4", ["--beams", "3", "--tokens", "6", "--prompt", "Once upon a time"])):
        folder = make_golden_udl124.resolve(f"tiny:{spec}", vocab, work / "models")[0]
        base = ["--model", folder, "--vocab", str(vocab), *flags]
        whole = cells(*base)
        for n in (28, 15, 19, 23):
            alone = cells(*base, "--cells", str(n))
            checks.check(alone.get(n) == whole.get(n), f"{spec} {flags}: cell {n} alone prints what the whole run prints")
        checks.check(whole[15] == whole[14] and whole[19] == whole[18], f"{spec} {flags}: cells 15, 19 repeat cells 14, 18")
        sample = cells(*base, "--mistake", "greedy-sample", "--cells", "14,15")
        checks.check(sample[15] != sample[14], f"{spec} {flags}: greedy-sample's cell 15 carries the generator on")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
