#!/usr/bin/env bash
# Regenerates cmake/startup-order.ld (tools/startup_order.py) from a built attn: relinks it with
# a link map, runs `attn --version` and the five default experiments under callgrind, and lists
# the input sections that hold the code they executed. Run it after a change that moves much
# start-up code (a new library, a new command's flags), then rebuild and compare the page faults
# (docs/performance.md, "Start-up: CPUID and the executed code"):
#
#   tools/startup-order.sh build-static     # an -DATTN_STATIC=ON build (tools/release.sh's):
#                                           # the fullest list, libc's and libm's code too
#   tools/startup-order.sh build            # the default build (its patterns are a subset)
#
# Needs valgrind. The committed list was made from the static build.
# A stale list is never wrong, only slower: code it misses stays in .text.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
link="$build/CMakeFiles/attn.dir/link.txt"
[ -f "$link" ] || { echo "startup-order: no $link (configure and build attn first)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "startup-order: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The same link, with a map and into a scratch file.
(cd "$build" && eval "$(cat CMakeFiles/attn.dir/link.txt) -Wl,-Map=$work/attn.map -o $work/attn") 2>/dev/null
for cmd in --version attention permutation multihead mask scaling; do
  valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/cg.$cmd" "$work/attn" $cmd >/dev/null 2>&1
done
python3 tools/startup_order.py --map "$work/attn.map" "$work"/cg.* > cmake/startup-order.ld
echo "startup-order: wrote cmake/startup-order.ld; rebuild attn ($build) to use it"
