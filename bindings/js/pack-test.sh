#!/usr/bin/env bash
# npm pack's tarball installs into a scratch project and imports from Node:
# the package as a user gets it, not the source tree. Also holds the .wasm
# to its size target (400 KiB gzipped) and the tarball to the files the
# package means to ship. Needs a built package (build.sh).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
scratch=$(mktemp -d /tmp/tablegames-pack.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

tarball=$(cd "$here" && npm pack --silent --pack-destination "$scratch")
echo "packed $tarball ($(stat -c %s "$scratch/$tarball") bytes)"

# What the tarball holds: the ES modules, their types, the module and its
# .wasm, the README; no tests, build files or C sources.
tar tzf "$scratch/$tarball" | sed 's|^package/||' | sort >"$scratch/files"
for want in index.js index.cjs index.d.ts catalogue.d.ts observation.d.ts bot-worker.js bot-worker.d.ts \
            worker.js package.json README.md dist/tablegames_wasm.mjs dist/tablegames_wasm.wasm lib/state.js \
            lib/line.js; do
    grep -qx "$want" "$scratch/files" || { echo "the tarball lacks $want"; exit 1; }
done
if grep -E '^(test/|src/|build\.sh|pack-test\.sh|bench\.mjs|catalogue-types\.mjs|node_modules/)' "$scratch/files"; then
    echo "the tarball holds files of the source tree"; exit 1
fi

gz=$(tar xzf "$scratch/$tarball" -O package/dist/tablegames_wasm.wasm | gzip -9 | wc -c)
echo "tablegames_wasm.wasm: $gz bytes gzipped"
[ "$gz" -lt $((400 * 1024)) ] || { echo "over the 400 KiB target"; exit 1; }

mkdir "$scratch/app"
cd "$scratch/app"
printf '{ "name": "scratch-app", "private": true, "type": "module" }\n' >package.json
npm install --silent --no-audit --no-fund "$scratch/$tarball"
cat >main.js <<'JS'
import { Game, TERMINAL, CHANCE, games, init } from 'tablegames';
import { BotWorker } from 'tablegames/bot-worker';
await init();
const ids = games().map((info) => info.id);
if (ids.length !== 4) throw new Error(`catalogue: ${ids}`);
const game = new Game('witches_dance', { players: 3 });
const state = game.newState(5);
while (state.isChance) state.applyChance();
const bots = await BotWorker.start();
const move = await bots.choose(state, { level: 'easy' });
bots.terminate();
state.apply(move);
let view = state.stepView();
while (view.player !== TERMINAL) view = view.player === CHANCE ? state.step() : state.step(view.at(0));
console.log(`scratch project: ${ids.length} games, winners ${state.winners}`);
state.free();
game.free();
JS
node main.js
# CommonJS: the package itself where Node can require() ES modules, else
# the error that says to use import().
printf '%s\n' "try { const tg = require('tablegames'); tg.init().then(() => console.log('require: ' + tg.games().length + ' games')); }" \
    "catch (error) { if (!/await import\\('tablegames'\\)/.test(error.message)) throw error; console.log('require: ' + error.message); }" >main.cjs
node main.cjs
