#!/usr/bin/env bash
# The whole benchmark of docs/performance.md in one run, on this machine:
#  - `tablegames bench` for every game and player count (median of RUNS runs
#    of SECONDS each, by the wall clock and per CPU second), with the
#    per-call figures (clone, tg_state_copy, save and load, observation,
#    resampling), allocations per decision and bytes per state;
#  - the same random-game loop driven from Python and from Lua, four ways
#    each, one crossing per decision with the step call among them
#    (bindings/python/bench.py, bindings/lua/bench.lua);
#  - instructions per decision for every game at 4 players (and at the
#    2-player setups of the OpenSpiel anchors), counted by callgrind (skip
#    with --no-callgrind);
#  - our C loop beside OpenSpiel's figures (issue 21's measurement) and the
#    issue's targets checked against this one run;
#  - the load average before and after, since the machine may be shared;
#  - with --baseline REF, then the same figures for the library of commit
#    REF beside this tree's, interleaved, as before/after tables
#    (scripts/bench_baseline.sh).
# Prints a Markdown report (scripts/bench_report.py) and keeps the raw JSON
# lines in $build/bench.jsonl.
#   scripts/bench.sh [--no-callgrind] [--runs N] [--seconds T] [--baseline REF]
# Build tree: $TG_BUILD_ROOT/bench (default build/bench in the repository).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TG_BUILD_ROOT:-$repo/build}/bench
runs=5
seconds=1
callgrind=1
baseline=
usage="usage: scripts/bench.sh [--no-callgrind] [--runs N] [--seconds T] [--baseline REF]"
while [ $# -gt 0 ]; do
    case $1 in
    --callgrind) callgrind=1 ;; # the default; kept for older command lines
    --no-callgrind) callgrind=0 ;;
    --runs) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; runs=$2; shift ;;
    --seconds) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; seconds=$2; shift ;;
    --baseline) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; baseline=$2; shift ;;
    *) echo "$usage" >&2; exit 2 ;;
    esac
    shift
done

# shellcheck source=scripts/deps.sh
. "$repo/scripts/deps.sh"
tg_install_missing "${TG_BUILD_PACKAGES[@]}" "${TG_TEST_PACKAGES[@]}"
# Just the command, the Lua module and the Python step's C module (where
# configure found CPython's headers) are built.
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_BUILD_TESTS=OFF >/dev/null
targets=(tablegames_cli tablegames_lua)
cstep=()
if cmake --build "$build" --target help | grep -w tablegames_cstep >/dev/null; then
    targets+=(tablegames_cstep)
fi
cmake --build "$build" -j"${TG_JOBS:-2}" --target "${targets[@]}" >/dev/null
if [ ${#targets[@]} -eq 3 ]; then
    cstep=("TABLEGAMES_CSTEP=$(echo "$build"/bindings/python/tablegames/_cstep.*.so)")
fi
cli=$build/examples/tablegames/tablegames
out=$build/bench.jsonl
# Debian's own interpreter (built with PGO and LTO, about twice as fast as
# a plain build), the one a program on the system runs; TG_PYTHON overrides.
python=${TG_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3

# One JSON line with the load averages and the number of cores.
load_line() {
    read -r one five fifteen _ </proc/loadavg
    printf '{"load":"%s","load_1":%s,"load_5":%s,"load_15":%s,"cores":%s}\n' \
        "$1" "$one" "$five" "$fifteen" "$(nproc)"
}

{
    load_line start
    "$cli" bench --runs "$runs" --seconds "$seconds" --json
    env TABLEGAMES_LIBRARY="$build/libtablegames.so" PYTHONPATH="$repo/bindings/python" "${cstep[@]}" \
        "$python" "$repo/bindings/python/bench.py" --seconds "$seconds" --json
    LUA_CPATH="$build/bindings/lua/?.so" \
        lua5.4 "$repo/bindings/lua/bench.lua" all 4 "$seconds" json
    if [ "$callgrind" -eq 1 ]; then
        # Every game at 4 players, and the 2-player setups the OpenSpiel
        # anchors are counted at (bewitched against backgammon).
        for setup in $("$cli" list --ids | sed 's/$/:4/') witches_dance:2 bewitched:2; do
            game=${setup%:*} players=${setup#*:} tag=$game.$players
            # Only the timed loop is counted: the per-call measurements are
            # switched off by toggling at cli_bench_calls. The branch
            # simulator adds conditional branches and their mispredictions.
            valgrind --tool=callgrind --branch-sim=yes \
                --callgrind-out-file="$build/callgrind.$tag" \
                --toggle-collect=cli_cmd_bench --toggle-collect=cli_bench_calls \
                "$cli" bench "$game" --players "$players" --seconds 1 --warmup 0 --runs 1 --json \
                >"$build/callgrind.$tag.out" 2>/dev/null
            head -n 1 "$build/callgrind.$tag.out" >"$build/callgrind.$tag.json"
            python3 "$repo/scripts/bench_callgrind.py" "$build/callgrind.$tag" \
                "$build/callgrind.$tag.json"
        done
    fi
    load_line end
} | tee "$out" >/dev/null
python3 "$repo/scripts/bench_report.py" "$out" --runs "$runs" --seconds "$seconds"
if [ -n "$baseline" ]; then
    echo
    flags=()
    [ "$callgrind" -eq 1 ] || flags+=(--no-callgrind)
    "$repo/scripts/bench_baseline.sh" --ref "$baseline" --passes "$runs" --seconds "$seconds" \
        "${flags[@]}"
fi
