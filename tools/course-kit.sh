#!/usr/bin/env bash
# attn's course kit: from a course file, everything a teacher uploads or commits to grade attn's
# homework on Gradescope, GitHub or GitLab, made with the released attn's own commands (attn
# homework --template, --grade, --grade-class) and nothing else. Shipped in the release tarball
# as bin/attn-course-kit.
#
#   tools/course-kit.sh COURSE.toml OUT [--secret FILE] [--roster FILE] [--tarball FILE]
#                       [--release-url URL] [--students-repo PREFIX]
#
#   COURSE.toml        the course file (docs/homework.md): points, feedback, problems, tolerance
#   --secret FILE      the course secret (default: course-secret.txt beside COURSE.toml; made
#                      there with `openssl rand -hex 32`, mode 0600, when it does not exist yet)
#   --roster FILE      the students' IDs, one a line (# comments): each gets their blank sheet,
#                      and the GitHub and GitLab files grade each of them (default: none yet;
#                      edit roster.txt in the grading repository later)
#   --tarball FILE     the release tarball attn-VERSION-linux-x86_64.tar.gz to ship (its
#                      SHA256SUMS beside it is checked when present); without it, the tarball
#                      and SHA256SUMS are downloaded from the release location below
#   --release-url URL  where the release's files are (default $ATTN_RELEASE_URL, else the
#                      release workflow's output: https://github.com/$ATTN_REPOSITORY/releases/
#                      download/vVERSION, ATTN_REPOSITORY being the repository the release was
#                      built in, or this checkout's GitHub remote)
#   --students-repo P  the students' repositories are P + ID (default homework-), owned by the
#                      grading repository's owner (GitHub) or group (GitLab)
#   $ATTN              the attn that checks the course file and prints the sheets (default: the
#                      tarball's own bin/attn, so the sheets come from the version that grades)
#
# OUT (made; it must not exist or be empty) receives
#   gradescope/autograder.zip   setup.sh, run_autograder, course.toml, course-secret.txt (0600),
#                               the tarball and attn.sha256, its checksum, which setup.sh checks
#   github/                     the teacher's PRIVATE grading repository: course.toml,
#                               roster.txt, .github/workflows/grade.yml (secrets
#                               ATTN_COURSE_SECRET and CLASS_READ_TOKEN; a step summary, JUnit
#                               and results.json per student), README.md
#   gitlab/                     the same for GitLab: .gitlab-ci.yml, course.toml, roster.txt
#   starter/ID/                 with --roster: each student's starter repository, answers.toml
#                               (their blank sheet, their own numbers keyed by the course
#                               secret: attn homework --template --variant ID --course) and
#                               README.md; no workflow and no secret (push it as homework-ID)
# The secret goes only into the Gradescope zip, never into a file meant for a repository:
# GitHub and GitLab take it from the grading repository's secrets. tests/kit/course_kit_test.py
# runs every file of the kit as its service runs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prog=course-kit
die() { echo "$prog: $1" >&2; exit "${2:-2}"; }
usage="usage: $prog COURSE.toml OUT [--secret FILE] [--roster FILE] [--tarball FILE] [--release-url URL] [--students-repo PREFIX]"
# Stamped by tools/release.sh with the repository the release workflow ran in ($GITHUB_REPOSITORY).
default_repository=""

course="" out="" secret="" roster="" tarball="" release_url=${ATTN_RELEASE_URL:-} prefix=homework-
while [ $# -gt 0 ]; do
  case "$1" in
    --secret|--roster|--tarball|--release-url|--students-repo)
      [ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value ($usage)"
      case "$1" in
        --secret) secret=$2 ;; --roster) roster=$2 ;; --tarball) tarball=$2 ;;
        --release-url) release_url=$2 ;; --students-repo) prefix=$2 ;;
      esac
      shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/!s/^# \{0,1\}//p}' "$0"; exit 0 ;;
    -*) die "unknown flag '$1' ($usage)" ;;
    *) if [ -z "$course" ]; then course=$1; elif [ -z "$out" ]; then out=$1; else die "one COURSE.toml and one OUT ($usage)"; fi; shift ;;
  esac
done
[ -n "$course" ] && [ -n "$out" ] || die "$usage"
[ -f "$course" ] && [ -r "$course" ] || die "$course: no such course file (docs/homework.md shows one)" 3
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then die "$out: exists and is not empty: give a new folder"; fi
case "$prefix" in *[!A-Za-z0-9._-]*) die "--students-repo $prefix: letters, digits, . _ - only" ;; esac
for tool in sha256sum tar python3; do command -v "$tool" >/dev/null || die "$tool is needed (coreutils, tar, python3)" 3; done

# ---- the secret --------------------------------------------------------------------------------
[ -n "$secret" ] || secret=$(dirname "$course")/course-secret.txt
if [ ! -e "$secret" ]; then
  command -v openssl >/dev/null || die "$secret does not exist, and openssl (to make one) is missing" 3
  (umask 077 && openssl rand -hex 32 >"$secret")
  echo "$prog: made a new course secret, $secret (mode 0600): keep it; a new secret gives every student new numbers"
fi
[ -f "$secret" ] && [ -r "$secret" ] || die "$secret: cannot read the course secret" 3
case "$(stat -c %a "$secret")" in
  ?00) ;;
  *) echo "$prog: warning: $secret is readable by group or others (mode $(stat -c %a "$secret")): chmod 600 it; the kit's copy is 0600" >&2 ;;
esac

# ---- roster ------------------------------------------------------------------------------------
ids=()
if [ -n "$roster" ]; then
  [ -f "$roster" ] && [ -r "$roster" ] || die "--roster $roster: cannot read it" 3
  n=0
  while IFS= read -r line || [ -n "$line" ]; do
    n=$((n + 1))
    line=${line%$'\r'}
    case "$line" in ''|'#'*) continue ;; esac
    # IDs go into CSV rows, shell words and repository names: no spaces, quotes or commas.
    case "$line" in *[!A-Za-z0-9@._+-]*) die "--roster $roster:$n: '$line': an ID is letters, digits and @ . _ + - only" ;; esac
    ids+=("$line")
  done <"$roster"
  [ ${#ids[@]} -gt 0 ] || die "--roster $roster: no IDs"
fi

# ---- the release: its version, where it is, the tarball and its checksum ------------------------
work=$(mktemp -d)
made=""   # OUT, once made: removed again if the kit stops half-way (never a partial kit)
trap 'rc=$?; rm -rf "$work"; if [ $rc -ne 0 ] && [ -n "$made" ]; then rm -rf "$made"; fi' EXIT
if [ -n "$tarball" ]; then
  [ -f "$tarball" ] && [ -r "$tarball" ] || die "--tarball $tarball: cannot read it" 3
  name=$(basename "$tarball")
  case "$name" in attn-*-linux-x86_64.tar.gz) ;; *) die "--tarball $name: want attn-VERSION-linux-x86_64.tar.gz (tools/release.sh x86_64)" ;; esac
  version=${name#attn-}; version=${version%-linux-x86_64.tar.gz}
else
  version=${ATTN_VERSION:-}
  if [ -z "$version" ]; then
    v_attn=${ATTN:-}
    if [ -z "$v_attn" ] && [ -x "$here/attn" ]; then v_attn=$here/attn; fi   # bin/ of the tarball
    [ -n "$v_attn" ] || v_attn=$(command -v attn || true)
    [ -n "$v_attn" ] || die "no attn to take the version from: set ATTN_VERSION=X.Y.Z or ATTN=/path/to/attn, or give --tarball FILE"
    version=$("$v_attn" -V | sed -n 's/^attn \([0-9][0-9.]*\).*/\1/p')
    [ -n "$version" ] || die "$v_attn -V does not say a version"
  fi
  name=attn-$version-linux-x86_64.tar.gz
fi
# The GitHub and GitLab files download attn from there at each run, so it must be known.
if [ -z "$release_url" ]; then
  repository=${ATTN_REPOSITORY:-$default_repository}
  if [ -z "$repository" ] && origin=$(git -C "$here" remote get-url origin 2>/dev/null); then
    repository=$(printf '%s\n' "$origin" | sed -n 's#^\(https://\|git@\|ssh://git@\)github\.com[:/]\([^/]*/[^/]*\)$#\2#p' | sed 's/\.git$//')
  fi
  [ -n "$repository" ] || die "where is the release? give --release-url URL (or set ATTN_REPOSITORY=OWNER/NAME, the GitHub repository whose release workflow published attn $version)"
  release_url=https://github.com/$repository/releases/download/v$version
fi
release_url=${release_url%/}
if [ -z "$tarball" ]; then
  command -v curl >/dev/null || die "curl is needed to download the release (or give --tarball FILE)" 3
  echo "$prog: downloading $release_url/$name"
  curl -fsSL -o "$work/$name" "$release_url/$name" || die "$release_url/$name: download failed" 3
  curl -fsSL -o "$work/SHA256SUMS" "$release_url/SHA256SUMS" || die "$release_url/SHA256SUMS: download failed" 3
  tarball=$work/$name
elif [ -f "$(dirname "$tarball")/SHA256SUMS" ]; then
  cp "$(dirname "$tarball")/SHA256SUMS" "$work/SHA256SUMS"
fi
sha=$(sha256sum "$tarball" | cut -d' ' -f1)
if [ -f "$work/SHA256SUMS" ]; then
  want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$work/SHA256SUMS")
  [ "$want" = "$sha" ] || die "$name: its SHA-256 is not the one in SHA256SUMS: not the released file" 3
fi
# The attn that prints the sheets: the tarball's own, unless $ATTN says otherwise.
mkdir "$work/attn"
tar -C "$work/attn" --strip-components=1 -xzf "$tarball" || die "$name: not a release tarball" 3
attn=${ATTN:-$work/attn/bin/attn}
"$attn" -V >/dev/null 2>&1 || die "$attn does not run here (set ATTN=/path/to/attn to print the sheets with another)" 3

# ---- the course file: attn reads it as the grader will (a misspelt setting is an error) -------
"$attn" homework --template --course "$course" --secret-file "$secret" --variant course-kit-check \
  >/dev/null 2>"$work/check.err" || { cat "$work/check.err" >&2; die "$course: attn refuses this course file (above)"; }

mkdir -p "$out"
out=$(cd "$out" && pwd)
made=$out
mkdir -p "$out/gradescope" "$out/github/.github/workflows" "$out/gitlab"

# ---- Gradescope --------------------------------------------------------------------------------
gs=$work/gradescope
mkdir "$gs"
cp "$course" "$gs/course.toml"
cp "$secret" "$gs/course-secret.txt"
cp "$tarball" "$gs/$name"
echo "$sha  $name" >"$gs/attn.sha256"
cat >"$gs/setup.sh" <<EOF
#!/usr/bin/env bash
# Gradescope runs this once, as root, in /autograder/source (made by attn's course kit).
# It checks the static attn against the checksum the kit took from the release, and unpacks it.
set -euo pipefail
cd /autograder/source
sha256sum --check --strict attn.sha256      # fails unless the tarball is the released one
chmod 600 course-secret.txt                 # attn refuses a secret that others can read
mkdir -p /opt/attn
tar -C /opt/attn --strip-components=1 -xzf $name
/opt/attn/bin/attn -V
EOF
cat >"$gs/run_autograder" <<'EOF'
#!/usr/bin/env bash
# Gradescope runs this for each submission (made by attn's course kit). The student submits their
# sheet, answers.toml (a single .toml file of another name is taken too: browsers rename
# downloads); their ID is the first member's e-mail address in submission_metadata.json, the ID
# their sheet was printed for. attn writes results.json whatever happens: a missing or unreadable
# sheet gets score 0 and the reason.
set -uo pipefail
mkdir -p /autograder/results
ID=$(python3 -c 'import json; print(json.load(open("/autograder/submission_metadata.json"))["users"][0]["email"])')
sheet=/autograder/submission/answers.toml
if [ ! -e "$sheet" ]; then
  shopt -s nullglob
  found=(/autograder/submission/*.toml)
  [ ${#found[@]} -eq 1 ] && sheet=${found[0]}
fi
/opt/attn/bin/attn homework --grade "$sheet" --variant "$ID" \
  --secret-file /autograder/source/course-secret.txt --course /autograder/source/course.toml \
  --gradescope /autograder/results/results.json
exit 0   # the score is in results.json; attn's exit code 1 only means "not every answer right"
EOF
# Gradescope unzips into /autograder/source; the modes travel in the zip (secret 0600, scripts 0755).
python3 - "$gs" "$out/gradescope/autograder.zip" <<'PY'
import os, sys, zipfile
src, dest = sys.argv[1:]
modes = {"setup.sh": 0o755, "run_autograder": 0o755, "course-secret.txt": 0o600}
with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
    for f in sorted(os.listdir(src)):
        info = zipfile.ZipInfo(f, (2026, 1, 1, 0, 0, 0))
        # the tarball is compressed already: stored as it is
        info.compress_type = zipfile.ZIP_STORED if f.endswith(".gz") else zipfile.ZIP_DEFLATED
        info.external_attr = (0o100000 | modes.get(f, 0o644)) << 16
        with open(os.path.join(src, f), "rb") as fh:
            z.writestr(info, fh.read())
PY
chmod 600 "$out/gradescope/autograder.zip"   # it holds the secret

# ---- the roster and the sheets -----------------------------------------------------------------
{
  echo "# The students' IDs, one a line: each is graded with the numbers of this ID (the ID their"
  echo "# sheet was printed for) from the repository $prefix<ID>."
  for id in ${ids[@]+"${ids[@]}"}; do echo "$id"; done
} >"$work/roster.txt"
# Each student's starter repository: their own blank sheet (keyed: only the course secret prints
# it) and what to do with it. A sheet of the chapter's numbers is never handed out: its answers
# are in the book, and a keyed course refuses to grade them.
for id in ${ids[@]+"${ids[@]}"}; do
  mkdir -p "$out/starter/$id"
  "$attn" homework --template --variant "$id" --course "$course" --secret-file "$secret" \
    >"$out/starter/$id/answers.toml" 2>"$work/sheet.err" || { cat "$work/sheet.err" >&2; die "the sheet of $id could not be printed" 1; }
  cat >"$out/starter/$id/README.md" <<'EOF'
# Homework: attention (attn)

`answers.toml` is your answer sheet, printed for you: your own numbers, the problems' text in
its comments. Remove the "# " in front of each answer line, write your answer (numbers to the
places the sheet asks; expressions in D, N, H such as `4*D^2`), commit and push. Answers only:
points and grading rules are your teacher's. Grading happens in your teacher's repository at
the deadline; nothing in this repository is graded before that.

To practise, `attn homework --variant YOUR-ID` prints worked solutions for public self-study
numbers (not your graded ones); the web page runs attn in a browser.
EOF
done

# ---- GitHub: the teacher's grading repository ----------------------------------------------------
cp "$course" "$out/github/course.toml"
cp "$work/roster.txt" "$out/github/roster.txt"
cat >"$out/github/.github/workflows/grade.yml" <<EOF
# Grades every student of roster.txt from their repository $prefix<ID>, owned by this
# repository's owner (made by attn's course kit). Runs in the teacher's PRIVATE grading
# repository, whose secrets hold
# ATTN_COURSE_SECRET (course-secret.txt's contents) and CLASS_READ_TOKEN (a token that can read
# the students' repositories): never in a student's repository, where a workflow can print them.
# Each student's job writes the step summary (attn appends its table to \$GITHUB_STEP_SUMMARY),
# report.xml (JUnit) and results.json, kept as the artifact report-ID.
name: grade
on: workflow_dispatch            # run it at the deadline (Actions, grade, Run workflow)
env:
  ATTN_RELEASE_URL: $release_url
  ATTN_TARBALL: $name
  ATTN_SHA256: $sha
jobs:
  roster:
    runs-on: ubuntu-latest
    outputs:
      students: \${{ steps.roster.outputs.students }}
    steps:
      - uses: actions/checkout@v4
      - id: roster
        run: |
          python3 -c 'import json; print("students=" + json.dumps([l.strip() for l in open("roster.txt") if l.strip() and not l.startswith("#")]))' >>"\$GITHUB_OUTPUT"
  grade:
    needs: roster
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        student: \${{ fromJSON(needs.roster.outputs.students) }}
    steps:
      - uses: actions/checkout@v4          # this repository: course.toml
      - name: attn, the released static binary, its checksum checked
        run: |
          curl -fsSL -o "\$RUNNER_TEMP/\$ATTN_TARBALL" "\$ATTN_RELEASE_URL/\$ATTN_TARBALL"
          echo "\$ATTN_SHA256  \$RUNNER_TEMP/\$ATTN_TARBALL" | sha256sum --check --strict
          mkdir -p "\$RUNNER_TEMP/attn"
          tar -C "\$RUNNER_TEMP/attn" --strip-components=1 -xzf "\$RUNNER_TEMP/\$ATTN_TARBALL"
          echo "\$RUNNER_TEMP/attn/bin" >>"\$GITHUB_PATH"
      - uses: actions/checkout@v4          # the student's sheet
        continue-on-error: true            # no repository: graded as no sheet (score 0)
        with:
          repository: \${{ github.repository_owner }}/$prefix\${{ matrix.student }}
          token: \${{ secrets.CLASS_READ_TOKEN }}
          path: submission
      - name: grade
        env:
          ATTN_COURSE_SECRET: \${{ secrets.ATTN_COURSE_SECRET }}
          STUDENT: \${{ matrix.student }}
        run: |
          # exit 1 only means "not every answer right": the score is in the reports. A refusal
          # (exit 2 or 3: no secret set, a bad course file, no sheet) fails the job.
          attn homework --grade submission/answers.toml --variant "\$STUDENT" --course course.toml \\
            --junit report.xml --gradescope results.json || [ \$? -eq 1 ]
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: report-\${{ matrix.student }}
          path: |
            report.xml
            results.json
EOF
cat >"$out/github/README.md" <<EOF
# Grading attn's homework on GitHub

This folder is the teacher's grading repository: make it a **private** repository in the
organisation that owns the students' repositories ($prefix<ID>, each made from the kit's
\`starter/ID/\`), then in its Settings, Secrets and variables, Actions, add

- \`ATTN_COURSE_SECRET\`: the contents of course-secret.txt;
- \`CLASS_READ_TOKEN\`: a fine-grained token with read access to the students' repositories' contents.

List the students' IDs in roster.txt (the IDs their sheets were printed for; their repository is
$prefix<ID>). At the deadline run the workflow (Actions, grade, Run workflow): each student's
job shows the score table in its summary and keeps report.xml and results.json.
attn is downloaded from $release_url and checked against the SHA-256 in grade.yml.
EOF

# ---- GitLab: the same, one job for the class ------------------------------------------------------
cp "$course" "$out/gitlab/course.toml"
cp "$work/roster.txt" "$out/gitlab/roster.txt"
cat >"$out/gitlab/.gitlab-ci.yml" <<EOF
# Grades every student of roster.txt from their project \$STUDENTS_GROUP/$prefix<ID> in one job,
# with attn homework --grade-class (made by attn's course kit). Runs in the teacher's PRIVATE
# grading project, whose CI/CD variables (masked, protected) hold ATTN_COURSE_SECRET
# (course-secret.txt's contents) and CLASS_READ_TOKEN (a group access token with read_repository):
# never in a student's project. JUnit per student (the pipeline's Tests tab), and grades/ as the
# artifact: gradebook.csv, canvas.csv, moodle.csv, class.md, class.svg, students/ID/results.json.
variables:
  ATTN_RELEASE_URL: "$release_url"
  ATTN_TARBALL: "$name"
  ATTN_SHA256: "$sha"
  STUDENTS_GROUP: "\$CI_PROJECT_NAMESPACE"     # the group of the students' projects
grade:
  image: buildpack-deps:bookworm-scm            # Debian 12 with curl and git
  rules:
    - if: \$CI_PIPELINE_SOURCE == "web"          # run it at the deadline (Build, Pipelines, Run pipeline)
  script:
    - curl -fsSL -o "\$ATTN_TARBALL" "\$ATTN_RELEASE_URL/\$ATTN_TARBALL"
    - echo "\$ATTN_SHA256  \$ATTN_TARBALL" | sha256sum --check --strict
    - mkdir -p attn && tar -C attn --strip-components=1 -xzf "\$ATTN_TARBALL"
    - |
      echo "id,sheet" > roster.csv
      grep -v '^#' roster.txt | grep . | while read -r id; do
        git clone --quiet --depth 1 "https://oauth2:\${CLASS_READ_TOKEN}@\${CI_SERVER_HOST}/\${STUDENTS_GROUP}/$prefix\${id}.git" "submissions/\$id" \\
          || echo "\$id: no repository $prefix\$id (graded as no sheet)"
        echo "\$id,submissions/\$id/answers.toml" >> roster.csv
      done
    - attn/bin/attn homework --grade-class roster.csv --out grades --course course.toml || [ \$? -eq 1 ]
  artifacts:
    when: always
    paths:
      - grades/
    reports:
      junit: grades/students/*/report.xml
EOF

echo "$prog: attn $version ($name, SHA-256 $sha)"
echo "$prog: $out/gradescope/autograder.zip   upload as the assignment's autograder (Configure Autograder, zip file)"
echo "$prog: $out/github/                     the grading repository (private; README.md says which secrets)"
echo "$prog: $out/gitlab/                     the grading project (.gitlab-ci.yml)"
if [ ${#ids[@]} -gt 0 ]; then
  echo "$prog: $out/starter/ID/                 each student's starter repository, their own sheet (${#ids[@]})"
else
  echo "$prog: no --roster: no students' sheets yet (run the kit again with --roster roster.txt)"
fi
exit 0
