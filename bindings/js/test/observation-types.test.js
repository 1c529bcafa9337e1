// observation.d.ts (each game's observation, by hand) held to the library:
// observations of played games, every kind of viewer, are written out as
// object literals typed Observation<game> and type-checked under tsc
// --strict, which refuses a field the types lack (excess property check),
// a field they require that is missing, and a value of another type.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  CHANCE, Game, OMNISCIENT, PUBLIC, TERMINAL, games, init,
} from '../index.js';
import { seeded } from './support.js';

await init();

const here = fileURLToPath(new URL('./types/', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const SAMPLE_AT = new Set([0, 1, 2, 5, 10, 30, 60, 120, 250, 500]);

// Observations along random games: at the decisions of SAMPLE_AT and at
// the end, for a seat, the omniscient and the public viewer.
function observed(id, players, seed, rng) {
  const game = new Game(id, { players });
  const state = game.newState(seed);
  const seen = [];
  try {
    let view = state.stepView();
    for (let made = 0; ; made++) {
      const over = view.player === TERMINAL;
      if (over || SAMPLE_AT.has(made)) {
        for (const viewer of [made % players, OMNISCIENT, PUBLIC]) seen.push(state.observation(viewer));
      }
      if (over) break;
      view = view.player === CHANCE ? state.step() : state.step(view.at(Math.floor(rng() * view.length)));
    }
  } finally {
    state.free();
    game.free();
  }
  return seen;
}

test('observations of played games type-check as their game\'s Observation', () => {
  const rng = seeded(35);
  const lines = ["import type { Observation } from 'tablegames';", ''];
  let n = 0;
  for (const info of games()) {
    for (const players of new Set([info.minPlayers, info.maxPlayers])) {
      for (const seed of [1, 2]) {
        for (const observation of observed(info.id, players, seed, rng)) {
          lines.push(`export const o${n++}: Observation<'${info.id}'> = ${JSON.stringify(observation)};`);
        }
      }
    }
  }
  const file = `${here}observed.generated.ts`;
  writeFileSync(file, `${lines.join('\n')}\n`);
  try {
    execFileSync(process.execPath, [tsc, '--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution',
      'nodenext', '--target', 'es2022', '--lib', 'es2022', file], { cwd: here, encoding: 'utf8' });
  } catch (error) {
    assert.fail(`${n} observations; tsc:\n${error.stdout}${error.stderr}`.slice(0, 4000));
  } finally {
    rmSync(file, { force: true });
  }
});
