import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Game, init, State, Status } from '../index.js';
import { caught, own } from './support.js';

await init();

test('a game from an options object, a string, or the defaults', (t) => {
  const a = own(t, new Game('witches_dance', { players: 3, early_peek: true }));
  assert.equal(a.id, 'witches_dance');
  assert.equal(a.name, "Witches' Dance");
  assert.equal(a.info.id, 'witches_dance');
  assert.equal(a.players, 3);
  assert.equal(a.options.players, '3');
  assert.equal(a.options.early_peek, 'yes');
  assert.match(a.optionsString, /^players=3,/);
  const b = own(t, new Game('witches_dance', a.optionsString));
  assert.ok(a.equals(b) && b.equals(a));
  const c = own(t, new Game('witches_dance'));
  assert.equal(c.players, Number(c.info.option('players').default));
  assert.ok(!a.equals(c));
  assert.ok(!a.equals('witches_dance'));
  assert.equal(String(a), `Game(witches_dance, ${a.optionsString})`);
});

test('the game\'s sizes and board', (t) => {
  for (const id of ['witches_dance', 'spinning_wishes', 'creepy_cauldron', 'bewitched']) {
    const game = own(t, new Game(id));
    assert.ok(game.moveCount > 0);
    assert.ok(game.maxLegalMoves > 0 && game.maxLegalMoves <= game.moveCount);
    assert.ok(game.maxChanceOutcomes > 0);
    assert.ok(game.maxLength > 0);
    assert.ok(game.stateSize > 0);
    assert.ok(game.tensorSize > 0);
    assert.equal(typeof game.board(), 'object');
  }
});

test('bad options are TG_E_BAD_OPTION with the library\'s message', () => {
  const cases = [
    [{ players: 9 }, /players/],
    ['colour=red', /unknown option 'colour'/],
    [{ colour: 'red' }, /unknown option 'colour'/],
    [{ players: '3,first=1' }, /contains/],
    [{ '': 1 }, /bad option name/],
    ['players=2\0', /NUL/],
  ];
  for (const [options, message] of cases) {
    const error = caught(() => new Game('witches_dance', options));
    assert.equal(error.code, 'TG_E_BAD_OPTION', String(options));
    assert.equal(error.status, Status.BAD_OPTION);
    assert.match(error.message, message);
  }
  assert.throws(() => new Game('witches_dance', [1]), TypeError);
  assert.throws(() => new Game('witches_dance', { players: {} }), TypeError);
});

test('states made from a game outlive it; a freed game refuses calls', () => {
  const game = new Game('creepy_cauldron');
  const state = game.newState(4);
  game.free();
  game.free(); // idempotent
  assert.ok(game.closed);
  assert.equal(caught(() => game.players).code, 'TG_E_CLOSED');
  assert.equal(caught(() => game.newState()).code, 'TG_E_CLOSED');
  assert.equal(caught(() => new State(game)).code, 'TG_E_CLOSED');
  assert.equal(state.players, 4);
  state.playout();
  assert.ok(state.isTerminal);
  state.free();
  assert.equal(String(game), 'Game(closed)');
});
