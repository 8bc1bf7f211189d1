#!/usr/bin/env bash
# Which C library's exp, log and log1p the WebAssembly build computes (docs/web.md): the same
# 10^6 arguments through glibc (as chosen on this CPU, and with its FMA variants switched off by
# GLIBC_TUNABLES) and through Emscripten's musl under Node; prints the number of results that
# differ in any bit for each pair. Needs gcc, emcc, node and Debian's python3-numpy.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O2 bench/libm_wasm_vs_glibc.c -o "$tmp/native" -lm
"$tmp/native" "$tmp/glibc.bin"
GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2_Usable,-FMA_Usable,-FMA "$tmp/native" "$tmp/glibc-nofma.bin"
NODE_PATH=/usr/share/nodejs emcc -O2 -sSINGLE_FILE=1 -sNODERAWFS=1 bench/libm_wasm_vs_glibc.c -o "$tmp/wasm.js"
node "$tmp/wasm.js" "$tmp/musl.bin"
/usr/bin/python3 - "$tmp" <<'PY'
import sys
import numpy as np
d = sys.argv[1]
g, n, m = (np.fromfile(f"{d}/{x}.bin").reshape(-1, 3) for x in ("glibc", "glibc-nofma", "musl"))
for i, name in enumerate(["exp", "log", "log1p"]):
    print(f"{name:6s} of {len(g)}: musl vs glibc as chosen here {int((m[:, i] != g[:, i]).sum()):4d}, "
          f"musl vs glibc without FMA {int((m[:, i] != n[:, i]).sum()):4d}, glibc FMA vs not {int((g[:, i] != n[:, i]).sum()):4d}")
PY
