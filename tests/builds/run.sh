#!/usr/bin/env bash
# The builds our users and packagers make, with the project's defaults (no
# -DTG_WERROR): gcc and clang, each in Release, RelWithDebInfo, Debug and
# Debian's None with the flags of dpkg-buildflags (hardening=+all, CPPFLAGS
# folded into CFLAGS as debhelper does). Each must configure, build the
# library, the tablegames command, the bindings and every test program, and:
#   - print no compiler warning (CI keeps the code free of them, so a user's
#     compiler has nothing to stop on even with warnings as errors);
#   - compile nothing with -Werror, which is for our CI only (issue 16);
#   - in gcc's Release and clang's None, pass the C tests except the long
#     conformance suite and the ABI checks against the baselines and their
#     proofs (they hold the sources and the release build to abi/, whatever
#     the compiler: scripts/test.sh's release run has them, and the
#     sanitizer run everything else). The other builds are built, checked
#     for warnings and run the semantic guards only (every test with
#     TG_BUILDS_ALL=1): their other tests would run the code the other
#     builds already test.
#   - every build runs the semantic guards (tests/golden/), so what a call
#     means is held in each configuration the suite builds, not in one.
# To keep scripts/test.sh inside its time, builds it already makes
# elsewhere, or whose warnings and tests another build here already gives,
# are left out unless TG_BUILDS_ALL=1:
#   - gcc RelWithDebInfo: scripts/test.sh's release build (warnings as
#     errors, every test);
#   - gcc None with dpkg-buildflags: the packager's build of
#     tests/package/run.sh, from a tarball, warnings as errors; it builds no
#     tests, so here the library and the golden programs are built with its
#     flags and the semantic guards run;
#   - clang RelWithDebInfo: the same -O2 -g as clang's None build;
#   - clang Debug: clang's warnings come from its front end, whatever the
#     optimisation level, and clang's None build (no -DNDEBUG either)
#     already compiles the asserts;
# and clang Release is built, checked for warnings and runs the semantic
# guards, while its other tests are left to clang's None build (the same
# code at -O2 with the packager's hardening): the C tests run once per
# compiler here, in gcc Release and clang None.
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
    local tests=1
    # Debug, and clang's Release (see above): built, warnings checked, the
    # semantic guards run.
    if [ "${TG_BUILDS_ALL:-0}" != 1 ] && { [ "$type" = Debug ] || [ "$name" = clang-Release ]; }; then
        tests=0
    fi
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
    local result="built, tests not run"
    if [ "$tests" = 0 ]; then
        guards "$name" "$dir" || return
        result="built, semantic guards passed"
    else
        if ! (cd "$dir" && ctest -j"$jobs" --output-on-failure \
                -E '^(python|lua)_|^conformance$|^abi_check' >>"$log" 2>&1); then
            echo "$name: tests failed; see $log"
            grep -E '\*\*\*|Failed' "$log" | head -n 10 | sed 's/^/    /'
            failed+=("$name")
        fi
        result=$(grep -Eo '[0-9]+ tests failed out of [0-9]+' "$log" | tail -n 1)
    fi
    echo "$name: done ($((SECONDS - start))s, $result)"
    rm -rf "$dir" # the next build needs the disk more than anyone needs this tree
}

# guards NAME DIR: the semantic guards (tests/golden/) of a configured build.
guards() {
    local name=$1 dir=$2 log=$work/$1.log
    if ! cmake --build "$dir" -j"$jobs" --target golden golden_formats golden_semantics >>"$log" 2>&1 ||
        ! (cd "$dir" && ctest --output-on-failure -R '^golden_' >>"$log" 2>&1); then
        echo "$name: the semantic guards failed; see $log"
        grep -E '\*\*\*|Failed|golden' "$log" | tail -n 10 | sed 's/^/    /'
        failed+=("$name")
        return 1
    fi
}

# guards_only NAME CC BUILD_TYPE [ENV=VALUE...]: a build the suite makes
# elsewhere without tests: only the library and the golden programs, with
# its flags, and the semantic guards.
guards_only() {
    local name=$1 cc=$2 type=$3 dir=$work/$1 start=$SECONDS
    shift 3
    rm -rf "$dir"
    if ! env "$@" CC="$cc" cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE="$type" \
            -DTG_BUILD_PYTHON=OFF -DTG_BUILD_LUA=OFF -DTG_BUILD_DOCS=OFF >"$work/$name.log" 2>&1; then
        echo "$name: configure failed; see $work/$name.log"
        failed+=("$name")
        return
    fi
    guards "$name" "$dir" && echo "$name: semantic guards passed ($((SECONDS - start))s)"
    rm -rf "$dir"
}

cd "$root" || exit 1
# dpkg-buildflags maps the source folder to "." in debug info, as in a
# package build, so it is asked from the source folder.
hardening=(DEB_BUILD_MAINT_OPTIONS=hardening=+all)
deb_cflags="$(env "${hardening[@]}" dpkg-buildflags --get CFLAGS) $(env "${hardening[@]}" dpkg-buildflags --get CPPFLAGS)"
deb_ldflags=$(env "${hardening[@]}" dpkg-buildflags --get LDFLAGS)
echo "Debian None flags: CFLAGS=$deb_cflags LDFLAGS=$deb_ldflags"
# covered NAME: true when scripts/test.sh makes this build elsewhere (above).
covered() {
    [ "${TG_BUILDS_ALL:-0}" != 1 ] || return 1
    case $1 in
        gcc-RelWithDebInfo) echo "$1: left to scripts/test.sh's release build (TG_BUILDS_ALL=1 builds it here)" ;;
        gcc-None-dpkg-buildflags) echo "$1: left to the packager's build, tests/package/run.sh (TG_BUILDS_ALL=1 builds it here)" ;;
        clang-RelWithDebInfo) echo "$1: the same -O2 -g as clang-None-dpkg-buildflags (TG_BUILDS_ALL=1 builds it here)" ;;
        clang-Debug) echo "$1: clang's warnings do not depend on -O; clang-None-dpkg-buildflags compiles the asserts (TG_BUILDS_ALL=1 builds it here)" ;;
        *) return 1 ;;
    esac
}
for cc in gcc clang; do
    command -v "$cc" >/dev/null || { echo "$cc not installed (apt-get install $cc)"; failed+=("$cc"); continue; }
    for type in Release RelWithDebInfo Debug; do
        covered "$cc-$type" || build "$cc-$type" "$cc" "$type"
    done
    if covered "$cc-None-dpkg-buildflags"; then
        # The packager's build has no tests: its semantic guards run here.
        [ "$cc" = gcc ] &&
            guards_only "$cc-None-dpkg-buildflags-guards" "$cc" None CFLAGS="$deb_cflags" LDFLAGS="$deb_ldflags"
    else
        build "$cc-None-dpkg-buildflags" "$cc" None CFLAGS="$deb_cflags" LDFLAGS="$deb_ldflags"
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]} (logs in $work)"
    exit 1
fi
echo "every build passed"
