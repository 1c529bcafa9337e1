// Every error path the issue names, each through the calls that can meet
// it: bad game, bad option, illegal move, closed handle, a move of another
// state, a corrupt save, a buffer too small.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Bot, Game, init, State, Status, TablegamesError } from '../index.js';
import { caught, own } from './support.js';

await init();

function assertError(fn, code) {
  const error = caught(fn);
  assert.ok(error instanceof TablegamesError, `${error}`);
  assert.equal(error.code, code);
  if (code !== 'TG_E_CLOSED') assert.equal(error.status, Status[code.slice(5)]);
  assert.ok(error.message.length > 0);
  return error;
}

test('an illegal move is refused by every call that plays one, and changes nothing', (t) => {
  const game = own(t, new Game('witches_dance', { players: 2 }));
  const state = own(t, game.newState(1));
  const before = state.save();
  const illegal = [...Array(game.moveCount).keys()].find((id) => !state.isLegal(id));
  assert.ok(!state.legalMoveIds().includes(illegal));
  const error = assertError(() => state.apply(illegal), 'TG_E_ILLEGAL_MOVE');
  assert.match(error.message, /not legal/);
  assert.equal(state.lastError, error.message);
  assertError(() => state.applyId(illegal), 'TG_E_ILLEGAL_MOVE');
  assertError(() => state.step(illegal), 'TG_E_ILLEGAL_MOVE');
  assertError(() => state.moveText(illegal), 'TG_E_ILLEGAL_MOVE');
  assertError(() => state.apply(2 ** 32), 'TG_E_ILLEGAL_MOVE');
  assertError(() => state.apply('no such move'), 'TG_E_PARSE');
  assertError(() => state.parseMove('#99999'), 'TG_E_ILLEGAL_MOVE');
  assertError(() => state.apply('pink\0'), 'TG_E_PARSE');
  assert.deepEqual(state.save(), before);
});

test('a move of another state: legal there, refused here', (t) => {
  const game = own(t, new Game('bewitched', { players: 2 }));
  const here = own(t, game.newState(1));
  const there = own(t, game.newState(1));
  here.playout(30);
  there.playout(31);
  const foreign = there.legalMoves().find((move) => !here.isLegal(move.id));
  assert.ok(foreign, 'the two positions have a move in one and not the other');
  assertError(() => here.apply(foreign), 'TG_E_ILLEGAL_MOVE');
  assertError(() => here.apply(foreign.text), 'TG_E_PARSE');
  // States of other games: copies and bots refuse them.
  const other = own(t, new Game('creepy_cauldron'));
  const elsewhere = own(t, other.newState(1));
  assertError(() => here.copyFrom(elsewhere), 'TG_E_MISMATCH');
  const bot = own(t, new Bot(other, 0, { level: 'random' }));
  assertError(() => bot.choose(here), 'TG_E_MISMATCH');
});

test('a corrupt, truncated, tampered or foreign save is refused', (t) => {
  const game = own(t, new Game('spinning_wishes'));
  const state = own(t, game.newState(4));
  state.playout(20);
  const bytes = state.save();
  assertError(() => State.load(new Uint8Array(0)), 'TG_E_CORRUPT');
  assertError(() => State.load(bytes.subarray(0, bytes.length - 9)), 'TG_E_CORRUPT');
  for (const at of [0, 8, bytes.length >> 1, bytes.length - 1]) {
    const damaged = bytes.slice();
    damaged[at] ^= 0x40;
    const error = caught(() => State.load(damaged));
    assert.ok(['TG_E_CORRUPT', 'TG_E_VERSION'].includes(error.code), `byte ${at}: ${error.code}`);
  }
  assertError(() => State.fromJson('{'), 'TG_E_PARSE');
  assertError(() => State.fromJson('{"format": "tablegames-state"}'), 'TG_E_CORRUPT');
  const json = JSON.parse(state.toJson());
  json.game = 'chess';
  assertError(() => State.fromJson(json), 'TG_E_UNKNOWN_GAME');
  json.game = 'spinning_wishes';
  json.history = [json.history[0], 2 ** 31 + 5];
  assertError(() => State.fromJson(json), 'TG_E_CORRUPT');
  json.history = [99999];
  assertError(() => State.fromJson(json), 'TG_E_CORRUPT');
  assert.throws(() => State.load('bytes'), TypeError);
});

test('a buffer too small is refused before the library writes', (t) => {
  const game = own(t, new Game('witches_dance'));
  const state = own(t, game.newState(1));
  const error = assertError(() => state.observationTensor(0, new Float32Array(3)), 'TG_E_BUFFER_TOO_SMALL');
  assert.match(error.message, /holds 3 floats/);
});

test('every call on a freed handle is TG_E_CLOSED, and free() twice is harmless', (t) => {
  const game = new Game('creepy_cauldron');
  const state = game.newState(1);
  const other = own(t, new Game('creepy_cauldron').newState(1));
  const bot = new Bot(game, 0, { level: 'random' });
  const view = state.stepView();
  state.free();
  bot.free();
  game.free();
  for (const handle of [game, state, bot]) {
    assert.ok(handle.closed);
    handle.free();
    handle[Symbol.dispose ?? Symbol.for('Symbol.dispose')]();
  }
  const stateCalls = [
    (s) => s.currentPlayer, (s) => s.legalMoveIds(), (s) => s.apply(0), (s) => s.step(0), (s) => s.step(),
    (s) => s.stepView(), (s) => s.playout(), (s) => s.undo(), (s) => s.save(), (s) => s.toJson(),
    (s) => s.clone(), (s) => s.observation(0), (s) => s.observationTensor(0), (s) => s.informationKey(0),
    (s) => s.history, (s) => s.winners, (s) => s.reset(1), (s) => s.equals(other), (s) => s.copyFrom(other),
    (s) => other.copyFrom(s),
  ];
  for (const call of stateCalls) assertError(() => call(state), 'TG_E_CLOSED');
  for (const call of [(g) => g.id, (g) => g.newState(), (g) => g.board(), (g) => new Bot(g, 0)]) {
    assertError(() => call(game), 'TG_E_CLOSED');
  }
  for (const call of [(b) => b.choose(other), (b) => b.hint(other), (b) => b.settings, (b) => b.stop()]) {
    assertError(() => call(bot), 'TG_E_CLOSED');
  }
  const live = own(t, new Bot(own(t, new Game('creepy_cauldron')), 0));
  assertError(() => live.choose(state), 'TG_E_CLOSED');
  assert.equal(view.length > 0, true); // the view keeps its last copy
  assert.equal(String(state), 'State(closed)');
});
