#!/usr/bin/env bash
# Runs a program as a kernel without 32-bit support would: not at all. The
# program is copied with its ELF machine field set to EM_NONE (0), which no
# kernel's ELF loader takes, so that execve() fails with ENOEXEC, the
# failure such a kernel gives a 32-bit program, and bash reports it as it
# does there ("cannot execute binary file: Exec format error", status 126).
# (The class byte is not enough: a kernel with 32-bit support, 6.18 here,
# ran an i386 program whose class byte was 0xff.) abi/layout.sh takes it as
# TG_M32_RUN to prove its skip (abi/prove-check.sh m32).
#   tests/abi/no_32bit.sh PROGRAM [ARGUMENT...]
set -uo pipefail
program=${1:?usage: no_32bit.sh PROGRAM [ARGUMENT...]}
shift
copy=$(mktemp "${TMPDIR:-/tmp}/tablegames-no32.XXXXXX") || exit 1
trap 'rm -f "$copy"' EXIT
cp "$program" "$copy" && chmod +x "$copy" &&
  printf '\000\000' | dd of="$copy" bs=1 seek=18 conv=notrunc status=none || exit 1
"$copy" "$@"
