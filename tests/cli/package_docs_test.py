#!/usr/bin/env python3
"""The package carries what it points to (issue 31, point 7): `cmake --install` puts the teacher's
guide, the output formats and the JSON schema (with an absolute $id naming where it is installed)
under share/doc/attn, which `homework --help` and the man page name; attn is a PIE linked with RELRO
and BIND_NOW, and no lintian override is installed; the man page has EXAMPLES, a
date mandoc parses, no source line over 80 bytes, `mandoc -T lint` without warnings, English in
place of the Chinese names under LC_ALL=C (groff drops no character, no line over 80), and a note
for readers under LC_ALL=C. With lintian installed, the .deb that cpack builds is checked with
`lintian --pedantic`: no tag at all.

    package_docs_test.py --build build --cmake cmake --source .
"""
import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--cmake", default="cmake")
    p.add_argument("--source", required=True)
    a = p.parse_args()
    checks = Checks("package_docs")
    check = checks.check
    tmp = tempfile.mkdtemp()
    try:
        prefix = os.path.join(tmp, "usr")
        inst = subprocess.run([a.cmake, "--install", a.build, "--prefix", prefix], capture_output=True, text=True)
        check(inst.returncode == 0, f"cmake --install exits 0 ({inst.stderr.strip()[-300:]})")
        doc = os.path.join(prefix, "share", "doc", "attn")
        for name in ("homework.md", "output.md", "schema/attn-output.schema.json"):
            check(os.path.isfile(os.path.join(doc, name)), f"share/doc/attn/{name} is installed")
        try:
            with open(os.path.join(doc, "schema", "attn-output.schema.json"), encoding="utf-8") as f:
                schema_id = json.load(f).get("$id", "")
        except (OSError, ValueError):
            schema_id = ""
        parsed = urllib.parse.urlparse(schema_id)
        check(parsed.scheme != "" and schema_id.endswith("/share/doc/attn/schema/attn-output.schema.json"),
              f"the schema's $id is absolute and names its installed path ({schema_id!r})")
        attn = os.path.join(prefix, "bin", "attn")
        helped = subprocess.run([attn, "homework", "--help"], capture_output=True, text=True).stdout
        check("/usr/share/doc/attn/homework.md" in helped, "homework --help names the installed guide")

        # RELRO and BIND_NOW, a PIE, and nothing said to lintian (no override installed).
        if shutil.which("readelf"):
            dyn = subprocess.run(["readelf", "-d", "-l", "-W", attn], capture_output=True, text=True).stdout
            check("BIND_NOW" in dyn or re.search(r"FLAGS_1.*NOW", dyn), "attn is linked with BIND_NOW (-z now)")
            check("GNU_RELRO" in dyn, "attn has a RELRO segment")
            check(re.search(r"Type:\s+DYN", subprocess.run(["readelf", "-h", attn], capture_output=True, text=True).stdout),
                  "attn is a position-independent executable")
        check(not os.path.exists(os.path.join(prefix, "share", "lintian", "overrides", "attn")),
              "no lintian override is installed")

        # The man page.
        page = os.path.join(prefix, "share", "man", "man1", "attn.1.gz")
        if os.path.exists(page):
            roff = gzip.open(page).read().decode("utf-8")
            check(re.search(r"^\.SH EXAMPLES", roff, re.M), "the man page has EXAMPLES")
            th = re.search(r'^\.TH \S+ "?1"? "([^"]*)"', roff, re.M)
            check(th and re.fullmatch(r"\d{4}-\d\d-\d\d", th.group(1)), f"the .TH date is ISO 8601 ({th and th.group(1)!r})")
            long_lines = [l for l in roff.splitlines() if len(l.encode()) > 80]
            check(not long_lines, f"no man page source line over 80 bytes ({len(long_lines)}: {long_lines[:2]})")
            check("/usr/share/doc/attn/homework.md" in roff, "the man page names the installed guide")
            check("LC_ALL=C" in roff.replace("\\", ""), "the man page tells an LC_ALL=C reader about the Chinese names")
            if shutil.which("mandoc"):
                plain = os.path.join(tmp, "attn.1")
                with open(plain, "w", encoding="utf-8") as f:
                    f.write(roff)
                lint = subprocess.run(["mandoc", "-T", "lint", "-W", "warning", plain], capture_output=True, text=True)
                check(lint.stdout.strip() == "" and lint.stderr.strip() == "",
                      f"mandoc -T lint -W warning: clean ({(lint.stdout + lint.stderr).strip()[:400]})")
                print("mandoc -T lint (style level):")
                print(subprocess.run(["mandoc", "-T", "lint", plain], capture_output=True, text=True).stdout.strip() or "  (nothing)")
            else:
                print("note: mandoc is not installed; the man page was not linted")
            if shutil.which("man"):
                env = dict(os.environ, LC_ALL="C", MANWIDTH="80")
                r = subprocess.run(["man", "-l", page], capture_output=True, text=True, env=env, errors="replace")
                shown = r.stdout
                check("LC_ALL=C.UTF-8 man attn" in shown.replace("\u2010", "-"),
                      "under LC_ALL=C the page shows the note on its Chinese names")
                # Readable under LC_ALL=C (issue 31): groff's ascii device drops CJK characters, so
                # the page gives the Chinese names in English there, and misses no character.
                dropped = sorted(set(re.findall(r"special character '(u[0-9A-F]+)'", r.stderr)))
                check(not dropped, f"LC_ALL=C man: groff drops no character ({dropped[:8]})")
                empty_brackets = re.compile(r"(?<![\w)])\(\s*\)")   # "tokenize()" is a call, not a name dropped
                emptied = [line.strip() for line in shown.splitlines() if empty_brackets.search(line)]
                check(not emptied, f"LC_ALL=C man: no emptied brackets ('Section 6 ()') {emptied[:2]}")
                # (the page is made from the interface's data, attn --man: the names it holds)
                # (words compared, not spaces: groff justifies a line with spaces where it falls)
                words = " ".join(shown.split())
                check(all(s in words for s in ("Section 6 (the mask)", "Section 3 (where weights come from)")),
                      "LC_ALL=C man: each Chinese name in English in its place")
                wide = [l for l in shown.splitlines() if len(l) > 80]
                check(not wide, f"LC_ALL=C man: no line over 80 columns ({wide[:2]})")
                utf8 = subprocess.run(["man", "-l", page], capture_output=True, text=True,
                                      env=dict(env, LC_ALL="C.UTF-8")).stdout
                check("Section 6 (遮罩)" in utf8 and "Section 6 (the mask)" not in utf8,
                      "LC_ALL=C.UTF-8 man: the Chinese names themselves")
        else:
            check(False, "share/man/man1/attn.1.gz is installed (attn --man)")

        # lintian --pedantic on the .deb cpack makes.
        if os.environ.get("ATTN_SANITIZED"):
            print("note: a sanitizer build is not a package; the .deb was not linted")
        elif shutil.which("lintian") and shutil.which("cpack") and shutil.which("dpkg-deb"):
            out = os.path.join(tmp, "deb")
            os.mkdir(out)
            r = subprocess.run(["cpack", "-G", "DEB", "-B", out], cwd=a.build, capture_output=True, text=True)
            debs = [f for f in os.listdir(out) if f.endswith(".deb")]
            if check(r.returncode == 0 and debs, f"cpack -G DEB builds a .deb ({r.stderr.strip()[-300:]})"):
                lint = subprocess.run(["lintian", "--pedantic", "--no-tag-display-limit", os.path.join(out, debs[0])],
                                      capture_output=True, text=True)
                tags = [l for l in lint.stdout.splitlines() if re.match(r"^[EWIPX]: ", l)]
                print("lintian --pedantic:")
                print("\n".join(tags) or "  (nothing)")
                check(not tags, f"lintian --pedantic: no tag ({tags[:5]})")
        else:
            print("note: lintian, cpack or dpkg-deb is not installed; the .deb was not linted")
    finally:
        shutil.rmtree(tmp)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
