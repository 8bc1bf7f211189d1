#!/usr/bin/env bash
# CI: a short libFuzzer run of the homework sheet reader and grader (fuzz/fuzz_sheet.cpp, 30 s),
# the expression reader (fuzz/fuzz_expression.cpp, 10 s) and the udl 12.2/12.3 --diagnose readers
# (fuzz/fuzz_diagnose.cpp, 20 s), from the seed corpus in fuzz/corpus/ (diagnose/: the reference
# script's prints from golden/udl, a first byte '2' or '3' naming the notebook).
# Installs Debian's clang-14 and its libFuzzer runtime (tools/install-deps.sh --ci); builds in
# build-fuzz/. A finding fails the run and leaves the crashing input in build-fuzz/findings/
# (replay: build-fuzz/fuzz_sheet FILE).
#   tools/fuzz-ci.sh [SECONDS_SHEET [SECONDS_EXPRESSION [SECONDS_DIAGNOSE [SECONDS_SAFETENSORS]]]]
# ATTN_FUZZ_BUILD=DIR builds and runs the targets in DIR instead (.ci/run passes its clang sanitizer
# build, configured with ATTN_FUZZ too, so that one build serves the sanitizer suite and the fuzzers).
set -euo pipefail
cd "$(dirname "$0")/.."
SHEET_SECONDS="${1:-30}"
EXPRESSION_SECONDS="${2:-10}"
DIAGNOSE_SECONDS="${3:-20}"
SAFETENSORS_SECONDS="${4:-10}"   # GPT-2's safetensors header and vocabulary readers (fuzz/fuzz_safetensors.cpp)
tools/install-deps.sh --ci
build="${ATTN_FUZZ_BUILD:-build-fuzz}"
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++-14 -DATTN_FUZZ=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j2 --target fuzz_sheet fuzz_expression fuzz_diagnose fuzz_safetensors
mkdir -p "$build"/findings
status=0
for spec in "sheet:$SHEET_SECONDS" "expression:$EXPRESSION_SECONDS" "diagnose:$DIAGNOSE_SECONDS" "safetensors:$SAFETENSORS_SECONDS"; do
  name="${spec%%:*}"
  seconds="${spec#*:}"
  work="$(mktemp -d)"   # the run adds to a copy of the corpus, never to the repository
  cp fuzz/corpus/"$name"/* "$work"/
  echo "fuzz_$name: ${seconds} s"
  # The sheet reader takes inputs up to the sheet cap (1 MiB); a 10 s timeout catches a superlinear
  # reading (a 1 MiB sheet reads in about 1 s under the sanitizers; quadratic took minutes).
  max_len=65536
  [ "$name" = sheet ] && max_len=1048576
  "$build"/fuzz_"$name" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$build"/findings/"$name"- -print_final_stats=1 "$work" 2>"$build"/fuzz_"$name".log \
    || { status=1; tail -40 "$build"/fuzz_"$name".log; }
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$build"/fuzz_"$name".log || true
  rm -rf "$work"
done
exit $status
