#!/usr/bin/env bash
# Checks that a shared library exports only tg_ symbols, each at a version
# node of the linker version script (TABLEGAMES_1.0, TABLEGAMES_1.1, ...).
#   check-exports.sh LIB.so [VERSION_SCRIPT]   (default: abi/tablegames.map)
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lib=${1:?usage: check-exports.sh LIB.so [VERSION_SCRIPT]}
map=${2:-$here/../abi/tablegames.map}
nodes=$(grep -oE '^[[:space:]]*TABLEGAMES_[0-9]+\.[0-9]+' "$map" | sed 's/^[[:space:]]*//' | paste -sd' ' -)
[ -n "$nodes" ] || { echo "no version node in $map"; exit 1; }
symbols=$(nm -D --defined-only "$lib")
bad=$(printf '%s\n' "$symbols" | awk -v nodes="$nodes" '
    BEGIN { n = split(nodes, list, " "); for (i = 1; i <= n; i++) known[list[i]] = 1 }
    $2 == "A" && ($3 in known) { next }
    { split($3, part, "@@") }
    part[1] ~ /^tg_[a-z0-9_]+$/ && (part[2] in known) { next }
    { print }')
count=$(printf '%s\n' "$symbols" | grep -c " tg_" || true)
if [ -n "$bad" ]; then
    echo "exported symbols that are not tg_* at a node of $map ($nodes):"
    printf '%s\n' "$bad"
    exit 1
fi
if [ "$count" -eq 0 ]; then
    echo "no tg_ symbol exported at all"
    exit 1
fi
echo "$count tg_ symbols, each at one of: $nodes"
