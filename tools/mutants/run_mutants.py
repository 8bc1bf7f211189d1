#!/usr/bin/python3
"""Mutation check: apply each mutant of tools/mutants/mutants.toml to a scratch copy of the
source tree, rebuild incrementally, run the mutant's ctest subset, restore, and report (README.md).

    /usr/bin/python3 tools/mutants/run_mutants.py [--scratch DIR] [--only ID,ID] [--full] [--check]

Exit status: 0 when every non-equivalent mutant is killed, 1 when one survived, 2 when a mutant
no longer applies (its `find` text is not in the file exactly once) or does not compile.
"""
import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIST = Path(__file__).resolve().parent / "mutants.toml"


def sh(cmd, cwd, timeout=None):
    """Run cmd in its own process group, stopped with us if we are interrupted (the mutated file
    is then restored by run_one's finally)."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            errors="replace", start_new_session=True)   # a mutant may print bad UTF-8
    try:
        out, err = proc.communicate(timeout=timeout)
    except BaseException:
        with contextlib.suppress(ProcessLookupError):   # the group may have ended already
            os.killpg(proc.pid, signal.SIGTERM)
        proc.wait()
        raise
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def sync_scratch(scratch):
    """Copy every tracked (and modified) file of the working tree into scratch/."""
    files = sh(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT).stdout
    for rel in filter(None, files.split("\0")):
        s, d = ROOT / rel, scratch / rel
        if not s.is_file():
            continue
        if d.exists() and d.read_bytes() == s.read_bytes():
            continue   # unchanged: keep its mtime, so the build stays incremental
        d.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(s, d)


def configure(src, build):
    """Configure the scratch build, again at each run (a test added since is then listed)."""
    if (build / "CMakeCache.txt").exists():
        r = sh(["cmake", "-S", str(src), "-B", str(build)], src)
    else:
        # Makefiles: build_targets reads their `help` target's list
        r = sh(["cmake", "-S", str(src), "-B", str(build), "-G", "Unix Makefiles",
                "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", f"-DATTN_SHARED_DIR={ROOT.parent / 'shared'}"], src)
    if r.returncode:
        sys.exit("cmake failed:\n" + r.stdout + r.stderr)


def build_targets(build):
    """The names of the build's targets (`cmake --build … --target help`)."""
    out = sh(["cmake", "--build", str(build), "--target", "help"], build).stdout
    return set(re.findall(r"^\.\.\. (\S+)", out, re.M))


def test_programs(build):
    """Every ctest test by name, with the targets its command runs (from ctest's own listing: each
    argument that is a file of the build named like a target), so both of a test's programs
    are rebuilt (python_numbers: test_python and attn)."""
    targets = build_targets(build)
    listing = json.loads(sh(["ctest", "--test-dir", str(build), "--show-only=json-v1"], build).stdout)
    programs = {}
    for t in listing.get("tests", []):
        used = set()
        for arg in t.get("command", []):
            path = Path(arg)
            if path.name in targets and path.is_absolute() and path.resolve().is_relative_to(build.resolve()):
                used.add(path.name)
        programs[t["name"]] = used
    return programs


def targets_for(tests, programs):
    """Build targets a set of ctest tests needs (test_programs); attn for a test that names none."""
    targets = set()
    for t in tests:
        targets |= programs.get(t) or {"attn"}
    return sorted(targets)


def failed_tests(output):
    return re.findall(r"^\s*\d+ - (\S+) \(", output, flags=re.M)


def killers(output):
    """The failed tests; 'unit_core[2]': two doctest cases caught the mutant."""
    cases = {}
    blocks = re.split(r"^\s*\d+/\d+ Test\s+#\d+: ", output, flags=re.M)
    for block in blocks[1:]:
        name = block.split()[0]
        m = re.search(r"test cases:\s*\d+ \|\s*\d+ passed \|\s*(\d+) failed", block)
        if m:
            cases[name] = int(m.group(1))
    return ", ".join(f"{t}[{cases[t]}]" if t in cases else t for t in failed_tests(output))


def run_one(m, src, build, names, programs, full, jobs):
    path = src / m["file"]
    original = path.read_text()
    if original.count(m["find"]) != 1:
        return "STALE", f"`find` occurs {original.count(m['find'])} times in {m['file']}"
    regex = ".*" if full else m["tests"]
    chosen = [n for n in names if re.search(regex, n)]
    if not chosen:
        return "STALE", f"no ctest matches {regex!r}"
    try:
        path.write_text(original.replace(m["find"], m["replace"]))
        b = sh(["cmake", "--build", str(build), "-j", str(jobs), "--target", *targets_for(chosen, programs)], build)
        if b.returncode:
            return "NOBUILD", (b.stdout + b.stderr)[-600:]
        r = sh(["ctest", "--test-dir", str(build), "-R", regex, "--timeout", "600",
                "--output-on-failure"], build)
        if r.returncode == 0:
            return "SURVIVED", f"{len(chosen)} tests passed"
        return "KILLED", killers(r.stdout) or r.stdout[-300:]
    finally:
        path.write_text(original)


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))   # restore, then stop
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scratch", default=str(ROOT / "build-mutants"))
    p.add_argument("--only", help="comma-separated mutant ids")
    p.add_argument("--full", action="store_true", help="whole ctest per mutant (slow)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--list", action="store_true", help="print the mutants and stop")
    p.add_argument("--check", action="store_true",
                   help="only check that every mutant still applies to the working tree")
    p.add_argument("--no-baseline", action="store_true",
                   help="skip the unmutated run of the chosen tests (only when it just passed)")
    a = p.parse_args()

    mutants = tomllib.loads(LIST.read_text())["mutant"]
    ids = [m["id"] for m in mutants]
    if len(set(ids)) != len(ids):
        sys.exit("duplicate mutant ids")
    if a.only:
        wanted = a.only.split(",")
        unknown = set(wanted) - set(ids)
        if unknown:
            sys.exit(f"unknown mutant ids: {sorted(unknown)}")
        mutants = [m for m in mutants if m["id"] in wanted]
    if a.list:
        for m in mutants:
            print(f"{m['id']:32} {m['file']:30} {m.get('equivalent', m['why'])}")
        return 0
    if a.check:
        stale = [m["id"] for m in mutants if (ROOT / m["file"]).read_text().count(m["find"]) != 1]
        print("stale: " + (", ".join(stale) if stale else "none"))
        # the README states the list's size ("N mutants"): it must say the truth
        said = {int(n) for n in re.findall(r"(\d+) mutants", (LIST.parent / "README.md").read_text())}
        if said != {len(ids)}:
            print(f"README.md says {sorted(said)} mutants; mutants.toml has {len(ids)}")
            return 2
        return 2 if stale else 0

    scratch = Path(a.scratch)
    src = scratch
    sync_scratch(scratch)
    build = scratch / "build"
    configure(src, build)
    print(f"scratch copy: {src}; build: {build}", flush=True)
    programs = test_programs(build)
    if not programs:   # a fresh build directory lists no tests until something is built
        sh(["cmake", "--build", str(build), "-j", str(a.jobs), "--target", "attn"], build)
        programs = test_programs(build)
    names = list(programs)
    # Baseline: the unmutated copy must pass every test the mutants will run, or a "kill" would
    # mean nothing.
    if not a.no_baseline:
        live = [m for m in mutants if "equivalent" not in m]
        regex = ".*" if a.full else "|".join(f"(?:{m['tests']})" for m in live)
        chosen = [n for n in names if re.search(regex, n)]
        b = sh(["cmake", "--build", str(build), "-j", str(a.jobs), "--target", *targets_for(chosen, programs)], build)
        if b.returncode:
            sys.exit("baseline build failed:\n" + (b.stdout + b.stderr)[-2000:])
        r = sh(["ctest", "--test-dir", str(build), "-R", regex, "--timeout", "600"], build)
        if r.returncode:
            sys.exit("baseline: the unmutated copy fails " + ", ".join(failed_tests(r.stdout)))
        print(f"baseline: {len(chosen)} tests pass unmutated", flush=True)
    status = {"KILLED": 0, "SURVIVED": 0, "EQUIVALENT": 0, "STALE": 0, "NOBUILD": 0}
    for m in mutants:
        start = time.time()
        if "equivalent" in m:
            result, detail = "EQUIVALENT", m["equivalent"]
        else:
            result, detail = run_one(m, src, build, names, programs, a.full, a.jobs)
        status[result] += 1
        print(f"{result:10} {m['id']:28} {time.time() - start:6.1f}s  {detail}", flush=True)
    print("summary: " + ", ".join(f"{k.lower()} {v}" for k, v in status.items()))
    if status["STALE"] or status["NOBUILD"]:
        return 2
    return 1 if status["SURVIVED"] else 0


if __name__ == "__main__":
    sys.exit(main())
