#!/usr/bin/env bash
# Installs what attn needs from Debian 12's archive: build tools and libraries (libxsimd-dev,
# nlohmann-json3-dev and libssl-dev included); help2man (the man
# page); dpkg-dev and file (cpack's .deb); Debian's NumPy (the tests compare with it) and
# python3-jsonschema (the JSON output test); man-db and
# the shells whose completions the install test loads; librsvg2-bin's rsvg-convert (renders the
# SVG pictures in tests/pictures_test.py). Uses sudo when not root.
# One package per line, so adding one is a one-line change.
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
PACKAGES=(
  cmake
  make
  g++
  ca-certificates
  libcli11-dev
  libfmt-dev
  libxtensor-dev
  xtl-dev
  libxtensor-blas-dev
  libopenblas-dev
  doctest-dev
  libtomlplusplus-dev
  libmuparser-dev
  libxsimd-dev
  nlohmann-json3-dev
  libssl-dev
  help2man
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
  libcsv-dev
)
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
