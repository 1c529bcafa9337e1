#!/usr/bin/env bash
# Proves that abi/check.sh can fail: builds a scratch copy of the library
# with one enumerator's value changed (an incompatible change) and expects
# the check to reject it, then with a new function added to the existing
# version node and expects that to be rejected too.
#   abi/prove-check.sh [WORK_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/tablegames-abi.XXXXXX")}
mkdir -p "$work"

# build_variant NAME SED_FILE SED_EXPR [SED_FILE SED_EXPR]: a scratch copy
# with the edits made, built and checked against the baseline.
build_variant() {
  local name=$1 src=$work/$1/src
  shift
  rm -rf "$work/$name"; mkdir -p "$src"
  (cd "$root" && cp -r CMakeLists.txt cmake include lib abi docs "$src/")
  while [ $# -ge 2 ]; do
    sed -i "$2" "$src/$1"
    shift 2
  done
  cmake -S "$src" -B "$work/$name/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DTG_BUILD_TESTS=OFF -DTG_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$work/$name/build" -j"$(nproc)" --target tablegames >/dev/null
  TG_HEADERS_DIR="$src/include/boardgames" "$here/check.sh" "$work/$name/build" "$here"
}

if build_variant enum include/boardgames/common.h 's/TG_E_PARSE = -7,/TG_E_PARSE = -70,/' \
     >"$work/enum.log" 2>&1; then
  echo "FAILED: a changed enumerator value passed the ABI check"; cat "$work/enum.log"; exit 1
fi
grep -q "INCOMPATIBLE\|removed or changed" "$work/enum.log" || { cat "$work/enum.log"; exit 1; }
echo "ok: a changed enumerator value is rejected"

# The version script names each 1.0 function, so the new one is named there too.
if build_variant added lib/core/version.c 's/^unsigned tg_version_number(void)/TG_API unsigned tg_version_extra(void);\nTG_API unsigned tg_version_extra(void)\n{\n    return 1;\n}\n\nunsigned tg_version_number(void)/' \
     abi/tablegames.map 's/^    tg_version_number;/    tg_version_number;\n    tg_version_extra;/' \
     >"$work/added.log" 2>&1; then
  echo "FAILED: a symbol added to the old version node passed the ABI check"; cat "$work/added.log"; exit 1
fi
grep -q "added to an existing version node" "$work/added.log" || { cat "$work/added.log"; exit 1; }
echo "ok: a symbol added without a new version node is rejected"
