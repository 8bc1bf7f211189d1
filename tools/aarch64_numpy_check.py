#!/usr/bin/env python3
"""Do Debian 12's arm64 NumPy and the golden files agree? Runs the chapter's reference scripts
with Debian's arm64 python3 and NumPy 1.24 (and arm64 OpenBLAS 0.3.21) under qemu-aarch64-static,
for every golden file whose command has no PyTorch (attention, scaling, permutation, multihead,
mask, udl: the 44 golden flag sets), and compares their stdout with the golden bytes, which come
from the same scripts under x86-64 NumPy. With the release test (the aarch64 attn under qemu
prints every golden file), this is the evidence in docs/spec/cpu-independence.md §4.

The arm64 root is made without debootstrap (no binfmt_misc is needed): the packages are fetched
with `apt-get download PKG:arm64` (Debian's archive, arm64 added with dpkg --add-architecture)
and unpacked with dpkg-deb -x; Python is one process, so qemu-aarch64-static -L ROOT runs it.

    /usr/bin/python3 tools/aarch64_numpy_check.py --root /var/tmp/arm64-numpy --reference REF
"""
import argparse
import pathlib
import shlex
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = """gcc-12-base libbz2-1.0 libc6 libcrypt1 libdb5.3 libexpat1 libffi8 libgcc-s1
libgdbm-compat4 libgdbm6 libgfortran5 liblzma5 libmd0 libncursesw6 libnsl2 libopenblas0-pthread
libpython3-stdlib libpython3.11-minimal libpython3.11-stdlib libreadline8 libsqlite3-0 libssl3
libtinfo6 libtirpc3 libuuid1 libzstd1 python3 python3-minimal python3-numpy python3.11
python3.11-minimal zlib1g libblas3 liblapack3 libgomp1 libstdc++6 libcom-err2 libgssapi-krb5-2
libk5crypto3 libkeyutils1 libkrb5-3 libkrb5support0""".split()
COMMANDS = ("attention", "scaling", "permutation", "multihead", "mask", "udl")


def make_root(root):
    python = root / "usr/bin/python3.11"
    if python.exists():
        return
    debs = root.parent / (root.name + "-debs")
    debs.mkdir(parents=True, exist_ok=True)
    subprocess.run(["apt-get", "download", *[p + ":arm64" for p in PACKAGES]], cwd=debs, check=True,
                   stdout=subprocess.DEVNULL)
    root.mkdir(parents=True, exist_ok=True)
    for deb in sorted(debs.glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    # The BLAS and LAPACK alternatives that libblas3's postinst would make: OpenBLAS (pthread),
    # as on the x86-64 machines.
    lib = root / "usr/lib/aarch64-linux-gnu"
    for name in ("libblas.so.3", "liblapack.so.3"):
        link = lib / name
        if not link.exists():
            link.symlink_to(f"openblas-pthread/{name}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--root", required=True, type=pathlib.Path, help="the arm64 root (made if absent)")
    p.add_argument("--reference", required=True, type=pathlib.Path, help="the reference scripts' folder")
    p.add_argument("--golden", default=ROOT / "golden", type=pathlib.Path)
    a = p.parse_args()
    if not (a.reference / "attention.py").exists():
        print(f"aarch64 NumPy check: skipped, no reference scripts in {a.reference}")
        return 77
    make_root(a.root.resolve())
    python = [ "qemu-aarch64-static", "-L", str(a.root), str(a.root / "usr/bin/python3.11")]
    version = subprocess.run(python + ["-c", "import numpy, platform; print(platform.machine(), numpy.__version__)"],
                             capture_output=True, text=True).stdout.strip()
    print(f"arm64 python under qemu: {version}")
    passed = failed = 0
    for command in COMMANDS:
        for f in sorted((a.golden / command).glob("*.txt")):
            if f.name.endswith(".received.txt"):
                continue
            header, _, expected = f.read_text(encoding="utf-8").partition("\n")
            args = shlex.split(header[len("$ attn "):])[1:]
            run = subprocess.run(python + [str(a.reference / f"{command}.py"), *args], capture_output=True)
            if run.returncode == 0 and run.stdout.decode() == expected:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {command}/{f.name}: arm64 NumPy prints otherwise (exit {run.returncode})")
    print(f"aarch64 NumPy check: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
