#!/usr/bin/env bash
# Builds the library and the tablegames command (installing what is missing
# on Debian 12) and plays complete games in the terminal: Witches' Dance with
# three random players, then every other registered game.
#   scripts/play.sh                  random players, every game
#   scripts/play.sh --interactive [GAME] [PLAY OPTIONS...]
#                                    you play GAME (default witches_dance) at
#                                    the keyboard, e.g. --players 2
# Build tree: $TG_BUILD_ROOT/play (default build/play in the repository).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TG_BUILD_ROOT:-$repo/build}/play
interactive=0
if [ "${1:-}" = "--interactive" ]; then
    interactive=1
    shift
    if [ ! -t 0 ]; then
        echo "--interactive needs a terminal on standard input" >&2
        exit 2
    fi
fi

# shellcheck source=scripts/deps.sh
. "$repo/scripts/deps.sh"
tg_install_missing "${TG_BUILD_PACKAGES[@]}"
echo "building in $build"
# Only the command is needed: no tests, bindings or docs, so nothing beyond
# TG_BUILD_PACKAGES is looked for.
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_BUILD_TESTS=OFF \
    -DTG_BUILD_LUA=OFF -DTG_BUILD_PYTHON=OFF -DTG_BUILD_DOCS=OFF >/dev/null
cmake --build "$build" -j"${TG_JOBS:-2}" >/dev/null
cli=$build/examples/tablegames/tablegames

if [ "$interactive" -eq 1 ]; then
    game=witches_dance
    if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
        game=$1
        shift
    fi
    exec "$cli" play "$game" "$@"
fi

"$cli" list
games=$("$cli" list --ids)
if grep -qx witches_dance <<<"$games"; then
    echo
    echo "== witches_dance, 3 random players"
    "$cli" play witches_dance --players 3 --auto
fi
for game in $games; do
    [ "$game" = witches_dance ] && continue
    echo
    echo "== $game, random players"
    "$cli" play "$game" --auto
done
