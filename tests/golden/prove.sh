#!/usr/bin/env bash
# Proves that the semantic guards can fail: each case changes what an
# existing call means in a scratch copy of the sources, rebuilds the
# library and the golden programs there, and expects the guard to reject
# it, naming the change (like abi/prove-check.sh for the ABI checks):
#   - the information key's hash seed            -> golden_formats (key)
#   - the save format version the library writes -> golden_semantics
#   - the bytes a save holds                     -> golden_semantics
#   - a library-side default: a bot level's budget, and a game's default
#     option                                     -> golden_semantics
#   - a move's number                            -> golden_files
# A manual step (docs/testing.md), not run by scripts/test.sh: one scratch
# build of the library, then a rebuild per case.
#   tests/golden/prove.sh WORK_DIR       (TG_JOBS: parallel jobs, default 2)
set -euo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:?usage: tests/golden/prove.sh WORK_DIR}
mkdir -p "$work"
work=$(cd "$work" && pwd)
src=$work/src
build=$work/build
rm -rf "$src"
mkdir -p "$src"
(cd "$root" && cp -r CMakeLists.txt cmake include lib abi docs examples bindings tests "$src/")
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_BUILD_PYTHON=OFF \
      -DTG_BUILD_LUA=OFF -DTG_BUILD_DOCS=OFF >"$work/configure.log" 2>&1
targets=(--target golden golden_formats golden_semantics)
guards() {
  cmake --build "$build" -j"${TG_JOBS:-2}" "${targets[@]}" >"$work/build.log" 2>&1 &&
    (cd "$build" && ctest --output-on-failure -R '^golden_')
}
guards >"$work/pristine.log" 2>&1 || { echo "the unchanged copy fails the guards:"; cat "$work/pristine.log"; exit 1; }
echo "ok: the unchanged copy passes golden_files, golden_formats and golden_semantics"

# change NAME FILE SED_EXPR PATTERN: the guards must fail, saying PATTERN.
change() {
  local name=$1 file=$2 expr=$3 pattern=$4 log=$work/$1.log
  cp "$src/$file" "$work/before"
  sed -i "$expr" "$src/$file"
  cmp -s "$src/$file" "$work/before" && { echo "the edit of $file did not apply: $expr"; exit 1; }
  if guards >"$log" 2>&1; then echo "FAILED: $name passed the guards"; exit 1; fi
  grep -Eq "$pattern" "$log" || { echo "FAILED: $name was rejected, but not for '$pattern':"; cat "$log"; exit 1; }
  echo "ok: $name is rejected ($(grep -Eo "$pattern" "$log" | head -n 1))"
  cp "$root/$file" "$src/$file"
}
change key-hash-seed lib/core/research.c \
  's/g->key_seed = XXH3_64bits_withSeed(g->options, strlen(g->options), seed);/g->key_seed = XXH3_64bits_withSeed(g->options, strlen(g->options), seed + 1);/' \
  "the layout changed: now '[a-z_]+ key 1 "
change save-format-version lib/core/load.h 's/^#define TG_SAVE_FORMAT_VERSION 2$/#define TG_SAVE_FORMAT_VERSION 3/' \
  "not a recorded meaning: 'save_format_version [a-z_]+ binary 3'"
change save-bytes lib/core/save_json.c \
  's/json_object_set_new(j, "root_move_number", json_integer(state->root_move_number));/json_object_set_new(j, "root_move_number", json_integer(state->root_move_number));\n    json_object_set_new(j, "extra", json_true());/' \
  "not a recorded meaning: 'save [a-z_]+ json 2 "
change bot-budget lib/bots/bot.c 's/MEDIUM_SIMULATIONS = 400,/MEDIUM_SIMULATIONS = 500,/' \
  "not a recorded meaning: 'bot_resolved v[12] (random|easy|medium) simulations=500"
change default-option lib/games/bewitched/bewitched.c \
  's/{"stops", TG_OPTION_CHOICE, "may", "may|must",/{"stops", TG_OPTION_CHOICE, "must", "may|must",/' \
  "not a recorded meaning: 'default_options bewitched|golden: "
echo "every guard rejected its change"
