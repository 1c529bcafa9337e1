#!/usr/bin/env bash
# The guide's embedding walkthrough (docs/guide.md) is real code that checks
# every status it gets: the first code block under "## Embedding
# walkthrough" must leave no call that returns tg_status unchecked (a call
# standing as a statement of its own), and, as the body of main(), must
# compile with warnings as errors, link and play a game to the end.
#   tests/docs/guide_walkthrough.sh SOURCE_DIR WORK_DIR CC CFLAGS... -- LIBS...
set -euo pipefail
src=$1 work=$2 cc=$3
shift 3
cflags=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do cflags+=("$1"); shift; done
shift || true
libs=("$@")
mkdir -p "$work"

code=$(awk '/^## Embedding walkthrough/ { on = 1; next }
            on && /^## / { exit }
            on && /^    / { block = 1; print substr($0, 5); next }
            on && block && /^$/ { print ""; next }
            on && block { exit }' "$src/docs/guide.md")
[ -n "$code" ] || { echo "FAIL: no code block under '## Embedding walkthrough'"; exit 1; }

# The functions that return a status, from the public headers.
status_fns=$(cat "$src"/include/boardgames/*.h "$src"/include/boardgames/*.h.in |
    tr '\n' ' ' | grep -Eo 'TG_API +tg_status +tg_[a-z0-9_]+' | awk '{print $3}' | sort -u)
[ -n "$status_fns" ] || { echo "FAIL: no function returning tg_status found in the headers"; exit 1; }
# One line, comments and strings removed: a call is unchecked when nothing
# but ; { } ) or else stands before it in its statement.
flat=$(sed -e 's|//.*||' -e 's/"[^"]*"/""/g' <<<"$code" | tr '\n' ' ')
unchecked=$(grep -Eo "(^|[;{})]|else)[[:space:]]*($(paste -sd'|' <<<"$status_fns"))[[:space:]]*\(" <<<"$flat" |
    grep -Eo 'tg_[a-z0-9_]+' || true)
if [ -n "$unchecked" ]; then
    echo "FAIL: the walkthrough ignores the status of: $(tr '\n' ' ' <<<"$unchecked")"
    exit 1
fi
echo "every call returning tg_status is checked ($(wc -w <<<"$status_fns") such functions known)"

{
    printf '#include <boardgames/tablegames.h>\n#include <stdio.h>\n#include <stdlib.h>\n\n'
    printf 'int main(void)\n{\n'
    sed 's/^/    /' <<<"$code"
    printf '}\n'
} >"$work/walkthrough.c"
"$cc" -std=c11 -Wall -Wextra -Werror "${cflags[@]}" "$work/walkthrough.c" "${libs[@]}" \
    -o "$work/walkthrough"
"$work/walkthrough" >"$work/walkthrough.out"
tail -n 1 "$work/walkthrough.out" | grep -Eq '^winners: 0x[1-9a-f]' ||
    { tail -n 5 "$work/walkthrough.out"; echo "FAIL: the walkthrough did not play to a winner"; exit 1; }
echo "the walkthrough compiles and plays $(($(wc -l <"$work/walkthrough.out") - 1)) decisions to a winner"
