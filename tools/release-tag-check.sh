#!/usr/bin/env bash
# The release workflow's first check (.github/workflows/release.yml): the tag it runs on must be
# "v" + the version in CMakeLists.txt's project(), since the files it publishes are named by that
# version and course kits download them by it (tools/course-kit.sh).
#
#   tools/release-tag-check.sh vX.Y.Z      exit 0 when it matches, 2 with one line when not
set -euo pipefail
cd "$(dirname "$0")/.."
tag=${1:?usage: tools/release-tag-check.sh vX.Y.Z}
version=$(sed -n 's/^project(attn VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || { echo "release-tag-check: no version in CMakeLists.txt's project()" >&2; exit 2; }
if [ "$tag" != "v$version" ]; then
  echo "release-tag-check: the tag '$tag' is not v$version (CMakeLists.txt's project() version): tag v$version, or change the version first" >&2
  exit 2
fi
echo "release-tag-check: $tag names version $version"
