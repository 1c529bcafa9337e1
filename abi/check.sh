#!/usr/bin/env bash
# The ABI check (policy: abi/README.md). Fails when
#  - a TG_API function is missing from the version script or sits in the
#    wrong node, or a public macro, enumerator, struct or field type is not
#    pinned by the layout test (abi/check_names.py);
#  - the layout test fails: a macro's or enumerator's value, a struct's
#    layout, a field's type or a default of an _INIT initialiser changed
#    (abi/layout.sh, on the host and with -m32 where the compiler can);
#  - the build is incompatible with any release baseline abi/X.Y/: abidiff,
#    with no suppression, reports anything but fields appended at the end of
#    a versioned struct (abi/appends_only.py);
#  - a symbol the baseline lacks sits in a version node the baseline has.
#   abi/check.sh BUILD_DIR [BASELINE_DIR...]     (default: every abi/X.Y/)
# TG_HEADERS_DIR names other public headers (the proof's scratch copies).
# Exit status 77 (a skip for ctest): no abidiff or readelf, or a library
# built without debug info to compare. A missing or unreadable library fails.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: abi/check.sh BUILD_DIR [BASELINE_DIR...]}
shift
src_headers=${TG_HEADERS_DIR:-$here/../include/boardgames}
map=${TG_MAP:-$here/tablegames.map}
layout=${TG_LAYOUT:-$here/../tests/abi/layout.c}
# A library that is not there (a build that failed to link) fails the check;
# only a missing tool, or a build made without debug info, is a skip.
lib=$(readlink -f "$build/libtablegames.so")
[ -n "$lib" ] && [ -f "$lib" ] || { echo "abi check: FAILED: no $build/libtablegames.so (did the build fail?)"; exit 1; }
baselines=("$@")
if [ ${#baselines[@]} -eq 0 ]; then
  for dir in "$here"/[0-9]*.[0-9]*/; do baselines+=("${dir%/}"); done
fi
[ ${#baselines[@]} -gt 0 ] || { echo "abi check: no baseline in $here"; exit 1; }
for tool in abidiff readelf; do
  command -v "$tool" >/dev/null ||
    { echo "abi check: SKIPPED: $tool is not installed (Debian: abigail-tools, binutils)"; exit 77; }
done
# Not piped into grep -q: pipefail would see readelf's SIGPIPE.
sections=$(readelf -S "$lib") || { echo "abi check: FAILED: readelf cannot read $lib"; exit 1; }
if ! grep -q '\.debug_info' <<<"$sections"; then
  echo "abi check: SKIPPED: $lib has no debug info; build with RelWithDebInfo or Debug"; exit 77
fi

python=$(command -v /usr/bin/python3 || command -v python3)
"$python" "$here/check_names.py" "$src_headers" "$build/include/boardgames" \
  --map "$map" --layout "$layout" || exit 1
# The headers' own folder (boardgames/) is named in their #includes.
export TG_LAYOUT=$layout
"$here/layout.sh" "$(dirname "$src_headers")" "$build/include" || exit 1
"$here/layout.sh" -m32 "$(dirname "$src_headers")" "$build/include"
rc=$?
(( rc == 0 || rc == 77 )) || exit 1

fresh=$("$here/symbols.sh" "$lib")
failed=0
for base in "${baselines[@]}"; do
  name=$(basename "$base")
  report=$(abidiff --no-added-syms \
                   --headers-dir2 "$src_headers" --headers-dir2 "$build/include/boardgames" \
                   "$base/libtablegames.abi" "$lib" 2>&1)
  rc=$?
  # abidiff's exit status is a bit mask: 1 error, 2 usage, 4 change, 8 incompatible change.
  if (( rc & 3 )); then
    echo "abi check ($name): abidiff failed to run:"; echo "$report"; failed=1; continue
  fi
  if (( rc & 8 )); then
    echo "abi check ($name): INCOMPATIBLE change against the $name baseline:"; echo "$report"
    failed=1; continue
  fi
  # Every change it reports must be a field appended to a versioned struct.
  if (( rc & 4 )) && ! "$python" "$here/appends_only.py" <<<"$report"; then
    echo "abi check ($name): removed or changed functions, types or values against $name:"
    echo "$report"; failed=1; continue
  fi
  # Added symbols must live in a version node the baseline does not know.
  bad=$(awk -v base="$base/symbols.txt" '
      BEGIN { while ((getline line < base) > 0) { old[line] = 1; sub(/.*@/, "", line); node[line] = 1 } }
      !($0 in old) { n = $0; sub(/.*@/, "", n); if (n in node) print }' <<<"$fresh")
  if [ -n "$bad" ]; then
    while IFS= read -r sym; do
      echo "abi check ($name): new symbol $sym was added to an existing version node"
    done <<<"$bad"
    failed=1; continue
  fi
  echo "abi check: compatible with the $name baseline"
done
exit "$failed"
