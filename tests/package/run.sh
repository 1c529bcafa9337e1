#!/usr/bin/env bash
# Builds the three Debian packages with CPack, unpacks them into a scratch
# root (the machine's own /usr is left alone), checks what each holds, runs
# lintian when it is installed, and builds and runs the install-test consumer
# against the unpacked packages through pkg-config and find_package.
#   tests/package/run.sh [WORK_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/tablegames-deb.XXXXXX")}
build=$work/build
sysroot=$work/root
rm -rf "$sysroot"; mkdir -p "$build" "$sysroot"

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=/usr \
      -DTG_BUILD_TESTS=OFF >"$work/configure.log"
cmake --build "$build" -j"$(nproc)" >"$work/build.log"
(cd "$build" && cpack -G DEB >"$work/cpack.log") || { cat "$work/cpack.log"; exit 1; }

arch=$(dpkg --print-architecture)
declare -A want=(
  [libtablegames1]="usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)/libtablegames.so.1"
  [libtablegames-dev]="usr/include/boardgames/tablegames.h"
  [tablegames-tools]="usr/bin/tablegames")
for pkg in libtablegames1 libtablegames-dev tablegames-tools; do
  deb=$(ls "$build"/${pkg}_*_"$arch".deb)
  echo "== $pkg: $(basename "$deb")"
  dpkg-deb --info "$deb" | grep -E '^ (Package|Version|Depends):'
  dpkg-deb -x "$deb" "$sysroot"
  dpkg-deb -c "$deb" >"$work/contents-$pkg.txt"
  grep -q "\./${want[$pkg]}" "$work/contents-$pkg.txt" || { echo "$pkg lacks ${want[$pkg]}"; exit 1; }
  if command -v lintian >/dev/null; then
    # Findings that matter fail the run; the rest are listed for the record.
    lintian --no-tag-display-limit "$deb" >"$work/lintian-$pkg.log" 2>&1 || true
    grep -E '^E: ' "$work/lintian-$pkg.log" && { echo "lintian errors in $pkg"; exit 1; }
    grep -E '^W: ' "$work/lintian-$pkg.log" || true
  fi
done
# A soname package must hold nothing but the library (Debian policy 8.2).
if grep -Ev '/$' "$work/contents-libtablegames1.txt" | grep -Ev 'libtablegames\.so\.1|/doc/' | grep -q .; then
  echo "libtablegames1 holds more than the shared library"; exit 1
fi

libdir=$(dirname "$(find "$sysroot" -name 'libtablegames.so.1' -print -quit)")
export LD_LIBRARY_PATH=$libdir
echo "== consumer through pkg-config"
flags=$(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs tablegames)
cc -std=c99 -Wall -Wextra -Werror "$root/tests/install/consumer.c" $flags -o "$work/consumer_pc"
"$work/consumer_pc"
echo "== consumer through find_package"
cmake -S "$root/tests/install" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$sysroot/usr" >"$work/consumer.log"
cmake --build "$work/consumer" >>"$work/consumer.log"
"$work/consumer/consumer"
echo "== tablegames from the tools package"
"$sysroot/usr/bin/tablegames" list >/dev/null
echo "package test passed"
