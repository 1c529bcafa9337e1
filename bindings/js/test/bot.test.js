import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Bot, BOT_LEVELS, BOT_MEMORY, CHANCE, Game, init, TERMINAL } from '../index.js';
import { caught, own } from './support.js';

await init();

function toSeat(state, seat) {
  while (state.currentPlayer !== seat) {
    if (state.isChance) state.applyChance();
    else state.apply(state.legalMoveIds()[0]);
  }
}

test('a bot chooses a legal move for its seat; the same seed, the same move', (t) => {
  for (const id of ['witches_dance', 'spinning_wishes', 'creepy_cauldron', 'bewitched']) {
    const game = own(t, new Game(id, { players: 2 }));
    const state = own(t, game.newState(3));
    toSeat(state, 1);
    for (const level of Object.keys(BOT_LEVELS)) {
      const a = own(t, new Bot(game, 1, { level, simulations: 30, seed: 9 }));
      const b = own(t, new Bot(game, 1, { level, simulations: 30, seed: 9 }));
      const move = a.choose(state);
      assert.ok(state.isLegal(move), `${id} ${level}`);
      assert.equal(move.text, state.moveText(move.id));
      assert.deepEqual(b.choose(state), move);
      assert.equal(a.level, level);
      assert.equal(a.seat, 1);
      assert.equal(a.game, game);
    }
  }
});

test('hint ranks every legal move; search reports its simulations', (t) => {
  const game = own(t, new Game('witches_dance', { players: 2 }));
  const state = own(t, game.newState(5));
  toSeat(state, 0);
  const bot = own(t, new Bot(game, 0, { level: 'medium', simulations: 50, seed: 1 }));
  const hint = bot.hint(state);
  assert.deepEqual(hint.map((h) => h.move.id).sort((x, y) => x - y), state.legalMoveIds());
  for (let i = 1; i < hint.length; i++) assert.ok(hint[i - 1].score >= hint[i].score);
  bot.choose(state);
  assert.equal(bot.lastSimulations, 50);
  const random = own(t, new Bot(game, 0, { level: 'random' }));
  random.choose(state);
  assert.equal(random.lastSimulations, 0);
});

test('settings: the level\'s defaults filled in, a big seed kept whole', (t) => {
  const game = own(t, new Game('creepy_cauldron'));
  const bot = own(t, new Bot(game, 2, { level: 'hard', seed: 2n ** 63n + 5n, memory: 'last' }));
  const settings = bot.settings;
  assert.equal(settings.level, 'hard');
  assert.ok(settings.simulations > 0);
  assert.equal(settings.seconds, 0);
  assert.equal(settings.seed, 2n ** 63n + 5n);
  assert.equal(settings.memory, 'last');
  const plain = own(t, new Bot(game, 0));
  assert.equal(plain.settings.level, 'medium');
  assert.equal(plain.settings.seed, 0);
  assert.ok(Object.keys(BOT_MEMORY).includes(plain.settings.memory));
});

test('a stop asked while idle ends the next decision at once, with a legal move', (t) => {
  const game = own(t, new Game('bewitched', { players: 2 }));
  const state = own(t, game.newState(2));
  toSeat(state, 0);
  const bot = own(t, new Bot(game, 0, { level: 'hard', simulations: 100000, seed: 3 }));
  bot.stop();
  assert.ok(state.isLegal(bot.choose(state)));
  assert.ok(bot.lastSimulations < 100000);
});

test('a bot refuses a state of another game, the wrong seat\'s turn, bad settings', (t) => {
  const game = own(t, new Game('witches_dance', { players: 2 }));
  const other = own(t, new Game('witches_dance', { players: 3 }));
  const bot = own(t, new Bot(game, 0, { level: 'easy' }));
  const foreign = own(t, other.newState(1));
  assert.equal(caught(() => bot.choose(foreign)).code, 'TG_E_MISMATCH');
  assert.equal(caught(() => bot.hint(foreign)).code, 'TG_E_MISMATCH');
  const state = own(t, game.newState(1));
  toSeat(state, 1);
  assert.equal(caught(() => bot.choose(state)).code, 'TG_E_WRONG_PHASE');
  state.playout();
  assert.equal(state.currentPlayer, TERMINAL);
  assert.equal(caught(() => bot.choose(state)).code, 'TG_E_WRONG_PHASE');
  assert.notEqual(CHANCE, 0);
  for (const seat of [2, -1]) assert.equal(caught(() => new Bot(game, seat)).code, 'TG_E_INVALID_ARGUMENT');
  assert.equal(caught(() => new Bot(game, 0, { level: 'genius' })).code, 'TG_E_INVALID_ARGUMENT');
  assert.equal(caught(() => new Bot(game, 0, { memory: 'elephant' })).code, 'TG_E_INVALID_ARGUMENT');
  assert.equal(caught(() => new Bot(game, 0, { seconds: -1 })).code, 'TG_E_INVALID_ARGUMENT');
  assert.equal(caught(() => new Bot(game, 0, { simulations: -1 })).code, 'TG_E_INVALID_ARGUMENT');
  assert.throws(() => new Bot(game, 0, { seconds: '1' }), TypeError);
  assert.throws(() => new Bot(game, 0, null), TypeError);
  assert.throws(() => new Bot({}, 0), TypeError);
  assert.throws(() => bot.choose({}), TypeError);
});

test('a misspelt bot setting is refused, naming it and the settings there are', (t) => {
  const game = own(t, new Game('bewitched'));
  const error = caught(() => new Bot(game, 0, { levle: 'hard' }));
  assert.equal(error.code, 'TG_E_INVALID_ARGUMENT');
  assert.match(error.message, /unknown bot setting "levle" \(known: level, simulations, seconds, seed, memory\)/);
  // seat is the BotWorker's setting, not a Bot's.
  assert.match(caught(() => new Bot(game, 0, { seat: 1 })).message, /"seat"/);
});
