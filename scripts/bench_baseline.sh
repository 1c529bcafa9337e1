#!/usr/bin/env bash
# Before and after in one run: the library of a baseline commit beside the
# library of this tree, measured by the same programs, pass after pass in
# turn so that a shared machine's load falls on both alike.
#  - the C loop (`tablegames bench`, this tree's command, loading each
#    library in turn through LD_LIBRARY_PATH; it uses only 1.0 calls), one
#    run per pass and library, per CPU second and by the wall clock;
#  - instructions, branches and simulated mispredictions per decision in
#    the playout loop alone (callgrind, collecting bench_one_game), unless
#    --no-callgrind;
#  - the medium and hard bots' decisions per CPU second (this tree's
#    scripts/bot_speed.py with each tree's Python binding, up to three passes in
#    turn), unless --no-bots.
# Prints the before/after tables (scripts/bench_compare.py) and keeps the
# raw JSON lines in $root/baseline/bench.jsonl.
#   scripts/bench_baseline.sh [--ref REF] [--passes N] [--seconds T]
#                             [--no-callgrind] [--no-bots]
# REF defaults to d625b35, the tree before issue 21's work on the games'
# hot paths. Called by scripts/bench.sh --baseline REF.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=${TG_BUILD_ROOT:-$repo/build}
ref=d625b35
passes=5
seconds=1
callgrind=1
bots=1
usage="usage: scripts/bench_baseline.sh [--ref REF] [--passes N] [--seconds T] [--no-callgrind] [--no-bots]"
while [ $# -gt 0 ]; do
    case $1 in
    --ref) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; ref=$2; shift ;;
    --passes) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; passes=$2; shift ;;
    --seconds) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; seconds=$2; shift ;;
    --no-callgrind) callgrind=0 ;;
    --no-bots) bots=0 ;;
    *) echo "$usage" >&2; exit 2 ;;
    esac
    shift
done

# shellcheck source=scripts/deps.sh
. "$repo/scripts/deps.sh"
tg_install_missing "${TG_BUILD_PACKAGES[@]}" "${TG_TEST_PACKAGES[@]}"
commit=$(git -C "$repo" rev-parse --verify "$ref^{commit}")
work=$root/baseline
src=$work/src-$commit
# The baseline's sources from git itself (no worktree to register or
# remove); the build trees of both sides are release builds of their own.
if [ ! -d "$src" ]; then
    mkdir -p "$src.part"
    git -C "$repo" archive "$commit" | tar -x -C "$src.part"
    mv "$src.part" "$src"
fi
cmake -S "$src" -B "$work/build-$commit" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$work/build-$commit" -j"${TG_JOBS:-2}" --target tablegames >/dev/null
cmake -S "$repo" -B "$root/bench" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$root/bench" -j"${TG_JOBS:-2}" --target tablegames_cli tablegames >/dev/null
cli=$root/bench/examples/tablegames/tablegames
declare -A lib=([baseline]=$work/build-$commit [current]=$root/bench)
declare -A tree=([baseline]=$src [current]=$repo)
out=$work/bench.jsonl
python=${TG_PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3
# The issue's table: the race games at four players, Witches' Dance also
# at two, Bewitched at its two; with the games callgrind counts for each
# (seeds 1.. of the command, the same games for both libraries, about
# 100,000 decisions).
cases="witches_dance:4:300 creepy_cauldron:4:200 spinning_wishes:4:100 witches_dance:2:800"
cases+=" bewitched:2:60"

# Adds "tree" to every JSON object line of stdin.
tag() {
    sed -n "s/^{/{\"tree\":\"$1\",/p"
}

load_line() {
    read -r one five fifteen _ </proc/loadavg
    printf '{"load":"%s","load_1":%s,"load_5":%s,"load_15":%s,"cores":%s}\n' \
        "$1" "$one" "$five" "$fifteen" "$(nproc)"
}

{
    load_line start
    printf '{"baseline":"%s","current":"%s"}\n' "$commit" \
        "$(git -C "$repo" rev-parse HEAD)$(git -C "$repo" diff --quiet HEAD || echo +changes)"
    for pass in $(seq "$passes"); do
        for c in $cases; do
            IFS=: read -r g p _ <<<"$c"
            for side in current baseline; do
                LD_LIBRARY_PATH=${lib[$side]} "$cli" bench "$g" --players "$p" \
                    --runs 1 --seconds "$seconds" --json | tag "$side" |
                    sed "s/^{/{\"pass\":$pass,/"
            done
        done
    done
    if [ "$callgrind" -eq 1 ]; then
        for c in $cases; do
            IFS=: read -r g p games <<<"$c"
            for side in current baseline; do
                f=$work/callgrind.$side.$g.$p
                # Only the playout loop: not the reset between games, nor
                # the per-call measurements after it.
                LD_LIBRARY_PATH=${lib[$side]} valgrind --tool=callgrind --branch-sim=yes \
                    --callgrind-out-file="$f" --toggle-collect=bench_one_game \
                    "$cli" bench "$g" --players "$p" --games "$games" --warmup 0 --runs 1 \
                    --json >"$f.out" 2>/dev/null
                head -n 1 "$f.out" >"$f.json"
                python3 "$repo/scripts/bench_callgrind.py" "$f" "$f.json" | tag "$side"
            done
        done
    fi
    if [ "$bots" -eq 1 ]; then
        # In turn like the loops, three passes at most (one pass of both
        # sides takes about half a minute); the tables take the median.
        for pass in $(seq "$((passes < 3 ? passes : 3))"); do
            for g in $("$cli" list --ids); do
                for side in current baseline; do
                    # This tree's script (public calls only) with each tree's
                    # Python package and library.
                    TABLEGAMES_LIBRARY=${lib[$side]}/libtablegames.so \
                        PYTHONPATH=${tree[$side]}/bindings/python \
                        "$python" "$repo/scripts/bot_speed.py" "$g" --json | tag "$side" |
                        sed "s/^{/{\"pass\":$pass,/"
                done
            done
        done
    fi
    load_line end
} | tee "$out" >/dev/null
python3 "$repo/scripts/bench_compare.py" "$out" --seconds "$seconds"
