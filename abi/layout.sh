#!/usr/bin/env bash
# Compiles the layout test (tests/abi/layout.c) against the public headers
# and runs it: its static assertions pin every frozen value, layout and
# field type, and its main() the fields of the _INIT initialisers.
#   abi/layout.sh [-m32] INCLUDE_DIR...
# CC names the compiler (default cc); TG_LAYOUT another layout.c (the
# proof's scratch copy); TG_M32_RUN a command that runs the 32-bit programs.
# By default they run directly, or under qemu-i386 (Debian: qemu-user) where
# the kernel cannot run them and qemu is installed, as scripts/test.sh
# does; tests/abi/no_32bit.sh stands for a kernel without 32-bit support.
# Exit status 77, with a line saying why:
#  - -m32 asked for, but the compiler cannot build for it (Debian:
#    gcc-multilib; with TG_REQUIRE_ALL_PARTS=ON, as in scripts/test.sh,
#    which installs it, that is a failure instead);
#  - this machine cannot run a 32-bit program at all (a kernel built or
#    booted without 32-bit support, and no qemu-i386): a trivial -m32
#    program is run first, so that such a machine is never taken for an ABI
#    break. The -m32 layout test is still compiled there, so its static
#    assertions (every value, layout and type) still fail on a break; only
#    the initialisers, checked at run time, go unchecked.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-cc}
layout=${TG_LAYOUT:-$here/../tests/abi/layout.c}
work=$(mktemp -d "${TMPDIR:-/tmp}/tablegames-layout.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
flags=()
run=()
if [ "${1:-}" = -m32 ]; then
  shift
  flags=(-m32)
  # Link, not only compile: running the test needs the 32-bit C library too.
  if ! printf 'int main(void){return 0;}\n' | "$cc" -m32 -x c - -o "$work/probe" >"$work/probe.log" 2>&1; then
    if [ "${TG_REQUIRE_ALL_PARTS:-OFF}" = ON ]; then
      echo "layout -m32: FAILED: $cc cannot build for -m32 (Debian: gcc-multilib), and TG_REQUIRE_ALL_PARTS is ON:"
      cat "$work/probe.log"; exit 1
    fi
    echo "layout -m32: SKIPPED: $cc cannot build for -m32 (Debian: gcc-multilib)"; exit 77
  fi
fi
includes=()
for dir in "$@"; do includes+=(-I"$dir"); done
"$cc" "${flags[@]}" -std=c11 -Wall -Wextra -Wpedantic -Werror "${includes[@]}" "$layout" \
      -o "$work/layout" || { echo "layout${flags:+ ${flags[*]}}: the layout test does not compile (an ABI break)"; exit 1; }
if [ ${#flags[@]} -gt 0 ]; then
  # A trivial program that fails to run means the machine, not the ABI.
  rc=0
  if [ -n "${TG_M32_RUN+set}" ]; then
    read -r -a run <<<"$TG_M32_RUN"
    "${run[@]}" "$work/probe" >"$work/probe.log" 2>&1 || rc=$?
  else
    "$work/probe" >"$work/probe.log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ] && command -v qemu-i386 >/dev/null &&
       qemu-i386 "$work/probe" >/dev/null 2>&1; then
      echo "layout -m32: this kernel cannot run 32-bit programs (status $rc); they run under qemu-i386"
      rc=0
      run=(qemu-i386)
    fi
  fi
  if [ "$rc" -ne 0 ]; then
    echo "layout -m32: every pinned value, layout and type holds (it compiles), but"
    echo "layout -m32: SKIPPED: this machine cannot run 32-bit programs, so the initialisers are" \
         "not checked: a trivial -m32 program exits with status $rc" \
         "($(tr '\n' ' ' <"$work/probe.log" | sed 's/ *$//')). Install qemu-user, or run it where 32-bit programs run."
    exit 77
  fi
fi
"${run[@]}" "$work/layout" || { echo "layout${flags:+ ${flags[*]}}: an initialiser changed (an ABI break)"; exit 1; }
echo "layout${flags:+ ${flags[*]}}: every pinned value, layout, type and initialiser holds"
