#!/usr/bin/env python3
"""The web page as one file: web/index.html with attn's WebAssembly module (attn.js, built with
-sSINGLE_FILE, the .wasm inside as base64) and the worker (web/attn-worker.js) put into its two
text/plain scripts. One file, nothing fetched: it opens from disk (file://, where Chromium lets a
page neither fetch a .wasm nor start a Worker from a file) and from any static host.

  tools/web_page.py --template web/index.html --module build-wasm/attn.js \
                    --worker web/attn-worker.js --out build-wasm/web/index.html
"""
import argparse
import pathlib
import re
import sys


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--template", required=True)
    p.add_argument("--module", required=True)
    p.add_argument("--worker", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    page = pathlib.Path(a.template).read_text(encoding="utf-8")
    parts = {"@ATTN_MODULE@": pathlib.Path(a.module).read_text(encoding="utf-8"),
             "@ATTN_WORKER@": pathlib.Path(a.worker).read_text(encoding="utf-8")}
    for key, text in parts.items():
        if page.count(key) != 1:
            sys.exit(f"web_page.py: {a.template} must hold {key} once")
        # Inside <script type="text/plain"> only "</script" would end the element early.
        if re.search(r"</script", text, re.IGNORECASE):
            sys.exit(f"web_page.py: the text for {key} holds '</script'; it cannot be inlined")
        page = page.replace(key, text)
    out = pathlib.Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
