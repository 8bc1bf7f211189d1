#!/usr/bin/env bash
# PCG64's block fill in WebAssembly under Node against this CPU (bench/pcg64_wasm_step.cpp): ns per
# draw for each way of writing the 128-bit multiply-add, three rounds each, after a check of their
# bits (10^6 draws). Needs emcc (Debian's emscripten), node and g++.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
NODE_PATH=/usr/share/nodejs em++ -O3 -msimd128 -ffp-contract=off -sSINGLE_FILE=1 -sENVIRONMENT=node \
  bench/pcg64_wasm_step.cpp -o "$tmp/step.js"
g++ -O2 bench/pcg64_wasm_step.cpp -o "$tmp/step"
echo "== WebAssembly under Node"; node "$tmp/step.js" "${1:-400000}"
echo "== this CPU (g++ -O2)"; "$tmp/step" "${1:-400000}"
