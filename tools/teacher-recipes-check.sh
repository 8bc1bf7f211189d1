#!/usr/bin/env bash
# Runs the course kit's Gradescope autograder (tools/course-kit.sh, docs/homework.md) with the REAL
# static release tarball in a fresh minimal root (Debian 12 minbase with python3, no compiler, no
# attn packages): root, no terminal, Gradescope's paths. The suite's course_kit test runs every
# file of the kit (Gradescope, GitHub, GitLab) for five submissions, with the build's attn in a
# root that shares this machine's /usr; this check adds what that cannot: the static binary on a
# system that has nothing else.
#   The kit is made from docs/homework.md's course.toml with --tarball; autograder.zip is unpacked
#   into /autograder/source (python3's zipfile, the modes the zip records), setup.sh runs once,
#   run_autograder grades the student's own key (attn homework --key): full marks. Then once more
#   with one byte of the tarball changed: setup.sh must refuse it (the checksum).
#
#   tools/teacher-recipes-check.sh [--root DIR] [dist/attn-VERSION-linux-x86_64.tar.gz]
#
# Needs root, debootstrap (first run: about a minute) and a release tarball (tools/release.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=/var/tmp/attn-recipes-root
[ "${1:-}" = "--root" ] && { root=$2; shift 2; }
tarball=${1:-$(ls "$here"/dist/attn-*-linux-x86_64.tar.gz | tail -1)}
[ "$(id -u)" -eq 0 ] || { echo "teacher-recipes-check: needs root" >&2; exit 2; }
doc=$here/docs/homework.md
failed=0 passed=0
ok() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*"; fi; }

if [ ! -x "$root/usr/bin/python3" ]; then
  echo "== debootstrap --variant=minbase --include=python3 bookworm $root"
  debootstrap --variant=minbase --include=python3 bookworm "$root" http://deb.debian.org/debian \
    >"$root.debootstrap.log" 2>&1 || { tail -20 "$root.debootstrap.log"; exit 3; }
fi
ok bash -c "! chroot '$root' sh -c 'command -v cc || command -v gcc || command -v c++ || command -v attn'"
# As the services run them: root, no terminal (setsid, stdin from /dev/null), a clean environment.
inside() { setsid chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 "$@" </dev/null; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$doc" "$work/course.toml" <<'EOF2'
import re, sys
blocks = re.findall(r"```toml\n(.*?)```", open(sys.argv[1], encoding="utf-8").read(), re.S)
open(sys.argv[2], "w").write(next(b for b in blocks if b.startswith("require_secret = true")))
EOF2
(umask 077 && openssl rand -hex 32 >"$work/course-secret.txt")
"$here/tools/course-kit.sh" "$work/course.toml" "$work/kit" --tarball "$tarball" --release-url "file://$(dirname "$tarball")" >/dev/null
secret=$(cat "$work/course-secret.txt")
attn="$work/attn/bin/attn"
mkdir -p "$work/attn" && tar -C "$work/attn" --strip-components=1 -xzf "$tarball"

# ---- Gradescope -------------------------------------------------------------------------------
gradescope_run() {   # the kit's zip into /autograder/source
  rm -rf "$root/autograder" "$root/opt/attn"
  mkdir -p "$root/autograder/source" "$root/autograder/submission"
  python3 - "$work/kit/gradescope/autograder.zip" "$root/autograder/source" <<'EOF2'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for i in z.infolist():
        z.extract(i, sys.argv[2])
        os.chmod(os.path.join(sys.argv[2], i.filename), (i.external_attr >> 16) & 0o7777)
EOF2
  cp "$root/autograder/source/run_autograder" "$root/autograder/run_autograder"
  echo '{"users": [{"email": "student@school.test", "name": "A Student"}]}' \
    >"$root/autograder/submission_metadata.json"
}
echo "== Gradescope: setup.sh, run_autograder"
gradescope_run
inside bash -c 'cd /autograder/source && bash ./setup.sh' >"$work/setup.log" 2>&1 && setup_rc=0 || setup_rc=$?
ok test "$setup_rc" -eq 0
tail -1 "$work/setup.log"
# The student's own key, as their sheet: full marks expected.
ATTN_COURSE_SECRET=$secret "$attn" homework --key --variant student@school.test --course "$work/course.toml" \
  >"$root/autograder/submission/answers.toml"
inside /autograder/run_autograder >"$work/run.log" 2>&1 || true
ok test -s "$root/autograder/results/results.json"
ok python3 - "$root/autograder/results/results.json" <<'EOF2'
import json, sys
r = json.load(open(sys.argv[1]))
got, full = r.get("score"), sum(t.get("max_score", 0) for t in r.get("tests", []))
print(f"results.json: score {got} of {full}")
sys.exit(0 if full > 0 and got == full else 1)
EOF2
echo "== Gradescope: a tarball that is not the released one"
gradescope_run
bad=$(ls "$root"/autograder/source/attn-*-linux-x86_64.tar.gz)
printf 'x' | dd of="$bad" bs=1 seek=1000 conv=notrunc status=none
inside bash -c 'cd /autograder/source && bash ./setup.sh' >"$work/setup-bad.log" 2>&1 && bad_rc=0 || bad_rc=$?
ok test "$bad_rc" -ne 0
ok test ! -e "$root/opt/attn/bin/attn"
grep -m1 -i "fail" "$work/setup-bad.log" || true
echo "teacher-recipes-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
