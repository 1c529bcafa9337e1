// A Move renders its text when the text is first read (line.js): the
// text must be the one of the position the Move was made for, whenever
// it is read, or "#id" once that position is gone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CHANCE, Game, games, init,
} from '../index.js';
import { caught, own, seeded } from './support.js';

await init();

// The text the state gives for id where it is now ("#id" for an outcome
// that has no text there), as the Moves' texts must come out.
function textNow(state, id) {
  try {
    return state.moveText(id);
  } catch (error) {
    if (error.status === -4) return `#${id}`;
    throw error;
  }
}

// Plays a random game with the README's calls and keeps every Move it was
// handed (listed, played, drawn) with the history length it was made at;
// reads none of their texts.
function playKeepingMoves(state, rng) {
  const kept = [];
  while (!state.isTerminal) {
    const at = state.historyLength;
    if (state.currentPlayer === CHANCE) {
      kept.push([state.applyChance(), at]);
    } else {
      const moves = state.legalMoves();
      for (const move of moves) kept.push([move, at]);
      const pick = moves[Math.floor(rng() * moves.length)];
      kept.push([rng() < 0.5 ? state.apply(pick) : state.apply(pick.id), at]);
    }
  }
  return kept;
}

test('Moves read late give the text of the position they were made for', (t) => {
  const rng = seeded(3);
  for (const info of games()) {
    const game = own(t, new Game(info.id, { players: info.minPlayers }));
    const state = own(t, game.newState(5));
    const kept = playKeepingMoves(state, rng);
    // The same game again, the texts taken at once, position by position.
    const twin = own(t, game.newState(5));
    const expected = new Map();
    const history = state.history;
    for (let at = 0; at <= history.length; at++) {
      for (const [move, made] of kept) if (made === at) expected.set(move, textNow(twin, move.id));
      if (at < history.length) twin.apply(history[at]);
    }
    // Newest first: each position is taken back to once (the state keeps
    // the last copy it took back).
    for (const [move, made] of kept.reverse()) {
      assert.equal(move.text, expected.get(move), `${info.id}: move ${move.id} made at decision ${made}`);
    }
  }
});

test('a Move read after its position is gone reads "#id", unless kept; one undone back to reads its text', (t) => {
  const game = own(t, new Game('witches_dance', { players: 3 }));
  const state = own(t, game.newState(8));
  while (state.isChance) state.applyChance();
  const at = state.historyLength;
  const here = state.legalMoves();
  const texts = here.map((move) => state.moveText(move.id));
  state.apply(here[0]);
  while (state.isChance) state.applyChance();
  const next = state.legalMoves();
  const nextTexts = next.map((move) => state.moveText(move.id));
  assert.ok(nextTexts.every((text) => !text.startsWith('#')));
  // Back to where `here` was made: its Moves are here again; `next` was
  // made further on, where the history no longer goes.
  while (state.historyLength > at) state.undo();
  assert.deepEqual(here.map((move) => move.text), texts);
  assert.deepEqual(next.map((move) => move.text), next.map((move) => `#${move.id}`));
  // Reset and free: the Moves made where the state stood keep their
  // texts; one of an earlier position whose text was never read reads
  // "#id"; a text read before stays.
  const read = state.legalMoves();
  const readText = read[0].text;
  const earlier = state.legalMoves();
  state.apply(earlier[0]);
  while (state.isChance) state.applyChance();
  const last = state.legalMoves();
  const lastTexts = last.map((move) => state.moveText(move.id));
  state.reset(1);
  assert.equal(read[0].text, readText);
  assert.equal(earlier[0].text, `#${earlier[0].id}`);
  assert.deepEqual(last.map((move) => move.text), lastTexts);
  // What the earlier Move was made for is gone too: it is refused, saying so.
  const refused = caught(() => state.apply(earlier[0]));
  assert.equal(refused.code, 'TG_E_ILLEGAL_MOVE');
  assert.match(refused.message, /has left for good/);
  while (state.isChance) state.applyChance();
  const final = state.legalMoves();
  const finalTexts = final.map((move) => state.moveText(move.id));
  state.free();
  assert.deepEqual(final.map((move) => move.text), finalTexts);
});

test('a Move shows its text to JSON and to console.log', (t) => {
  const game = own(t, new Game('creepy_cauldron'));
  const state = own(t, game.newState(2));
  const drawn = state.applyChance();
  assert.deepEqual(JSON.parse(JSON.stringify(drawn)), { id: drawn.id, text: drawn.text });
  assert.match(drawn[Symbol.for('nodejs.util.inspect.custom')](), new RegExp(`text: "${drawn.text}"`));
});
