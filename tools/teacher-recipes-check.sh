#!/usr/bin/env bash
# Runs docs/homework.md's teacher recipes as the services would, in a fresh minimal root (Debian
# 12 minbase with python3, no compiler, no attn packages): root, no terminal, the services' paths.
#   Gradescope: the `setup.sh` and `run_autograder` blocks, word for word from docs/homework.md,
#     with the zip laid out in /autograder/source (the release tarball and SHA256SUMS, a course
#     file, a secret), a student's sheet in /autograder/submission and submission_metadata.json.
#     The student's sheet is their own key (attn homework --key --variant ID), so results.json
#     must give full marks. Then once more with one byte of the tarball changed: setup.sh must
#     refuse it (the checksum).
#   GitHub Actions: the workflow's `run:` steps (read with python3-yaml from the same document),
#     the `attn` job with `curl` replaced by a copy from dist/, then one matrix job's steps with
#     $RUNNER_TEMP, $GITHUB_PATH and the secret set as the runner sets them: report.xml and
#     results.json must be written, with full marks.
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
dist=$(cd "$(dirname "$tarball")" && pwd)
name=$(basename "$tarball")
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

# The recipe blocks, from the document itself.
blocks=$(mktemp -d)
trap 'rm -rf "$blocks"' EXIT
python3 - "$doc" "$blocks" <<'EOF'
import pathlib, re, sys
text = pathlib.Path(sys.argv[1]).read_text(encoding="utf-8")
out = pathlib.Path(sys.argv[2])
gradescope = text[text.index("## Gradescope autograder"):]
sh = re.findall(r"```sh\n(.*?)```", gradescope, re.S)
(out / "setup.sh").write_text(sh[0])
(out / "run_autograder").write_text(sh[1])
(out / "workflow.yml").write_text(re.search(r"```yaml\n(name: grade.*?)```", text, re.S).group(1))
EOF

# ---- Gradescope -------------------------------------------------------------------------------
gradescope_run() {   # $1: the tarball to ship
  rm -rf "$root/autograder" "$root/opt/attn"
  mkdir -p "$root/autograder/source" "$root/autograder/submission"
  cp "$blocks/setup.sh" "$blocks/run_autograder" "$root/autograder/source/"
  chmod +x "$root/autograder/source/run_autograder"
  cp "$1" "$root/autograder/source/$name"
  cp "$dist/SHA256SUMS" "$root/autograder/source/"
  printf '[points]\n"*" = 1\nhw3 = 2\n' >"$root/autograder/source/course.toml"
  echo "a-course-secret-for-the-check" >"$root/autograder/source/course-secret.txt"
  echo '{"users": [{"email": "student@example.org", "name": "A Student"}]}' \
    >"$root/autograder/submission_metadata.json"
}
echo "== Gradescope: setup.sh, run_autograder"
gradescope_run "$tarball"
inside bash /autograder/source/setup.sh >"$blocks/setup.log" 2>&1 && setup_rc=0 || setup_rc=$?
ok test "$setup_rc" -eq 0
tail -1 "$blocks/setup.log"
# The student's own key, as their sheet: full marks expected.
inside /opt/attn/bin/attn homework --key --variant student@example.org \
  --secret-file /autograder/source/course-secret.txt >"$root/autograder/submission/answers.toml"
inside /autograder/source/run_autograder >"$blocks/run.log" 2>&1 || true
ok test -s "$root/autograder/results/results.json"
ok python3 - "$root/autograder/results/results.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
got, full = r.get("score"), sum(t.get("max_score", 0) for t in r.get("tests", []))
print(f"results.json: score {got} of {full}")
sys.exit(0 if full > 0 and got == full else 1)
EOF
echo "== Gradescope: a tarball that is not the released one"
bad=$(mktemp /var/tmp/attn-bad.XXXXXX.tar.gz)
cp "$tarball" "$bad"
printf 'x' | dd of="$bad" bs=1 seek=1000 conv=notrunc status=none
gradescope_run "$bad"
rm -f "$bad"
inside bash /autograder/source/setup.sh >"$blocks/setup-bad.log" 2>&1 && bad_rc=0 || bad_rc=$?
ok test "$bad_rc" -ne 0
ok test ! -e "$root/opt/attn/bin/attn"
grep -m1 -i "fail" "$blocks/setup-bad.log" || true

# ---- GitHub Actions ---------------------------------------------------------------------------
echo "== GitHub Actions: the attn job, then one matrix job (student alice)"
rm -rf "$root/work" "$root/tmp/attn-release"
mkdir -p "$root/work/attn-job" "$root/work/grade" "$root/work/runner-temp" "$root/tmp/attn-release"
python3 - "$blocks/workflow.yml" "$blocks" <<'EOF'
import pathlib, sys, yaml
w = yaml.safe_load(open(sys.argv[1]))
out = pathlib.Path(sys.argv[2])
subst = {"${{ matrix.student }}": "alice", "${{ secrets.ATTN_COURSE_SECRET }}": "a-course-secret-for-the-check"}
def runs(job):
    steps = [s for s in w["jobs"][job]["steps"] if "run" in s]
    text = "set -euo pipefail\n"
    for s in steps:
        body = s["run"]
        for k, v in subst.items():
            body = body.replace(k, v)
        env = "".join(f"export {k}='{subst.get(v, v)}'\n" for k, v in s.get("env", {}).items())
        text += env + body + "\n"
    return text
# The attn job: curl's download is the copy the teacher's release page would serve.
attn = runs("attn").replace("curl -fsSLO https://example.org/your-course/attn/releases/download/v0.1.0/", "cp -t . /dist/")
(out / "attn-job.sh").write_text(attn)
(out / "grade-job.sh").write_text(runs("grade"))
assert w["jobs"]["grade"]["needs"] == "attn"
EOF
mkdir -p "$root/dist" && cp "$tarball" "$dist/SHA256SUMS" "$root/dist/"
cp "$blocks/attn-job.sh" "$blocks/grade-job.sh" "$root/work/"
ok inside bash -c "cd /work/attn-job && bash /work/attn-job.sh"
# upload-artifact / download-artifact: the job's tarball, to the download path.
cp "$root/work/attn-job/$name" "$root/tmp/attn-release/"
printf '[points]\n"*" = 1\n' >"$root/work/grade/course.toml"
mkdir -p "$root/work/grade/submission"
# The student's sheet (their key), as the checkout of their repository would bring it.
tar -C "$blocks" -xzf "$tarball"
ATTN_COURSE_SECRET=a-course-secret-for-the-check "$blocks/${name%.tar.gz}/bin/attn" homework --key \
  --variant alice >"$root/work/grade/submission/answers.toml"
: >"$root/work/github_path"
# (the runner adds $GITHUB_PATH's lines to PATH for later steps: the grade step runs after it)
inside bash -c "cd /work/grade && export RUNNER_TEMP=/work/runner-temp GITHUB_PATH=/work/github_path GITHUB_STEP_SUMMARY=/work/summary.md
  sed -n '1,/^attn homework/{/^attn homework/!p}' /work/grade-job.sh >/work/unpack.sh
  sed -n '/^export ATTN_COURSE_SECRET/,\$p' /work/grade-job.sh >/work/grade.sh
  bash -e /work/unpack.sh && PATH=\$(cat /work/github_path):\$PATH bash /work/grade.sh" \
  >"$blocks/grade.log" 2>&1 || true
ok test -s "$root/work/grade/report.xml"
ok python3 - "$root/work/grade/results.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
got, full = r.get("score"), sum(t.get("max_score", 0) for t in r.get("tests", []))
print(f"GitHub job's results.json: score {got} of {full}")
sys.exit(0 if full > 0 and got == full else 1)
EOF
ok test -s "$root/work/summary.md"
echo "teacher-recipes-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
