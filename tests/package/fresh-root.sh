#!/usr/bin/env bash
# Step 5 of the package test (tests/package/run.sh): a fresh Debian root
# made by mmdebstrap, where apt installs the five packages run.sh left in
# WORK_DIR and their dependencies; a Python and a Lua one-liner and the
# tablegames command run against the installed library, and apt purges the
# packages leaving no file behind. The root is deleted afterwards; the
# machine itself is not touched.
#   tests/package/fresh-root.sh WORK_DIR
set -euo pipefail
work=$(cd "${1:?usage: fresh-root.sh WORK_DIR, as given to run.sh}" && pwd)
packages=(libtablegames1 libtablegames-dev tablegames-tools python3-tablegames lua-tablegames)
arch=$(dpkg --print-architecture)
unset LD_LIBRARY_PATH PKG_CONFIG_PATH TABLEGAMES_LIBRARY LUA_CPATH

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
debs=()
for pkg in "${packages[@]}"; do
  deb=$(find "$work" -maxdepth 1 \( -name "${pkg}_*_$arch.deb" -o -name "${pkg}_*_all.deb" \) -print -quit)
  [ -n "$deb" ] || fail "no package $pkg in $work: run tests/package/run.sh $work first"
  debs+=("$deb")
done

if command -v mmdebstrap >/dev/null; then
  start=$SECONDS
  chroot_dir=$work/chroot
  rm -rf "$chroot_dir"
  includes=(--include=lua5.4)
  for deb in "${debs[@]}"; do includes+=("--include=$deb"); done
  # Hooks run inside the new root after apt installed everything.
  # Each reaches 1.2 calls too: returns through tg_state_returns_v2, a
  # loaded state's game through tg_game_ref.
  # The installed step is the C module when the package holds one.
  want_step=python
  if dpkg-deb -c "$work"/python3-tablegames_*.deb | grep '/_cstep\.' >/dev/null; then want_step=c; fi
  py_check='import tablegames, tablegames.step
with tablegames.Game("witches_dance", players=3).new_state(7) as st:
    print("python3:", tablegames.library_path(), tablegames.library_version(),
          st.playout(), "decisions, winners", st.winners, "returns", st.returns,
          "reloaded", tablegames.State.load(st.save()).game.id,
          "step in", tablegames.step.implementation())
    assert tablegames.step.implementation() == "'$want_step'"'
  lua_check='local tg = require("tablegames")
local st <close> = tg.Game("witches_dance", { players = 3 }):new_state(7)
print("lua5.4: " .. package.searchpath("tablegames", package.cpath) .. " " .. tg.version() .. ", " .. st:playout() .. " decisions, returns " .. table.concat(st:returns(), ",") .. ", reloaded " .. tg.load(st:save()):game():id())'
  mmdebstrap --variant=apt --quiet "${includes[@]}" \
      --hook-dir=/usr/share/mmdebstrap/hooks/file-mirror-automount \
      --customize-hook="chroot \"\$1\" python3 -c '$py_check'" \
      --customize-hook="chroot \"\$1\" lua5.4 -e '$lua_check'" \
      --customize-hook='chroot "$1" tablegames play witches_dance --players 2 --seed 3 --auto --quiet' \
      --customize-hook='chroot "$1" sh -c "ls /usr/lib/python3/dist-packages/tablegames/__pycache__ | head -n 2"' \
      --customize-hook="chroot \"\$1\" apt-get purge --yes --quiet=2 ${packages[*]}" \
      --customize-hook='left=$(find "$1/usr" "$1/var/lib/dpkg/info" -name "*tablegames*"); if [ -n "$left" ]; then echo "left after purge: $left"; exit 1; fi; echo "purged: nothing left"' \
      bookworm "$chroot_dir" >"$work/mmdebstrap.log" 2>&1 ||
      { cat "$work/mmdebstrap.log"; rm -rf "$chroot_dir"; fail "installing into a fresh root"; }
  grep -E '^(python3|lua5.4|winner|purged|[a-z_]+\.cpython)' "$work/mmdebstrap.log" || true
  rm -rf "$chroot_dir"
  echo "fresh root: $((SECONDS - start))s"
else
  echo "mmdebstrap not installed (apt-get install mmdebstrap): installing into a fresh Debian root skipped" >&2
  [ "${TG_REQUIRE_ALL_PARTS:-OFF}" != ON ] || fail "TG_REQUIRE_ALL_PARTS is ON"
fi
echo "fresh-root test passed"
