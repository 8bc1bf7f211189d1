#!/usr/bin/env bash
# Builds a release tarball of attn for Linux on a Debian 12 x86-64 machine, from Debian's archive
# only (tools/install-deps.sh --release installs what it needs):
#
#   tools/release.sh x86_64|aarch64     ->  dist/attn-VERSION-linux-ARCH.tar.gz, dist/SHA256SUMS
#   tools/release.sh wasm               ->  dist/attn-VERSION-web.zip (tools/release-web.sh)
#
# The tarball holds attn-VERSION-linux-ARCH/ with
#   bin/attn                                  one fully static executable: glibc, libstdc++,
#                                             OpenBLAS (Debian's DYNAMIC_ARCH libopenblas.a),
#                                             libcrypto, {fmt} compiled in, toml++ header-only, muParser
#   bin/attn-course-kit                       tools/course-kit.sh: a teacher's Gradescope zip,
#                                             GitHub and GitLab files from a course file
#   share/man/man1/attn.1.gz                  the man page
#   share/bash-completion/completions/attn    bash completion
#   share/zsh/site-functions/_attn            zsh completion
#   share/fish/vendor_completions.d/attn.fish fish completion
#   share/doc/attn/copyright                  the licences of attn and of all it links in
#   share/doc/attn/udl.md                     the UDL notebooks, and how to get GPT-2 for 12.4
# so that `tar -C ~/.local --strip-components=1 -xzf attn-...tar.gz` installs it.
# Debian ships no static muParser: its source package (apt-get source, a deb-src line) is built
# here as a static library. aarch64 is cross-compiled with g++-aarch64-linux-gnu and the arm64
# -dev packages (cmake/aarch64-linux-gnu.cmake); qemu-aarch64-static runs it to write its man
# page and completions. It also writes dist/attn_VERSION_DEBARCH.deb, the same static attn as a
# Debian package, and runs lintian on it. tools/release-test.sh then runs the binary in an
# empty root.
set -euo pipefail
cd "$(dirname "$0")/.."
arch=${1:-}
case "$arch" in
  x86_64) toolchain=() strip=strip ;;
  aarch64) toolchain=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/aarch64-linux-gnu.cmake") strip=aarch64-linux-gnu-strip ;;
  wasm) exec tools/release-web.sh ;;
  *) echo "usage: tools/release.sh x86_64|aarch64|wasm" >&2; exit 2 ;;
esac
version=$(sed -n 's/^project(attn VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || { echo "release: no version in CMakeLists.txt's project()" >&2; exit 2; }
name=attn-$version-linux-$arch
work=$PWD/build-release-$arch
jobs=${JOBS:-2}
# Reproducible archives: every file's time is the last commit's.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
mkdir -p "$work" dist

# ---- muParser, static, from Debian's source package -----------------------------------------
mp_src=$work/muparser-src
mp_prefix=$work/muparser-install
if [ ! -f "$mp_prefix/.done" ]; then
  rm -rf "$mp_src" "$mp_prefix" "$work/muparser-build"
  mkdir -p "$mp_src"
  (cd "$mp_src" && apt-get source --download-only muparser >/dev/null 2>"$work/apt-source.log") || {
    cat "$work/apt-source.log" >&2
    echo "release: apt-get source muparser failed: add Debian's deb-src line (tools/install-deps.sh --release)" >&2
    exit 3
  }
  (cd "$mp_src" && dpkg-source --no-check -x muparser_*.dsc muparser >/dev/null)
  cmake -S "$mp_src/muparser" -B "$work/muparser-build" "${toolchain[@]}" -DCMAKE_BUILD_TYPE=Release \
        -DBUILD_SHARED_LIBS=OFF -DENABLE_OPENMP=OFF -DENABLE_SAMPLES=OFF -DENABLE_WIDE_CHAR=OFF \
        -DCMAKE_INSTALL_PREFIX="$mp_prefix" -DCMAKE_INSTALL_LIBDIR=lib >/dev/null
  nice cmake --build "$work/muparser-build" -j"$jobs" >/dev/null
  cmake --install "$work/muparser-build" >/dev/null
  touch "$mp_prefix/.done"
fi

# ---- attn, static ------------------------------------------------------------------------------
cmake -S . -B "$work/attn" "${toolchain[@]}" -DCMAKE_BUILD_TYPE=Release -DATTN_STATIC=ON \
      -Dmuparser_DIR="$mp_prefix/lib/cmake/muparser" >"$work/configure.log" \
  || { cat "$work/configure.log" >&2; exit 1; }
nice cmake --build "$work/attn" -j"$jobs" --target attn attn_man attn_completions
bin=$work/attn/attn
# Nothing may be loaded at run time: no program interpreter, no NEEDED entry.
if readelf -lW "$bin" | grep -q 'INTERP' || readelf -dW "$bin" | grep -q 'NEEDED'; then
  readelf -dW "$bin" | grep NEEDED >&2 || true
  echo "release: $bin is not fully static" >&2
  exit 1
fi

# ---- the tarball ---------------------------------------------------------------------------------
stage=$work/stage/$name
rm -rf "$work/stage"
install -D -m 0755 "$bin" "$stage/bin/attn"
"$strip" "$stage/bin/attn"
# The course kit (tools/course-kit.sh), its download location stamped with the repository whose
# release workflow runs this ($GITHUB_REPOSITORY; empty outside it: the kit then asks for one).
sed "s|^default_repository=\"\"|default_repository=\"${GITHUB_REPOSITORY:-}\"|" tools/course-kit.sh >"$work/attn-course-kit"
install -D -m 0755 "$work/attn-course-kit" "$stage/bin/attn-course-kit"
install -d "$stage/share/man/man1"
gzip -9n <"$work/attn/attn.1" >"$stage/share/man/man1/attn.1.gz"
install -D -m 0644 "$work/attn/completions/bash/attn" "$stage/share/bash-completion/completions/attn"
install -D -m 0644 "$work/attn/completions/zsh/_attn" "$stage/share/zsh/site-functions/_attn"
install -D -m 0644 "$work/attn/completions/fish/attn.fish" "$stage/share/fish/vendor_completions.d/attn.fish"
# The licences of everything linked in (glibc and libcsv are LGPL-2.1+: how to relink is there).
install -D -m 0644 packaging/deb/copyright "$stage/share/doc/attn/copyright"
# The notebooks' page: how to get GPT-2 for udl 12.4 (the hint without a model says the same).
install -D -m 0644 docs/udl.md "$stage/share/doc/attn/udl.md"
# A machine without Debian's /usr/share/common-licenses gets the long texts the copyright file
# names, and each linked library's own copyright file (every holder, every notice).
for lic in Apache-2.0 GPL-3 LGPL-2.1; do
  install -D -m 0644 "/usr/share/common-licenses/$lic" "$stage/share/doc/attn/licenses/$lic"
done
for pkg in libc6 "gcc-$(gcc -dumpversion | cut -d. -f1)-base" libopenblas-dev libssl-dev libcsv-dev libmuparser-dev libfmt-dev \
           libtomlplusplus-dev nlohmann-json3-dev libcli11-dev libxtensor-dev xtl-dev libxsimd-dev; do
  install -D -m 0644 "/usr/share/doc/$pkg/copyright" "$stage/share/doc/attn/licenses/$pkg.copyright"
done
tar -C "$work/stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -cf - "$name" | gzip -9n >"dist/$name.tar.gz"
# ---- the .deb of the same static attn (no Depends), checked by lintian -----------------------
nice cmake --build "$work/attn" -j"$jobs" --target attn_changelog >/dev/null
(cd "$work/attn" && cpack -G DEB >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log" >&2; exit 1; }
deb=$(ls "$work/attn"/attn_"$version"_*.deb)
cp "$deb" dist/
if command -v lintian >/dev/null; then
  # Any tag fails the release (the package's own override says that the binary is static on
  # purpose: packaging/deb/lintian-overrides-static).
  tags=$(lintian --tag-display-limit 0 "dist/$(basename "$deb")" 2>&1 \
         | grep -v '^running with root privileges' || true)
  if [ -n "$tags" ]; then echo "$tags" >&2; echo "release: lintian is not clean" >&2; exit 1; fi
  echo "release: lintian: $(basename "$deb") clean"
fi

(cd dist && sha256sum attn-*-linux-*.tar.gz attn_*.deb >SHA256SUMS)
ls -l "dist/$name.tar.gz" "dist/$(basename "$deb")"
echo "release: $(du -b "$stage/bin/attn" | cut -f1) bytes bin/attn ($arch, static, stripped)"
cat dist/SHA256SUMS
