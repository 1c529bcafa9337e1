#!/usr/bin/env bash
# Builds the WebAssembly library of the npm package (bindings/js/dist/) from
# a clone or a release tarball on Debian 12, with Debian's emscripten:
#
#     bash bindings/js/build.sh
#
# The C library is compiled unchanged, by the project's own CMakeLists
# (emcmake; the library only). Its dependencies (jansson, zlib for the save's
# CRC-32, xxhash for the information keys) are compiled from Debian's source
# packages, which `apt-get source` fetches from the Debian mirror this
# machine's apt already uses, through a sources list and package lists of
# this script's own under the build directory: the system's apt
# configuration is not touched, and nothing else is downloaded.
#
# TG_WASM_BUILD names the build directory (default build/wasm); it is kept
# between runs (the sources are fetched once), delete it to start afresh.
# TG_WASM_MAX_MEMORY caps the module's memory (default 512MB; README.md,
# "Memory ownership"): WebAssembly memory grows and never shrinks, so the
# cap is what a program that forgets free() can take from its page.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=${TG_WASM_BUILD:-$repo/build/wasm}
dist=$here/dist
jobs=${TG_JOBS:-2}
max_memory=${TG_WASM_MAX_MEMORY:-512MB}

# shellcheck source=scripts/deps.sh
. "$repo/scripts/deps.sh"
tg_install_missing "${TG_WASM_PACKAGES[@]}"

# Debian's emscripten runs its optimizer on Debian's nodejs, whose acorn
# lives under /usr/share/nodejs.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# Its compiled libc is Debian's frozen cache (/usr/share/emscripten/cache):
# EM_CACHE is left alone, or emcc would try to build one.

# ---- Debian's sources ---------------------------------------------------------

# The Debian mirror of the system's apt sources (deb822 or one-line).
debian_mirror() {
    local file uri
    for file in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$file" ] || continue
        uri=$(sed -n -e 's/^URIs:[[:space:]]*\([^[:space:]]*\/debian\)\/\{0,1\}[[:space:]]*$/\1/p' \
                  -e 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]*\)\{0,1\}\([^[:space:]]*\/debian\)\/\{0,1\}[[:space:]].*/\2/p' \
                  "$file" | head -n 1)
        if [ -n "$uri" ]; then
            echo "$uri"
            return
        fi
    done
    echo "no Debian mirror found in /etc/apt/sources.list*" >&2
    return 1
}

apt_dir=$build/apt
apt_private=(-o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o "Dir::Etc::sourceparts=$apt_dir/none"
             -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache::Archives=$apt_dir/archives"
             -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache="
             -o "APT::Sandbox::User=$(id -un)" -qq)

# fetch_source PACKAGE DIRGLOB: unpacks PACKAGE's Debian source under
# $build/src unless it is there, trying its versions newest first (a
# security update's source may be missing from a partial mirror).
fetch_source() {
    local pkg=$1 version
    mkdir -p "$build/src"
    if compgen -G "$build/src/$2" >/dev/null; then
        return
    fi
    for version in $(apt-cache "${apt_private[@]}" showsrc "$pkg" |
                     sed -n 's/^Version: //p' | sort -u -r -V); do
        if (cd "$build/src" && apt-get "${apt_private[@]}" source --only-source "$pkg=$version"); then
            return
        fi
        echo "$pkg $version could not be fetched; trying an older version" >&2
    done
    echo "no source of $pkg could be fetched" >&2
    return 1
}

fetch_sources() {
    local mirror codename
    mirror=$(debian_mirror)
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/none"
    printf 'deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s %s main\n' \
        "$mirror" "$codename" "$mirror" "$codename-updates" >"$apt_dir/sources.list"
    if ! compgen -G "$build/src/jansson-*/" >/dev/null ||
       ! compgen -G "$build/src/zlib-*/" >/dev/null ||
       ! compgen -G "$build/src/xxhash-*/" >/dev/null; then
        apt-get "${apt_private[@]}" update
    fi
    fetch_source jansson 'jansson-*/'
    fetch_source zlib 'zlib-*/'
    fetch_source xxhash 'xxhash-*/'
}

# ---- the dependencies ----------------------------------------------------------

deps=$build/deps
# WebAssembly features past the first version that Node 18 and every
# current browser run (Chrome 75, Firefox 79, Safari 15): memcpy and
# memset as memory.copy and memory.fill instead of calls into the libc's
# loops, sign extension in one instruction, float-to-int conversions that
# saturate instead of a guarded trap. 11 % fewer instructions per decision
# in Witches' Dance's playout (docs/performance.md).
features=(-mbulk-memory -msign-ext -mnontrapping-fptoint)
opt=(-O3 "${features[@]}" ${TG_WASM_EXTRA_FLAGS:-})
# The library's own code is inlined more than clang's -O3 does (threshold
# 1000 instead of 250): V8 inlines no WebAssembly function into another, so
# each small call the compiler leaves (a game's helpers, the core's
# checks) costs a real call in every decision. 12 % fewer instructions per
# decision in Witches' Dance's playout, 7 % in Creepy Cauldron's, for 17 KB
# more module (5 KB gzipped); 500 and 3000 did less (docs/performance.md).
lib_opt=("${opt[@]}" -mllvm -inline-threshold=1000)

# write_pc NAME VERSION LIBS: a pkg-config file for the project's CMakeLists.
write_pc() {
    mkdir -p "$deps/lib/pkgconfig"
    cat >"$deps/lib/pkgconfig/$1.pc" <<EOF
prefix=$deps
Name: $1
Description: $1 for WebAssembly (from Debian's source package)
Version: $2
Cflags: -I\${prefix}/include
Libs: -L\${prefix}/lib $3
EOF
}

build_zlib() {
    local src out=$build/zlib
    src=$(compgen -G "$build/src/zlib-*/" | head -n 1)
    mkdir -p "$out" "$deps/include" "$deps/lib"
    # The library uses zlib's crc32() only; the rest of zlib is not needed.
    emcc "${opt[@]}" -c "$src/crc32.c" -o "$out/crc32.o"
    emcc "${opt[@]}" -c "$src/zutil.c" -o "$out/zutil.o"
    rm -f "$deps/lib/libz.a"
    emar rcs "$deps/lib/libz.a" "$out/crc32.o" "$out/zutil.o"
    cp "$src/zlib.h" "$src/zconf.h" "$deps/include/"
}

build_xxhash() {
    local src version
    src=$(compgen -G "$build/src/xxhash-*/" | head -n 1)
    version=$(basename "$src" | sed 's/^xxhash-//')
    mkdir -p "$build/xxhash" "$deps/include" "$deps/lib"
    emcc "${opt[@]}" -c "$src/xxhash.c" -o "$build/xxhash/xxhash.o"
    rm -f "$deps/lib/libxxhash.a"
    emar rcs "$deps/lib/libxxhash.a" "$build/xxhash/xxhash.o"
    cp "$src/xxhash.h" "$deps/include/"
    write_pc libxxhash "$version" -lxxhash
}

# The module has no file system (-sFILESYSTEM=0): jansson seeds its hash
# tables from the clock instead of /dev/urandom.
build_jansson() {
    local src version
    src=$(compgen -G "$build/src/jansson-*/" | head -n 1)
    version=$(basename "$src" | sed 's/^jansson-//')
    emcmake cmake -S "$src" -B "$build/jansson" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_C_FLAGS_RELEASE="${opt[*]} -DNDEBUG" -DCMAKE_INSTALL_PREFIX="$deps" \
        -DJANSSON_BUILD_DOCS=OFF -DJANSSON_EXAMPLES=OFF -DJANSSON_WITHOUT_TESTS=ON \
        -DJANSSON_BUILD_SHARED_LIBS=OFF -DJANSSON_INSTALL=ON \
        -DUSE_URANDOM=OFF -DUSE_WINDOWS_CRYPTOAPI=OFF >/dev/null
    cmake --build "$build/jansson" -j"$jobs" --target install >/dev/null
    write_pc jansson "$version" -ljansson
}

# ---- the library and the module --------------------------------------------------

build_library() {
    PKG_CONFIG_LIBDIR=$deps/lib/pkgconfig PKG_CONFIG_PATH= \
    emcmake cmake -S "$repo" -B "$build/lib" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_C_FLAGS="${lib_opt[*]}" \
        -DTG_BUILD_TESTS=OFF -DTG_BUILD_EXAMPLES=OFF -DTG_BUILD_LUA=OFF \
        -DTG_BUILD_PYTHON=OFF -DTG_BUILD_DOCS=OFF -DTG_REQUIRE_ALL_PARTS=OFF -DTG_WERROR=ON \
        -DZLIB_INCLUDE_DIR="$deps/include" -DZLIB_LIBRARY="$deps/lib/libz.a" >/dev/null
    cmake --build "$build/lib" -j"$jobs" --target tablegames_static
}

# The exported functions: every name of the ABI's version script (so the
# package has each call of the C API), malloc and free for the binding's
# buffers, and the heap figure the memory test reads.
exported_functions() {
    local names
    names=$(sed -n 's/^[[:space:]]*\(tg_[a-z0-9_]*\);.*/_\1/p' "$repo/abi/tablegames.map" | sort -u)
    printf '%s\n' $names _malloc _free _tgjs_heap_in_use _tgjs_memory_limit | paste -sd, -
}

link_module() {
    local out=$build/module
    mkdir -p "$out" "$dist"
    emcc "${opt[@]}" -c "$here/src/heap.c" -o "$out/heap.o"
    # web,worker: the glue has no Node branch (whose ES-module form reads
    # __dirname); init() (lib/wasm.js) fetches or reads the .wasm itself
    # and instantiates it through the glue's instantiateWasm hook.
    emcc "${opt[@]}" -o "$out/tablegames_wasm.mjs" \
        "$build/lib/libtablegames.a" "$out/heap.o" \
        "$deps/lib/libjansson.a" "$deps/lib/libxxhash.a" "$deps/lib/libz.a" \
        -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createTablegamesModule \
        -sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY="$max_memory" -sWASM_BIGINT=1 \
        -sFILESYSTEM=0 -sSUPPORT_LONGJMP=0 -sDYNAMIC_EXECUTION=0 -sTEXTDECODER=2 \
        -sEXPORTED_FUNCTIONS="$(exported_functions)" \
        -sEXPORTED_RUNTIME_METHODS=HEAPU8,HEAP32,HEAPU32,HEAPF32,HEAPF64 \
        -sINCOMING_MODULE_JS_API=instantiateWasm
    cp "$out/tablegames_wasm.mjs" "$dist/tablegames_wasm.mjs"
    cp "$out/tablegames_wasm.wasm" "$dist/tablegames_wasm.wasm"
}

fetch_sources
build_zlib
build_xxhash
build_jansson
build_library
link_module
echo "built $dist/tablegames_wasm.wasm ($(stat -c %s "$dist/tablegames_wasm.wasm") bytes," \
     "$(gzip -9 -c "$dist/tablegames_wasm.wasm" | wc -c) gzipped)"
