#!/usr/bin/env bash
# Proves the README's two commands on a fresh Debian: makes a minbase debootstrap root of SUITE
# (trixie = Debian 13, bookworm = Debian 12), copies this checkout (its tracked and untracked,
# not ignored, files: what a clone plus your edits would hold) into it, and runs there, as root,
#   tools/install-deps.sh && cmake ... --target attn && build/attn scaling --dq 400
#   tools/install-deps.sh --test && cmake ... && cmake --build build -j2 && ctest ...
# then prints ctest's summary. Conformance inside runs against that system's NumPy (2.2 on
# Debian 13). Needs root, debootstrap and Debian's archive; takes a minute to make the root and
# then a full build (about 20 minutes on 2 busy cores).
#
#   tools/debian-chroot-check.sh [--suite trixie|bookworm] [--root DIR] [--shared DIR]
#
# --root: where the chroot lives (default /var/tmp/attn-chroot-SUITE); an existing root is
#         reused (a second run starts at the build). --shared: the chapter's reference scripts
#         (the folder that holds reference/ and notes/), copied in beside the checkout so that
#         conformance runs; default: ../shared beside this checkout, when it is there.
# Exit status: ctest's (0 when every test passed or skipped).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
suite=trixie root="" shared=""
while [ $# -gt 0 ]; do
  case "$1" in
    --suite) suite=$2; shift 2 ;;
    --root) root=$2; shift 2 ;;
    --shared) shared=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "debian-chroot-check: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$suite" in trixie|bookworm) ;; *) echo "debian-chroot-check: --suite must be trixie or bookworm" >&2; exit 2 ;; esac
[ "$(id -u)" -eq 0 ] || { echo "debian-chroot-check: needs root (debootstrap, chroot)" >&2; exit 2; }
root=${root:-/var/tmp/attn-chroot-$suite}
if [ -z "$shared" ] && [ -d "$here/../shared/reference" ]; then shared=$(cd "$here/../shared" && pwd); fi

if [ ! -x "$root/usr/bin/apt-get" ]; then
  echo "== debootstrap --variant=minbase $suite $root"
  debootstrap --variant=minbase "$suite" "$root" http://deb.debian.org/debian >"$root.debootstrap.log" 2>&1 \
    || { tail -20 "$root.debootstrap.log"; exit 3; }
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"

mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
mountpoint -q "$root/proc" || { mount -t proc proc "$root/proc"; mounted+=("$root/proc"); }
mountpoint -q "$root/dev" || { mount --bind /dev "$root/dev"; mounted+=("$root/dev"); }
# The pseudo-terminals too (the pictures test runs attn on one); a plain bind leaves them out.
mountpoint -q "$root/dev/pts" || { mount --bind /dev/pts "$root/dev/pts" && mounted+=("$root/dev/pts") || true; }
mountpoint -q "$root/sys" || { mount --bind -o ro /sys "$root/sys" 2>/dev/null && mounted+=("$root/sys") || true; }

# The checkout as a clone would have it, plus uncommitted edits; build folders stay out.
work=$root/root/attn
rm -rf "$work/src-tree"
mkdir -p "$work/src-tree"
(cd "$here" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) \
  | tar -C "$work/src-tree" -xf -
rm -rf "$work/shared"
if [ -n "$shared" ]; then
  mkdir -p "$work/shared" && cp -a "$shared/." "$work/shared/"
  echo "== reference scripts copied from $shared"
else
  echo "== no reference scripts: conformance tests will skip"
fi

inner() { nice chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
                  TERM=dumb /bin/bash -c "$1"; }
echo "== $(inner '. /etc/os-release; echo "$PRETTY_NAME"')"
# The README's two commands, word for word: the first two lines of its first ```sh block.
first=$(awk '/^```sh/ {b = 1; next} b {print; exit}' "$here/README.md")
second=$(awk '/^```sh/ {b = 1; next} b && ++n == 2 {print; exit}' "$here/README.md")
echo "== 1: $first"
inner "cd /root/attn/src-tree && $first"
echo "== versions: $(inner "dpkg-query -W -f='\${Package} \${Version}\n' libxsimd-dev libxtensor-dev libfmt-dev libcli11-dev libtomlplusplus-dev libopenblas0-pthread python3-numpy python3 2>/dev/null | tr '\n' ';'")"
echo "== 2: $second"
set +e
inner "cd /root/attn/src-tree && $second" >"$root.ctest.log" 2>&1
rc=$?
set -e
grep -E "tests passed|tests failed|The following tests|^\s+[0-9]+ - |Total Test time" "$root.ctest.log" || tail -40 "$root.ctest.log"
echo "== full log: $root.ctest.log (exit $rc)"
exit $rc
