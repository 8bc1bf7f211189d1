#!/usr/bin/env python3
"""attn's licence and the libraries it carries (issue 41): LICENSE is the MIT licence of "The attn
authors"; packaging/deb/copyright (the .deb's and the release tarball's) gives attn's files that
same text, and names every Debian package whose code the built attn holds, found from the build
itself rather than from a list: the archives and libraries on attn's link line (link.txt), the
shared libraries it needs (readelf), and the packages whose headers its objects were compiled
from (the compiler's .o.d files), each mapped to its package by dpkg. It also names what only the
static release links (tools/release.sh: glibc, muParser).

    licence_test.py --source . --build build
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from harness import Checks  # noqa: E402

# Packages the copyright file names by another word: C and C++'s runtime (g++'s own libstdc++ and
# libgcc, glibc's libc6), and the kernel's uapi headers, which glibc's headers include for
# constants and types only (Linux-syscall-note: not a derived work) and which need no mention.
ALIASES = {"libc6": "glibc", "libc6-dev": "glibc", "libc-dev-bin": "glibc"}
IGNORED = {"linux-libc-dev"}


def package_of(paths):
    """dpkg -S for many paths at once: {path: package}."""
    found = {}
    if not paths:
        return found
    # With a merged /usr, dpkg knows a library by the path its package ships (/lib/… or /usr/lib/…).
    spelled = {}
    for path in paths:
        spelled[path] = path
        for a, b in (("/usr/lib/", "/lib/"), ("/lib/", "/usr/lib/")):
            if path.startswith(a):
                spelled.setdefault(b + path[len(a):], path)
    r = subprocess.run(["dpkg", "-S"] + sorted(spelled), capture_output=True, text=True)
    for line in r.stdout.splitlines():
        if ": " not in line:
            continue
        pkgs, path = line.split(": ", 1)
        if path in spelled and spelled[path] not in found:
            found[spelled[path]] = pkgs.split(",")[0].split(":")[0].strip()
    return found


def named(pkg, text):
    pkg = ALIASES.get(pkg, pkg)
    if re.fullmatch(r"lib(stdc\+\+|gcc)-\d+-dev|libgcc-s\d|libstdc\+\+6|gcc-\d+-base|libgcc-\d+-dev", pkg):
        return "libstdc++" in text and "libgcc" in text
    return pkg in text


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--source", required=True)
    p.add_argument("--build", required=True)
    a = p.parse_args()
    checks = Checks("licence")
    check = checks.check

    lic = open(os.path.join(a.source, "LICENSE"), encoding="utf-8").read()
    check(lic.startswith("MIT License\n"), "LICENSE is the MIT licence")
    check("Copyright (c) 2026 The attn authors" in lic, "LICENSE: Copyright (c) 2026 The attn authors")
    text = open(os.path.join(a.source, "packaging", "deb", "copyright"), encoding="utf-8").read()

    # attn's own files: the same text as LICENSE, under Debian's name for it (Expat).
    paragraphs = text.split("\n\n")
    own = [par for par in paragraphs if par.startswith("Files: *\n")]
    if check(len(own) == 1, "the copyright file has one 'Files: *' paragraph"):
        fields = own[0]
        check("Copyright: 2026 The attn authors" in fields, "Files: * is 'Copyright: 2026 The attn authors'")
        check(re.search(r"^License: Expat$", fields, re.M), "Files: * is under 'License: Expat' (the MIT licence)")
        body = " ".join(l.strip() for l in fields.split("License: Expat", 1)[-1].splitlines() if l.strip() != ".")
        permission = " ".join(lic.split("Permission is hereby granted", 1)[1].split())
        check(" ".join(body.split()).endswith(permission), "the licence text under Files: * is LICENSE's, word for word")
    check("License: not-yet-chosen" not in text, "no 'not-yet-chosen' licence left")

    # What the static release links (tools/release.sh, CMakeLists.txt's ATTN_STATIC) besides the default build.
    for name in ("glibc", "libstdc++", "libgcc", "OpenSSL", "OpenBLAS", "muParser", "libcsv", "{fmt}", "toml++",
                 "Apache-2.0", "LGPL-2.1+", "GPL-3+", "GCC Runtime Library Exception"):
        check(name in text, f"the copyright file names {name}")

    if not shutil.which("dpkg"):
        print("note: no dpkg: the built attn's libraries were not mapped to their packages")
        return checks.finish()
    link = open(os.path.join(a.build, "CMakeFiles", "attn.dir", "link.txt")).read().split()
    used = set()
    archives = {os.path.realpath(w) for w in link if w.startswith("/") and w.endswith(".a")}
    if "-static-libstdc++" in link:
        used.add("libstdc++-dev")
    attn = os.path.join(a.build, "attn")
    needed = []
    if shutil.which("ldd"):
        for line in subprocess.run(["ldd", attn], capture_output=True, text=True).stdout.splitlines():
            m = re.search(r"=> (/\S+)", line)
            if m:
                needed.append(os.path.realpath(m.group(1)))
    headers = set()
    # attn's own objects and those of the libraries on its link line (libattn_core.a: attn_core.dir)
    targets = {"attn"} | {os.path.basename(w)[3:-2] for w in link
                          if w.endswith(".a") and os.path.basename(w).startswith("libattn_")}
    deps = [d for t in sorted(targets)
            for d in glob.glob(os.path.join(a.build, "**", "CMakeFiles", t + ".dir", "**", "*.o.d"), recursive=True)]
    for dep in deps:
        for w in open(dep, errors="replace").read().replace("\\\n", " ").split():
            if w.startswith("/usr/") and not w.endswith(":"):
                headers.add(os.path.realpath(w))
    check(headers, f"the compiler's dependency files of attn's objects were found ({len(headers)} system headers)")
    owners = package_of(archives | set(needed) | headers)
    missing = [p for p in archives | set(needed) if p not in owners]
    check(not missing, f"every library attn links belongs to a Debian package ({missing[:4]})")
    used |= set(owners.values())
    used -= IGNORED
    print("packages whose code attn holds:", " ".join(sorted(used)))
    for pkg in sorted(used):
        if pkg == "libstdc++-dev":
            check("libstdc++" in text and "libgcc" in text, "-static-libstdc++: libstdc++ and libgcc are named")
            continue
        check(named(pkg, text), f"the copyright file names {ALIASES.get(pkg, pkg)} (attn holds code of {pkg})")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
