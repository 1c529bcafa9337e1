#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (ASan + UBSan) and runs each for
# SECONDS seconds (default 20) on a scratch copy of its seed corpus.
#   tests/fuzz/run.sh [SECONDS] [HARNESS...]
# A finding is saved under BUILD/fuzz-findings/ and fails the run; copy it to
# tests/fuzz/regressions/HARNESS/ once fixed so it replays in every test run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-20}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(load_binary load_json move_text options api_sequence)
build=${TG_FUZZ_BUILD:-$root/build-fuzz}

CC=clang cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_WERROR=ON -DTG_FUZZ=ON \
  -DTG_SANITIZE=address,undefined -DTG_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target $(printf 'fuzz_%s ' "${harnesses[@]}") >/dev/null

findings="$build/fuzz-findings"
mkdir -p "$findings"
failed=0
for h in "${harnesses[@]}"; do
  work=$(mktemp -d)
  cp -r "$here/corpus/$h/." "$work/" 2>/dev/null || true
  dict=()
  [ -f "$here/dict/$h.dict" ] && dict=(-dict="$here/dict/$h.dict")
  echo "fuzz: $h for ${seconds}s"
  if ! "$build/tests/fuzz/fuzz_$h" "$work" "${dict[@]}" -max_total_time="$seconds" \
       -artifact_prefix="$findings/$h-" -print_final_stats=1 >"$findings/$h.log" 2>&1; then
    echo "fuzz: $h FOUND A PROBLEM; log: $findings/$h.log"; tail -30 "$findings/$h.log"; failed=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$findings/$h.log" | tail -2
  fi
  rm -rf "$work"
done
exit $failed
