#!/usr/bin/env bash
# The ABI check must pass whatever locale the caller runs in: sorting and
# comparing symbol names under en_US.UTF-8 collation once made a clean build
# fail. The locales are compiled into the build tree, so nothing needs to
# be installed system-wide.
#   tests/abi/any_locale.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=${1:?usage: any_locale.sh SOURCE_DIR BUILD_DIR}
build=${2:?usage: any_locale.sh SOURCE_DIR BUILD_DIR}
locales=$build/tests/abi/locales
mkdir -p "$locales"
status=0
for loc in en_US tr_TR de_DE; do
  if [ ! -d "$locales/$loc.UTF-8" ] &&
     ! localedef -i "$loc" -f UTF-8 "$locales/$loc.UTF-8" >/dev/null 2>&1; then
    echo "SKIPPED: cannot compile the $loc.UTF-8 locale (localedef and Debian's locales package)"
    exit 77
  fi
  echo "== LANG=$loc.UTF-8 LC_ALL=$loc.UTF-8"
  LOCPATH=$locales LANG=$loc.UTF-8 LC_ALL=$loc.UTF-8 bash "$src/abi/check.sh" "$build" || status=$?
  [ "$status" -eq 0 ] || break
done
exit "$status"
