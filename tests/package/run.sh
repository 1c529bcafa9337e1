#!/usr/bin/env bash
# The Debian packages as a packager makes them and a user installs them:
#   1. the sources as a release tarball gives them: `git archive` of the
#      working tree (tracked files, uncommitted changes included), extracted
#      as root so files keep git's 0664, and built under umask 002 (from a
#      tree that is not a git checkout, that tree itself);
#   2. a packager's build: CMAKE_BUILD_TYPE=None with dpkg-buildflags
#      (hardening=+all), prefix /usr, then `cpack -G DEB`: five packages;
#   3. what each holds, modes, no RPATH, lintian with no error and no warning;
#   4. the installed layout used in place: pkg-config prints just
#      -ltablegames on /usr, a program builds with pkg-config and with
#      find_package, `man tg_state_apply` finds its page;
#   5. a fresh Debian root where apt installs all five packages
#      (tests/package/fresh-root.sh).
#   tests/package/run.sh [WORK_DIR]
# TG_PACKAGE_FRESH_ROOT=later leaves step 5 to a separate run of
# fresh-root.sh on WORK_DIR (scripts/test.sh runs it beside other steps:
# it mostly waits for the mirror).
# TG_PACKAGE_FROM=tree builds from this tree instead of a tarball.
# Tools (lintian, mmdebstrap) missing: that check is skipped with a message
# naming the Debian package, an error with TG_REQUIRE_ALL_PARTS=ON (our CI).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/tablegames-deb.XXXXXX")}
mkdir -p "$work"
work=$(cd "$work" && pwd)
build=$work/build
sysroot=$work/root
packages=(libtablegames1 libtablegames-dev tablegames-tools python3-tablegames lua-tablegames)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
arch=$(dpkg --print-architecture)
rm -rf "$sysroot" "$build" "$work/src" "$work/consumer" "$work"/*.deb "$work"/control-*
mkdir -p "$build" "$sysroot"
unset LD_LIBRARY_PATH PKG_CONFIG_PATH TABLEGAMES_LIBRARY LUA_CPATH

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
# skip TOOL PACKAGE WHAT: a missing tool switches a check off, or fails in CI.
skip() {
    echo "$1 not installed (apt-get install $2): $3 skipped" >&2
    [ "${TG_REQUIRE_ALL_PARTS:-OFF}" != ON ] || fail "TG_REQUIRE_ALL_PARTS is ON"
}

echo "== 1. sources"
umask 002
if [ "${TG_PACKAGE_FROM:-tarball}" = tarball ] && git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    # The working tree as it is (new files that git does not ignore
    # included), through a scratch index: the repository is not touched.
    cp "$(git -C "$root" rev-parse --path-format=absolute --git-path index)" "$work/index"
    GIT_INDEX_FILE=$work/index git -C "$root" add -A
    tree=$(GIT_INDEX_FILE=$work/index git -C "$root" write-tree)
    rm -f "$work/index"
    mkdir "$work/src"
    git -C "$root" archive --format=tar "$tree" | tar -x -C "$work/src"
    src=$work/src
    echo "git archive of the working tree (tree ${tree:0:12}): $(find "$src" -type f -perm 0664 | wc -l) files with mode 0664"
else
    src=$root
    echo "building from $src"
fi

echo "== 2. packager's build"
hardening=(DEB_BUILD_MAINT_OPTIONS=hardening=+all)
cflags="$(cd "$src" && env "${hardening[@]}" dpkg-buildflags --get CFLAGS) $(env "${hardening[@]}" dpkg-buildflags --get CPPFLAGS)"
ldflags=$(env "${hardening[@]}" dpkg-buildflags --get LDFLAGS)
CFLAGS=$cflags LDFLAGS=$ldflags cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_INSTALL_PREFIX=/usr -DTG_BUILD_TESTS=OFF -DTG_BUILD_DOCS=OFF -DTG_WERROR=ON \
    -DTG_REQUIRE_ALL_PARTS="${TG_REQUIRE_ALL_PARTS:-OFF}" >"$work/configure.log" 2>&1 ||
    { cat "$work/configure.log"; fail "configure"; }
cmake --build "$build" -j"${TG_JOBS:-2}" >"$work/build.log" 2>&1 || { tail -n 30 "$work/build.log"; fail "build"; }
(cd "$build" && cpack -G DEB >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
umask 022

echo "== 3. contents and lintian"
declare -A want=(
  [libtablegames1]="usr/lib/$multiarch/libtablegames.so.1"
  [libtablegames-dev]="usr/include/boardgames/tablegames.h"
  [tablegames-tools]="usr/bin/tablegames"
  [python3-tablegames]="usr/lib/python3/dist-packages/tablegames/py.typed"
  [lua-tablegames]="usr/lib/$multiarch/lua/5.4/tablegames.so")
debs=()
for pkg in "${packages[@]}"; do
  deb=$(find "$build" -maxdepth 1 \( -name "${pkg}_*_$arch.deb" -o -name "${pkg}_*_all.deb" \) -print -quit)
  [ -n "$deb" ] || fail "no package $pkg was built"
  cp "$deb" "$work/"
  debs+=("$work/$(basename "$deb")")
  echo "-- $pkg: $(basename "$deb")"
  dpkg-deb --info "$deb" | grep -E '^ (Package|Version|Architecture|Depends|Provides):'
  dpkg-deb -x "$deb" "$sysroot"
  dpkg-deb -c "$deb" >"$work/contents-$pkg.txt"
  grep -Eq "\./${want[$pkg]}( -> .*)?$" "$work/contents-$pkg.txt" || fail "$pkg lacks ${want[$pkg]}"
  # Modes come from the install rules, never from the tree or the umask.
  if awk '{print $1}' "$work/contents-$pkg.txt" |
      grep -Ev '^(-rw-r--r--|-rwxr-xr-x|drwxr-xr-x|lrwxrwxrwx)$' | grep -q .; then
    grep -Ev '^(-rw-r--r--|-rwxr-xr-x|drwxr-xr-x|lrwxrwxrwx) ' "$work/contents-$pkg.txt"
    fail "$pkg holds files with unusual modes"
  fi
  mkdir -p "$work/control-$pkg"
  dpkg-deb -e "$deb" "$work/control-$pkg"
  if find "$work/control-$pkg" -type f ! -perm 0644 ! -perm 0755 | grep .; then
    fail "$pkg has control files with modes other than 0644 and 0755"
  fi
done
# A soname package must hold nothing but the library (Debian policy 8.2).
if grep -Ev '/$' "$work/contents-libtablegames1.txt" | grep -Ev 'libtablegames\.so\.1|/doc/' | grep -q .; then
  fail "libtablegames1 holds more than the shared library"
fi
# The symbols file made from the version script lists exactly what the
# library exports, each with the release that added it.
version=$(dpkg-deb -f "$work/libtablegames1_"*.deb Version)
dpkg-deb -x "$work/libtablegames1_"*.deb "$work/libtablegames1-files"
(cd "$work" && dpkg-gensymbols -v"$version" -plibtablegames1 -P"$work/libtablegames1-files" \
    -I"$work/control-libtablegames1/symbols" -O/dev/null -c4) ||
    fail "the symbols file of libtablegames1 does not match the library"
rm -rf "$work/libtablegames1-files"
echo "symbols file: matches the library's exports"
# Every file the sources give a package is in it, new ones included: the
# Python modules, the public headers, a manual page name for each exported
# function; and the changelog is this release's.
covered() {  # PACKAGE PATH...: each PATH (relative to /) is in PACKAGE
  local pkg=$1 path
  shift
  for path in "$@"; do
    grep -Eq "\./$path( -> .*)?$" "$work/contents-$pkg.txt" || fail "$pkg lacks /$path"
  done
}
covered python3-tablegames $(cd "$src/bindings/python" &&
    find tablegames -name '*.py' -o -name py.typed | sed 's,^,usr/lib/python3/dist-packages/,')
# The step's C module, where the build made it (python3-dev present), and
# then a package for this architecture.
cstep=$(cd "$build/bindings" && find python/tablegames -name '_cstep.*.so' 2>/dev/null | head -n 1)
if [ -n "$cstep" ]; then
  covered python3-tablegames "usr/lib/python3/dist-packages/${cstep#python/}"
  [ "$(dpkg-deb -f "$work/python3-tablegames_"*.deb Architecture)" = "$arch" ] ||
    fail "python3-tablegames holds a compiled module but is not for $arch"
fi
covered libtablegames-dev $(cd "$src/include" && find boardgames -name '*.h' | sed 's,^,usr/include/,') \
    $(grep -Eo '^[[:space:]]+tg_[a-z0-9_]+;' "$src/abi/tablegames.map" | tr -d ' \t;' |
      sed 's,.*,usr/share/man/man3/&.3.gz,')
changelog=$(cd "$src" && dpkg-parsechangelog -l cmake/debian/changelog -S Version)
[ "$changelog" = "$version" ] ||
  fail "cmake/debian/changelog's latest entry is $changelog, the packages are $version"
echo "contents: every module, header and function's manual page; changelog $changelog"
for elf in usr/bin/tablegames "usr/lib/$multiarch/lua/5.4/tablegames.so" \
           "usr/lib/$multiarch/libtablegames.so.1" ${cstep:+"usr/lib/python3/dist-packages/${cstep#python/}"}; do
  if readelf -d "$sysroot/$elf" | grep -E '\((RPATH|RUNPATH)\)'; then
    fail "/$elf carries an RPATH"
  fi
done
if command -v lintian >/dev/null; then
  # Every tag is listed for the record; an error or a warning fails.
  lintian --tag-display-limit 0 --display-info "${debs[@]}" >"$work/lintian.log" 2>&1 || true
  cat "$work/lintian.log"
  if grep -E '^[EW]: ' "$work/lintian.log" >/dev/null; then
    fail "lintian reports errors or warnings"
  fi
  echo "lintian: no error, no warning"
else
  skip lintian lintian "lintian"
fi

echo "== 4. the installed layout"
pcdir=$sysroot/usr/lib/$multiarch/pkgconfig
flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs tablegames | sed 's/ *$//')
[ "$flags" = "-ltablegames" ] || fail "pkg-config on /usr prints '$flags', want '-ltablegames'"
echo "pkg-config --cflags --libs tablegames: $flags"
read -ra flag_words <<<"$(PKG_CONFIG_PATH=$pcdir PKG_CONFIG_SYSROOT_DIR=$sysroot \
    PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1 \
    pkg-config --cflags --libs tablegames)"
cc -std=c99 -Wall -Wextra -Werror "$root/tests/install/consumer.c" "${flag_words[@]}" -o "$work/consumer_pc"
LD_LIBRARY_PATH=$sysroot/usr/lib/$multiarch "$work/consumer_pc"
cmake -S "$root/tests/install" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$sysroot/usr" \
    -DCONSUMER_STATIC=ON >"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "find_package"; }
cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "consumer build"; }
"$work/consumer/consumer"
"$work/consumer/consumer_static"

page=$(MANPATH=$sysroot/usr/share/man man -w tg_state_apply) || fail "man tg_state_apply finds nothing"
echo "man tg_state_apply: ${page#"$sysroot"}"

echo "== 5. a fresh Debian root: apt installs the packages"
if [ "${TG_PACKAGE_FRESH_ROOT:-now}" = later ]; then
  echo "left to a separate run: tests/package/fresh-root.sh $work"
else
  bash "$here/fresh-root.sh" "$work"
fi
echo "package test passed"
