#!/usr/bin/env python3
"""The web page as one file: web/index.html with attn's WebAssembly module (attn.js, built with
-sSINGLE_FILE, the .wasm inside as base64) and the worker (web/attn-worker.js) put into its
text/plain scripts. One file, nothing fetched: it opens from disk (file://, where Chromium lets a
page neither fetch a .wasm nor start a Worker from a file) and from any static host.

The .wasm (attn.wasm, the bytes Node runs) goes in its own script, gzipped (then base64): the
worker gets the same bytes back with the browser's DecompressionStream and hands the compiled
module to attn.js, so that the page is a third the size and the worker parses no megabytes of
text before it starts (the page's time to interactive: docs/performance.md).

  tools/web_page.py --template web/index.html --module build-wasm/attn.js --wasm build-wasm/attn.wasm \
                    --worker web/attn-worker.js --out build-wasm/web/index.html
"""
import argparse
import base64
import gzip
import pathlib
import re
import sys


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--template", required=True)
    p.add_argument("--module", required=True)
    p.add_argument("--wasm", required=True)
    p.add_argument("--worker", required=True)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    page = pathlib.Path(a.template).read_text(encoding="utf-8")
    wasm = pathlib.Path(a.wasm).read_bytes()
    if wasm[:4] != b"\0asm":
        sys.exit(f"web_page.py: {a.wasm} is not a WebAssembly module")
    parts = {"@ATTN_MODULE@": pathlib.Path(a.module).read_text(encoding="utf-8"),
             "@ATTN_WASM_GZIP@": base64.b64encode(gzip.compress(wasm, 9, mtime=0)).decode("ascii"),
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
