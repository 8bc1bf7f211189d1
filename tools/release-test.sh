#!/usr/bin/env bash
# Tests a release tarball (tools/release.sh) the way a student's machine would meet it: the
# tarball's bin/attn is copied ALONE into an empty directory, which is then used as a chroot
# (no /lib, no /usr, no /proc, no locale, no OpenBLAS, no Python), and there it must
#   - print the chapter's lines: every golden file, byte for byte (tests/reference/golden_test.py, the
#     same harness and lesson waiver as the build's golden test), the chapter's Dq=400 line among
#     them, and `attn -V`;
#   - grade the chapter's sheet (tests/data/homework/book-answers.toml, copied in beside it):
#     exit 0 and "score: 19/19";
#   - refuse bad input with exit 2 (plain `attn`, a misspelt subcommand) as the build does.
# The tarball's checksum (dist/SHA256SUMS), its static ELF (no interpreter, no NEEDED), its man
# page and completions are checked first. An aarch64 tarball runs under qemu-aarch64-static
# (Debian's qemu-user-static; itself static), copied into the root as /qemu.
#
#   tools/release-test.sh dist/attn-VERSION-linux-ARCH.tar.gz
#
# Needs root (chroot) and python3. Exit status 0 when everything passed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tarball=${1:?usage: tools/release-test.sh dist/attn-VERSION-linux-ARCH.tar.gz}
[ "$(id -u)" -eq 0 ] || { echo "release-test: needs root (chroot)" >&2; exit 2; }
name=$(basename "$tarball" .tar.gz)
arch=${name##*-linux-}
failed=0 passed=0
ok() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $*"; fi; }
says() { echo "== $*"; }

sums=$(dirname "$tarball")/SHA256SUMS
if [ -f "$sums" ]; then
  says "checksum ($sums)"
  ok bash -c "cd '$(dirname "$tarball")' && grep ' $name.tar.gz\$' SHA256SUMS | sha256sum --check --strict --quiet"
fi
tmp=$(mktemp -d /var/tmp/attn-release-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
tar -C "$tmp" -xzf "$tarball"
pkg=$tmp/$name
ok test -x "$pkg/bin/attn"
ok bash -c "! readelf -lW '$pkg/bin/attn' | grep -q INTERP && ! readelf -dW '$pkg/bin/attn' | grep -q NEEDED"
ok bash -c "gzip -dc '$pkg/share/man/man1/attn.1.gz' | grep -q 'EXIT STATUS'"
# The course kit, with the release's download location (the repository the release ran in).
ok bash -c "'$pkg/bin/attn-course-kit' --help | grep -q 'attn-VERSION-linux-x86_64.tar.gz'"
for f in share/bash-completion/completions/attn share/zsh/site-functions/_attn \
         share/fish/vendor_completions.d/attn.fish; do
  ok test -s "$pkg/$f"
done
# The licences travel with the static binary (glibc's and libcsv's LGPL among them).
ok bash -c "grep -q 'LGPL-2.1+' '$pkg/share/doc/attn/copyright' && grep -q 'glibc' '$pkg/share/doc/attn/copyright'"
ok bash -c "grep -q 'GNU LESSER GENERAL PUBLIC LICENSE' '$pkg/share/doc/attn/licenses/LGPL-2.1' && grep -q 'OpenBLAS' '$pkg/share/doc/attn/licenses/libopenblas-dev.copyright'"

# The empty root: the binary, the sheet to grade, and for aarch64 the emulator.
root=$tmp/root
mkdir "$root"
cp "$pkg/bin/attn" "$root/attn"
cp "$here/tests/data/homework/book-answers.toml" "$root/book-answers.toml"
emu=""
case "$arch" in
  x86_64) ;;
  aarch64)
    cp "$(command -v qemu-aarch64-static)" "$root/qemu"
    emu=/qemu ;;
  *) echo "release-test: unknown architecture '$arch'" >&2; exit 2 ;;
esac
says "the root holds only: $(cd "$root" && ls | tr '\n' ' ')"
cat >"$tmp/attn-in-root" <<EOF
#!/bin/sh
exec chroot '$root' $emu /attn "\$@"
EOF
chmod +x "$tmp/attn-in-root"
run() { "$tmp/attn-in-root" "$@"; }

says "attn -V: $(run -V)"
ok bash -c "'$tmp/attn-in-root' -V | grep -q '^attn [0-9]'"
says "the chapter's lines: every golden file"
ok python3 "$here/tests/reference/golden_test.py" --attn "$tmp/attn-in-root" --golden "$here/golden"
says "grading the chapter's sheet"
grade=$(run homework --grade /book-answers.toml) && grade_rc=0 || grade_rc=$?
echo "$grade" | tail -1
ok test "$grade_rc" -eq 0
ok bash -c "grep -q '^score: 19/19 ' <<<'$(echo "$grade" | tail -1)'"
says "usage errors"
set +e
run >/dev/null 2>&1; ok test $? -eq 2
run atention 2>&1 | grep -q 'did you mean attention'; ok test "${PIPESTATUS[0]}" -eq 2
set -e
echo "release-test ($arch): $passed passed, $failed failed"
[ "$failed" -eq 0 ]
