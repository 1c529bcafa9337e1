#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (ASan + UBSan) and runs each for
# SECONDS seconds (default 16) on a scratch copy of its seed corpus.
#   tests/fuzz/run.sh [SECONDS] [HARNESS...]
# HARNESS is a harness name (load_binary load_json move_text options
# api_sequence position position_json), position_ID for the position fuzzer
# kept to game ID (TG_FUZZ_GAME=ID), or "positions" for position_ID of every
# registered game one after the other. position_json (the structure-aware
# mutator of JSON saves under libFuzzer, seeded with the load_json corpus)
# is not in the default list: the test command runs the same mutator
# without libFuzzer on the sanitizer build (fuzz_mutate_positions). A finding is saved under BUILD/fuzz-findings/
# and fails the run; copy it to tests/fuzz/regressions/HARNESS/ (for
# position_ID: regressions/position/) once fixed so it replays in every
# test run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-16}
shift || true
requested=("$@")
[ ${#requested[@]} -gt 0 ] || requested=(load_binary load_json move_text options api_sequence position)
harnesses=()
for h in "${requested[@]}"; do
  if [ "$h" = positions ]; then
    for g in $(sed -n 's/^TG_GAME(\([a-z_0-9]*\)).*/\1/p' "$root/lib/games/games.def"); do
      harnesses+=("position_$g")
    done
  else
    harnesses+=("$h")
  fi
done
build=${TG_FUZZ_BUILD:-$root/build-fuzz}

targets=()
for h in "${harnesses[@]}"; do
  case $h in position_json) targets+=(fuzz_position_json) ;; position_*) targets+=(fuzz_position) ;; *) targets+=("fuzz_$h") ;; esac
done
CC=clang cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_WERROR=ON -DTG_FUZZ=ON \
  -DTG_SANITIZE=address,undefined -DTG_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target $(printf '%s\n' "${targets[@]}" | sort -u) >/dev/null

findings="$build/fuzz-findings"
mkdir -p "$findings"
failed=0
for h in "${harnesses[@]}"; do
  work=$(mktemp -d)
  harness=$h game=
  case $h in position_json) ;; position_*) harness=position game=${h#position_} ;; esac
  if [ -n "$game" ]; then
    cp "$here/corpus/position/${game}"_* "$work/" 2>/dev/null || true
  elif [ "$h" = position_json ]; then
    cp -r "$here/corpus/load_json/." "$work/"
  else
    cp -r "$here/corpus/$h/." "$work/" 2>/dev/null || true
  fi
  extra=()
  [ -f "$here/dict/$harness.dict" ] && extra=(-dict="$here/dict/$harness.dict")
  # Its seeds are bare positions; edits follow them, so let inputs grow at once.
  [ "$harness" = position ] && extra+=(-max_len=256 -len_control=0)
  # Whole JSON saves, edited by the custom mutator, never cut short.
  [ "$harness" = position_json ] && extra+=(-max_len=65536 -len_control=0)
  echo "fuzz: $h for ${seconds}s"
  if ! TG_FUZZ_GAME=$game "$build/tests/fuzz/fuzz_$harness" "$work" "${extra[@]}" \
       -max_total_time="$seconds" -artifact_prefix="$findings/$h-" -print_final_stats=1 \
       >"$findings/$h.log" 2>&1; then
    echo "fuzz: $h FOUND A PROBLEM; log: $findings/$h.log"; tail -30 "$findings/$h.log"; failed=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$findings/$h.log" | tail -2
  fi
  rm -rf "$work"
done
exit $failed
