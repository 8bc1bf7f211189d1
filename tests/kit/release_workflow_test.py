#!/usr/bin/env python3
"""The release workflow (.github/workflows/release.yml), read with python3-yaml: on a tag v*, its
steps are the project's release scripts and nothing else, in the order that leaves every file in
dist/SHA256SUMS, and the files it publishes are the ones course kits download.

What this does not do: run tools/release.sh (root, Debian's archive, minutes per architecture;
README.md's "Without building" runs it by hand, and tools/release-test.sh tests its tarballs). It
runs tools/release-tag-check.sh, the workflow's first check, with a right and a wrong tag, and
the line of tools/release.sh that stamps the course kit with the release's repository.

    release_workflow_test.py --source .
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks  # noqa: E402

# Commands a run: step may hold besides the project's scripts: installing git in the container
# (before the checkout that brings the scripts) and publishing with GitHub's own CLI.
ALLOWED = [r"apt-get update -qq && apt-get install -y -qq --no-install-recommends git ca-certificates",
           r'gh release create "\$GITHUB_REF_NAME" .* dist/\*']


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    src = os.path.abspath(ap.parse_args().source)
    checks = Checks("release_workflow")
    try:
        import yaml
    except ImportError:
        print("FAIL python3-yaml is missing (tools/install-deps.sh installs it)")
        return 1
    text = open(os.path.join(src, ".github", "workflows", "release.yml")).read()
    w = yaml.safe_load(text)
    on = w.get(True, w.get("on"))          # YAML 1.1 reads the key `on` as true
    checks.check(on == {"push": {"tags": ["v*"]}}, f"runs on a tag v*: {on}")
    checks.check(w.get("permissions", {}).get("contents") == "write", "may create the release")
    checks.check("example.org" not in text, "no example.org")
    build, publish = w["jobs"]["build"], w["jobs"]["publish"]
    checks.check(build.get("container") == "debian:12", "builds in Debian 12, as tools/release.sh expects")
    checks.check(publish.get("needs") == "build", "publishes after the build")
    runs = [s["run"] for s in build["steps"] if "run" in s]
    scripts = []
    for run in runs + [s["run"] for s in publish["steps"] if "run" in s]:
        if any(re.fullmatch(a, run.strip()) for a in ALLOWED):
            continue
        for part in re.split(r"\s*&&\s*", run.strip()):
            word = part.split()[0]
            if checks.check(word.startswith("tools/") and word.endswith(".sh"), f"a step runs a project script: {part}"):
                path = os.path.join(src, word)
                checks.check(os.access(path, os.X_OK), f"{word} exists and is executable")
                checks.check(subprocess.run(["bash", "-n", path]).returncode == 0, f"{word}: bash -n")
                scripts.append(part)
    want = ["tools/release-tag-check.sh", "tools/install-deps.sh --release", "tools/install-deps.sh --web",
            "tools/release.sh x86_64", "tools/release.sh aarch64", "tools/release.sh wasm",
            "tools/release-test.sh", "tools/release-test.sh"]
    got = [" ".join(s.split()[:2]) if s.startswith(("tools/release.sh", "tools/install-deps.sh")) else s.split()[0]
           for s in scripts]
    # aarch64 rewrites SHA256SUMS from the tarballs and .debs; wasm adds its zip's line after it.
    checks.check(got == want, f"the scripts, in order: {got}")
    tests = [s for s in scripts if s.startswith("tools/release-test.sh")]
    checks.check(any("x86_64" in s for s in tests) and any("aarch64" in s for s in tests), "both tarballs tested")
    upload = next((s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-artifact")), {})
    paths = upload.get("with", {}).get("path", "").split()
    checks.check(set(paths) == {"dist/*.tar.gz", "dist/*.deb", "dist/*.zip", "dist/SHA256SUMS"}, f"uploads {paths}")
    # The tag check, as the workflow runs it.
    version = re.search(r"^project\(attn VERSION ([0-9.]+)", open(os.path.join(src, "CMakeLists.txt")).read(), re.M).group(1)
    tag = os.path.join(src, "tools", "release-tag-check.sh")
    checks.check(subprocess.run([tag, f"v{version}"], capture_output=True).returncode == 0, f"v{version} accepted")
    bad = subprocess.run([tag, "v9.9.9"], capture_output=True, text=True)
    checks.check(bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1, "v9.9.9 refused in one line, exit 2")
    # tools/release.sh's stamp: the kit in the tarball knows the repository it was released from.
    release = open(os.path.join(src, "tools", "release.sh")).read()
    stamp = re.search(r'^sed "s\|\^default_repository=.*$', release, re.M)
    if checks.check(stamp is not None, "tools/release.sh stamps the course kit"):
        with tempfile.TemporaryDirectory() as work:
            r = subprocess.run(["bash", "-c", stamp.group(0)], cwd=src, capture_output=True, text=True,
                               env={**os.environ, "GITHUB_REPOSITORY": "a-owner/attn", "work": work})
            stamped = open(os.path.join(work, "attn-course-kit")).read() if r.returncode == 0 else ""
            checks.check('\ndefault_repository="a-owner/attn"\n' in stamped, "the stamped kit names a-owner/attn")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
