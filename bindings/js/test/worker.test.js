// The bot in a Worker (worker.js through bot-worker.js), here a
// worker_threads Worker: the same moves as a bot on the main thread, errors
// carried back, and the main thread free while the bot thinks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Bot, Game, init, TablegamesError } from '../index.js';
import { BotWorker } from '../bot-worker.js';
import { own } from './support.js';

await init();

test('the worker\'s bot chooses and hints as the same bot on the main thread', async (t) => {
  const bots = await BotWorker.start();
  t.after(() => bots.terminate());
  const game = own(t, new Game('witches_dance', { players: 2 }));
  const state = own(t, game.newState(4));
  while (state.isChance || state.currentPlayer !== 0) {
    if (state.isChance) state.applyChance();
    else state.apply(state.legalMoveIds()[0]);
  }
  const settings = { level: 'medium', simulations: 60, seed: 11 };
  const here = own(t, new Bot(game, 0, settings));
  const there = await bots.choose(state, settings);
  assert.deepEqual(there, here.choose(state));
  const fresh = own(t, new Bot(game, 0, { ...settings, seed: 12 }));
  const ranked = await bots.hint(state, { ...settings, seed: 12 });
  assert.deepEqual(ranked.map((h) => h.move.id), fresh.hint(state).map((h) => h.move.id));
  state.apply(there);
});

test('the main thread keeps running while the worker\'s bot thinks', async (t) => {
  const bots = await BotWorker.start();
  t.after(() => bots.terminate());
  const game = own(t, new Game('bewitched', { players: 2 }));
  const state = own(t, game.newState(1));
  while (state.currentPlayer !== 0) {
    if (state.isChance) state.applyChance();
    else state.apply(state.legalMoveIds()[0]);
  }
  let ticks = 0;
  const timer = setInterval(() => { ticks++; }, 1);
  const move = await bots.choose(state, { level: 'hard', simulations: 3000, seed: 1 });
  clearInterval(timer);
  assert.ok(state.isLegal(move));
  assert.ok(ticks > 0, 'no timer ran while the bot thought');
});

test('the worker\'s errors come back as TablegamesError; terminate rejects what is pending', async (t) => {
  const bots = await BotWorker.start();
  const game = own(t, new Game('creepy_cauldron'));
  const state = own(t, game.newState(1));
  await assert.rejects(bots.choose(state, { seat: 0 }), (error) => error instanceof TablegamesError
    && error.code === 'TG_E_WRONG_PHASE');
  await assert.rejects(bots.choose(state, { seat: 0, level: 'genius' }), (error) => error.code === 'TG_E_INVALID_ARGUMENT');
  await assert.rejects(bots.choose({}), TypeError);
  await assert.rejects(bots.hint(state, { seet: 0 }), (error) => error instanceof TablegamesError
    && error.code === 'TG_E_INVALID_ARGUMENT' && /"seet" \(known: seat, level,/.test(error.message));
  const pending = bots.choose(state, { seat: 0 });
  bots.terminate();
  await assert.rejects(pending, /terminated/);
});
