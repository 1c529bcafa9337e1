#!/usr/bin/env bash
# Prints "symbol@version-node" for every symbol a shared library defines,
# sorted bytewise (LC_ALL=C), the order abi/*/symbols.txt is kept in.
set -euo pipefail
export LC_ALL=C
readelf --dyn-syms --wide "${1:?usage: symbols.sh LIBRARY}" |
  awk '$7 != "UND" && ($4 == "FUNC" || $4 == "OBJECT") && $8 ~ /@/ { print $8 }' |
  sed 's/@@/@/' | sort -u
