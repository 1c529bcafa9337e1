#!/usr/bin/env bash
# Writes the ABI baseline of a release, abi/VERSION/, from a build of that
# release. Run it only on purpose, for a release (abi/README.md); to build
# an older release first, use abi/baseline-of.sh.
#   abi/refresh.sh BUILD_DIR VERSION [SOURCE_DIR]
# SOURCE_DIR is the checkout the build was made from (default: this one).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: abi/refresh.sh BUILD_DIR VERSION [SOURCE_DIR]}
version=${2:?usage: abi/refresh.sh BUILD_DIR VERSION [SOURCE_DIR]}
src=${3:-$here/..}
[[ $version =~ ^[0-9]+\.[0-9]+$ ]] || { echo "VERSION is major.minor, e.g. 1.2"; exit 2; }
lib=$(readlink -f "$build/libtablegames.so")
out=$here/$version
mkdir -p "$out"
abidw --no-corpus-path --headers-dir "$src/include/boardgames" \
      --headers-dir "$build/include/boardgames" --out-file "$out/libtablegames.abi" "$lib"
"$here/symbols.sh" "$lib" > "$out/symbols.txt"
echo "baseline $version written to $out from $lib"
