#!/usr/bin/env bash
# Compiles the layout test (tests/abi/layout.c) against the public headers
# and runs it: its static assertions pin every frozen value, layout and
# field type, and its main() the fields of the _INIT initialisers.
#   abi/layout.sh [-m32] INCLUDE_DIR...
# CC names the compiler (default cc); TG_LAYOUT another layout.c (the
# proof's scratch copy). Exit status 77: -m32 asked for, but the compiler
# cannot build for it (Debian: gcc-multilib).
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-cc}
layout=${TG_LAYOUT:-$here/../tests/abi/layout.c}
flags=()
if [ "${1:-}" = -m32 ]; then
  shift
  flags=(-m32)
  # Link, not only compile: running the test needs the 32-bit C library too.
  printf 'int main(void){return 0;}\n' | "$cc" -m32 -x c - -o /dev/null >/dev/null 2>&1 ||
    { echo "layout: SKIPPED: $cc cannot build for -m32 (Debian: gcc-multilib)"; exit 77; }
fi
includes=()
for dir in "$@"; do includes+=(-I"$dir"); done
exe=$(mktemp "${TMPDIR:-/tmp}/tablegames-layout.XXXXXX") || exit 1
trap 'rm -f "$exe"' EXIT
"$cc" "${flags[@]}" -std=c11 -Wall -Wextra -Wpedantic -Werror "${includes[@]}" "$layout" \
      -o "$exe" || { echo "layout${flags:+ ${flags[*]}}: the layout test does not compile (an ABI break)"; exit 1; }
"$exe" || { echo "layout${flags:+ ${flags[*]}}: an initialiser changed (an ABI break)"; exit 1; }
echo "layout${flags:+ ${flags[*]}}: every pinned value, layout, type and initialiser holds"
