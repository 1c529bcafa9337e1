#!/bin/sh
# Every function of the newest version node of abi/tablegames.map is bound
# by the Lua module, by the libffi host and by the npm package's modules,
# which call it as lib._NAME (Python's table is held to the headers by its
# own signature test).
#   newest_node_covered.sh SOURCE_DIR
set -eu
export LC_ALL=C
src=${1:?usage: newest_node_covered.sh SOURCE_DIR}
names=$(awk '/^TABLEGAMES_[0-9.]+ *\{/ { node = $1 }
             /^ +tg_[a-z0-9_]+;/ { gsub(/[ ;]/, ""); list[node] = list[node] " " $0; last = node }
             END { print list[last] }' "$src/abi/tablegames.map")
[ -n "$names" ] || { echo "no names in the newest node of $src/abi/tablegames.map"; exit 1; }
missing=0
for name in $names; do
  for where in "$src/bindings/lua/src" "$src/examples/ffi/ffi_host.c"; do
    if ! grep -rqw "$name" "$where"; then
      echo "$name (newest node) is not bound in $where"; missing=1
    fi
  done
  if ! grep -rqE "lib\._$name\b" "$src/bindings/js/lib"; then
    echo "$name (newest node) is not bound in $src/bindings/js/lib"; missing=1
  fi
done
[ "$missing" -eq 0 ] && echo "every function of the newest node is bound:$names"
exit "$missing"
