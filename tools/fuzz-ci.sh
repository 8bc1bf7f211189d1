#!/usr/bin/env bash
# CI: a short libFuzzer run, two targets at a time (one a core), of the homework sheet reader and
# grader (fuzz/fuzz_sheet.cpp, 30 s),
# the expression reader (fuzz/fuzz_expression.cpp, 10 s) and the udl 12.2/12.3 --diagnose readers
# (fuzz/fuzz_diagnose.cpp, 20 s), from the seed corpus in fuzz/corpus/ (diagnose/: the reference
# script's prints from golden/udl, a first byte '2' or '3' naming the notebook).
# Installs Debian's clang-14 and its libFuzzer runtime (tools/install-deps.sh --ci); builds in
# build-fuzz/. A finding fails the run and leaves the crashing input in build-fuzz/findings/
# (replay: build-fuzz/fuzz_sheet FILE).
#   tools/fuzz-ci.sh [SECONDS_SHEET [SECONDS_EXPRESSION [SECONDS_DIAGNOSE [SECONDS_SAFETENSORS]]]]
# ATTN_FUZZ_BUILD=DIR builds and runs the targets in DIR instead (.ci/sanitize passes its clang
# sanitizer build, configured with ATTN_FUZZ too, so that one build serves its suite and the fuzzers).
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

# One target's run: from a copy of its seed corpus (the run adds to the copy, never to the
# repository); a finding leaves its input in findings/ and the log's tail on stdout.
fuzz() {
  local name="$1" seconds="$2" work max_len=65536
  work="$(mktemp -d)"
  cp fuzz/corpus/"$name"/* "$work"/
  # The sheet reader takes inputs up to the sheet cap (1 MiB); a 10 s timeout catches a superlinear
  # reading (a 1 MiB sheet reads in about 1 s under the sanitizers; quadratic took minutes).
  [ "$name" = sheet ] && max_len=1048576
  local status=0
  "$build"/fuzz_"$name" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$build"/findings/"$name"- -print_final_stats=1 "$work" 2>"$build"/fuzz_"$name".log \
    || { status=1; tail -40 "$build"/fuzz_"$name".log; }
  echo "fuzz_$name: ${seconds} s"
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$build"/fuzz_"$name".log || true
  rm -rf "$work"
  return $status
}

# Two lanes side by side, one a core (CI has two): the sheet reader and the expressions in one,
# the --diagnose readers and safetensors in the other; each target gets the seconds it is given.
lane() { local status=0; while [ $# -gt 0 ]; do fuzz "$1" "$2" || status=1; shift 2; done; return $status; }
lane sheet "$SHEET_SECONDS" expression "$EXPRESSION_SECONDS" > "$build"/fuzz_lane1.out & first=$!
lane diagnose "$DIAGNOSE_SECONDS" safetensors "$SAFETENSORS_SECONDS" > "$build"/fuzz_lane2.out & second=$!
status=0
wait $first || status=1
wait $second || status=1
cat "$build"/fuzz_lane1.out "$build"/fuzz_lane2.out
exit $status
