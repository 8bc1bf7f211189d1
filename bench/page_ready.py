#!/usr/bin/env python3
"""How soon the web page is interactive: each page given is opened from disk in headless Chromium
(Debian's `chromium`), in turn, RUNS times, and the time from navigation start until the page's
worker has compiled attn's module (window.attnReadyAt, web/index.html) is read back; medians.
Pages opened in turn (A B A B ...) so that a change of the machine's load hits both alike.

  bench/page_ready.py build-wasm/web/index.html [OTHER.html ...] [--runs 7]

docs/performance.md records its figures (the page's budget: interactive within 1 s of loading).
"""
import argparse
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests" / "web"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
from chromium_test import DevTools  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("pages", nargs="+")
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    a = p.parse_args()
    times = {page: [] for page in a.pages}
    with tempfile.TemporaryDirectory() as user_dir:
        dt = DevTools(a.chromium, user_dir)
        try:
            for _ in range(a.runs):
                for page in a.pages:
                    uri = pathlib.Path(page).resolve().as_uri()
                    target = dt.call("Target.createTarget", {"url": uri})["targetId"]
                    session = dt.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
                    t0 = time.monotonic()
                    ready = None
                    while time.monotonic() - t0 < 30 and ready is None:
                        ready = dt.evaluate(session, "window.attnReady ? window.attnReadyAt : null")
                        time.sleep(0.01)
                    times[page].append(ready)
                    dt.call("Target.closeTarget", {"targetId": target})
        finally:
            dt.close()
    for page, ts in times.items():
        ok = [t for t in ts if t is not None]
        print(f"{page}: ready {statistics.median(ok):.0f} ms median (min {min(ok):.0f}, max {max(ok):.0f}; "
              f"{len(ok)} of {len(ts)} runs)" if ok else f"{page}: never ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
