#!/usr/bin/env bash
# The builds our users and packagers make, with the project's defaults (no
# -DTG_WERROR): gcc and clang, each in Release, RelWithDebInfo, Debug and
# Debian's None with the flags of dpkg-buildflags (hardening=+all, CPPFLAGS
# folded into CFLAGS as debhelper does). Each must configure, build the
# library, the tablegames command, the bindings and every test program, and:
#   - print no compiler warning (CI keeps the code free of them, so a user's
#     compiler has nothing to stop on even with warnings as errors);
#   - compile nothing with -Werror, which is for our CI only (issue 16);
#   - pass the C tests except the long conformance suite and the ABI checks
#     against the baselines and their proofs (they hold the sources and the
#     release build to abi/, whatever the compiler: scripts/test.sh's
#     release run has them, and the sanitizer run everything else).
#   tests/builds/run.sh [WORK_DIR]     (TG_JOBS: parallel jobs, default 2)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/tablegames-builds.XXXXXX")}
jobs=${TG_JOBS:-2}
mkdir -p "$work"
work=$(cd "$work" && pwd) # the tests run inside each build tree
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
failed=()

# build NAME CC BUILD_TYPE [ENV=VALUE...]: one configure, build and test run.
build() {
    local name=$1 cc=$2 type=$3 dir=$work/$1 log=$work/$1.log start=$SECONDS
    shift 3
    local extra=()
    [ "$type" = None ] && extra=(-DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_INSTALL_LIBDIR="lib/$multiarch")
    rm -rf "$dir"
    if ! env "$@" CC="$cc" cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE="$type" \
            -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${extra[@]}" >"$log" 2>&1 ||
        ! cmake --build "$dir" -j"$jobs" >>"$log" 2>&1; then
        echo "$name: the build failed; last lines of $log:"
        tail -n 20 "$log" | sed 's/^/    /'
        failed+=("$name")
        return
    fi
    if grep -n 'warning:' "$log" >"$work/$name.warnings"; then
        echo "$name: compiler warnings:"
        sed 's/^/    /' "$work/$name.warnings" | head -n 20
        failed+=("$name")
    fi
    # -Werror alone, not -Werror=format-security from dpkg-buildflags.
    if grep -Eq -- '-Werror( |")' "$dir/compile_commands.json"; then
        echo "$name: compiles with -Werror although TG_WERROR was not given"
        failed+=("$name")
    fi
    if ! (cd "$dir" && ctest -j"$jobs" --output-on-failure --timeout 300 \
            -E '^(python|lua)_|^conformance$|^abi_check' >>"$log" 2>&1); then
        echo "$name: tests failed; see $log"
        grep -E '\*\*\*|Failed' "$log" | head -n 10 | sed 's/^/    /'
        failed+=("$name")
    fi
    echo "$name: ok ($((SECONDS - start))s, $(grep -Eo '[0-9]+ tests failed out of [0-9]+' "$log" | tail -n 1))"
    rm -rf "$dir" # the next build needs the disk more than anyone needs this tree
}

cd "$root" || exit 1
# dpkg-buildflags maps the source folder to "." in debug info, as in a
# package build, so it is asked from the source folder.
hardening=(DEB_BUILD_MAINT_OPTIONS=hardening=+all)
deb_cflags="$(env "${hardening[@]}" dpkg-buildflags --get CFLAGS) $(env "${hardening[@]}" dpkg-buildflags --get CPPFLAGS)"
deb_ldflags=$(env "${hardening[@]}" dpkg-buildflags --get LDFLAGS)
echo "Debian None flags: CFLAGS=$deb_cflags LDFLAGS=$deb_ldflags"
for cc in gcc clang; do
    command -v "$cc" >/dev/null || { echo "$cc not installed (apt-get install $cc)"; failed+=("$cc"); continue; }
    for type in Release RelWithDebInfo Debug; do
        # gcc RelWithDebInfo is scripts/test.sh's release build, with warnings
        # as errors and every part required: stricter than the defaults.
        if [ "$cc-$type" = gcc-RelWithDebInfo ] && [ "${TG_BUILDS_ALL:-0}" != 1 ]; then
            echo "gcc-RelWithDebInfo: covered by the release build (TG_BUILDS_ALL=1 builds it here too)"
            continue
        fi
        build "$cc-$type" "$cc" "$type"
    done
    build "$cc-None-dpkg-buildflags" "$cc" None CFLAGS="$deb_cflags" LDFLAGS="$deb_ldflags"
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]} (logs in $work)"
    exit 1
fi
echo "every build passed"
