#!/usr/bin/env bash
# The browser table in one command, from a clone or a release tarball on
# Debian 12 (as root, or with sudo for the packages it installs):
#   examples/table/table.sh [--host H] [--port P] [--db FILE] [--pace S]
# Installs what is missing (the build tools and python3-aiohttp), builds
# the library into $TG_BUILD_ROOT/table (default build/table), and starts
# the server with the in-tree Python binding; it prints the link to open.
# With the python3-tablegames package installed, run it without building:
#   PYTHONPATH=examples/table /usr/bin/python3 -m tablegames_table
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=${TG_BUILD_ROOT:-$repo/build}/table

# shellcheck source=scripts/deps.sh
. "$repo/scripts/deps.sh"
tg_install_missing "${TG_BUILD_PACKAGES[@]}" "${TG_TABLE_PACKAGES[@]}"
# Configure once: later builds re-run CMake by themselves when a CMakeLists
# changed, and a restart with nothing changed takes a moment, not a
# reconfiguration.
if [ ! -f "$build/CMakeCache.txt" ]; then
    echo "configuring the library's build in $build"
    cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTG_BUILD_TESTS=OFF \
        -DTG_BUILD_EXAMPLES=OFF >/dev/null
fi
echo "building the library in $build"
cmake --build "$build" -j"${TG_JOBS:-2}" --target tablegames >/dev/null

# The server (examples/table) and the binding (bindings/python) from this
# tree, the library from the build; Debian's python3 sees python3-aiohttp.
export PYTHONPATH="$here:$repo/bindings/python${PYTHONPATH:+:$PYTHONPATH}"
export TABLEGAMES_LIBRARY="$build/libtablegames.so"
exec /usr/bin/python3 -m tablegames_table "$@"
