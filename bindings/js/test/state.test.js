import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHANCE, Game, init, Move, OMNISCIENT, PUBLIC, State, Status, TERMINAL } from '../index.js';
import { lib } from '../lib/wasm.js';
import { caught, own, playRandomly, seeded } from './support.js';

await init();

const IDS = ['witches_dance', 'spinning_wishes', 'creepy_cauldron', 'bewitched'];

test('moves: ids, Moves with text, legality, parsing and apply by id, Move or text', (t) => {
  const game = own(t, new Game('witches_dance', { players: 2 }));
  const state = own(t, game.newState(11));
  assert.equal(state.currentPlayer, 0);
  assert.ok(!state.isChance && !state.isTerminal);
  const ids = state.legalMoveIds();
  const moves = state.legalMoves();
  assert.deepEqual(moves.map((m) => m.id), ids);
  assert.ok(moves.every((m) => m instanceof Move && m.text === state.moveText(m.id)));
  assert.equal(+moves[0], moves[0].id);
  assert.equal(`${moves[0]}`, moves[0].text);
  assert.ok(state.isLegal(ids[0]) && state.isLegal(moves[0]) && state.isLegal(moves[0].text));
  assert.ok(!state.isLegal(game.moveCount) && !state.isLegal('nonsense'));
  assert.deepEqual(state.parseMove(moves[1].text), moves[1]);
  assert.deepEqual(state.parseMove(`#${ids[1]}`), moves[1]);
  const byText = state.clone();
  const byMove = state.clone();
  assert.deepEqual(state.apply(ids[1]), moves[1]);
  assert.deepEqual(byText.apply(moves[1].text), moves[1]);
  byMove.applyId(moves[1]);
  assert.ok(state.equals(byText) && state.equals(byMove));
  assert.deepEqual(state.history, [ids[1]]);
  assert.equal(state.historyLength, 1);
  assert.equal(state.moveNumber, 1);
  byText.free();
  byMove.free();
});

test('chance: outcomes with probabilities and weights, drawn by the RNG or entered as seen', (t) => {
  const game = own(t, new Game('creepy_cauldron'));
  const state = own(t, game.newState(2));
  assert.equal(state.currentPlayer, CHANCE);
  assert.ok(state.isChance);
  const outcomes = state.chanceOutcomes();
  assert.deepEqual(outcomes.map((o) => o.move.text), ['1', '2', '3', '4', 'frog', 'witch']);
  assert.ok(Math.abs(outcomes.reduce((sum, o) => sum + o.probability, 0) - 1) < 1e-12);
  const { outcomes: weighted, total } = state.chanceWeights();
  assert.equal(weighted.reduce((sum, o) => sum + o.weight, 0), total);
  // The same seed draws the same outcome; sampling does not apply it.
  const twin = own(t, game.newState(2));
  const third = own(t, game.newState(2));
  const drawn = state.sampleChance();
  assert.ok(state.isChance);
  state.apply(drawn);
  assert.equal(twin.applyChance(false), drawn.id);
  assert.deepEqual(third.applyChance(), drawn);
  assert.ok(state.equals(twin) && state.equals(third));
  // An outcome seen at the table, entered by its text; by a caller's RNG.
  const table = own(t, game.newState(99));
  table.apply('4');
  assert.equal(table.history[0], outcomes[3].move.id);
  const other = own(t, game.newState(5));
  assert.equal(other.sampleChance(() => 0.99).text, 'witch');
  assert.equal(other.sampleChance(() => 0).text, '1');
  assert.throws(() => other.sampleChance(42), TypeError);
  // A chance call away from chance is TG_E_WRONG_PHASE.
  while (other.isChance) other.applyChance();
  assert.equal(caught(() => other.chanceOutcomes()).code, 'TG_E_WRONG_PHASE');
  assert.equal(caught(() => other.applyChance()).code, 'TG_E_WRONG_PHASE');
  assert.equal(caught(() => other.step()).code, 'TG_E_WRONG_PHASE');
});

test('step: one view, rewritten per decision, the same game as apply', (t) => {
  for (const id of IDS) {
    const game = own(t, new Game(id, { players: 3 }));
    const stepped = own(t, game.newState(8));
    const applied = own(t, game.newState(8));
    const rng = seeded(8);
    let view = stepped.stepView();
    assert.equal(view.applied, null);
    let decisions = 0;
    while (view.player !== TERMINAL) {
      assert.equal(view.player, applied.currentPlayer);
      assert.deepEqual(view.toArray(), applied.legalMoveIds());
      assert.deepEqual([...view], view.toArray());
      assert.equal(view.at(-1), view.at(view.length - 1));
      assert.equal(view.at(view.length), undefined);
      if (view.player === CHANCE) {
        const next = stepped.step();
        assert.equal(next, view);
        applied.apply(view.applied);
      } else {
        const move = view.at(Math.floor(rng() * view.length));
        assert.ok(view.includes(move));
        stepped.step(move);
        assert.equal(view.applied, move);
        applied.apply(move);
      }
      decisions++;
    }
    assert.equal(view.length, 0);
    assert.ok(applied.isTerminal && stepped.equals(applied));
    assert.deepEqual(stepped.history, applied.history);
    assert.equal(decisions, stepped.historyLength);
    assert.deepEqual(stepped.winners, applied.winners);
    assert.equal(caught(() => stepped.step(0)).code, 'TG_E_ILLEGAL_MOVE');
  }
});

test('a refused step changes neither the state nor the view', (t) => {
  const game = own(t, new Game('witches_dance'));
  const state = own(t, game.newState(1));
  const view = state.stepView();
  const before = state.save();
  const ids = view.toArray();
  assert.equal(caught(() => state.step(game.moveCount + 5)).code, 'TG_E_ILLEGAL_MOVE');
  assert.equal(caught(() => state.step(-1)).code, 'TG_E_ILLEGAL_MOVE');
  assert.throws(() => state.step('x'), TypeError);
  assert.deepEqual(state.save(), before);
  assert.deepEqual(view.toArray(), ids);
});

test('a StepView reads its ids after the memory grows, and keeps them once the state is freed', (t) => {
  const game = own(t, new Game('bewitched', { players: 4 }));
  const state = game.newState(5);
  let view = state.stepView();
  while (view.player === CHANCE || view.length < 2) view = view.player === CHANCE ? state.step() : state.step(view.at(0));
  const ids = view.toArray();
  const buffer = lib.HEAPU32.buffer;
  const grown = lib._malloc(64 << 20); // the view holds the heap's words; growth empties that array
  t.after(() => lib._free(grown));
  assert.ok(grown !== 0 && lib.HEAPU32.buffer !== buffer, 'the memory grew');
  assert.deepEqual(Array.from({ length: view.length }, (_, i) => view.at(i)), ids);
  assert.equal(view.at(-1), ids[ids.length - 1]);
  assert.deepEqual(view.toArray(), ids);
  const next = state.clone();
  assert.equal(state.step(ids[1]), view);
  next.apply(ids[1]);
  assert.deepEqual(view.toArray(), next.legalMoveIds());
  const last = view.toArray();
  state.free();
  next.free();
  assert.deepEqual(view.toArray(), last);
  assert.equal(view.at(0), last[0]);
  assert.equal(view.at(last.length), undefined);
});

test('playout plays to the end, or stops after a number of decisions', (t) => {
  const game = own(t, new Game('spinning_wishes'));
  const state = own(t, game.newState(3));
  assert.equal(state.playout(5), 5);
  assert.equal(state.historyLength, 5);
  const made = state.playout();
  assert.ok(made > 0 && state.isTerminal);
  assert.equal(state.currentPlayer, TERMINAL);
  assert.equal(state.winners.length, 1);
  assert.equal(state.returns.length, state.players);
  assert.equal(state.playout(), 0);
  assert.throws(() => state.playout(1.5), TypeError);
  assert.equal(caught(() => state.playout(-1)).code, 'TG_E_INVALID_ARGUMENT');
});

test('undo, clone, copyFrom, reset, seed and equals', (t) => {
  const game = own(t, new Game('bewitched'));
  const state = own(t, game.newState(5));
  const start = own(t, state.clone());
  state.playout(12);
  const later = own(t, state.clone());
  assert.ok(later.equals(state) && !later.equals(start) && !state.equals(game));
  assert.equal(later.game, state.game);
  for (let i = 0; i < 12; i++) state.undo();
  assert.ok(state.equals(start));
  assert.equal(caught(() => state.undo()).code, 'TG_E_NOTHING_TO_UNDO');
  state.copyFrom(later);
  assert.ok(state.equals(later));
  assert.deepEqual(state.history, later.history);
  state.reset(5);
  assert.ok(state.equals(start));
  // Re-seeding changes the draws to come, not the position.
  state.seed(77n);
  assert.ok(state.equals(start));
  const a = own(t, game.newState(2n ** 64n - 1n));
  const b = own(t, game.newState(2n ** 64n - 1n));
  a.playout();
  b.playout();
  assert.deepEqual(a.history, b.history);
  assert.throws(() => state.copyFrom({}), TypeError);
  assert.throws(() => game.newState(0.5), TypeError);
  assert.equal(caught(() => game.newState(2n ** 64n)).code, 'TG_E_INVALID_ARGUMENT');
});

test('views per viewer: a seat, the public, the omniscient; never the sentinels', (t) => {
  const game = own(t, new Game('witches_dance', { players: 3 }));
  const state = own(t, game.newState(4));
  state.playout(6);
  for (const viewer of [0, 1, 2, PUBLIC, OMNISCIENT]) {
    const seen = state.observation(viewer);
    assert.equal(typeof seen, 'object');
    assert.ok(Array.isArray(state.events(viewer)));
    assert.equal(typeof state.toText(viewer), 'string');
    assert.equal(state.observationTensor(viewer).length, state.tensorSize());
  }
  assert.equal(state.observation(PUBLIC).viewer, -2);
  assert.equal(state.observation(OMNISCIENT).viewer, -1);
  assert.equal(state.observation(1).viewer, 1);
  assert.equal(state.toText(), state.toText(OMNISCIENT));
  assert.equal(String(state), state.toText());
  // CHANCE and TERMINAL are what currentPlayer says when no seat is to
  // move; as viewers they would read as omniscient in C, so they are refused.
  for (const viewer of [CHANCE, TERMINAL, 3, -3]) {
    for (const call of [(v) => state.observation(v), (v) => state.events(v), (v) => state.toText(v),
      (v) => state.observationTensor(v)]) {
      const error = caught(() => call(viewer));
      assert.equal(error.code, 'TG_E_INVALID_ARGUMENT');
      assert.match(error.message, /not a player/);
    }
  }
  assert.throws(() => state.observation('everyone'), TypeError);
  assert.throws(() => state.observation(0.5), TypeError);
});

test('observation tensors are Float32Arrays; a caller\'s buffer is filled, a short one refused', (t) => {
  const game = own(t, new Game('creepy_cauldron'));
  const state = own(t, game.newState(6));
  state.playout(4);
  const tensor = state.observationTensor(0);
  assert.ok(tensor instanceof Float32Array);
  assert.equal(tensor.length, game.tensorSize);
  const out = new Float32Array(game.tensorSize + 3).fill(7);
  assert.equal(state.observationTensor(0, out), out);
  assert.deepEqual(out.subarray(0, tensor.length), tensor);
  assert.equal(out[tensor.length], 7);
  const error = caught(() => state.observationTensor(0, new Float32Array(game.tensorSize - 1)));
  assert.equal(error.code, 'TG_E_BUFFER_TOO_SMALL');
  assert.equal(error.status, Status.BUFFER_TOO_SMALL);
  assert.throws(() => state.observationTensor(0, new Float64Array(game.tensorSize)), TypeError);
});

test('information keys and JSON: equal for positions a seat cannot tell apart', (t) => {
  const game = own(t, new Game('witches_dance', { players: 2 }));
  const state = own(t, game.newState(3));
  state.playout(10);
  const key = state.informationKey(0);
  assert.equal(typeof key, 'bigint');
  assert.ok(key > 0n && key < 2n ** 128n);
  assert.equal(typeof JSON.parse(state.informationJson(0)), 'object');
  const copy = own(t, state.clone());
  assert.equal(copy.informationKey(0), key);
  assert.equal(copy.informationJson(1), state.informationJson(1));
  assert.notEqual(state.informationKey(1), key);
  // Resampling for seat 1 redraws only what seat 1 cannot see, so its
  // view of the position stays; it clears the history.
  copy.resample(1);
  assert.deepEqual(copy.observation(1), state.observation(1));
  assert.equal(copy.historyLength, 0);
  for (const seat of [CHANCE, TERMINAL, OMNISCIENT, PUBLIC, 2]) {
    assert.equal(caught(() => state.informationKey(seat)).code, 'TG_E_INVALID_ARGUMENT');
    assert.equal(caught(() => state.informationJson(seat)).code, 'TG_E_INVALID_ARGUMENT');
    assert.equal(caught(() => state.resample(seat)).code, 'TG_E_INVALID_ARGUMENT');
  }
});

test('binary and JSON saves load into equal states that play on identically', (t) => {
  for (const id of IDS) {
    const game = own(t, new Game(id, { players: 2 }));
    const state = own(t, game.newState(21));
    state.playout(15);
    const bytes = state.save();
    assert.ok(bytes instanceof Uint8Array);
    const loaded = own(t, State.load(bytes));
    const fromBuffer = own(t, State.load(bytes.slice().buffer));
    const fromJson = own(t, State.fromJson(state.toJson()));
    const fromObject = own(t, State.fromJson(JSON.parse(state.toJson())));
    for (const copy of [loaded, fromBuffer, fromJson, fromObject]) {
      assert.ok(copy.equals(state));
      assert.deepEqual(copy.history, state.history);
      assert.equal(copy.game.id, id);
      assert.ok(copy.game.equals(game));
    }
    state.playout();
    loaded.playout();
    assert.deepEqual(loaded.history, state.history);
    assert.deepEqual(loaded.save(), state.save());
  }
});

test('a loaded state\'s game is its own, freed with it', (t) => {
  const game = own(t, new Game('witches_dance'));
  const state = own(t, game.newState(1));
  const loaded = State.load(state.save());
  const itsGame = loaded.game;
  const clone = own(t, loaded.clone());
  assert.ok(clone.game.equals(game));
  loaded.free();
  assert.ok(itsGame.closed);
  assert.ok(!clone.game.closed);
  assert.ok(clone.equals(state));
});

test('playing random games to the end with step() and a seeded RNG repeats', (t) => {
  const game = own(t, new Game('bewitched', { players: 4 }));
  const a = own(t, game.newState(13));
  const b = own(t, game.newState(13));
  assert.equal(playRandomly(a, seeded(1)), playRandomly(b, seeded(1)));
  assert.deepEqual(a.save(), b.save());
});
