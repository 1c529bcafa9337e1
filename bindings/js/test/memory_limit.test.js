// The WebAssembly memory is capped (build.sh, TG_WASM_MAX_MEMORY): a
// program that keeps states without free() meets TG_E_NO_MEMORY at the
// cap, with a message that says to free, instead of taking gigabytes from
// its page; and once it frees them, it plays on in the memory it has.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  Game, heapInUse, init, memoryLimit, memorySize,
} from '../index.js';

await init();

test('kept states meet TG_E_NO_MEMORY at the cap; freed, the memory serves again', () => {
  // build.sh's default cap (TG_WASM_MAX_MEMORY), far below wasm32's 4 GiB.
  const limit = memoryLimit() / 2 ** 20;
  assert.equal(limit, 512);
  const game = new Game('witches_dance');
  const before = heapInUse();
  const kept = [];
  let error = null;
  while (error === null) {
    try {
      const state = game.newState(kept.length);
      kept.push(state);
      state.playout();
    } catch (caught) {
      error = caught;
    }
  }
  assert.equal(error.code, 'TG_E_NO_MEMORY', String(error));
  assert.match(error.message, new RegExp(`the WebAssembly memory is at \\d+ of its ${limit} MiB: free\\(\\) the Games, States and Bots`));
  assert.ok(memorySize() <= memoryLimit());
  assert.ok(kept.length > 100, `${kept.length} states`);
  const full = memorySize();
  for (const state of kept) state.free();
  assert.equal(heapInUse(), before);
  for (let i = 0; i < kept.length; i++) game.newState(i).free();
  const state = game.newState(1);
  assert.ok(state.playout() > 0);
  state.free();
  game.free();
  assert.equal(memorySize(), full, 'the memory neither grew nor shrank');
  console.log(`# ${kept.length} finished states kept before TG_E_NO_MEMORY`);
});
