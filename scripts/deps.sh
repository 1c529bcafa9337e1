# shellcheck shell=bash
# Sourced by the scripts in this folder: installs the Debian packages they
# need, asking apt only when something is missing.
# tg_install_missing PACKAGE...
tg_install_missing() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing: ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "need root (or sudo) to install ${missing[*]}" >&2; return 1; }
        sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq &&
        "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The package lists are read by the scripts that source this file, and the
# README's "Building from source" shows the first two as one apt-get line
# (tests/docs/readme_deps.sh holds them to it).
# shellcheck disable=SC2034
# What the library and the tablegames command need.
TG_BUILD_PACKAGES=(cmake make gcc libc6-dev pkg-config libjansson-dev libxxhash-dev zlib1g-dev)
# What the optional parts need (README, "Building from source"): tests
# (cmocka), the headers' C++ check, the Lua module and its tests, the Python
# tests and type check, the Python step's C module, the libffi host, the
# API reference.
# shellcheck disable=SC2034
TG_OPTIONAL_PACKAGES=(libcmocka-dev g++ liblua5.4-dev lua5.4 python3 mypy python3-dev libffi-dev
                      doxygen)
# The browser table (examples/table/table.sh): its server runs on Debian's
# python3 with aiohttp.
# shellcheck disable=SC2034
TG_TABLE_PACKAGES=(python3 python3-aiohttp)
# Its browser test: Debian's chromium driven by playwright-core from npm
# (tests/browser/), with a colour emoji font for names like "Mum 👩‍👧";
# npm itself is installed only when missing, since a nodejs from
# elsewhere may carry its own.
# shellcheck disable=SC2034
TG_BROWSER_PACKAGES=(chromium nodejs fonts-dejavu-core fonts-noto-color-emoji)
# Its PostgreSQL store (several servers on one database): the database,
# whose tests start a private cluster, and the driver.
# shellcheck disable=SC2034
TG_TABLE_POSTGRES_PACKAGES=(postgresql python3-asyncpg)
# The WebAssembly build of the npm package (bindings/js/build.sh): Debian's
# emscripten, and dpkg-dev for apt-get source to unpack the dependencies'
# Debian source packages; its tests run on nodejs with npm.
# shellcheck disable=SC2034
TG_WASM_PACKAGES=(emscripten dpkg-dev cmake make pkg-config nodejs)
# Debian 12's own Node 18, which tests/node18/run.sh unpacks beside a newer
# system node: what it loads at run time besides libnode108 (on a fresh
# Debian 12, Debian's nodejs brings these along).
# shellcheck disable=SC2034
TG_NODE18_PACKAGES=(libbrotli1 libc-ares2 libicu72 libnghttp2-14 libuv1 node-acorn
                    node-cjs-module-lexer node-undici)
# Everything scripts/test.sh uses on top: compilers and sanitizer runtimes,
# valgrind, the ABI tools and tests (-m32 layouts, run under qemu-i386 where
# the kernel cannot run 32-bit programs; a non-C locale), the
# install and package tests' tools, the browser table, its stores and its test,
# and numpy for the Python binding's numpy paths (optional to the package;
# the tests also run with it hidden).
# shellcheck disable=SC2034
TG_TEST_PACKAGES=("${TG_BUILD_PACKAGES[@]}" "${TG_OPTIONAL_PACKAGES[@]}" valgrind binutils
                  abigail-tools dpkg-dev file lintian clang libclang-rt-14-dev luarocks
                  mmdebstrap gcc-multilib qemu-user locales python3-numpy
                  "${TG_TABLE_PACKAGES[@]}" "${TG_TABLE_POSTGRES_PACKAGES[@]}"
                  "${TG_BROWSER_PACKAGES[@]}" "${TG_WASM_PACKAGES[@]}" "${TG_NODE18_PACKAGES[@]}")
