#!/usr/bin/env python3
"""The course kit (tools/course-kit.sh) run as each service runs it, for five submissions.

The kit is made as docs/homework.md says, by its own shell block (the secret with `openssl rand`
and `chmod 600`, then `attn-course-kit course.toml kit --roster roster.txt`), from the docs' own
course.toml, with a bin/ laid out as the release tarball's (bin/attn, bin/attn-course-kit) and the
release downloaded (curl, file://) from a stand-in release folder: the tarball
attn-VERSION-linux-x86_64.tar.gz and SHA256SUMS, as tools/release.sh names them, holding the
build's attn instead of the static one (building that takes root, Debian's archive and minutes;
tools/release-test.sh tests the static binary itself).

Five students, the same five on every service:
  key      their own key (attn homework --key): full marks
  two      the key with two answers wrong: full marks minus those two keys' points, each of them
           with its hint
  line     the key with one line that cannot be read (a decimal comma): minus that key's points,
           the reason naming the line
  none     no sheet at all: 0, the report saying why
  secret   the key printed with another secret: only the answers that do not depend on the
           numbers (problem 3's formulas) score
Each expected score is worked here from the docs' course.toml's [points] (the most specific rule
wins) and the keys' values, not read from attn.

Gradescope: autograder.zip is unpacked into /autograder/source of a fresh root, setup.sh runs
once, run_autograder once per submission, each with its own /autograder/submission and
submission_metadata.json, as root without a terminal and with an empty environment. Gradescope's
Ubuntu images cannot be reached from here, and a debootstrap of Debian per run takes a minute and
the archive (tools/teacher-recipes-check.sh does that, outside the suite); instead the root is a
new folder whose /usr and /etc are this machine's, bind-mounted read-only in a private mount
namespace (unshare), so the scripts run with Gradescope's literal paths (/autograder, /opt) and
can write nothing else; /autograder, /opt, /root and /tmp start empty. Without root it uses a
user namespace; where neither is allowed it is skipped (exit 77) with the reason.

GitHub: the grading repository's workflow is read with python3-yaml and its jobs run in order as
the runner runs them: each `run:` step in `bash -e` in $GITHUB_WORKSPACE with the runner's
variables (GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_PATH, GITHUB_STEP_SUMMARY, RUNNER_TEMP, ...),
`${{ }}` expressions evaluated (an unknown one fails the test), the roster job's output feeding the
matrix, actions/checkout copying the grading repository or a student's repository (none: the
step fails, continue-on-error), upload-artifact keeping the files the teacher downloads.

GitLab: the grading project's .gitlab-ci.yml, its variables expanded as GitLab does, its job's
`script:` lines run in bash with GitLab's predefined variables; `git clone` reaches the students'
projects (local git repositories) through git's url.<base>.insteadOf, set in the environment;
the artifacts (gradebook.csv, students/ID/results.json, the JUnit files) are then read.

    course_kit_test.py --attn build/attn --source .
"""
import argparse
import glob
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import zipfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks  # noqa: E402

KINDS = ["key", "two", "line", "none", "secret"]
# Gradescope's ID is the student's e-mail address; GitHub's and GitLab's are roster names, which
# are also the repositories' names (homework-ID).
GRADESCOPE_IDS = {k: f"{k}@class.test" for k in KINDS}
REPO_IDS = {k: f"s-{k}" for k in KINDS}
STUDENTS = [REPO_IDS[k] for k in KINDS]
OTHER_SECRET = "a-secret-of-another-course-0123456789abcdef"


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


# ---- the docs' files -------------------------------------------------------------------------

def docs_course_toml(doc):
    """The course file docs/homework.md shows (the block with require_secret = true)."""
    for block in re.findall(r"```toml\n(.*?)```", doc, re.S):
        if block.startswith("require_secret = true"):
            return block
    raise SystemExit("docs/homework.md: no course.toml block starting with require_secret = true")


def docs_kit_block(doc):
    """The course kit's shell block of docs/homework.md (the one that runs attn-course-kit)."""
    for block in re.findall(r"```sh\n(.*?)```", doc, re.S):
        if "attn-course-kit" in block and "openssl rand" in block:
            return block
    raise SystemExit("docs/homework.md: no ```sh block with openssl rand and attn-course-kit")


def parse_points(course_text):
    rules, inside = {}, False
    for line in course_text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("["):
            inside = line == "[points]"
            continue
        if inside and "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            rules[k.strip('"')] = float(v)
    return rules


def key_points(rules, key):
    parts = key.split(".")
    for i in range(len(parts), 0, -1):
        if ".".join(parts[:i]) in rules:
            return rules[".".join(parts[:i])]
    return rules.get("*", 1.0)


# ---- the five sheets --------------------------------------------------------------------------

def flat_key(attn, sid, secret, course):
    """{key: value} of a student's key (attn homework --key --format json)."""
    r = sh([attn, "homework", "--key", "--format", "json", "--variant", sid],
           env={**os.environ, "ATTN_COURSE_SECRET": secret})
    if r.returncode != 0:
        raise SystemExit(f"attn homework --key --format json: exit {r.returncode}: {r.stderr}")
    return {item["key"]: item["value"] for item in json.loads(r.stdout)["data"]["items"]}


def key_kinds(attn, sid, secret):
    """{key: kind} (integer, real, expression, boolean) of a student's key."""
    r = sh([attn, "homework", "--key", "--format", "json", "--variant", sid],
           env={**os.environ, "ATTN_COURSE_SECRET": secret})
    return {item["key"]: item["kind"] for item in json.loads(r.stdout)["data"]["items"]}


def clearly_wrong(want, given):
    """Whether `given` (another variant's value, None when that variant has no such key) is a
    wrong answer for `want` by any rule: another length, or an element 5 % off."""
    if given is None:
        return True
    w = want if isinstance(want, list) else [want]
    g = given if isinstance(given, list) else [given]
    if len(w) != len(g):
        return True
    return any(abs(x - y) > 0.05 * max(abs(x), abs(y)) for x, y in zip(w, g))


def key_sheet(attn, sid, secret, course):
    r = sh([attn, "homework", "--key", "--variant", sid],
           env={**os.environ, "ATTN_COURSE_SECRET": secret})
    if r.returncode != 0:
        raise SystemExit(f"attn homework --key: exit {r.returncode}: {r.stderr}")
    return r.stdout


def set_answer(sheet, table, key, value):
    """The sheet with `key = ...` inside [table] replaced by `key = value` (one line)."""
    lines, inside, done = sheet.split("\n"), False, False
    for i, line in enumerate(lines):
        if line.startswith("["):
            inside = line.strip() == f"[{table}]"
        elif inside and re.match(rf"{re.escape(key)}\s*=", line):
            lines[i] = f"{key} = {value}"
            done = True
            break
    if not done:
        raise SystemExit(f"the key sheet has no {table}.{key}")
    return "\n".join(lines)


def submissions(attn, secret, course, rules, ids, checks):
    """The five students' sheets and their expected (score, {wrong key: what its output must
    say}), worked from the course's points: {ID: sheet or None}, {ID: expectation}, full marks.
    The two mistakes are known ones, so their outputs name them (the hint of no 1/sqrt(Dq), of
    forgetting Omega_c)."""
    import math
    sheets, expect = {}, {}
    keys = {k: flat_key(attn, ids[k], secret, course) for k in KINDS}
    total = sum(key_points(rules, k) for k in keys["key"])
    sheets[ids["key"]] = key_sheet(attn, ids["key"], secret, course)
    expect[ids["key"]] = (total, {})
    # two wrong: 1(a)'s weights (1 point, "*") from scores not divided by sqrt(Dq), a known
    # mistake, and 3(a)'s parameters (2 points, hw3) as 3D^2 instead of 4D^2.
    sid = ids["two"]
    sc = keys["two"]["hw1.a.scores"]
    ex = [math.exp(x - max(sc)) for x in sc]
    no_sqrt = "[" + ", ".join(f"{e / sum(ex):.4f}" for e in ex) + "]"
    s = set_answer(key_sheet(attn, sid, secret, course), "hw1.a", "weights", no_sqrt)
    sheets[sid] = set_answer(s, "hw3.a", "params", '"3*D^2"')
    expect[sid] = (total - key_points(rules, "hw1.a.weights") - key_points(rules, "hw3.a.params"),
                   {"hw1.a.weights": "sqrt(Dq)", "hw3.a.params": "Omega_c"})
    # one line that cannot be read: problem 2's kept sum with a decimal comma
    sid = ids["line"]
    sheets[sid] = set_answer(key_sheet(attn, sid, secret, course), "hw2.a", "kept_sum",
                             str(keys["line"]["hw2.a.kept_sum"]).replace(".", ","))
    expect[sid] = (total - key_points(rules, "hw2.a.kept_sum"), {"hw2.a.kept_sum": "could not be read"})
    sheets[ids["none"]] = None
    expect[ids["none"]] = (0, {})
    # another course's secret: the answers that do not depend on the numbers (problem 3's
    # formulas, 2(c)'s true) still score, the numbers do not. Problem 1's numbers come from a
    # small space, so another secret often gives some of the same weights: the other secret is
    # the first of a fixed list whose every number is clearly wrong (5 % off, or another key).
    sid = ids["secret"]
    kinds = key_kinds(attn, sid, secret)
    free = [k for k, kind in kinds.items() if kind in ("expression", "boolean")]
    for n in range(200):
        other_secret = f"{OTHER_SECRET}-{n}"
        other = flat_key(attn, sid, other_secret, course)
        if all(clearly_wrong(v, other.get(k)) for k, v in keys["secret"].items() if k not in free):
            break
    else:
        raise SystemExit("no other secret among 200 gives clearly wrong numbers")
    checks.check(all(other.get(k) == keys["secret"][k] for k in free), f"the numbers-free answers are the same: {free}")
    sheets[sid] = key_sheet(attn, sid, other_secret, course)
    expect[sid] = (sum(key_points(rules, k) for k in free), {})
    checks.check(0 < expect[sid][0] < total / 2, f"another secret's sheet keeps only the numbers-free answers ({free})")
    return sheets, expect, total


# ---- Gradescope ---------------------------------------------------------------------------------

class FreshRoot:
    """A new root folder in which commands run with this machine's /usr and /etc read-only."""

    def __init__(self, path):
        self.path = path
        for d in ["usr", "etc", "proc", "dev", "autograder", "opt", "root", "tmp"]:
            os.makedirs(os.path.join(path, d), exist_ok=True)
        os.chmod(os.path.join(path, "tmp"), 0o1777)
        for link in ["bin", "lib", "lib64", "sbin"]:       # Debian's merged /usr
            if os.path.islink("/" + link):
                os.symlink(os.readlink("/" + link), os.path.join(path, link))
        self.prefix = ["unshare", "--mount", "--fork"] if os.geteuid() == 0 else \
            ["unshare", "--user", "--map-root-user", "--mount", "--fork"]

    def why_not(self):
        """None when the root can be made here (the mounts and chroot run), else why not."""
        r = self.run("true")
        return None if r.returncode == 0 else f"no private mount namespace and chroot here ({r.stderr.strip()})"

    def run(self, *command):
        root = self.path
        mounts = (f"mount --rbind /usr {root}/usr && mount -o remount,bind,ro {root}/usr 2>/dev/null;"
                  f" mount --rbind /etc {root}/etc && mount -o remount,bind,ro {root}/etc 2>/dev/null;"
                  f" mount --rbind /proc {root}/proc"
                  f" && mount --rbind /dev {root}/dev && exec setsid chroot {root} /usr/bin/env -i"
                  " HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \"$@\"")
        return sh(self.prefix + ["sh", "-c", mounts, "sh", *command], stdin=subprocess.DEVNULL)


def unzip_as_gradescope(zip_path, dest):
    """The zip into dest, each file with the mode the zip records (as unzip restores it)."""
    modes = {}
    with zipfile.ZipFile(zip_path) as z:
        for info in z.infolist():
            z.extract(info, dest)
            mode = (info.external_attr >> 16) & 0o7777
            modes[info.filename] = mode
            if mode:
                os.chmod(os.path.join(dest, info.filename), mode)
    return modes


def gradescope(checks, kit, work, sheets, skip):
    root = FreshRoot(os.path.join(work, "gradescope-root"))
    why = root.why_not()
    if why:
        skip.append(f"Gradescope: {why}")
        return {}
    r = os.path.join(root.path, "autograder")
    modes = unzip_as_gradescope(os.path.join(kit, "gradescope", "autograder.zip"), os.path.join(r, "source"))
    checks.check(modes.get("course-secret.txt") == 0o600, f"autograder.zip: course-secret.txt mode {oct(modes.get('course-secret.txt', 0))}, want 0600")
    checks.check(set(modes) >= {"setup.sh", "run_autograder", "course.toml", "course-secret.txt", "attn.sha256"},
                 f"autograder.zip holds {sorted(modes)}")
    checks.check(not any("example.org" in open(os.path.join(r, "source", f), errors="replace").read()
                         for f in modes if not f.endswith(".tar.gz")), "no example.org in the autograder")
    shutil.copy(os.path.join(r, "source", "run_autograder"), os.path.join(r, "run_autograder"))  # as Gradescope does
    s = root.run("bash", "-c", "cd /autograder/source && bash ./setup.sh")
    checks.check(s.returncode == 0, f"Gradescope setup.sh: exit {s.returncode}\n{s.stdout}{s.stderr}")
    checks.check(stat.S_IMODE(os.stat(os.path.join(r, "source", "course-secret.txt")).st_mode) == 0o600,
                 "after setup.sh the secret is 0600")
    scores = {}
    for sid in GRADESCOPE_IDS.values():
        shutil.rmtree(os.path.join(r, "submission"), ignore_errors=True)
        shutil.rmtree(os.path.join(r, "results"), ignore_errors=True)
        os.makedirs(os.path.join(r, "submission"))
        if sheets[sid] is not None:
            with open(os.path.join(r, "submission", "answers.toml"), "w") as f:
                f.write(sheets[sid])
        with open(os.path.join(r, "submission_metadata.json"), "w") as f:
            json.dump({"users": [{"email": sid, "name": "A Student"}]}, f)
        run = root.run("/autograder/run_autograder")
        checks.check(run.returncode == 0, f"Gradescope run_autograder ({sid}): exit {run.returncode}: {run.stderr[-400:]}")
        results = os.path.join(r, "results", "results.json")
        if checks.check(os.path.isfile(results), f"Gradescope ({sid}): results.json written"):
            with open(results) as f:
                scores[sid] = json.load(f)
    # A tarball that is not the released one: setup.sh refuses it.
    tar = glob.glob(os.path.join(r, "source", "attn-*.tar.gz"))[0]
    with open(tar, "r+b") as f:
        f.seek(100)
        b = f.read(1)
        f.seek(100)
        f.write(bytes([b[0] ^ 1]))
    bad = root.run("bash", "-c", "cd /autograder/source && bash ./setup.sh")
    checks.check(bad.returncode != 0, "Gradescope setup.sh refuses a tarball that is not the released one")
    return scores


# ---- GitHub Actions -----------------------------------------------------------------------------

class Expressions:
    def __init__(self, values):
        self.values = values

    def sub(self, text):
        def one(m):
            expr = m.group(1).strip()
            if expr not in self.values:
                raise KeyError(f"the simulated runner does not know ${{{{ {expr} }}}}")
            return str(self.values[expr])
        return re.sub(r"\$\{\{(.*?)\}\}", one, text)


def run_steps(checks, job_name, steps, env_base, workspace, expr, uses, log):
    """A job's steps, as the runner runs them; returns (ok, env files)."""
    temp = workspace + ".temp"
    os.makedirs(temp, exist_ok=True)
    files = {n: os.path.join(temp, n) for n in ["GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STEP_SUMMARY", "GITHUB_ENV"]}
    for p in files.values():
        open(p, "w").close()
    ok = True
    for step in steps:
        cond = step.get("if", "success()")
        if cond not in ("always()", "success()"):
            raise KeyError(f"{job_name}: the simulated runner does not know if: {cond}")
        if not ok and cond != "always()":
            continue
        if "uses" in step:
            good = uses(step, workspace)
        else:
            env = dict(env_base)
            env.update({k: expr.sub(str(v)) for k, v in step.get("env", {}).items()})
            env.update({"GITHUB_WORKSPACE": workspace, "RUNNER_TEMP": temp, **files})
            with open(files["GITHUB_PATH"]) as f:
                extra = [line.strip() for line in f if line.strip()]
            env["PATH"] = ":".join(list(reversed(extra)) + [env["PATH"]])
            script = os.path.join(temp, "step.sh")
            with open(script, "w") as f:
                f.write(expr.sub(step["run"]))
            r = sh(["bash", "-e", script], cwd=workspace, env=env)
            log.append(f"[{job_name}] {step.get('name', step['run'][:40])}: exit {r.returncode}\n{r.stdout}{r.stderr}")
            good = r.returncode == 0
        if not good and not step.get("continue-on-error", False):
            ok = False
    return ok, files


def github(checks, kit, work, sheets, secret):
    with open(os.path.join(kit, "github", ".github", "workflows", "grade.yml")) as f:
        text = f.read()
    checks.check("example.org" not in text, "grade.yml: no example.org")
    import yaml
    w = yaml.safe_load(text)
    owner = "a-course"
    hub = os.path.join(work, "github.com")
    for sid in STUDENTS:                          # the students' repositories (none: no repository)
        if sheets[sid] is not None:
            os.makedirs(os.path.join(hub, owner, f"homework-{sid}"))
            with open(os.path.join(hub, owner, f"homework-{sid}", "answers.toml"), "w") as f:
                f.write(sheets[sid])
    artifacts = os.path.join(work, "github-artifacts")
    base = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/root"), "CI": "true",
            "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": f"{owner}/grading",
            "GITHUB_REPOSITORY_OWNER": owner, "RUNNER_OS": "Linux"}
    base.update({k: str(v) for k, v in w.get("env", {}).items()})
    log = []
    values = {"github.repository_owner": owner, "secrets.ATTN_COURSE_SECRET": secret,
              "secrets.CLASS_READ_TOKEN": "a-read-token"}

    def uses(step, workspace):
        action, with_ = step["uses"].split("@")[0], step.get("with", {})
        if action == "actions/checkout":
            if "repository" not in with_:        # the grading repository itself
                shutil.copytree(os.path.join(kit, "github"), workspace, dirs_exist_ok=True)
                return True
            repo = os.path.join(hub, expr_now.sub(with_["repository"]))
            checks.check(expr_now.sub(with_.get("token", "")) == "a-read-token", "checkout uses CLASS_READ_TOKEN")
            if not os.path.isdir(repo):
                return False
            shutil.copytree(repo, os.path.join(workspace, with_.get("path", ".")), dirs_exist_ok=True)
            return True
        if action == "actions/upload-artifact":
            dest = os.path.join(artifacts, expr_now.sub(with_["name"]))
            os.makedirs(dest, exist_ok=True)
            for p in with_["path"].split():
                if os.path.exists(os.path.join(workspace, p)):
                    shutil.copy(os.path.join(workspace, p), dest)
            return True
        raise KeyError(f"the simulated runner does not know uses: {step['uses']}")

    # job roster
    expr_now = Expressions(values)
    ws = os.path.join(work, "gh-roster")
    os.makedirs(ws)
    ok, files = run_steps(checks, "roster", w["jobs"]["roster"]["steps"], base, ws, expr_now, uses, log)
    checks.check(ok, "GitHub job roster succeeds")
    outputs = dict(line.split("=", 1) for line in open(files["GITHUB_OUTPUT"]).read().splitlines() if "=" in line)
    for k, v in outputs.items():
        values[f"steps.roster.outputs.{k}"] = v
    for k, v in w["jobs"]["roster"]["outputs"].items():
        values[f"needs.roster.outputs.{k}"] = Expressions(values).sub(v)
    job = w["jobs"]["grade"]
    checks.check(job.get("needs") == "roster", "grade needs roster")
    matrix_expr = job["strategy"]["matrix"]["student"]
    m = re.fullmatch(r"\$\{\{\s*fromJSON\((.*?)\)\s*\}\}", matrix_expr)
    students = json.loads(values[m.group(1).strip()])
    checks.check(students == STUDENTS, f"GitHub matrix from roster.txt: {students}")
    results, status = {}, {}
    for sid in students:
        values["matrix.student"] = sid
        expr_now = Expressions(values)
        ws = os.path.join(work, f"gh-{sid}")
        os.makedirs(ws)
        ok, files = run_steps(checks, f"grade ({sid})", job["steps"], base, ws, expr_now, uses, log)
        status[sid] = ok
        res = os.path.join(artifacts, f"report-{sid}", "results.json")
        junit = os.path.join(artifacts, f"report-{sid}", "report.xml")
        checks.check(os.path.isfile(junit), f"GitHub ({sid}): report.xml kept")
        summary = open(files["GITHUB_STEP_SUMMARY"]).read()
        if checks.check(os.path.isfile(res), f"GitHub ({sid}): results.json kept"):
            results[sid] = json.load(open(res))
            results[sid]["_summary"] = summary
            results[sid]["_junit"] = open(junit).read() if os.path.isfile(junit) else ""
    if not all(sid in results for sid in STUDENTS):
        print("\n".join(log[-12:]))
    return results, status


# ---- GitLab CI ----------------------------------------------------------------------------------

def expand(value, env):
    return re.sub(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?", lambda m: env.get(m.group(1), ""), value)


def gitlab(checks, kit, work, sheets, secret):
    with open(os.path.join(kit, "gitlab", ".gitlab-ci.yml")) as f:
        text = f.read()
    checks.check("example.org" not in text, ".gitlab-ci.yml: no example.org")
    import yaml
    ci = yaml.safe_load(text)
    group, host, token = "a-course", "gitlab.test", "a-read-token"
    projects = os.path.join(work, "gitlab.test", group)
    for sid in STUDENTS:                       # the students' projects, real git repositories
        if sheets[sid] is None:
            continue
        p = os.path.join(projects, f"homework-{sid}.git")
        os.makedirs(p)
        with open(os.path.join(p, "answers.toml"), "w") as f:
            f.write(sheets[sid])
        for c in (["git", "init", "-q"], ["git", "add", "answers.toml"],
                  ["git", "-c", "user.name=s", "-c", "user.email=s@class.test", "commit", "-qm", "answers"]):
            sh(c, cwd=p, check=True)
    ws = os.path.join(work, "gitlab-project")
    shutil.copytree(os.path.join(kit, "gitlab"), ws)
    env = {"PATH": os.environ["PATH"], "HOME": os.path.join(work, "gitlab-home"), "CI": "true",
           "GITLAB_CI": "true", "CI_PROJECT_DIR": ws, "CI_SERVER_HOST": host,
           "CI_PROJECT_NAMESPACE": group, "CI_PIPELINE_SOURCE": "web", "CI_JOB_TOKEN": "job-token",
           "ATTN_COURSE_SECRET": secret, "CLASS_READ_TOKEN": token,
           # git's url.<base>.insteadOf: the clone URL reaches the local projects
           "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": f"url.file://{projects}/.insteadOf",
           "GIT_CONFIG_VALUE_0": f"https://oauth2:{token}@{host}/{group}/"}
    os.makedirs(env["HOME"])
    for k, v in ci.get("variables", {}).items():
        env[k] = expand(str(v), env)
    job = ci["grade"]
    checks.check(any(r.get("if") == '$CI_PIPELINE_SOURCE == "web"' for r in job.get("rules", [])), "GitLab job runs from the web")
    script = "set -eo pipefail\n" + "\n".join(job.get("before_script", []) + job["script"]) + "\n"
    r = sh(["bash", "-c", script], cwd=ws, env=env)
    checks.check(r.returncode == 0, f"GitLab job grade: exit {r.returncode}\n{r.stdout[-600:]}{r.stderr[-600:]}")
    results = {}
    junits = glob.glob(os.path.join(ws, job["artifacts"]["reports"]["junit"]))
    checks.check(len(junits) == len(STUDENTS), f"GitLab: {len(junits)} JUnit reports for {len(STUDENTS)} students")
    gradebook = {}
    if os.path.isfile(os.path.join(ws, "grades", "gradebook.csv")):
        import csv
        with open(os.path.join(ws, "grades", "gradebook.csv"), newline="") as f:
            gradebook = {row["id"]: row for row in csv.DictReader(f)}
    for sid in STUDENTS:
        res = os.path.join(ws, "grades", "students", sid, "results.json")
        if checks.check(os.path.isfile(res), f"GitLab ({sid}): students/{sid}/results.json"):
            results[sid] = json.load(open(res))
        row = gradebook.get(sid)
        if checks.check(row is not None, f"GitLab ({sid}): a gradebook row") and sid in results:
            checks.check(float(row["score"] or 0) == results[sid]["score"],
                         f"GitLab ({sid}): gradebook score {row['score']} = results.json's {results[sid]['score']}")
    return results


# ---- the checks on one service's results ------------------------------------------------------------

def check_scores(checks, service, results, expect, ids, table):
    for kind in KINDS:
        sid = ids[kind]
        want, wrong_keys = expect[sid]
        got = results.get(sid)
        if got is None:
            table.setdefault(service, {})[kind] = "missing"
            continue
        score = got.get("score")
        table.setdefault(service, {})[kind] = f"{score:g}"
        checks.check(abs(score - want) < 1e-9, f"{service} ({sid}): score {score}, want {want}")
        tests = {t.get("name", ""): t for t in got.get("tests", [])}
        for k in wrong_keys:
            t = next((t for name, t in tests.items() if k in name), None)
            if checks.check(t is not None, f"{service} ({sid}): a test for {k}"):
                checks.check(t.get("score") == 0, f"{service} ({sid}): {k} scores 0")
                w = wrong_keys[k]
                checks.check(w in t.get("output", ""), f"{service} ({sid}): {k}'s output says {w!r}: {t.get('output', '')!r}")
        others = [t for name, t in tests.items() if not any(k in name for k in wrong_keys)]
        if kind in ("key", "two", "line"):
            checks.check(all(t.get("score") == t.get("max_score") for t in others),
                         f"{service} ({sid}): every other answer has full marks")
        if kind == "none":
            text = json.dumps(got)
            checks.check("could not be read" in text or "no such file" in text.lower() or "missing" in text.lower(),
                         f"{service} ({sid}): the report says why: {text[:300]}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attn", required=True)
    ap.add_argument("--source", required=True)
    a = ap.parse_args()
    attn, src = os.path.abspath(a.attn), os.path.abspath(a.source)
    checks = Checks("course_kit")
    for tool in ["curl", "openssl", "git", "unshare"]:
        if shutil.which(tool) is None:
            print(f"FAIL {tool} is missing (tools/install-deps.sh installs it)")
            return 1
    try:
        import yaml  # noqa: F401
    except ImportError:
        print("FAIL python3-yaml is missing (tools/install-deps.sh installs it)")
        return 1
    doc = open(os.path.join(src, "docs", "homework.md"), encoding="utf-8").read()
    work = tempfile.mkdtemp(prefix="attn-course-kit.")
    try:
        version = sh([attn, "-V"]).stdout.split()[1]
        # The stand-in release (see above): what tools/release.sh writes, with the build's attn.
        dist = os.path.join(work, "release")
        name = f"attn-{version}-linux-x86_64"
        os.makedirs(os.path.join(dist, name, "bin"))
        # stripped, as the release's is (35 MB of symbols would be zipped and unpacked 10 times)
        stand_in = os.path.join(dist, name, "bin", "attn")
        if shutil.which("strip") is None or sh(["strip", "-o", stand_in, attn]).returncode != 0:
            shutil.copy(attn, stand_in)
        with tarfile.open(os.path.join(dist, name + ".tar.gz"), "w:gz", compresslevel=1) as t:
            t.add(os.path.join(dist, name), name)
        shutil.rmtree(os.path.join(dist, name))
        sums = sh(["sha256sum", name + ".tar.gz"], cwd=dist).stdout
        open(os.path.join(dist, "SHA256SUMS"), "w").write(sums)
        # The tarball's bin/: attn and attn-course-kit, as a teacher unpacks it.
        bindir = os.path.join(work, "teacher-bin")
        os.makedirs(bindir)
        shutil.copy(attn, os.path.join(bindir, "attn"))
        shutil.copy(os.path.join(src, "tools", "course-kit.sh"), os.path.join(bindir, "attn-course-kit"))
        # The teacher's folder: the docs' course.toml, a roster, the docs' block run as written.
        teacher = os.path.join(work, "teacher")
        os.makedirs(teacher)
        course_text = docs_course_toml(doc)
        open(os.path.join(teacher, "course.toml"), "w").write(course_text)
        open(os.path.join(teacher, "roster.txt"), "w").write("".join(s + "\n" for s in STUDENTS))
        env = {**os.environ, "PATH": bindir + ":" + os.environ["PATH"],
               "ATTN_RELEASE_URL": "file://" + dist}
        env.pop("ATTN", None)
        env.pop("ATTN_COURSE_SECRET", None)
        block = docs_kit_block(doc)
        made = sh(["bash", "-euo", "pipefail", "-c", block], cwd=teacher, env=env)
        if not checks.check(made.returncode == 0, f"the docs' kit block: exit {made.returncode}\n{made.stdout}{made.stderr}"):
            return checks.finish()
        print(made.stdout.rstrip())
        kit = os.path.join(teacher, "kit")
        secret_file = os.path.join(teacher, "course-secret.txt")
        checks.check(stat.S_IMODE(os.stat(secret_file).st_mode) == 0o600, "the docs' secret is 0600")
        secret = open(secret_file).read().strip()
        course = os.path.join(teacher, "course.toml")
        # Each student's starter repository: their own (keyed) blank sheet and a README.
        for sid in STUDENTS:
            p = os.path.join(kit, "starter", sid, "answers.toml")
            if checks.check(os.path.isfile(p), f"kit: starter/{sid}/answers.toml"):
                want = sh([attn, "homework", "--template", "--variant", sid, "--course", course],
                          env={**os.environ, "ATTN_COURSE_SECRET": secret}).stdout
                checks.check(open(p).read() == want, f"kit: starter/{sid} is attn homework --template --variant {sid}")
                checks.check("keyed by the course secret" in want, f"kit: starter/{sid}'s sheet has the keyed numbers")
            checks.check(os.path.isfile(os.path.join(kit, "starter", sid, "README.md")), f"kit: starter/{sid}/README.md")
            checks.check(not os.path.exists(os.path.join(kit, "starter", sid, ".github")), f"kit: starter/{sid} has no workflow")
        for root_, _, fs in os.walk(kit):
            for f in fs:
                if f.endswith((".gz", ".zip")):
                    continue
                text = open(os.path.join(root_, f), errors="replace").read()
                checks.check(secret not in text, f"kit: {os.path.relpath(os.path.join(root_, f), kit)} does not hold the secret")
                checks.check("example.org" not in text, f"kit: {os.path.relpath(os.path.join(root_, f), kit)}: no example.org")

        # The default download location: the release workflow's output on GitHub, for the
        # repository the release came from (stamped into the tarball's copy by tools/release.sh,
        # or $ATTN_REPOSITORY); with none known, one line asking for it.
        tar_path = os.path.join(dist, name + ".tar.gz")
        kit_cmd = [os.path.join(bindir, "attn-course-kit"), os.path.join(teacher, "course.toml")]
        env2 = {k: v for k, v in env.items() if k != "ATTN_RELEASE_URL"}
        r = sh(kit_cmd + [os.path.join(work, "kit-default"), "--tarball", tar_path],
               env={**env2, "ATTN_REPOSITORY": "a-owner/attn"})
        yml = os.path.join(work, "kit-default", "github", ".github", "workflows", "grade.yml")
        checks.check(r.returncode == 0 and f"ATTN_RELEASE_URL: https://github.com/a-owner/attn/releases/download/v{version}\n"
                     in open(yml).read(), f"the default release URL is GitHub's release of $ATTN_REPOSITORY ({r.stderr.strip()})")
        r = sh(kit_cmd + [os.path.join(work, "kit-nowhere"), "--tarball", tar_path], env=env2)
        checks.check(r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "--release-url" in r.stderr,
                     f"no release location known: exit 2, one line ({r.returncode}: {r.stderr.strip()})")
        checks.check(not os.path.exists(os.path.join(work, "kit-nowhere")), "no kit folder is left when refused")

        # ---- the five submissions and their expected scores, from the course's points --------------
        rules = parse_points(course_text)
        gs_sheets, gs_expect, total = submissions(attn, secret, course, rules, GRADESCOPE_IDS, checks)
        sheets, expect, _ = submissions(attn, secret, course, rules, REPO_IDS, checks)
        table, skip = {}, []
        gs = gradescope(checks, kit, work, gs_sheets, skip)
        if gs:
            check_scores(checks, "Gradescope", gs, gs_expect, GRADESCOPE_IDS, table)
        gh, status = github(checks, kit, work, sheets, secret)
        check_scores(checks, "GitHub", gh, expect, REPO_IDS, table)
        for sid in STUDENTS:
            checks.check(status.get(sid) == (sheets[sid] is not None),
                         f"GitHub ({sid}): job {'succeeds' if sheets[sid] is not None else 'fails (no sheet: exit 3)'}")
            if sid in gh:
                want = "could not be read" if sheets[sid] is None else f"**Score: {gh[sid]['score']:g}/"
                checks.check(want in gh[sid]["_summary"], f"GitHub ({sid}): the step summary says {want!r}")
                checks.check("<testsuite" in gh[sid]["_junit"], f"GitHub ({sid}): report.xml is JUnit")
        gl = gitlab(checks, kit, work, sheets, secret)
        check_scores(checks, "GitLab", gl, expect, REPO_IDS, table)

        print("expected (from course.toml's points): " + ", ".join(f"{k} {expect[REPO_IDS[k]][0]:g}" for k in KINDS))
        print(f"{'service':<11}" + "".join(f"{k:>8}" for k in KINDS))
        for service, row in table.items():
            print(f"{service:<11}" + "".join(f"{row.get(k, '-'):>8}" for k in KINDS))
        for reason in skip:
            print("SKIPPED " + reason)
        rc = checks.finish(require_some=True)
        if rc == 0 and skip:
            return 77
        return rc
    finally:
        if os.environ.get("ATTN_KEEP_WORK"):
            print("work folder kept:", work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
