#!/usr/bin/env bash
# Writes a new ABI baseline from a build tree. Run it only on purpose (a
# release, or a reviewed compatible addition): see abi/README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: abi/refresh.sh BUILD_DIR}
lib=$(readlink -f "$build/libtablegames.so")
abidw --no-corpus-path --headers-dir "$here/../include/boardgames" \
      --headers-dir "$build/include/boardgames" --out-file "$here/libtablegames.abi" "$lib"
"$here/symbols.sh" "$lib" > "$here/symbols.txt"
echo "baseline written from $lib"
