#!/usr/bin/env python3
"""`--lang zh-TW|en` and ATTN_LANG.

- For the arguments of every golden file: `--lang en` output of attention, scaling, permutation,
  multihead and mask contains no CJK character (ideographs, CJK punctuation, fullwidth forms);
  the lesson's English contains no CJK character except its tokens 床前明月光 (data, printed in
  its dicts), and its `== N.` headings none at all. In every command the English has as many
  lines as the chapter's text, and every number of a chapter line appears, in order, in the same
  English line (the numbers are printed by the same code; the English may add some, e.g. a
  column number).
- `--lang zh-TW` and the default give the chapter's bytes whatever LANG/LC_ALL say; ATTN_LANG=en
  gives the English; --lang wins over ATTN_LANG; an empty ATTN_LANG is unset; tags are
  case-insensitive and take '_' for '-'.
- Bad --lang, --format or ATTN_LANG: exit 2, nothing on stdout, one line on stderr naming the
  flag or variable and the allowed values.
- `--heatmap --lang en` (attention, mask): captions in English too, no CJK character; `--heatmap`
  with `--format json` is refused (exit 2): it prints after the text.
- `cost` (timings differ from run to run, so languages are told apart by their script): `--lang
  en` has no CJK character, as many lines as the chapter's text, and the same numbers in its
  title and skipped-run lines; its JSON verdicts are English; the environment and bad values as
  above.
"""
import argparse
import os
import pathlib
import re
import shlex
import subprocess
import sys

CJK = re.compile("[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3200-\u4dbf\u4e00-\u9fff"
                 "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]")
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?%?|True|False")
LESSON_TOKENS = set("床前明月光")
# The experiments that take --lang (udl prints the notebooks' English already).
COMMANDS = ("attention", "scaling", "permutation", "multihead", "mask", "lesson")


def run(attn, args, env_extra=None, drop=()):
    env = {k: v for k, v in os.environ.items() if k not in ("ATTN_LANG", *drop)}
    env.update(env_extra or {})
    return subprocess.run([attn, *args], capture_output=True, text=True, env=env)


def is_subsequence(small, big):
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def check_english(command, zh, en):
    """Problems with `en` as the English of the chapter's text `zh` (empty when none)."""
    problems = []
    zl, el = zh.split("\n"), en.split("\n")
    if len(zl) != len(el):
        return [f"{len(el)} lines in English, {len(zl)} in the chapter's text"]
    for z, e in zip(zl, el):
        cjk = set(CJK.findall(e))
        allowed = LESSON_TOKENS if command == "lesson" and not e.startswith("==") else set()
        if cjk - allowed:
            problems.append(f"CJK {''.join(sorted(cjk - allowed))!r} in: {e}")
        if not is_subsequence(NUMBER.findall(z), NUMBER.findall(e)):
            problems.append(f"numbers differ:\n    {z}\n    {e}")
    return problems


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--attn", required=True)
    p.add_argument("--golden", required=True)
    a = p.parse_args()
    failures = []
    checked = 0

    for f in sorted(pathlib.Path(a.golden).glob("*/*.txt")):
        if f.parent.name not in COMMANDS or f.name.endswith(".received.txt"):
            continue
        args = shlex.split(f.read_text(encoding="utf-8").partition("\n")[0][len("$ attn "):])
        zh = run(a.attn, args)
        en = run(a.attn, [*args, "--lang", "en"])
        if zh.returncode or en.returncode:
            failures.append(f"attn {shlex.join(args)}: exit {zh.returncode} / {en.returncode}")
            continue
        failures += [f"attn {shlex.join(args)} --lang en: {x}" for x in check_english(args[0], zh.stdout, en.stdout)]
        if en.stdout == zh.stdout:
            failures.append(f"attn {shlex.join(args)} --lang en: same as the chapter's text")
        checked += 1

    # languages from the environment and the flag
    for command in COMMANDS:
        base = [command, "--r", "40"] if command == "scaling" else [command]
        chapter = run(a.attn, base).stdout
        english = run(a.attn, [*base, "--lang", "en"]).stdout
        cases = [
            ("LANG=en_US.UTF-8 LC_ALL=en_US.UTF-8", base, {"LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"}, chapter),
            ("--lang zh-TW", [*base, "--lang", "zh-TW"], {}, chapter),
            ("--format text", [*base, "--format", "text"], {}, chapter),
            ("ATTN_LANG=en", base, {"ATTN_LANG": "en"}, english),
            ("ATTN_LANG=zh_tw", base, {"ATTN_LANG": "zh_tw"}, chapter),
            ("ATTN_LANG=EN --lang zh-TW", [*base, "--lang", "zh-TW"], {"ATTN_LANG": "EN"}, chapter),
            ("ATTN_LANG=zh-TW --lang en", [*base, "--lang", "en"], {"ATTN_LANG": "zh-TW"}, english),
            ("ATTN_LANG=fr --lang en (the flag wins)", [*base, "--lang", "en"], {"ATTN_LANG": "fr"}, english),
            ("ATTN_LANG= (empty)", base, {"ATTN_LANG": ""}, chapter),
        ]
        for name, args, env, want in cases:
            got = run(a.attn, args, env)
            if got.returncode != 0 or got.stdout != want:
                failures.append(f"attn {shlex.join(args)} with {name}: exit {got.returncode}, "
                                f"{'same' if got.stdout == want else 'other'} output")
            checked += 1

        bad = [
            ([*base, "--lang", "fr"], {}, "--lang", "zh-TW, en"),
            ([*base, "--lang", ""], {}, "--lang", "zh-TW, en"),
            ([*base, "--lang", "en-US"], {}, "--lang", "zh-TW, en"),
            ([*base, "--format", "xml"], {}, "--format", "text, json"),
            ([*base, "--format", "JSON"], {}, "--format", "text, json"),
            (base, {"ATTN_LANG": "de"}, "ATTN_LANG", "zh-TW, en"),
            ([*base, "--format", "json"], {"ATTN_LANG": "zh-Hans"}, "ATTN_LANG", "zh-TW, en"),
        ]
        for args, env, who, allowed in bad:
            got = run(a.attn, args, env)
            lines = got.stderr.splitlines()
            if (got.returncode != 2 or got.stdout or len(lines) != 1
                    or not lines[0].startswith(f"attn: error: {who}: ") or allowed not in lines[0]):
                failures.append(f"attn {shlex.join(args)} {env}: exit {got.returncode}, "
                                f"stdout {got.stdout[:40]!r}, stderr {got.stderr!r}")
            checked += 1

    # cost: its timings change from run to run, so the language is told by the script
    cost = ["cost", "--t", "8,16,100000", "--kernel", "naive", "--repeats", "1"]
    zh, en = run(a.attn, cost), run(a.attn, [*cost, "--lang", "en"])
    zl, el = zh.stdout.split("\n"), en.stdout.split("\n")
    cjk = sorted(set(CJK.findall(en.stdout)))
    if zh.returncode or en.returncode or cjk or not CJK.search(zh.stdout) or len(zl) != len(el):
        failures.append(f"attn {shlex.join(cost)} --lang en: exit {zh.returncode}/{en.returncode}, "
                        f"CJK {cjk}, {len(el)} lines against {len(zl)}")
    else:   # the title, and the run skipped before allocating (naive at T=100000), print no timings
        for z, e in zip(zl, el):
            if z.startswith("注意力的代價") or "不執行" in z:
                # a skipped run: T and the bytes needed (the limit depends on the memory free)
                numbers = NUMBER.findall(z)[:2] if "不執行" in z else NUMBER.findall(z)
                if not numbers or not is_subsequence(numbers, NUMBER.findall(e)):
                    failures.append(f"cost --lang en: numbers differ:\n    {z}\n    {e}")
        if not re.search(r"(?m)^  naive  (roughly (linear|quadratic|cubic): exponent|growth exponent) -?\d+\.\d\d",
                         en.stdout):
            failures.append(f"cost --lang en: no verdict in English:\n{en.stdout}")
    checked += 1
    doc = run(a.attn, [*cost, "--lang", "en", "--format", "json"])
    verdicts = [f["verdict"] for f in __import__("json").loads(doc.stdout)["data"]["fits"]] if not doc.returncode else []
    if doc.returncode or not verdicts or any(CJK.search(v) for v in verdicts):
        failures.append(f"attn {shlex.join(cost)} --lang en --format json: exit {doc.returncode}, verdicts {verdicts}")
    checked += 1
    script = lambda text: "zh" if CJK.search(text) else "en"
    base = ["cost", "--t", "8", "--kernel", "kv-cache", "--repeats", "1"]
    for name, args, env, want in [
            ("LANG=en_US.UTF-8", base, {"LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"}, "zh"),
            ("ATTN_LANG=en", base, {"ATTN_LANG": "en"}, "en"),
            ("ATTN_LANG=EN --lang zh-TW", [*base, "--lang", "zh-TW"], {"ATTN_LANG": "EN"}, "zh"),
            ("ATTN_LANG=fr --lang en", [*base, "--lang", "en"], {"ATTN_LANG": "fr"}, "en"),
            ("ATTN_LANG= (empty)", base, {"ATTN_LANG": ""}, "zh")]:
        got = run(a.attn, args, env)
        if got.returncode or script(got.stdout) != want:
            failures.append(f"attn {shlex.join(args)} with {name}: exit {got.returncode}, {script(got.stdout)}")
        checked += 1
    for args, env, who in [([*base, "--lang", "fr"], {}, "--lang"), (base, {"ATTN_LANG": "de"}, "ATTN_LANG"),
                           ([*base, "--format", "json"], {"ATTN_LANG": "zh-Hans"}, "ATTN_LANG")]:
        got = run(a.attn, args, env)
        lines = got.stderr.splitlines()
        if (got.returncode != 2 or got.stdout or len(lines) != 1
                or not lines[0].startswith(f"attn: error: {who}: ") or "zh-TW, en" not in lines[0]):
            failures.append(f"attn {shlex.join(args)} {env}: exit {got.returncode}, stderr {got.stderr!r}")
        checked += 1

    # the heatmaps' captions follow --lang; --heatmap adds text, so it does not go with JSON
    for args in (["attention", "--n", "3", "--heatmap", "--color", "always"],
                 ["mask", "--n", "4", "--pos", "3", "--heatmap", "--color", "never"]):
        en = run(a.attn, [*args, "--lang", "en"])
        zh = run(a.attn, args)
        if en.returncode or CJK.search(en.stdout) or not CJK.search(zh.stdout):
            failures.append(f"attn {shlex.join(args)} --lang en: exit {en.returncode}, "
                            f"CJK {sorted(set(CJK.findall(en.stdout)))}")
        bad = run(a.attn, [*args, "--format", "json"])
        if bad.returncode != 2 or bad.stdout or not bad.stderr.startswith("attn: error: --heatmap: "):
            failures.append(f"attn {shlex.join(args)} --format json: exit {bad.returncode}, {bad.stderr!r}")
        checked += 2

    for line in failures:
        print("FAIL", line)
    print(f"lang: {checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
