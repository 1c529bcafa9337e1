#!/usr/bin/env bash
# The whole benchmark of docs/performance.md in one run, on this machine:
#  - `tablegames bench` for every game and player count (median of RUNS runs
#    of SECONDS each), with the per-call figures;
#  - the same random-game loop driven from Python and from Lua, three ways
#    each (bindings/python/bench.py, bindings/lua/bench.lua);
#  - with --callgrind, instructions per decision for every game at 4 players.
# Prints a Markdown report (scripts/bench_report.py) and keeps the raw JSON
# lines in $build/bench.jsonl.
#   scripts/bench.sh [--callgrind] [--runs N] [--seconds T]
# Build tree: $TG_BUILD_ROOT/bench (default build/bench in the repository).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TG_BUILD_ROOT:-$repo/build}/bench
runs=5
seconds=1
callgrind=0
while [ $# -gt 0 ]; do
    case $1 in
    --callgrind) callgrind=1 ;;
    --runs) runs=$2; shift ;;
    --seconds) seconds=$2; shift ;;
    *) echo "usage: scripts/bench.sh [--callgrind] [--runs N] [--seconds T]" >&2; exit 2 ;;
    esac
    shift
done

# shellcheck source=scripts/deps.sh
. "$repo/scripts/deps.sh"
tg_install_missing "${TG_BUILD_PACKAGES[@]}" "${TG_TEST_PACKAGES[@]}"
# Just the command and the Lua module are built.
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"${TG_JOBS:-2}" --target tablegames_cli tablegames_lua >/dev/null
cli=$build/examples/tablegames/tablegames
out=$build/bench.jsonl

{
    "$cli" bench --runs "$runs" --seconds "$seconds" --json
    TABLEGAMES_LIBRARY=$build/libtablegames.so PYTHONPATH=$repo/bindings/python \
        python3 "$repo/bindings/python/bench.py" --seconds "$seconds" --json
    LUA_CPATH="$build/bindings/lua/?.so" \
        lua5.4 "$repo/bindings/lua/bench.lua" all 4 "$seconds" json
    if [ "$callgrind" -eq 1 ]; then
        for game in $("$cli" list --ids); do
            # Only the timed loop is counted: the per-call measurements are
            # switched off by toggling at cli_bench_calls.
            valgrind --tool=callgrind --callgrind-out-file="$build/callgrind.$game" \
                --toggle-collect=cli_cmd_bench --toggle-collect=cli_bench_calls \
                "$cli" bench "$game" --players 4 --seconds 1 --warmup 0 --runs 1 --json \
                >"$build/callgrind.$game.out" 2>/dev/null
            head -n 1 "$build/callgrind.$game.out" >"$build/callgrind.$game.json"
            python3 - "$build/callgrind.$game" "$build/callgrind.$game.json" <<'PY'
import json, re, sys
total = 0
for line in open(sys.argv[1]):
    m = re.match(r"(?:summary|totals): (\d+)", line)
    if m:
        total = int(m.group(1))
run = json.load(open(sys.argv[2]))
print(json.dumps({"callgrind": run["game"], "players": run["players"],
                  "instructions_per_decision": round(total / run["decisions"])}))
PY
        done
    fi
} | tee "$out" >/dev/null
python3 "$repo/scripts/bench_report.py" "$out" --runs "$runs" --seconds "$seconds"
