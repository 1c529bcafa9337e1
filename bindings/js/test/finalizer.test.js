// The safety net: a handle dropped without free() is freed when the
// collector takes it (FinalizationRegistry). Needs node --expose-gc, which
// npm test passes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Bot, Game, heapInUse, init, State } from '../index.js';

await init();

test('dropped games, states and bots are freed by the collector', { skip: typeof gc !== 'function' && 'needs --expose-gc' }, async () => {
  const game = new Game('witches_dance');
  const first = game.newState(1);
  const warm = State.load(first.save());
  warm.free();
  first.free();
  const before = heapInUse();
  (() => {
    for (let i = 0; i < 200; i++) {
      const state = game.newState(i);
      state.playout(20);
      State.load(state.save());
      new Bot(game, 0, { level: 'random' });
      state.stepView();
    }
  })();
  assert.ok(heapInUse() > before + 100000, 'the dropped handles hold memory');
  // Collection and the registry's callbacks run over a few turns of the loop.
  for (let turn = 0; turn < 50 && heapInUse() > before; turn++) {
    gc();
    await sleep(10);
  }
  assert.equal(heapInUse(), before);
  game.free();
});
