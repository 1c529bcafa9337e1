#!/usr/bin/env bash
# Installs a configured and built libtablegames tree into a temporary prefix,
# then builds and runs tests/install/consumer.c against that prefix twice:
# through pkg-config and through find_package(tablegames).
# Usage: tests/install/run.sh BUILD_DIR
set -euo pipefail

build=${1:?usage: tests/install/run.sh BUILD_DIR}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$(cd "$build" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tablegames-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >"$work/install.log"
lib=$(find "$prefix" -name 'libtablegames.so' -print -quit)
if [ -z "$lib" ]; then
    echo "no libtablegames.so installed" >&2
    exit 1
fi
libdir=$(dirname "$lib")
export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
cc=${CC:-cc}

echo "== pkg-config"
# The .pc file names the configured prefix; point it at the temporary one.
export PKG_CONFIG_PATH=$libdir/pkgconfig
read -ra flags <<<"$(pkg-config --define-variable=prefix="$prefix" --cflags --libs tablegames)"
echo "$cc consumer.c ${flags[*]}"
"$cc" -std=c99 -Wall -Wextra -Werror "$here/consumer.c" "${flags[@]}" -o "$work/consumer_pc"
"$work/consumer_pc"

echo "== find_package"
cmake -S "$here" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_BUILD_TYPE=Release >"$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/cmake-build" >"$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/cmake-build/consumer"
"$work/cmake-build/consumer_static"
echo "== installed command"
"$prefix/bin/tablegames" list --ids
echo "install test passed"
