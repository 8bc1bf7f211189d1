#!/usr/bin/env bash
# The web page's release (tools/release.sh wasm runs this): attn compiled to WebAssembly with
# Debian's Emscripten (cmake/wasm.cmake), the one-file page with the module inside, and the
# licences of everything in the module:
#
#   tools/release-web.sh   ->  dist/attn-VERSION-web.zip, its line in dist/SHA256SUMS
#
# The zip holds attn-VERSION-web/ with
#   index.html        the page (open it from disk, or put the folder on any static host)
#   attn.js, attn.wasm  the same module for Node: `node attn-node.js scaling --dq 400`
#   attn-node.js      the command-line launcher for Node
#   README.txt        what to do with it
#   licences/         attn's copyright file and each bundled library's (Emscripten's libc,
#                     libc++ and runtime; {fmt}, toml++, nlohmann-json, CLI11, xtensor, xtl, xsimd)
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^project(attn VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || { echo "release: no version in CMakeLists.txt's project()" >&2; exit 2; }
command -v emcmake >/dev/null || { echo "release: emcmake missing (tools/install-deps.sh --web installs emscripten)" >&2; exit 3; }
name=attn-$version-web
# WORK=build-wasm reuses a WebAssembly build directory already there (its tests then stay on).
work=$(realpath -m "${WORK:-build-release-wasm}")
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
mkdir -p dist
if [ -z "${WORK:-}" ]; then emcmake cmake -S . -B "$work" -DATTN_TESTS=OFF >/dev/null; fi
nice cmake --build "$work" -j"${JOBS:-2}"
stage=$work/stage/$name
rm -rf "$work/stage"
mkdir -p "$stage/licences"
cp "$work/web/index.html" "$work/attn.js" "$work/attn.wasm" "$stage/"
cp web/attn-node.js "$stage/attn-node.js"
cp packaging/deb/copyright "$stage/licences/attn.txt"
for pkg in emscripten libfmt-dev libtomlplusplus-dev nlohmann-json3-dev libcli11-dev libxtensor-dev xtl-dev libxsimd-dev; do
  [ -f "/usr/share/doc/$pkg/copyright" ] || { echo "release: /usr/share/doc/$pkg/copyright missing" >&2; exit 3; }
  cp "/usr/share/doc/$pkg/copyright" "$stage/licences/$pkg.txt"
done
cat > "$stage/README.txt" <<TXT
attn $version for the web browser (any laptop, tablet or Chromebook; nothing to install)

Open index.html (double-click it, or File > Open in the browser), type a command such as
  scaling --dq 400
and press Run. Everything runs inside the page; no network is used after it has loaded. The
same file can be put on any static web host (GitHub Pages, a course site).

With Node.js (18 or later) the same module runs as a command:
  node attn-node.js scaling --dq 400

Homework: the public self-study variants (--variant ID without a course secret) work here.
Not in the browser build: variants and grading with the course secret (it stays on the
teacher's machine), class grading (--grade-class) and grading expression answers; they run in
attn for Linux. In the page, `cost` stops after 60 s (its default sweep takes minutes in a
browser: try cost --t 1000,2000).
TXT
# Reproducible: fixed file times and order (Python's zipfile, no zip program needed).
python3 - "$work/stage" "$name" "$PWD/dist/$name.zip" <<'PY'
import os, sys, time, zipfile
root, name, out = sys.argv[1:]
stamp = time.gmtime(int(os.environ["SOURCE_DATE_EPOCH"]))[:6]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for folder, dirs, files in sorted(os.walk(os.path.join(root, name))):
        dirs.sort()
        for f in sorted(files):
            path = os.path.join(folder, f)
            info = zipfile.ZipInfo(os.path.relpath(path, root), stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o755 if f.endswith("-node.js") else 0o644) << 16
            with open(path, "rb") as fh:
                z.writestr(info, fh.read())
PY
(cd dist && { grep -v " $name.zip\$" SHA256SUMS 2>/dev/null || true; sha256sum "$name.zip"; } > SHA256SUMS.new && mv SHA256SUMS.new SHA256SUMS)
echo "release: dist/$name.zip ($(stat -c %s "dist/$name.zip") bytes)"
