// 10,000 games through every kind of call that allocates, each handle freed
// with free(): the bytes malloc has out (mallinfo) are the same at the end
// as after the warm-up, and the WebAssembly memory did not grow.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  Bot, Game, games, heapInUse, init, memorySize, OMNISCIENT, PUBLIC, State,
} from '../index.js';
import { playRandomly, seeded } from './support.js';

await init();

const GAMES = 10000;
const WARM_UP = 400;

function playOne(i, tables, rng) {
  const game = tables[i % tables.length];
  const state = game.newState(i);
  if (i % 50 === 0) {
    // The calls that return the library's buffers or strings.
    playRandomly(state, rng);
    state.undo();
    state.legalMoves();
    state.observation(0);
    state.events(PUBLIC);
    state.toText(OMNISCIENT);
    state.observationTensor(0);
    state.informationKey(0);
    state.informationJson(0);
    const loaded = State.load(state.save());
    const fromJson = State.fromJson(state.toJson());
    const clone = loaded.clone();
    loaded.game.board();
    loaded.free();
    fromJson.free();
    clone.free();
  } else if (i % 50 === 1) {
    // A few decisions of a searching bot, then the game played out.
    const bot = new Bot(game, 0, { level: 'medium', simulations: 4, seed: i });
    for (let made = 0; made < 3 && !state.isTerminal;) {
      if (state.currentPlayer === 0) {
        bot.hint(state);
        state.apply(bot.choose(state));
        made++;
      } else if (state.isChance) state.applyChance();
      else state.apply(state.legalMoveIds()[0]);
    }
    state.playout();
    bot.free();
  } else {
    state.playout();
  }
  state.free();
}

test(`${GAMES} games leave the WebAssembly heap as they found it`, () => {
  const tables = games().map((info) => new Game(info.id, { players: info.minPlayers }));
  const rng = seeded(1);
  for (let i = 0; i < WARM_UP; i++) playOne(i, tables, rng);
  const inUse = heapInUse();
  const memory = memorySize();
  for (let i = WARM_UP; i < GAMES; i++) playOne(i, tables, rng);
  assert.equal(heapInUse(), inUse, 'bytes in use after the warm-up and at the end');
  assert.equal(memorySize(), memory, 'the WebAssembly memory grew');
  for (const game of tables) game.free();
  assert.ok(heapInUse() < inUse);
});
