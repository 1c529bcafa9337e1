#!/usr/bin/env bash
# Proves that the ABI checks can fail: each case makes a scratch copy of the
# sources with one deliberate change and expects the check that guards it to
# reject the change, naming it (and one case, a change the policy allows,
# to pass). ctest runs each group as its own test (tests/abi/).
#   abi/prove-check.sh WORK_DIR [break|names|macros|m32]...   (default: all)
# break:  scratch builds of the library checked against every baseline
#         (abi/check.sh): an enumerator's value changed, a parameter's type
#         changed, a field of a versioned struct retyped (tg_bot_params'
#         seconds to uint64_t, the allocator callback's sizes to uint32_t),
#         a field appended to a frozen struct, a function added to an old
#         version node, a function of the 1.3 release removed, a macro's value and a default of TG_BOT_PARAMS_INIT
#         changed; a field appended to a versioned parameter struct (with
#         its layout pinned) must pass, and a build with no library (one
#         that failed to link) must fail, not skip. Where the layout test
#         catches a change, the case runs again with the layout test
#         updated to the change, to prove that abidiff catches it too.
# names:  a TG_API function left out of the version script, and one listed
#         in the wrong node (abi/check_names.py).
# macros: a public macro's value changed, and a struct field moved, each
#         caught by the layout test (tests/abi/layout.c, abi/layout.sh) on
#         the host and -m32.
# m32:    a field moved on i386 only fails the -m32 layout test, also where
#         32-bit programs cannot run (tests/abi/no_32bit.sh stands for such
#         a kernel; the compiler sees it); an initialiser's default changed
#         fails it where they run (directly or under qemu-i386), and is a
#         skip (77) saying why where they cannot, as the pristine copy is.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=${1:?usage: abi/prove-check.sh WORK_DIR [break|names|macros]...}
shift
groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(break names macros m32)
mkdir -p "$work"
python=$(command -v /usr/bin/python3 || command -v python3)
cc=${CC:-cc}

# fresh_copy DIR: the parts of the tree a library build needs, pristine.
fresh_copy() {
  rm -rf "$1"; mkdir -p "$1"
  (cd "$root" && cp -r CMakeLists.txt cmake include lib abi docs "$1/")
  mkdir -p "$1/tests/abi" && cp "$root/tests/abi/layout.c" "$1/tests/abi/"
}

# edit DIR FILE SED_EXPR: one deliberate change, which must take.
edit() {
  cp "$1/$2" "$1/$2.before"
  sed -i "$3" "$1/$2"
  if cmp -s "$1/$2" "$1/$2.before"; then echo "the edit of $2 did not apply: $3"; exit 1; fi
  rm "$1/$2.before"
}

# expect_failure NAME PATTERN COMMAND...: COMMAND must fail and say PATTERN.
expect_failure() {
  local name=$1 pattern=$2 log=$work/$1.log
  shift 2
  if "$@" >"$log" 2>&1; then
    echo "FAILED: $name passed the check"; cat "$log"; exit 1
  fi
  grep -Eq "$pattern" "$log" || { echo "FAILED: $name was rejected, but not for '$pattern':"; cat "$log"; exit 1; }
  echo "ok: $name is rejected"
}

# ---- break: scratch builds against the release baselines ----------------------
# One scratch tree and build folder serve every case: each case is an edit
# of pristine sources, rebuilt incrementally.
scratch=$work/break
build_and_check() {
  cmake --build "$scratch/build" -j"${TG_JOBS:-2}" --target tablegames >/dev/null && check_only
}
check_only() {
  TG_HEADERS_DIR="$scratch/src/include/boardgames" TG_MAP="$scratch/src/abi/tablegames.map" \
    TG_LAYOUT="$scratch/src/tests/abi/layout.c" "$here/check.sh" "$scratch/build"
}
restore() {
  for f in "$@"; do cp "$root/$f" "$scratch/src/$f"; done
}
prove_break() {
  # A build whose library failed to link is a failure, not a skip (77).
  mkdir -p "$work/no-library"
  local rc=0
  "$here/check.sh" "$work/no-library" >"$work/no-library.log" 2>&1 || rc=$?
  [ "$rc" -eq 1 ] && grep -q "FAILED: no .*libtablegames.so" "$work/no-library.log" ||
    { echo "FAILED: a build without its library gave status $rc:"; cat "$work/no-library.log"; exit 1; }
  echo "ok: a build without its library fails the check"

  fresh_copy "$scratch/src"
  cmake -S "$scratch/src" -B "$scratch/build" -DCMAKE_BUILD_TYPE=Debug -DTG_BUILD_TESTS=OFF \
        -DTG_BUILD_EXAMPLES=OFF >/dev/null
  build_and_check >"$work/break-pristine.log" 2>&1 ||
    { echo "the unchanged scratch copy fails the check:"; cat "$work/break-pristine.log"; exit 1; }

  edit "$scratch/src" include/boardgames/common.h 's/TG_E_PARSE = -7,/TG_E_PARSE = -70,/'
  expect_failure enumerator-value "layout test does not compile" build_and_check
  edit "$scratch/src" tests/abi/layout.c 's/^PIN(TG_E_PARSE == -7);/PIN(TG_E_PARSE == -70);/'
  expect_failure enumerator-value-abidiff "TG_E_PARSE.*-70" check_only
  restore include/boardgames/common.h tests/abi/layout.c

  # An enum reached only through a versioned struct, which the former
  # suppression of appends to those structs hid from abidiff (the 1.2
  # baseline is the first to hold it).
  edit "$scratch/src" include/boardgames/bot.h 's/^    TG_BOT_MEMORY_LAST = 2$/    TG_BOT_MEMORY_LAST = 3/'
  expect_failure enumerator-value-in-params "layout test does not compile" build_and_check
  edit "$scratch/src" tests/abi/layout.c 's/^PIN(TG_BOT_MEMORY_LAST == 2);/PIN(TG_BOT_MEMORY_LAST == 3);/'
  expect_failure enumerator-value-in-params-abidiff "TG_BOT_MEMORY_LAST.*3" check_only
  restore include/boardgames/bot.h tests/abi/layout.c

  edit "$scratch/src" include/boardgames/bot.h 's/^    double seconds;  /    uint64_t seconds;/'
  expect_failure field-retyped "layout test does not compile" build_and_check
  edit "$scratch/src" tests/abi/layout.c 's/^TYPE(tg_bot_params, seconds, double);/TYPE(tg_bot_params, seconds, uint64_t);/'
  expect_failure field-retyped-abidiff "not an append.*seconds" check_only
  restore include/boardgames/bot.h tests/abi/layout.c

  edit "$scratch/src" include/boardgames/common.h \
       's/^typedef void \*(\*tg_resize_fn)(void \*user_data, void \*ptr, size_t old_size, size_t new_size);/typedef void *(*tg_resize_fn)(void *user_data, void *ptr, uint32_t old_size, uint32_t new_size);/'
  # Only the layout test sees this one: abidiff, told which headers are
  # public, files a change of a function type's parameters from size_t to
  # uint32_t (both declared in system headers) under private types.
  expect_failure callback-retyped "layout test does not compile" build_and_check
  restore include/boardgames/common.h

  # Macros and initialisers leave no trace in the library's debug info:
  # the layout test is what sees them. The library needs no rebuild.
  edit "$scratch/src" include/boardgames/save.h 's/^#define TG_SAVE_MAX_BYTES (16u \* 1024u \* 1024u)$/#define TG_SAVE_MAX_BYTES (8u * 1024u * 1024u)/'
  expect_failure macro-value "TG_SAVE_MAX_BYTES" check_only
  restore include/boardgames/save.h
  edit "$scratch/src" include/boardgames/bot.h 's/^#define TG_BOT_PARAMS_INIT { TG_BOT_PARAMS_VERSION, TG_BOT_MEDIUM,/#define TG_BOT_PARAMS_INIT { TG_BOT_PARAMS_VERSION, TG_BOT_HARD,/'
  expect_failure params-init-default "b.level == TG_BOT_MEDIUM fails" check_only
  restore include/boardgames/bot.h

  edit "$scratch/src" include/boardgames/state.h \
       's/TG_API tg_status tg_state_seed(tg_state \*state, uint64_t seed);/TG_API tg_status tg_state_seed(tg_state *state, uint32_t seed);/'
  edit "$scratch/src" lib/core/state.c 's/^tg_status tg_state_seed(tg_state \*state, uint64_t seed)/tg_status tg_state_seed(tg_state *state, uint32_t seed)/'
  expect_failure parameter-type "INCOMPATIBLE|removed or changed" build_and_check
  restore include/boardgames/state.h lib/core/state.c

  edit "$scratch/src" include/boardgames/catalogue.h \
       's/^    size_t option_count;  /    size_t option_count; int appended;  /'
  expect_failure frozen-struct-append "tg_game_info.appended has no type pinned" build_and_check
  edit "$scratch/src" tests/abi/layout.c 's/^LAYOUT(tg_game_info, 40, 8,/LAYOUT(tg_game_info, 48, 8,/;
      s/^LAYOUT(tg_game_info, 24, 4,/LAYOUT(tg_game_info, 28, 4,/;
      s/^TYPE(tg_game_info, option_count, size_t);/&\nTYPE(tg_game_info, appended, int);/'
  expect_failure frozen-struct-append-abidiff "INCOMPATIBLE|struct tg_game_info is not a versioned" check_only
  restore include/boardgames/catalogue.h tests/abi/layout.c

  edit "$scratch/src" include/boardgames/version.h.in \
       's/^TG_API unsigned tg_version_number(void);/TG_API unsigned tg_version_number(void);\n\/** Added to an old node, which the check must refuse. *\/\nTG_API unsigned tg_version_extra(void);/'
  edit "$scratch/src" lib/core/version.c \
       's/^unsigned tg_version_number(void)/unsigned tg_version_extra(void)\n{\n    return 1;\n}\n\nunsigned tg_version_number(void)/'
  edit "$scratch/src" abi/tablegames.map 's/^    tg_version_number;/    tg_version_number;\n    tg_version_extra;/'
  expect_failure function-in-old-node "added to an existing version node" build_and_check
  restore include/boardgames/version.h.in lib/core/version.c abi/tablegames.map

  # A function of the latest release removed (its declaration, its name in
  # the version script, and so its export): the names agree with each
  # other, so only the baseline of that release sees it.
  edit "$scratch/src" include/boardgames/game.h '/^TG_API uint32_t tg_game_length_bound(const tg_game \*game);$/d'
  edit "$scratch/src" lib/core/research.c 's/^uint32_t tg_game_length_bound(const tg_game \*game)$/static uint32_t tg_game_length_bound(const tg_game *game)/'
  edit "$scratch/src" abi/tablegames.map '/^    tg_game_length_bound;$/d'
  expect_failure latest-release-function-removed "tg_game_length_bound" build_and_check
  grep -q "abi check (1.3):" "$work/latest-release-function-removed.log" ||
    { echo "FAILED: the 1.3 baseline did not name the removed function:"; cat "$work/latest-release-function-removed.log"; exit 1; }
  restore include/boardgames/game.h lib/core/research.c abi/tablegames.map

  # What the policy allows must pass: a field appended to versioned params,
  # its offset, size and type pinned in the layout test as the README says.
  edit "$scratch/src" include/boardgames/bot.h 's/^    uint32_t reserved;$/    uint32_t reserved;\n    uint64_t appended;/;
      s/TG_BOT_MEMORY_DEFAULT, 0 }$/TG_BOT_MEMORY_DEFAULT, 0, 0 }/'
  edit "$scratch/src" tests/abi/layout.c 's/^LAYOUT(tg_bot_params, 40, 8,/LAYOUT(tg_bot_params, 48, 8,/;
      s/(seed, 24, 8), (memory, 32, 4), (reserved, 36, 4));/(seed, 24, 8), (memory, 32, 4), (reserved, 36, 4), (appended, 40, 8));/;
      s/^LAYOUT(tg_bot_params, 36, 4,/LAYOUT(tg_bot_params, 44, 4,/;
      s/(seed, 20, 8), (memory, 28, 4), (reserved, 32, 4));/(seed, 20, 8), (memory, 28, 4), (reserved, 32, 4), (appended, 36, 8));/;
      s/offsetof(tg_bot_params, reserved) + sizeof(uint32_t)/offsetof(tg_bot_params, appended) + sizeof(uint64_t)/;
      s/^TYPE(tg_bot_params, reserved, uint32_t);/&\nTYPE(tg_bot_params, appended, uint64_t);/'
  if ! build_and_check >"$work/allowed-append.log" 2>&1; then
    echo "FAILED: an append the policy allows was rejected:"; cat "$work/allowed-append.log"; exit 1
  fi
  echo "ok: a field appended to versioned parameters passes"
  restore include/boardgames/bot.h tests/abi/layout.c
}

# ---- names: the version script against the headers ----------------------------
names_check() {
  "$python" "$here/check_names.py" "$1/include/boardgames" --map "$1/abi/tablegames.map" \
            --layout "$1/tests/abi/layout.c"
}
prove_names() {
  local copy=$work/names
  fresh_copy "$copy"
  cp "$copy/include/boardgames/version.h.in" "$copy/include/boardgames/version.h"
  names_check "$copy" >"$work/names-pristine.log" 2>&1 ||
    { echo "the unchanged copy fails the names check:"; cat "$work/names-pristine.log"; exit 1; }
  edit "$copy" abi/tablegames.map '/^    tg_state_playout;$/d'
  expect_failure function-missing-from-map "tg_state_playout is declared TG_API but missing" \
                 names_check "$copy"
  cp "$root/abi/tablegames.map" "$copy/abi/tablegames.map"
  edit "$copy" abi/tablegames.map '/^    tg_state_playout;$/d; s/^    tg_game_ref;$/    tg_game_ref;\n    tg_state_playout;/'
  expect_failure function-in-wrong-node "tg_state_playout is in TABLEGAMES_1.2, but its header says TABLEGAMES_1.1" \
                 names_check "$copy"
}

# ---- macros: the layout test on the host and -m32 ---------------------------
layout_check() {
  local rc
  export TG_LAYOUT=$1/tests/abi/layout.c CC=$cc
  "$here/layout.sh" "$1/include" || return 1
  "$here/layout.sh" -m32 "$1/include"
  rc=$?
  [ "$rc" -eq 0 ] || [ "$rc" -eq 77 ]
}
# layout_copy DIR: a pristine copy with version.h as the build makes it,
# from the version CMakeLists.txt names.
layout_copy() {
  fresh_copy "$1"
  local version major minor patch
  version=$(sed -n 's/^project(tablegames VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
  IFS=. read -r major minor patch <<<"$version"
  sed "s/@PROJECT_VERSION_MAJOR@/$major/; s/@PROJECT_VERSION_MINOR@/$minor/; s/@PROJECT_VERSION_PATCH@/$patch/; s/@PROJECT_VERSION@/$version/" \
      "$root/include/boardgames/version.h.in" >"$1/include/boardgames/version.h"
}
prove_macros() {
  local copy=$work/macros
  layout_copy "$copy"
  layout_check "$copy" >"$work/macros-pristine.log" 2>&1 ||
    { echo "the unchanged copy fails the layout test:"; cat "$work/macros-pristine.log"; exit 1; }
  edit "$copy" include/boardgames/common.h 's/^#define TG_MAX_PLAYERS 8$/#define TG_MAX_PLAYERS 16/'
  expect_failure macro-value "TG_MAX_PLAYERS == 8" layout_check "$copy"
  cp "$root/include/boardgames/common.h" "$copy/include/boardgames/common.h"
  edit "$copy" include/boardgames/common.h 's/^#define TG_PLAYER_CHANCE (-1)$/#define TG_PLAYER_CHANCE (-4)/'
  expect_failure macro-value-chance "TG_PLAYER_CHANCE == -1" layout_check "$copy"
  cp "$root/include/boardgames/common.h" "$copy/include/boardgames/common.h"
  edit "$copy" include/boardgames/catalogue.h 's/^    int min_players;      /    int64_t min_players;  /'
  expect_failure struct-field-moved "max_players" layout_check "$copy"
}

# ---- m32: the 32-bit layout test, and its skip where 32-bit cannot run -------
# expect_status NAME STATUS PATTERN COMMAND...: COMMAND must exit with
# STATUS and say PATTERN.
expect_status() {
  local name=$1 want=$2 pattern=$3 log=$work/$1.log rc=0
  shift 3
  "$@" >"$log" 2>&1 || rc=$?
  [ "$rc" -eq "$want" ] && grep -Eq "$pattern" "$log" ||
    { echo "FAILED: $name gave status $rc (want $want, saying '$pattern'):"; cat "$log"; exit 1; }
  echo "ok: $name gives status $want"
}
prove_m32() {
  local copy=$work/m32 no32="bash $root/tests/abi/no_32bit.sh" rc=0
  layout_copy "$copy"
  export TG_LAYOUT=$copy/tests/abi/layout.c CC=$cc
  # A machine that cannot run 32-bit programs (a kernel without them,
  # stood for by no_32bit.sh) skips, saying why, and is no ABI break.
  expect_status m32-cannot-run 77 "SKIPPED: this machine cannot run 32-bit programs" \
                env TG_M32_RUN="$no32" "$here/layout.sh" -m32 "$copy/include"
  # Padding made a named field after tg_game_params.version: nothing moves
  # on x86-64 (the pointers after it stay 8-aligned), but on i386 every
  # later field moves by 4 bytes. Only the -m32 layout test sees it.
  edit "$copy" include/boardgames/game.h 's/^    unsigned version;              \/\*\*< 1 or 2/    unsigned version; unsigned padding_named; \/**< 1 or 2/;
      s/^#define TG_GAME_PARAMS_INIT { TG_GAME_PARAMS_VERSION, NULL, NULL }$/#define TG_GAME_PARAMS_INIT { TG_GAME_PARAMS_VERSION, 0, NULL, NULL }/'
  "$here/layout.sh" "$copy/include" >"$work/m32-host.log" 2>&1 ||
    { echo "FAILED: the host layout test was to pass the i386-only move:"; cat "$work/m32-host.log"; exit 1; }
  "$here/layout.sh" -m32 "$copy/include" >"$work/m32-field-moved.log" 2>&1 || rc=$?
  [ "$rc" -eq 1 ] && grep -q "offsetof(tg_game_params, allocator) == (4)" "$work/m32-field-moved.log" ||
    { echo "FAILED: a field moved on i386 only gave status $rc:"; cat "$work/m32-field-moved.log"; exit 1; }
  echo "ok: a field moved on i386 only is rejected by the -m32 layout test"
  # Where 32-bit programs cannot run, the compiler still sees the move.
  expect_status m32-cannot-run-field-moved 1 "offsetof\(tg_game_params, allocator\) == \(4\)" \
                env TG_M32_RUN="$no32" "$here/layout.sh" -m32 "$copy/include"
  # A default of an initialiser only shows at run time, where it runs.
  layout_copy "$copy"
  edit "$copy" include/boardgames/bot.h 's/^#define TG_BOT_PARAMS_INIT { TG_BOT_PARAMS_VERSION, TG_BOT_MEDIUM,/#define TG_BOT_PARAMS_INIT { TG_BOT_PARAMS_VERSION, TG_BOT_HARD,/'
  rc=0
  "$here/layout.sh" -m32 "$copy/include" >"$work/m32-initialiser.log" 2>&1 || rc=$?
  if [ "$rc" -eq 77 ]; then
    echo "SKIPPED here: 32-bit programs cannot run on this machine (nor under qemu-i386):"
    cat "$work/m32-initialiser.log"
  else
    [ "$rc" -eq 1 ] && grep -q "b.level == TG_BOT_MEDIUM fails" "$work/m32-initialiser.log" ||
      { echo "FAILED: an initialiser's default changed gave status $rc with -m32:"; cat "$work/m32-initialiser.log"; exit 1; }
    echo "ok: an initialiser's default changed is rejected by the -m32 layout test, run"
  fi
  expect_status m32-cannot-run-initialiser 77 "cannot run 32-bit programs" \
                env TG_M32_RUN="$no32" "$here/layout.sh" -m32 "$copy/include"
}

for group in "${groups[@]}"; do
  case $group in
    break) prove_break ;;
    names) prove_names ;;
    macros) prove_macros ;;
    m32) prove_m32 ;;
    *) echo "unknown group $group"; exit 2 ;;
  esac
done
