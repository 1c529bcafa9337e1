#!/usr/bin/env bash
# Installs a configured and built libtablegames tree into a temporary prefix
# (one the system linker does not search) and uses it as a user would:
#   - bin/tablegames and the Lua module start without LD_LIBRARY_PATH (their
#     RPATH is $ORIGIN-relative) and load the library of this prefix;
#   - pkg-config prints clean flags naming the prefix; a program builds with them;
#   - find_package(tablegames) links the shared library with jansson's .pc
#     hidden and leaks no imported target; COMPONENTS static links the
#     archive, and fails naming libjansson-dev when jansson.pc is hidden;
#   - the installed Python package imports and finds the library through
#     pkg-config;
#   - the rockspec builds with Debian's luarocks as bindings/lua/README.md says.
# Usage: tests/install/run.sh BUILD_DIR
set -euo pipefail

build=${1:?usage: tests/install/run.sh BUILD_DIR}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "$build" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tablegames-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cc=${CC:-cc}
unset LD_LIBRARY_PATH PKG_CONFIG_PATH TABLEGAMES_LIBRARY LUA_CPATH

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

cmake --install "$build" --prefix "$prefix" >"$work/install.log"
lib=$(find "$prefix" -name 'libtablegames.so.1' -print -quit)
[ -n "$lib" ] || fail "no libtablegames.so.1 installed"
libdir=$(dirname "$lib")
rel_libdir=${libdir#"$prefix"/}

# rpath_of FILE: the RUNPATH or RPATH of an ELF file ("" when it has none).
rpath_of() {
    readelf -d "$1" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p'
}

echo "== installed command"
want="\$ORIGIN/../$rel_libdir"
[ "$(rpath_of "$prefix/bin/tablegames")" = "$want" ] ||
    fail "bin/tablegames has RPATH '$(rpath_of "$prefix/bin/tablegames")', want '$want'"
loaded=$(ldd "$prefix/bin/tablegames" | sed -n 's/.*libtablegames\.so\.1 => \([^ ]*\) .*/\1/p')
[ -n "$loaded" ] && [ "$(realpath "$loaded")" = "$(realpath "$lib")" ] ||
    fail "bin/tablegames does not load the library of the prefix: $(ldd "$prefix/bin/tablegames")"
"$prefix/bin/tablegames" list --ids

echo "== man pages"
# Every exported function has a page name (a link to its group's page).
for f in $(grep -Eo '^[[:space:]]+tg_[a-z0-9_]+;' "$root/abi/tablegames.map" | tr -d ' \t;'); do
    [ -e "$prefix/share/man/man3/$f.3.gz" ] || fail "no man page for $f"
done
page=$(MANPATH=$prefix/share/man man -w tg_state_apply) || fail "man tg_state_apply finds nothing"
echo "man tg_state_apply: ${page#"$prefix"/}"
MANPATH=$prefix/share/man man tablegames | grep -q -- '--progress' || fail "man tablegames lacks --progress"

echo "== pkg-config"
export PKG_CONFIG_PATH=$libdir/pkgconfig
flags=$(pkg-config --cflags --libs tablegames | sed 's/ *$//')
[ "$flags" = "-I$prefix/include -L$libdir -ltablegames" ] ||
    fail "pkg-config flags '$flags', want '-I$prefix/include -L$libdir -ltablegames'"
echo "$cc consumer.c $flags"
read -ra flag_words <<<"$flags"
"$cc" -std=c99 -Wall -Wextra -Werror "$here/consumer.c" "${flag_words[@]}" -o "$work/consumer_pc"
LD_LIBRARY_PATH=$libdir "$work/consumer_pc"

echo "== find_package, shared library, jansson's .pc hidden"
mkdir "$work/no-pc"
PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=$work/no-pc \
    cmake -S "$here" -B "$work/cmake-shared" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_BUILD_TYPE=Release >"$work/configure-shared.log" 2>&1 ||
    { cat "$work/configure-shared.log"; fail "find_package needed more than the shared library"; }
cmake --build "$work/cmake-shared" >"$work/build-shared.log" || { cat "$work/build-shared.log"; exit 1; }
"$work/cmake-shared/consumer"

echo "== find_package COMPONENTS static"
cmake -S "$here" -B "$work/cmake-static" -DCMAKE_PREFIX_PATH="$prefix" -DCONSUMER_STATIC=ON \
    -DCMAKE_BUILD_TYPE=Release >"$work/configure-static.log" 2>&1 ||
    { cat "$work/configure-static.log"; exit 1; }
cmake --build "$work/cmake-static" >"$work/build-static.log" || { cat "$work/build-static.log"; exit 1; }
"$work/cmake-static/consumer_static"
if readelf -d "$work/cmake-static/consumer_static" | grep -q 'NEEDED.*libtablegames'; then
    fail "consumer_static needs the shared library"
fi
echo "== find_package COMPONENTS static, jansson's .pc hidden: must fail and say why"
if PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=$work/no-pc \
    cmake -S "$here" -B "$work/cmake-static-no-pc" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCONSUMER_STATIC=ON >"$work/configure-static-no-pc.log" 2>&1; then
    fail "the static component was found without jansson.pc"
fi
grep 'libjansson-dev' "$work/configure-static-no-pc.log" ||
    { cat "$work/configure-static-no-pc.log"; fail "the failure does not name libjansson-dev"; }

lua_module=$(find "$prefix" -path '*/lua/5.4/tablegames.so' -print -quit)
if [ -n "$lua_module" ]; then
    echo "== Lua module: ${lua_module#"$prefix"/}"
    [ "${lua_module#"$prefix"/}" = "$rel_libdir/lua/5.4/tablegames.so" ] ||
        fail "the Lua module is not in LIBDIR/lua/5.4"
    [ "$(rpath_of "$lua_module")" = "\$ORIGIN/../.." ] ||
        fail "the Lua module has RPATH '$(rpath_of "$lua_module")', want '\$ORIGIN/../..'"
    LUA_CPATH="$(dirname "$lua_module")/?.so" lua5.4 -e '
        local tg = require("tablegames")
        local st <close> = tg.Game("witches_dance", "players=3"):new_state(5)
        print("lua: libtablegames " .. tg.version() .. ", " .. st:playout() .. " decisions")'
fi

typed=$(find "$prefix" -path '*/tablegames/py.typed' -print -quit)
if [ -n "$typed" ]; then
    pydir=$(dirname "$(dirname "$typed")")
    echo "== Python package: ${pydir#"$prefix"/}"
    PYTHONPATH=$pydir /usr/bin/python3 -c '
import sys, tablegames
assert tablegames.__file__.startswith(sys.argv[1]), tablegames.__file__
assert tablegames.library_path().startswith(sys.argv[2]), tablegames.library_path()
with tablegames.Game("witches_dance", players=3).new_state(5) as st:
    print("python: libtablegames", tablegames.library_version(), st.playout(), "decisions")
' "$pydir" "$libdir"
fi

if command -v luarocks >/dev/null; then
    echo "== luarocks --lua-version=5.4 make (bindings/lua/README.md)"
    # LuaRocks builds in the rockspec's folder: build a copy, not the sources.
    cp -r "$root/bindings/lua" "$work/rock"
    (cd "$work/rock" && HOME=$work luarocks --lua-version=5.4 --tree "$work/rocks" make \
        tablegames-*.rockspec TABLEGAMES_DIR="$prefix") >"$work/luarocks.log" 2>&1 ||
        { cat "$work/luarocks.log"; fail "luarocks make failed"; }
    rock=$(find "$work/rocks" -name tablegames.so -print -quit)
    [ -n "$rock" ] || fail "luarocks installed no tablegames.so"
    LD_LIBRARY_PATH=$libdir LUA_CPATH="$(dirname "$rock")/?.so" lua5.4 -e '
        local tg = require("tablegames")
        print("luarocks: " .. package.searchpath("tablegames", package.cpath) .. ", " .. #tg.games() .. " games")'
    HOME=$work luarocks --lua-version=5.4 --tree "$work/rocks" show tablegames | grep -q 'License:.*MIT' ||
        fail "the rock's license is not MIT"
else
    echo "luarocks not installed (apt-get install luarocks): the rockspec is not tried" >&2
    [ "${TG_REQUIRE_ALL_PARTS:-OFF}" = ON ] && fail "TG_REQUIRE_ALL_PARTS is ON"
fi
echo "install test passed"
