#!/usr/bin/env bash
# Installs what attn needs from Debian 12's archive (build tools, libraries, and Debian's NumPy
# for the reference scripts the conformance test runs; librsvg2-bin's rsvg-convert renders the
# SVG pictures in tests/pictures_test.py). Uses sudo when not root.
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  cmake make g++ ca-certificates \
  libcli11-dev libfmt-dev libxtensor-dev xtl-dev libxtensor-blas-dev libopenblas-dev \
  doctest-dev libtomlplusplus-dev libmuparser-dev libxsimd-dev nlohmann-json3-dev libssl-dev \
  python3 python3-numpy python3-jsonschema bash zsh fish librsvg2-bin >/dev/null
