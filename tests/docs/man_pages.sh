#!/usr/bin/env bash
# The manual pages document what the library and the command really offer:
#   - every function the version script exports is named in the NAME section
#     of exactly one section-3 page (which makes `man FUNCTION` find that page
#     once installed, cmake/manpages.cmake) and appears in its SYNOPSIS;
#   - no page names a function the library does not export;
#   - every option `tablegames --help` prints is in tablegames(1)'s SYNOPSIS
#     and DESCRIPTION, and every option a command's own --help names (and
#     --help, -h) has an entry in its OPTIONS.
#   tests/docs/man_pages.sh SOURCE_DIR [TABLEGAMES_COMMAND]
set -euo pipefail
src=${1:?usage: man_pages.sh SOURCE_DIR [TABLEGAMES_COMMAND]}
cli=${2:-}
failed=0
bad() {
    echo "FAIL: $*"
    failed=1
}

exported=$(grep -Eo '^[[:space:]]+tg_[a-z0-9_]+;' "$src/abi/tablegames.map" | tr -d ' \t;' | sort)
[ -n "$exported" ] || bad "no exported function found in abi/tablegames.map"
# name_section PAGE: the function names of its NAME section (up to "\-").
name_section() {
    sed -n '/^\.SH NAME/,/^\.SH/p' "$1" | sed -n '2,$p' | sed '/\\-/q' | sed 's/\\-.*//' |
        grep -Eo 'tg_[a-z0-9_]+' || true
}
declare -A page_of
for page in "$src"/docs/man/*.3; do
    # Read once, not piped to grep -q: under pipefail sed's SIGPIPE, when
    # grep stops at the first match, would fail the test at random.
    page_synopsis=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH/p' "$page")
    for f in $(name_section "$page"); do
        if [ -n "${page_of[$f]:-}" ]; then
            bad "$f is named by both ${page_of[$f]} and $(basename "$page")"
        fi
        page_of[$f]=$(basename "$page")
        if ! grep -q "[ *]$f(" <<<"$page_synopsis"; then
            bad "$f is named in $(basename "$page") but missing from its SYNOPSIS"
        fi
        grep -qx "$f" <<<"$exported" || bad "$(basename "$page") names $f, which the library does not export"
    done
done
for f in $exported; do
    [ -n "${page_of[$f]:-}" ] || bad "$f is exported but no page's NAME section names it (man $f would find nothing)"
done
echo "man pages: ${#page_of[@]} functions named, $(wc -w <<<"$exported") exported"

if [ -n "$cli" ]; then
    # Per command: the options its usage lines show must be in the SYNOPSIS
    # entry of that command (a line ".B tablegames CMD" up to the next .br).
    usage=$("$cli" --help | sed '/^$/q')
    commands=$(grep -Eo '^(usage:)? +tablegames [a-z]+' <<<"$usage" | awk '{print $NF}' | sort -u)
    checked=0
    for cmd in $commands; do
        cmd_usage=$(awk -v cmd="$cmd" '
            /^(usage:)? +tablegames [a-z]+/ { on = ($0 ~ ("tablegames " cmd "( |$)")) }
            on' <<<"$usage")
        synopsis=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$src/docs/man/tablegames.1" |
            awk -v cmd="$cmd" '$0 == ".B tablegames " cmd { on = 1 } /^\.br/ { on = 0 } on')
        [ -n "$synopsis" ] || { bad "tablegames.1 has no SYNOPSIS entry for 'tablegames $cmd'"; continue; }
        for opt in $(grep -Eo -- '--[a-z][a-z-]*' <<<"$cmd_usage" | sort -u); do
            checked=$((checked + 1))
            grep -qF -- "\\-\\-${opt#--}" <<<"$synopsis" ||
                bad "tablegames $cmd --help offers $opt; its SYNOPSIS in tablegames.1 does not"
            grep -qF -- "\\-\\-${opt#--}" <<<"$(sed -n '/^\.SH DESCRIPTION/,$p' "$src/docs/man/tablegames.1")" ||
                bad "tablegames.1 never describes $opt"
        done
    done
    # Every option a command's own --help names (and --help, -h) has an
    # entry in OPTIONS: a tag line, the one after a .TP.
    tags=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$src/docs/man/tablegames.1" |
        awk 'tag { print; tag = 0 } /^\.TP/ { tag = 1 }')
    [ -n "$tags" ] || bad "tablegames.1 has no OPTIONS section with entries"
    for cmd in $commands; do
        for opt in --help -h $("$cli" "$cmd" --help | grep -Eo -- '--[a-z][a-z-]*' | sort -u); do
            checked=$((checked + 1))
            grep -qE -- "$(sed 's/-/\\\\-/g' <<<"$opt")( |\"|$)" <<<"$tags" ||
                bad "tablegames $cmd takes $opt; OPTIONS in tablegames.1 has no entry for it"
        done
    done
    echo "tablegames.1: $checked options of $(wc -w <<<"$commands") commands checked"
fi
[ "$failed" -eq 0 ] && echo "man pages agree with the library and the command"
exit "$failed"
