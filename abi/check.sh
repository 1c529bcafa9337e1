#!/usr/bin/env bash
# Fails when a build's ABI is incompatible with the committed baseline, or
# adds symbols outside a new version node. Policy: abi/README.md.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: abi/check.sh BUILD_DIR [BASELINE_DIR]}
base=${2:-$here}
lib=$(readlink -f "$build/libtablegames.so")
src_headers=${TG_HEADERS_DIR:-$here/../include/boardgames}

report=$(abidiff --no-added-syms --headers-dir2 "$src_headers" \
                 --headers-dir2 "$build/include/boardgames" \
                 "$base/libtablegames.abi" "$lib" 2>&1)
rc=$?
# abidiff's exit status is a bit mask: 1 error, 2 usage, 4 change, 8 incompatible change.
if (( rc & 3 )); then
  echo "abi check: abidiff failed to run:"; echo "$report"; exit 1
fi
if (( rc & 8 )); then
  echo "abi check: INCOMPATIBLE change against the baseline:"; echo "$report"; exit 1
fi
if (( rc & 4 )) && grep -Eq '[1-9][0-9]* (Removed|Changed)' <<<"$report"; then
  echo "abi check: removed or changed functions or variables:"; echo "$report"; exit 1
fi

# Added symbols must live in a version node the baseline does not know.
old_nodes=$(sed 's/.*@//' "$base/symbols.txt" | sort -u)
bad=0
while IFS= read -r sym; do
  node=${sym#*@}
  if grep -qxF "$node" <<<"$old_nodes"; then
    echo "abi check: new symbol $sym was added to an existing version node"; bad=1
  fi
done < <(comm -13 "$base/symbols.txt" <("$here/symbols.sh" "$lib"))
(( bad )) && exit 1
echo "abi check: compatible with the baseline"
