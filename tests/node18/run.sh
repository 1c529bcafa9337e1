#!/usr/bin/env bash
# The JavaScript the project ships, under Debian 12's own Node (18), which
# the README and the npm package (engines: node >= 18) promise: the npm
# package's tests (its npm test script), the browser table's client modules and words
# (node --test), the package and the client layer's example page in
# Debian's chromium (js_package.test.mjs, client_example.test.mjs).
# On a fresh Debian 12 `node` is that Node already (and after the suite's
# own JavaScript steps there is nothing left to run). On a machine with a
# newer Node first on PATH, Debian's nodejs and libnode108 packages of the
# same version are fetched with apt-get download and unpacked into WORK_DIR
# (dpkg -x): nothing replaces the system's node. The few Debian packages
# Debian's node loads at run time (its shared libraries, and acorn,
# cjs-module-lexer and undici from /usr/share/nodejs) are installed by
# scripts/deps.sh (TG_NODE18_PACKAGES).
# Run after the steps that build the package (bindings/js/build.sh) and run
# npm ci in bindings/js and tests/browser, with the table's environment
# (scripts/test.sh: step node18-tests).
#   tests/node18/run.sh WORK_DIR
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=${1:?usage: tests/node18/run.sh WORK_DIR}
mkdir -p "$work"
work=$(cd "$work" && pwd)

# Debian's version of its Node 18 (the candidate of libnode108, which only
# Debian ships), e.g. 18.20.4+dfsg-1~deb12u3.
version=$(apt-cache show --no-all-versions libnode108 2>/dev/null | sed -n 's/^Version: //p' | head -n 1)
[ -n "$version" ] || { echo "apt knows no libnode108: is this Debian 12 (bookworm), after apt-get update?"; exit 1; }
upstream=v${version%%+*}
# scripts/test.sh sets TG_NODE18_AFTER_SUITE=1: its JavaScript steps before
# this one ran these same tests on the node on PATH. On a fresh Debian 12
# that node is Debian's own, so running them again would prove nothing new.
if [ "${TG_NODE18_AFTER_SUITE:-}" = 1 ] && [ "$(node --version 2>/dev/null)" = "$upstream" ]; then
  echo "node on PATH is Debian's $upstream ($(command -v node)): the suite's JavaScript steps ran on it"
  exit 0
fi
if [ "$(node --version 2>/dev/null)" != "$upstream" ]; then
  if [ ! -x "$work/root/usr/bin/node" ] || [ "$(cat "$work/version" 2>/dev/null)" != "$version" ]; then
    echo "node on PATH is $(node --version 2>/dev/null || echo missing): fetching Debian's nodejs $version"
    rm -rf "$work/root" "$work"/*.deb
    (cd "$work" && apt-get download -q "nodejs=$version" "libnode108=$version") &&
      for deb in "$work"/*.deb; do dpkg -x "$deb" "$work/root"; done &&
      echo "$version" >"$work/version"
  fi
  mkdir -p "$work/bin"
  # Debian's node finds libnode.so.108 in /usr/lib; this one is elsewhere.
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' \
    "$work/root/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)" \
    "$work/root/usr/bin/node" >"$work/bin/node"
  chmod +x "$work/bin/node"
  export PATH=$work/bin:$PATH
fi
have=$(node --version)
[ "$have" = "$upstream" ] || { echo "node is $have, not Debian's $upstream"; exit 1; }
echo "node $have ($(command -v node)), Debian's nodejs $version"

# The package's test script, run by sh as npm runs it, but without this
# machine's npm, which may not support Node 18 (npm 11 does not); on a
# fresh Debian 12 the suite's own steps run Debian's npm 9 on it.
test_script=$(cd "$repo/bindings/js" && node -p 'require("./package.json").scripts.test')
echo "== bindings/js: $test_script"
(cd "$repo/bindings/js" && sh -c "$test_script")
echo "== the table's client modules and words"
node --test "$repo/tests/browser/clock_replay.test.mjs" "$repo/tests/browser/socket.test.mjs" \
  "$repo/tests/browser/words.test.mjs"
echo "== the npm package in chromium, and the client layer's example page"
node "$repo/tests/browser/js_package.test.mjs"
TG_BROWSER_OUT="$work/browser" node "$repo/tests/browser/client_example.test.mjs"
echo "every JavaScript test above ran under Node $have"
