#!/usr/bin/env bash
# The README's "Building from source" names the same build dependencies as
# scripts/deps.sh: its apt-get line is exactly TG_BUILD_PACKAGES plus
# TG_OPTIONAL_PACKAGES, and each optional package appears in its table of
# parts too.
#   tests/docs/readme_deps.sh SOURCE_DIR
set -euo pipefail
src=${1:?usage: readme_deps.sh SOURCE_DIR}
# shellcheck source=scripts/deps.sh
. "$src/scripts/deps.sh"
section=$(awk '/^## Building from source/ { on = 1; next } on && /^## / { exit } on' "$src/README.md")
[ -n "$section" ] || { echo "FAIL: README.md has no '## Building from source'"; exit 1; }
line=$(grep -E '^    apt-get install ' <<<"$section" | head -n 1)
[ -n "$line" ] || { echo "FAIL: no apt-get install line in 'Building from source'"; exit 1; }
readme=$(sed 's/^ *apt-get install //' <<<"$line" | tr ' ' '\n' | grep . | sort)
deps=$(printf '%s\n' "${TG_BUILD_PACKAGES[@]}" "${TG_OPTIONAL_PACKAGES[@]}" | sort -u)
if [ "$readme" != "$deps" ]; then
    echo "FAIL: the README's apt-get line and scripts/deps.sh differ:"
    diff <(echo "$deps") <(echo "$readme") | sed -n 's/^</  only in scripts\/deps.sh:/p; s/^>/  only in README.md:/p'
    exit 1
fi
table=$(grep -E '^\|' <<<"$section")
for pkg in "${TG_OPTIONAL_PACKAGES[@]}"; do
    grep -qF "\`$pkg\`" <<<"$table" || { echo "FAIL: the table of parts does not say what needs $pkg"; exit 1; }
done
echo "README and scripts/deps.sh agree on $(wc -l <<<"$deps") build dependencies"
