#!/usr/bin/env bash
# Makes the baseline of a release from its tag: checks the tagged commit out
# in a temporary worktree outside the repository, builds the library there
# with debug info and writes abi/MAJOR.MINOR/ with abi/refresh.sh.
#   abi/baseline-of.sh v1.1.0
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
tag=${1:?usage: abi/baseline-of.sh TAG (e.g. v1.1.0)}
repo=$(git -C "$here" rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/tablegames-baseline.XXXXXX")
trap 'git -C "$repo" worktree remove --force "$work/src" >/dev/null 2>&1; rm -rf "$work"' EXIT
git -C "$repo" worktree add --detach "$work/src" "$tag" >/dev/null
version=$(sed -n 's/^project(tablegames VERSION \([0-9]*\.[0-9]*\)\..*/\1/p' "$work/src/CMakeLists.txt")
[ "v$version" = "${tag%.*}" ] || { echo "$tag builds version $version"; exit 1; }
# The debug info names /tablegames-VERSION rather than the temporary folder,
# so the same release always gives the same baseline.
cmake -S "$work/src" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_BUILD_TESTS=OFF \
      -DTG_BUILD_EXAMPLES=OFF -DCMAKE_C_FLAGS="-fdebug-prefix-map=$work=/tablegames-$version" \
      >/dev/null
cmake --build "$work/build" -j"$(nproc)" --target tablegames >/dev/null
"$here/refresh.sh" "$work/build" "$version" "$work/src"
echo "from $(git -C "$repo" rev-parse --short "$tag^{commit}") ($tag)"
