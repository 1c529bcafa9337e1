#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine (as root) to a last
# line "N passed, N failed". Installs what is missing, then: release build and
# ctest, the builds users and packagers make (gcc and clang, four build
# types, the project's defaults; tests/builds/run.sh says which it leaves to
# the other steps), exported symbols, random Witches' Dance games, the
# conformance test under valgrind, the API reference with warnings as errors,
# the install test, the ABI check against every release baseline (its proofs
# run in the release ctest, as the abi_* tests), the Debian packages from a
# tarball and installed into a fresh Debian root, the browser table's
# server, store (SQLite and PostgreSQL), several-servers, fault and load
# tests, its browser tests, the npm package (WebAssembly build, npm test,
# the packed tarball), and an
# AddressSanitizer + UndefinedBehaviorSanitizer build and ctest.
# Our own builds treat warnings as errors (-DTG_WERROR=ON) and may switch no
# optional part off (-DTG_REQUIRE_ALL_PARTS=ON; the scripts read the same
# name from the environment): a dependency missing from scripts/deps.sh
# fails here instead of quietly shrinking the suite.
# Build trees go to $TG_BUILD_ROOT (default: build/ in the repository).
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=${TG_BUILD_ROOT:-$repo/build}
release=$root/test-release
sanitize=$root/test-sanitize
logs=$root/test-logs
jobs=${TG_JOBS:-2}
passed=0
failed=0
failed_steps=()
mkdir -p "$logs"
export TG_REQUIRE_ALL_PARTS=ON

# report NAME STATUS START: counts a finished step and prints its line.
report() {
    local name=$1 status=$2 start=$3
    printf '%-32s ' "$name"
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok ($((SECONDS - start))s)"
    else
        failed=$((failed + 1))
        failed_steps+=("$name")
        echo "FAILED ($((SECONDS - start))s), last lines of $logs/$name.log:"
        tail -n 25 "$logs/$name.log" | sed 's/^/    /'
    fi
}

# step NAME COMMAND...: runs one step with its output in $logs/NAME.log.
step() {
    local name=$1 start=$SECONDS status=0
    shift
    "$@" >"$logs/$name.log" 2>&1 || status=$?
    report "$name" "$status" "$start"
}

# step_start NAME COMMAND... starts a long single-threaded step in the
# background, so it shares the two cores with the steps that follow;
# step_finish NAME waits for it and reports it.
declare -A bg_pid bg_start
step_start() {
    local name=$1
    shift
    "$@" >"$logs/$name.log" 2>&1 &
    bg_pid[$name]=$!
    bg_start[$name]=$SECONDS
    printf '%-32s started in the background\n' "$name"
}
step_finish() {
    local status=0
    wait "${bg_pid[$1]}" || status=$?
    report "$1" "$status" "${bg_start[$1]}"
}

# The Python tests run on Debian's /usr/bin/python3, which has the Debian
# packages they use (python3-numpy for the numpy paths and VectorEnv):
# another python3 may come first on PATH and lack them.
python_choice=()
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3 && python_choice=(-DPython3_EXECUTABLE=/usr/bin/python3)
configure_and_build() {
    local dir=$1
    shift
    cmake -S "$repo" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_WERROR=ON \
        -DTG_REQUIRE_ALL_PARTS=ON "${python_choice[@]}" "$@" &&
        cmake --build "$dir" -j"$jobs"
}

run_ctest() {
    local dir=$1
    shift
    # No --timeout: the long tests run under tests/watchdog/watchdog.py,
    # which fails a test when it stops moving (docs/testing.md).
    (cd "$dir" && ctest -j"$jobs" --output-on-failure "$@")
}

# Every seat plays random moves; each game must end with a winner.
random_games() {
    local cli=$release/examples/tablegames/tablegames players seed out
    for players in 2 3 4 5 6; do
        for seed in 1 2 3 77 4096 987654321 18446744073709551615; do
            out=$("$cli" play witches_dance --players "$players" --seed "$seed" --auto --quiet) ||
                { echo "players=$players seed=$seed: exit status $?"; return 1; }
            grep -Eq '^winners?: players? [0-9]' <<<"$out" ||
                { echo "players=$players seed=$seed: no winner in:"; echo "$out"; return 1; }
            echo "players=$players seed=$seed: $(tail -n 1 <<<"$out")"
        done
    done
}

# watched NAME COMMAND...: runs COMMAND under tests/watchdog/watchdog.py,
# which stops it only when it has made no progress for STALL seconds.
watched() {
    local name=$1
    shift
    "$python" "$repo/tests/watchdog/watchdog.py" --name "$name" -- "$@"
}

conformance_under_valgrind() {
    local bin=$release/tests/conformance/test_conformance
    [ -x "$bin" ] || bin=$release/tests/conformance/conformance
    [ -x "$bin" ] || { echo "no conformance test in $release/tests/conformance"; return 1; }
    # Every game and option set is played once; the costly checks (saves that
    # replay the whole history, and the views' texts along the undo walk)
    # run every 64th state, since valgrind makes Bewitched's long games slow;
    # the library code they reach is the same (docs/testing.md, coverage).
    # The sanitizer run checks more often.
    # $1 is the shard (I/N): two processes share the run, so that valgrind
    # (single-threaded) has both cores once the foreground steps are done.
    TG_CONFORMANCE_QUICK=1 TG_CONFORMANCE_STRIDE=${TG_VALGRIND_STRIDE:-64} \
        TG_CONFORMANCE_SHARD=$1 watched "conformance-under-valgrind $1" valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=1 "$bin"
}

# Under the sanitizers the conformance suite plays one game per option set
# (TG_TEST_FULL=1: the full count), which keeps the run well inside 30 minutes.
# The Python and Lua interpreters are not built with the sanitizers and
# cannot load an instrumented library, so their tests run only in the
# release ctest; the C hosts of the bindings (ffi) run here too. The ABI
# tests check sources and the release build, so they run there only.
sanitized_ctest() {
    local quick=1
    [ "${TG_TEST_FULL:-0}" = 1 ] && quick=0
    TG_CONFORMANCE_QUICK=$quick ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        run_ctest "$sanitize" -E '^(python|lua|abi)_'
}

# The semantic guards (tests/golden/: saves, formats, defaults) run in this
# build too, as in every build the suite makes.
tsan_threads() {
    cmake -S "$repo" -B "$root/test-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_WERROR=ON \
        -DTG_SANITIZE=thread -DTG_BUILD_EXAMPLES=OFF &&
        cmake --build "$root/test-tsan" -j"$jobs" --target test_threads test_bot_threads \
            golden golden_formats golden_semantics &&
        TSAN_OPTIONS=halt_on_error=1 watched test_threads "$root/test-tsan/tests/threads/test_threads" &&
        TSAN_OPTIONS=halt_on_error=1 watched test_bot_threads "$root/test-tsan/tests/threads/test_bot_threads" &&
        (cd "$root/test-tsan" && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure -R '^golden_')
}

# The browser table (examples/table/): the server tests (unittest and
# aiohttp's test client, kill -9 and restart; the load step has a family
# playing through a replay attack, test_replay_attack); then the log's
# and the lobby's words and no seat's log contradicting the outcome
# (node --test words.test.mjs log_truth.test.mjs), four whole games played in
# Debian's chromium (table.test.mjs) and each game on phones (tap targets,
# text sizes, names, two answers at once: phone.test.mjs), every kind of
# move of each game tapped through the board alone to the end and the
# board whole at rest on phones and tablets (touch.test.mjs,
# layout.test.mjs), the replay
# after the end drawing everything on a phone (replay.test.mjs), a page
# refused for too many connections (connections.test.mjs), through
# playwright-core pinned by tests/browser/package-lock.json (npm ci; no
# browser is downloaded); and the table on one device with the network cut
# (offline.test.mjs).
table_env() {
    env PYTHONPATH="$repo/examples/table:$repo/examples/table/tests:$repo/bindings/python" \
        TABLEGAMES_LIBRARY="$release/libtablegames.so" "$@"
}
# table_tests MODULE...: unittest modules of examples/table/tests/.
table_tests() {
    (cd "$repo/examples/table/tests" && table_env /usr/bin/python3 -m unittest -v "$@")
}
# The table's test modules, by step (issue 19 added the store, several
# servers and load steps; the PostgreSQL tests start a private cluster and
# are skipped, saying why, when PostgreSQL is not installed).
table_server_modules=(test_refusals test_play test_restart test_memory test_client_faults test_guards test_connection_limits test_clock test_replay test_cpu_budget test_offline_files)
table_store_modules=(test_store)
table_servers_modules=(test_several_servers test_server_faults)
table_load_modules=(test_load_smoke test_replay_attack)
# Every test_*.py of the folder belongs to one of the steps above.
table_modules_listed() {
    local file name listed=" ${table_server_modules[*]} ${table_store_modules[*]} ${table_servers_modules[*]} ${table_load_modules[*]} "
    for file in "$repo"/examples/table/tests/test_*.py; do
        name=$(basename "$file" .py)
        [[ $listed == *" $name "* ]] || { echo "$name is in no step of scripts/test.sh"; return 1; }
    done
}
table_server_tests() {
    table_modules_listed && table_tests "${table_server_modules[@]}"
}
table_browser_tests() {
    command -v npm >/dev/null || tg_install_missing npm || return 1
    (cd "$repo/tests/browser" &&
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --ignore-scripts) &&
        table_env node --test "$repo/tests/browser/words.test.mjs" "$repo/tests/browser/log_truth.test.mjs" &&
        table_env TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/table.test.mjs" &&
        table_env TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/phone.test.mjs" &&
        table_env TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/touch.test.mjs" &&
        table_env TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/layout.test.mjs" &&
        table_env TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/replay.test.mjs" &&
        table_env TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/lost_moves.test.mjs" &&
        table_env TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/connections.test.mjs"
}
# "Play on this device" offline (tests/browser/offline.test.mjs): it needs
# the npm package's WebAssembly module, which bindings/js/build.sh builds
# (when js-wasm-build has not), and the npm ci of table-browser-tests.
table_offline_tests() {
    { [ -f "$repo/bindings/js/dist/tablegames_wasm.wasm" ] || bash "$repo/bindings/js/build.sh"; } &&
        table_env TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/offline.test.mjs"
}

# The npm package (bindings/js/): the WebAssembly build from scratch
# (Debian's emscripten over Debian's source packages, build dir and package
# output deleted first; 3 min 42 s with a load of 13 on two cores), npm ci
# and npm test (node --test: every call and error path, 10,000 games
# against a leak, the TypeScript consumers, the Worker; 15 s), the packed
# tarball installed into a scratch project, and the package in chromium.
js_wasm_build() {
    rm -rf "$root/test-wasm" "$repo/bindings/js/dist" &&
        TG_WASM_BUILD="$root/test-wasm" bash "$repo/bindings/js/build.sh"
}
js_tests() {
    command -v npm >/dev/null || tg_install_missing npm || return 1
    (cd "$repo/bindings/js" && npm ci --no-audit --no-fund && npm test)
}
# The package in Debian's chromium: a page imports it and a bot answers
# from its module Worker (playwright-core of tests/browser/); then the
# client layer's example page, two whole hot-seat games with a bot seat.
js_browser_test() {
    (cd "$repo/tests/browser" &&
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --ignore-scripts) &&
        node "$repo/tests/browser/js_package.test.mjs" &&
        TG_BROWSER_OUT="$root/test-browser" node "$repo/tests/browser/client_example.test.mjs"
}
# The packed package through the bundlers a web developer uses: esbuild,
# Vite and webpack (pinned in tests/bundlers/), each build loaded in
# chromium, where it plays and its BotWorker answers (playwright-core of
# tests/browser/, installed by js-browser).
js_bundlers_test() {
    (cd "$repo/tests/bundlers" && npm ci --no-audit --no-fund --ignore-scripts) &&
        node "$repo/tests/bundlers/run.mjs"
}

# The structure-aware position mutator (tests/fuzz/README.md) on the
# sanitizer build, every game: each stage's state edited one field at a
# time, then stacked edits. Seeded: a failure replays, its input left in
# $sanitize/mutate-GAME.json.
position_mutator() {
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$sanitize/tests/fuzz/fuzz_mutate_positions" \
        --runs "${TG_MUTATE_RUNS:-1500}" --artifact "$sanitize/mutate-" \
        "$repo/tests/golden/data" "$repo/tests/fuzz/corpus/load_json"
}

# sub NAME COMMAND...: a step of sanitizer_steps, its output in
# $logs/NAME.log, its line (and on failure the log's last lines) printed.
sub() {
    local name=$1 start=$SECONDS
    shift
    if "$@" >"$logs/$name.log" 2>&1; then
        echo "$name ok ($((SECONDS - start))s)"
    else
        echo "$name FAILED ($((SECONDS - start))s), last lines of $logs/$name.log:"
        tail -n 25 "$logs/$name.log" | sed 's/^/    /'
        return 1
    fi
}

# The AddressSanitizer + UndefinedBehaviorSanitizer build, its ctest and
# the position mutator on it; several threads sharing one game, and bots
# thinking and stopping on threads, under ThreadSanitizer
# (tests/threads/); every libFuzzer harness for a short bounded time
# (tests/fuzz/README.md). One background step: they fail or pass
# together, each with its own line and log.
sanitizer_steps() {
    local status=0
    if sub sanitize-build configure_and_build "$sanitize" -DTG_SANITIZE=address,undefined; then
        sub sanitize-ctest sanitized_ctest || status=1
        sub position-mutator position_mutator || status=1
    else
        status=1
    fi
    sub tsan-threads tsan_threads || status=1
    sub fuzz-short env TG_FUZZ_BUILD="$root/test-fuzz" bash "$repo/tests/fuzz/run.sh" "${TG_FUZZ_SECONDS:-16}" ||
        status=1
    return "$status"
}

cli_under_valgrind() {
    watched cli-under-valgrind valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=1 \
        "$release/examples/tablegames/tablegames" play witches_dance --players 4 --seed 9 --auto
}

cd "$repo" || exit 1
echo "libtablegames test suite: $repo"
# The machine's load is part of every time below (docs/testing.md).
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
echo "load average $load_at_start, $(nproc) processors, jobs $jobs"
# shellcheck source=scripts/deps.sh
. "$repo/scripts/deps.sh"
step packages tg_install_missing "${TG_TEST_PACKAGES[@]}"
step release-build configure_and_build "$release"
step release-ctest run_ctest "$release"
step_start conformance-under-valgrind-1 conformance_under_valgrind 0/2
step_start conformance-under-valgrind-2 conformance_under_valgrind 1/2
# Builds with the defaults, as users and packagers make them (tests/builds/).
step user-builds bash "$repo/tests/builds/run.sh" "$root/test-builds"
step exported-symbols bash "$repo/scripts/check-exports.sh" "$release/libtablegames.so"
if "$release/examples/tablegames/tablegames" list --ids 2>/dev/null | grep -qx witches_dance; then
    step witches-dance-random-games random_games
    step cli-under-valgrind cli_under_valgrind
else
    echo "witches_dance is not registered: its random games are skipped"
fi
step table-server-tests table_server_tests
step table-store-tests table_tests "${table_store_modules[@]}"
step table-several-servers table_tests "${table_servers_modules[@]}"
step table-load-smoke table_tests "${table_load_modules[@]}"
# From here on most steps use one core (a browser, node, one test at a
# time): the sanitizer, TSan and fuzzing steps run beside them.
step_start sanitizer-steps sanitizer_steps
# The packages' fresh Debian root mostly waits for the mirror, so it runs
# beside the browser steps.
step debian-packages env TG_PACKAGE_FRESH_ROOT=later bash "$repo/tests/package/run.sh" "$root/test-package"
step_start debian-packages-fresh-root bash "$repo/tests/package/fresh-root.sh" "$root/test-package"
step table-browser-tests table_browser_tests
step table-client-modules node --test "$repo/tests/browser/clock_replay.test.mjs" "$repo/tests/browser/socket.test.mjs"

step js-wasm-build js_wasm_build
step js-tests js_tests
step js-pack bash "$repo/bindings/js/pack-test.sh"
step js-browser js_browser_test
step js-bundlers js_bundlers_test
# The same JavaScript under Debian 12's own Node 18 (tests/node18/run.sh),
# after the steps above built the package and ran npm ci (on a fresh
# Debian 12, where node is that Node, those steps were the run).
step node18-tests table_env env TG_NODE18_AFTER_SUITE=1 bash "$repo/tests/node18/run.sh" "$root/node18"
# One game, four languages: C, Python, Lua and JavaScript play the same
# plans and the golden saves on, compared after every decision.
step bindings-agree /usr/bin/python3 "$repo/tests/bindings_agree/agree.py" "$release"
# After js-wasm-build: the offline table plays on the package's .wasm.
step table-offline-tests table_offline_tests
step api-reference cmake --build "$release" --target docs
step install bash "$repo/tests/install/run.sh" "$release"
# The ABI guard (abi/README.md): ctest skips it without abidiff or debug
# info; here a skip (status 77) counts as a failure. Its proofs ran in ctest.
if [ -f "$repo/abi/check.sh" ]; then
    step abi-against-baselines bash "$repo/abi/check.sh" "$release"
fi
step_finish debian-packages-fresh-root
step_finish sanitizer-steps
# Each of its steps' lines (on a failure they were printed with its log).
[ "${failed_steps[*]}" = "${failed_steps[*]/sanitizer-steps/}" ] &&
    grep -E '^[a-z0-9-]+ +ok' "$logs/sanitizer-steps.log" | sed 's/^/    /'
step_finish conformance-under-valgrind-1
step_finish conformance-under-valgrind-2

echo "whole suite: $((SECONDS / 60)) min $((SECONDS % 60)) s; load average at the start $load_at_start, at the end $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$failed" -gt 0 ]; then
    echo "failed: ${failed_steps[*]} (logs in $logs)"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
