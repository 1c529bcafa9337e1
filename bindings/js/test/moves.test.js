// Moves know what they were made for: a Move a state hands out is refused
// in another position (TG_E_ILLEGAL_MOVE, a stale list after a roll, a
// diverged clone) or game (TG_E_MISMATCH), with words and the state
// unchanged; plain ids stay unchecked. And undo that forbids re-rolls.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CHANCE, Game, Move, State, TERMINAL, init,
} from '../index.js';
import { caught, own, seeded } from './support.js';

await init();

const IDS = ['witches_dance', 'spinning_wishes', 'creepy_cauldron', 'bewitched'];

// Plays random decisions until a player with two moves or more is to move.
function toChoice(state, rng, atLeast = 0) {
  for (let i = 0; i < 5000; i++) {
    const player = state.currentPlayer;
    if (player === TERMINAL) return false;
    if (player === CHANCE) state.applyChance(false);
    else if (i >= atLeast && state.legalMoveIds().length >= 2) return true;
    else state.applyId(state.legalMoveIds()[Math.floor(rng() * state.legalMoveIds().length)]);
  }
  return false;
}

function refused(state, fn, code) {
  const before = state.save();
  const error = caught(fn);
  assert.equal(error.code, code, error.message);
  assert.deepEqual(state.save(), before, 'a refused move changes nothing');
  return error;
}

test('a stale Move is refused in every game, an id is not', (t) => {
  for (const id of IDS) {
    const state = own(t, new Game(id).newState(5));
    assert.ok(toChoice(state, seeded(1), 12), id);
    const moves = state.legalMoves();
    const played = state.apply(moves[0]);
    assert.equal(played, moves[0], 'apply() returns the Move it played');
    const error = refused(state, () => state.apply(moves[1]), 'TG_E_ILLEGAL_MOVE');
    assert.match(error.message, /^apply: Move '.+' \(id \d+\) was made for the position at move \d+; here, at move \d+, id \d+ (means '.*'|is not a legal move)\./);
    refused(state, () => state.step(moves[1]), 'TG_E_ILLEGAL_MOVE');
    assert.equal(state.isLegal(moves[1]), false);
    // the id is the unchecked fast path: legal here, it plays what it means here
    const here = state.legalMoveIds();
    if (here.includes(moves[1].id)) state.applyId(moves[1].id);
  }
});

test('Bewitched: the moves of one roll are refused after another roll', (t) => {
  const state = own(t, new Game('bewitched').newState(9));
  let sameId = 0;
  for (let tries = 0; tries < 200 && sameId === 0; tries++) {
    assert.ok(toChoice(state, seeded(tries), 1));
    const moves = state.legalMoves();
    // take back the turn to its roll, and roll otherwise
    while (state.historyPlayer(state.historyLength - 1) !== CHANCE) state.undo();
    const rolled = state.history.at(-1);
    state.undo();
    const other = state.chanceOutcomes().map((o) => o.move).find((m) => m.id !== rolled);
    state.apply(other);
    if (state.currentPlayer < 0) continue;
    for (const move of moves) {
      if (state.isLegal(move.id)) sameId++;
      const error = refused(state, () => state.apply(move), 'TG_E_ILLEGAL_MOVE');
      assert.ok(error.message.startsWith(`apply: Move '${move.text}' (id ${move.id}) was made for`),
        error.message);
    }
  }
  assert.ok(sameId > 0, 'some id legal after both rolls was refused too');
});

test('a Move of another game is a mismatch, of an equal game is not', (t) => {
  const movesOf = IDS.map((id) => {
    const state = own(t, new Game(id).newState(3));
    assert.ok(toChoice(state, seeded(2)));
    return { id, state, moves: state.legalMoves() };
  });
  for (const a of movesOf) {
    for (const b of movesOf) {
      if (a === b) continue;
      const error = refused(b.state, () => b.state.apply(a.moves[0]), 'TG_E_MISMATCH');
      assert.match(error.message, /was made for .+; this state plays /);
    }
  }
  // The case: Creepy Cauldron's "vanish" on a Bewitched state.
  const cc = own(t, new Game('creepy_cauldron').newState(4));
  for (let i = 0; i < 500 && !cc.legalMoves().some((m) => m.text === 'vanish'); i++) {
    if (cc.isTerminal) break;
    if (cc.isChance) cc.applyChance(false);
    else cc.applyId(cc.legalMoveIds().at(-1));
  }
  const vanish = cc.legalMoves().find((m) => m.text === 'vanish');
  if (vanish) {
    const bw = movesOf.find((x) => x.id === 'bewitched').state;
    refused(bw, () => bw.apply(vanish), 'TG_E_MISMATCH');
  }
  // An equal game made anew: the same position takes the Move.
  const one = own(t, new Game('witches_dance', { players: 3 }).newState(8));
  const two = own(t, new Game('witches_dance', { players: 3 }).newState(8));
  assert.ok(toChoice(one, seeded(4)) && toChoice(two, seeded(4)));
  two.apply(one.legalMoves()[1]);
});

test('a clone at the same position takes the Move; a diverged one refuses it', (t) => {
  for (const id of IDS) {
    const state = own(t, new Game(id).newState(6));
    assert.ok(toChoice(state, seeded(3), 4), id);
    const moves = state.legalMoves();
    const clone = own(t, state.clone());
    clone.apply(moves[1]);
    const diverged = clone.legalMoves();
    if (diverged.length > 0) refused(state, () => state.apply(diverged[0]), 'TG_E_ILLEGAL_MOVE');
    clone.undo(); // back at the position the moves were made for
    clone.apply(moves[0]);
    state.step(moves[0]);
    assert.ok(state.equals(clone));
  }
});

test('Moves of chance, of parseMove() and of bots carry their origin', (t) => {
  const state = own(t, new Game('witches_dance').newState(2));
  assert.equal(state.currentPlayer, CHANCE);
  const outcomes = state.chanceOutcomes().map((o) => o.move);
  const drawn = state.sampleChance();
  const played = state.applyChance();
  refused(state, () => state.apply(outcomes[0]), 'TG_E_ILLEGAL_MOVE');
  refused(state, () => state.apply(drawn), 'TG_E_ILLEGAL_MOVE');
  refused(state, () => state.apply(played), 'TG_E_ILLEGAL_MOVE');
  const parsed = state.parseMove(state.legalMoves()[0].text);
  state.apply(parsed);
  refused(state, () => state.apply(parsed), 'TG_E_ILLEGAL_MOVE');
});

test('a Move by hand is checked by its text; JSON carries id and text only', (t) => {
  const state = own(t, new Game('witches_dance').newState(2));
  assert.ok(toChoice(state, seeded(5), 30));
  const [first, second] = state.legalMoves();
  assert.deepEqual(JSON.parse(JSON.stringify(first)), { id: first.id, text: first.text });
  // The id is the one own property; the text is a getter (rendered when
  // read, line.js); what the Move was made for is private.
  assert.deepEqual(Object.keys(first), ['id']);
  assert.equal(typeof Object.getOwnPropertyDescriptor(Move.prototype, 'text').get, 'function');
  refused(state, () => state.apply(new Move(first.id, second.text)), 'TG_E_ILLEGAL_MOVE');
  state.apply(new Move(first.id, first.text));
});

test('undo re-rolls by default; with undoRewindsRng it draws the same', (t) => {
  let differed = false;
  for (let seed = 1; seed < 40 && !differed; seed++) {
    const state = own(t, new Game('bewitched').newState(seed));
    assert.equal(state.undoRewindsRng, false);
    assert.ok(toChoice(state, seeded(seed), 3));
    state.applyId(state.legalMoveIds()[0]);
    while (state.currentPlayer >= 0) state.applyId(state.legalMoveIds()[0]);
    if (state.isTerminal) continue;
    const a = state.applyChance(false);
    state.undo();
    differed = state.applyChance(false) !== a;
  }
  assert.ok(differed, 'some roll taken back came out differently (1.3 behaviour)');
  for (const id of IDS) {
    const state = own(t, new Game(id).newState(12));
    state.undoRewindsRng = true;
    assert.equal(state.undoRewindsRng, true);
    assert.throws(() => { state.undoRewindsRng = 1; }, TypeError);
    for (let i = 0; i < 60 && !state.isTerminal; i++) {
      if (!state.isChance) {
        state.applyId(state.legalMoveIds()[0]);
        continue;
      }
      const a = state.applyChance();
      state.undo();
      const b = state.applyChance();
      assert.equal(b.id, a.id, `${id}: the same roll after undo`);
      state.undo();
      assert.equal(state.step().applied, a.id, `${id}: a step draws it too`);
    }
    const clone = own(t, state.clone());
    assert.equal(clone.undoRewindsRng, true);
    const loaded = own(t, State.load(state.save()));
    assert.equal(loaded.undoRewindsRng, false);
  }
});
