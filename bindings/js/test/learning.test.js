// The learning calls of library 1.4 on Game and State: the one numbering
// of actions, action masks, information-state tensors, utilities, draws
// and truncation, held to the C library's semantics (include/boardgames/
// game.h, state.h, observe.h).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CHANCE, Format, Game, OMNISCIENT, State, games, init,
} from '../index.js';
import { caught, own, seeded } from './support.js';

await init();

test('actions: every move id is one action or outcome, in increasing order, the same for every seat', (t) => {
  for (const info of games()) {
    const game = own(t, new Game(info.id, { players: info.maxPlayers }));
    const seen = new Set();
    let last = -1;
    for (let a = 0; a < game.playerMoveCount; a++) {
      const move = game.actionMove(0, a);
      assert.ok(move > last, 'actions keep the order of their ids');
      last = move;
      assert.equal(game.moveIsChance(move), false);
      assert.equal(game.moveAction(move), a);
      for (let seat = 1; seat < game.players; seat++) assert.equal(game.actionMove(seat, a), move);
      seen.add(move);
    }
    last = -1;
    for (let o = 0; o < game.chanceOutcomeCount; o++) {
      const move = game.actionMove(CHANCE, o);
      assert.ok(move > last);
      last = move;
      assert.equal(game.moveIsChance(move), true);
      assert.equal(game.moveAction(move), o);
      seen.add(move);
    }
    assert.equal(seen.size, game.moveCount);
    for (const [who, action] of [[0, game.playerMoveCount], [game.players, 0], [CHANCE, game.chanceOutcomeCount],
      [-2, 0], [0, -1]]) {
      assert.equal(caught(() => game.actionMove(who, action)).code, 'TG_E_INVALID_ARGUMENT', `${who} ${action}`);
    }
    assert.equal(caught(() => game.moveAction(game.moveCount)).code, 'TG_E_INVALID_ARGUMENT');
    assert.throws(() => game.actionMove('0', 1), TypeError);
    assert.throws(() => game.moveAction(1.5), TypeError);
  }
});

test('the action mask: its set bits are exactly the legal moves\' actions; none at chance or the end', (t) => {
  for (const info of games()) {
    const game = own(t, new Game(info.id, { players: 2 }));
    const state = own(t, game.newState(5));
    const rng = seeded(5);
    const out = new Uint8Array(game.playerMoveCount + 3).fill(7);
    let decisions = 0;
    for (;;) {
      const mask = state.actionMask();
      assert.equal(mask.length, game.playerMoveCount);
      const expected = state.isChance || state.isTerminal ? [] : state.legalMoveIds().map((m) => game.moveAction(m));
      assert.deepEqual([...mask.keys()].filter((a) => mask[a] === 1), expected);
      assert.ok(mask.every((bit) => bit <= 1));
      assert.equal(state.actionMask(out), out);
      assert.deepEqual(out.subarray(0, mask.length), mask);
      if (state.isTerminal) break;
      if (state.isChance) {
        state.applyChance(false);
      } else {
        // Played through the numbering: the action's move is legal.
        const action = expected[Math.floor(rng() * expected.length)];
        state.applyId(game.actionMove(state.currentPlayer, action));
        decisions++;
      }
    }
    assert.ok(decisions > 0);
    assert.equal(caught(() => state.actionMask(new Uint8Array(game.playerMoveCount - 1))).code, 'TG_E_BUFFER_TOO_SMALL');
    assert.throws(() => state.actionMask(new Int8Array(game.playerMoveCount)), TypeError);
  }
});

// Plays state to a random point in its game (chance by its RNG).
function playSome(state, rng, decisions) {
  for (let made = 0; made < decisions && !state.isTerminal;) {
    if (state.isChance) {
      state.applyChance(false);
    } else {
      const ids = state.legalMoveIds();
      state.applyId(ids[Math.floor(rng() * ids.length)]);
      made++;
    }
  }
}

test('the information tensor: equal for states a player cannot tell apart, and its layout', (t) => {
  for (const info of games()) {
    const game = own(t, new Game(info.id, { players: Math.min(3, info.maxPlayers) }));
    const players = game.players;
    const size = game.informationTensorSize;
    const tensorSize = game.tensorSize;
    assert.equal(size, tensorSize + players + 10);
    assert.ok(game.formatVersion(Format.INFORMATION_TENSOR) >= 1);
    const rng = seeded(11);
    let hiddenDiffers = 0;
    const seenBy0 = [];
    for (let seed = 0; seed < 6; seed++) {
      const state = own(t, game.newState(seed));
      playSome(state, rng, 4 + seed * 3);
      for (let seat = 0; seat < players; seat++) {
        const tensor = state.informationTensor(seat);
        assert.equal(tensor.length, size);
        assert.deepEqual(tensor.subarray(0, tensorSize), state.observationTensor(seat));
        const oneHot = [...tensor.subarray(tensorSize, tensorSize + players)];
        assert.deepEqual(oneHot, oneHot.map((_, p) => (p === seat ? 1 : 0)));
        assert.equal(tensor[tensorSize + players], Math.fround(state.moveNumber / game.maxLength));
        // What the seat cannot tell apart: everything hidden from it drawn again.
        if (!state.isTerminal) {
          const other = own(t, state.clone());
          other.resample(seat);
          assert.deepEqual(other.informationTensor(seat), tensor);
          assert.equal(other.informationKey(seat), state.informationKey(seat));
          if (!other.equals(state)) hiddenDiffers++;
        }
        const into = new Float32Array(size + 1);
        assert.equal(state.informationTensor(seat, into), into);
        assert.deepEqual(into.subarray(0, size), tensor);
      }
      seenBy0.push([state.informationKey(0), state.informationTensor(0)]);
    }
    // Equal tensors exactly when equal keys (the keys tell the states apart).
    for (const [keyA, tensorA] of seenBy0) {
      for (const [keyB, tensorB] of seenBy0) {
        assert.equal(tensorA.every((x, i) => x === tensorB[i]), keyA === keyB);
      }
    }
    // Witches' Dance played from its start has no secrets left (docs/rules/
    // witches_dance.md: entering and crushes are public); the others do.
    if (game.hasHiddenInformation && info.id !== 'witches_dance') {
      assert.ok(hiddenDiffers > 0, 'no resample drew another position: the test saw nothing hidden');
    }
    const state = own(t, game.newState(1));
    for (const bad of [players, -1, CHANCE]) {
      assert.equal(caught(() => state.informationTensor(bad)).code, 'TG_E_INVALID_ARGUMENT');
    }
    assert.throws(() => state.informationTensor(OMNISCIENT), TypeError);
    assert.equal(caught(() => state.informationTensor(0, new Float32Array(size - 1))).code, 'TG_E_BUFFER_TOO_SMALL');
    assert.throws(() => state.informationTensor(0, new Float64Array(size)), TypeError);
  }
});

test('utilities: returns with zero draws, a draw shared 1/n, constant sums', (t) => {
  const game = own(t, new Game('bewitched', { players: 2, hat_put: 'no' }));
  assert.equal(game.utilitySum(), null);
  assert.equal(game.utilitySum({ draw: 'zero' }), null);
  assert.equal(game.utilitySum({ draw: 'shared' }), 1);
  for (const bad of [{ draw: 'half' }, { drw: 'shared' }]) {
    assert.equal(caught(() => game.utilitySum(bad)).code, 'TG_E_INVALID_ARGUMENT');
  }
  assert.match(caught(() => game.utilitySum({ drw: 'shared' })).message, /unknown utilitySum option "drw" \(known: draw\)/);
  assert.throws(() => game.utilitySum('shared'), TypeError);
  let drawn = 0;
  for (let seed = 0; seed < 40; seed++) {
    const state = own(t, game.newState(seed));
    assert.deepEqual(state.utilities({ draw: 'shared' }), [0, 0]);
    assert.equal(state.isTruncated, false);
    state.playout();
    assert.equal(state.isTruncated, false, 'Bewitched ends by its rules');
    assert.deepEqual(state.utilities(), state.returns);
    if (state.winners.length === 0) {
      drawn++;
      assert.deepEqual(state.utilities({ draw: 'shared' }), [0.5, 0.5]);
    } else {
      assert.deepEqual(state.utilities({ draw: 'shared' }), state.returns);
      assert.equal(state.utilities().reduce((a, b) => a + b), 1);
    }
  }
  assert.ok(drawn > 0, 'no game without a winner: the shared draw went untested');
  const state = own(t, game.newState(0));
  assert.equal(caught(() => state.utilities({ draw: 'half' })).code, 'TG_E_INVALID_ARGUMENT');
  assert.equal(caught(() => state.utilities({ draw: 'shared', extra: 1 })).code, 'TG_E_INVALID_ARGUMENT');
});

test('the length cap: a game that never ends is truncated, scored as no winner', (t) => {
  // Witches' Dance does not end while every witch dances on past its exit
  // (id 85 is the dance; tests/api/api_batch.c plays the same).
  const game = own(t, new Game('witches_dance', { players: 4 }));
  const state = own(t, game.newState(42));
  const dance = 85;
  while (!state.isTerminal) {
    if (state.isChance) state.applyChance(false);
    else state.applyId(state.isLegal(dance) ? dance : state.legalMoveIds()[0]);
    assert.ok(state.moveNumber <= game.maxLength);
  }
  assert.equal(state.isTruncated, true);
  assert.deepEqual(state.winners, []);
  assert.deepEqual(state.utilities(), [0, 0, 0, 0]);
  assert.deepEqual(state.utilities({ draw: 'shared' }), [0.25, 0.25, 0.25, 0.25]);
  state.free();
  assert.equal(caught(() => state.isTruncated).code, 'TG_E_CLOSED');
  assert.equal(caught(() => state.actionMask()).code, 'TG_E_CLOSED');
});

test('the calls are State\'s own, on loaded states too', (t) => {
  const game = own(t, new Game('spinning_wishes', { players: 2 }));
  const state = own(t, game.newState(3));
  playSome(state, seeded(3), 5);
  const loaded = own(t, State.load(state.save()));
  assert.deepEqual(loaded.actionMask(), state.actionMask());
  assert.deepEqual(loaded.informationTensor(1), state.informationTensor(1));
  assert.deepEqual(loaded.utilities(), state.utilities());
});
