// Batch (tg_batch_*, library 1.4): it plays the same games as single
// states with the same seeds and actions (row by row, and a digest of all
// each path reports), with its seeds, auto-reset, rewards, done flags and
// refusals as include/boardgames/batch.h says, and rows that survive the
// WebAssembly memory's growth.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import {
  Batch, BatchDone, Game, heapInUse, init, memorySize,
} from '../index.js';
import { caught, own, seeded } from './support.js';

await init();

function toDecision(state) {
  while (state.isChance) state.applyChance(false);
}

// A random legal action of each slot's row of mask.
function randomActions(rows, width, rng) {
  const actions = new Uint32Array(rows.player.length);
  for (let i = 0; i < actions.length; i++) {
    const legal = [];
    for (let a = 0; a < width; a++) if (rows.mask[i * width + a]) legal.push(a);
    actions[i] = legal[Math.floor(rng() * legal.length)];
  }
  return actions;
}

const row = (array, i, width) => array.subarray(i * width, (i + 1) * width);

// Slot i's row of maskBits holds the byte mask's entries, action a at bit
// a % 8 of byte a >> 3, and every bit past the last action is 0.
function assertBits(maskBits, i, mask) {
  const stride = Math.ceil(mask.length / 8);
  const bits = row(maskBits, i, stride);
  assert.equal(maskBits.length % stride, 0);
  for (let a = 0; a < stride * 8; a++) {
    assert.equal((bits[a >> 3] >> (a & 7)) & 1, a < mask.length ? mask[a] : 0, `action ${a}`);
  }
}
const bytes = (array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/**
 * Steps a Batch of slots and one single State per slot with the same random
 * actions, checking every row; returns the two digests and the games ended.
 */
function playBoth(t, id, options, { slots = 4, steps = 400, seed = 10, draw = 'zero', information = false } = {}) {
  const caller = new Game(id, options);
  const batch = own(t, new Batch(caller, {
    size: slots, seed, draw, information, observationU8: true, maskBits: true,
  }));
  caller.free(); // the batch holds its own reference
  const { game } = batch;
  const width = game.playerMoveCount;
  const players = game.players;
  const rng = seeded(seed);
  const states = [];
  for (let i = 0; i < slots; i++) {
    assert.equal(batch.seedOf(i), BigInt(seed + i));
    const s = game.newState(batch.seedOf(i));
    toDecision(s);
    states.push(s);
  }
  const hashes = [createHash('sha256'), createHash('sha256')];
  let rows = batch.rows;
  let ended = 0;
  let drawn = 0;
  const games = new Array(slots).fill(0);
  for (let step = 0; step < steps; step++) {
    hashes[0].update(bytes(rows.player)).update(bytes(rows.mask)).update(bytes(rows.observation));
    if (information) hashes[0].update(bytes(rows.information));
    for (let i = 0; i < slots; i++) {
      const s = states[i];
      assert.equal(rows.player[i], s.currentPlayer);
      assert.deepEqual(row(rows.mask, i, width), s.actionMask());
      assertBits(rows.maskBits, i, s.actionMask());
      const tensor = s.observationTensor(s.currentPlayer);
      assert.deepEqual(row(rows.observation, i, game.tensorSize), tensor);
      // The byte row: the same values, each a whole number 0 .. 255.
      assert.ok(tensor.every((v) => Number.isInteger(v) && v >= 0 && v <= 255));
      assert.deepEqual(row(rows.observationU8, i, game.tensorSize), Uint8Array.from(tensor));
      if (information) {
        assert.deepEqual(row(rows.information, i, game.informationTensorSize), s.informationTensor(s.currentPlayer));
      }
    }
    // The same bytes in the same order from the single states.
    hashes[1].update(bytes(Int32Array.from(states, (s) => s.currentPlayer)));
    for (const s of states) hashes[1].update(bytes(s.actionMask()));
    for (const s of states) hashes[1].update(bytes(s.observationTensor(s.currentPlayer)));
    if (information) for (const s of states) hashes[1].update(bytes(s.informationTensor(s.currentPlayer)));
    const actions = randomActions(rows, width, rng);
    rows = batch.step(step % 2 ? actions : Int32Array.from(actions));
    for (let i = 0; i < slots; i++) {
      let s = states[i];
      s.applyId(game.actionMove(s.currentPlayer, actions[i]));
      toDecision(s);
      const rewards = Array.from(row(rows.rewards, i, players));
      // Utilities are 0 before the end: a running game's row is all 0 too.
      hashes[1].update(bytes(Float64Array.from(s.utilities({ draw }))));
      if (s.isTerminal) {
        ended++;
        if (s.winners.length === 0) drawn++;
        games[i]++;
        assert.deepEqual(rewards, s.utilities({ draw }));
        assert.equal(rows.done[i], s.isTruncated ? BatchDone.TRUNCATED : BatchDone.ENDED);
        assert.equal(batch.seedOf(i), BigInt(seed + i + games[i] * slots));
        s.free();
        states[i] = s = game.newState(batch.seedOf(i));
        toDecision(s);
      } else {
        assert.equal(rows.done[i], BatchDone.RUNNING);
        assert.deepEqual(rewards, new Array(players).fill(0));
      }
    }
    hashes[0].update(bytes(rows.rewards));
  }
  for (const s of states) s.free();
  return { batch: hashes[0].digest('hex'), single: hashes[1].digest('hex'), ended, drawn };
}

test('the batch plays the games single states play with its seeds, and starts them again', (t) => {
  for (const [id, options, steps] of [['witches_dance', { players: 4 }, 500], ['witches_dance', { players: 2, witches: 1 }, 400],
    ['creepy_cauldron', { players: 3 }, 300], ['spinning_wishes', { players: 2 }, 400],
    ['bewitched', { players: 2, hat_put: 'no' }, 700]]) {
    const { batch, single, ended } = playBoth(t, id, options, { steps });
    assert.equal(batch, single, id);
    assert.ok(ended > 0, `${id}: no game ended, the auto-reset went untested`);
  }
});

test('information tensors and shared draws', (t) => {
  const { batch, single, drawn } = playBoth(t, 'bewitched', { players: 2, hat_put: 'no' },
    { steps: 400, seed: 5, draw: 'shared', information: true });
  assert.equal(batch, single);
  assert.ok(drawn > 0, 'no game without a winner: the shared draw went untested');
});

test('an illegal action refuses the whole step and changes nothing', (t) => {
  const game = own(t, new Game('witches_dance', { players: 3 }));
  const batch = own(t, new Batch(game, { size: 4, seed: 2 }));
  const twin = own(t, new Batch(game, { size: 4, seed: 2 }));
  const width = game.playerMoveCount;
  const rows = batch.rows;
  const before = Object.fromEntries(Object.entries(rows).filter(([, a]) => a).map(([k, a]) => [k, a.slice()]));
  const actions = randomActions(rows, width, seeded(1));
  const bad = actions.slice();
  bad[2] = [...row(rows.mask, 2, width).keys()].find((a) => rows.mask[2 * width + a] === 0);
  const error = caught(() => batch.step(bad));
  assert.equal(error.code, 'TG_E_ILLEGAL_MOVE');
  assert.match(error.message, /\b2\b/);
  for (const wrong of [actions.slice(0, 3), Int32Array.from(actions, (a) => -a - 1), [...actions, 0]]) {
    assert.equal(caught(() => batch.step(wrong)).code, 'TG_E_INVALID_ARGUMENT');
  }
  assert.equal(caught(() => batch.step([0.5, 0, 0, 0])).name, 'TypeError');
  assert.equal(caught(() => batch.step(Float64Array.from(actions))).name, 'TypeError');
  for (const [name, array] of Object.entries(before)) assert.deepEqual(rows[name], array, name);
  // The slots did not move either: the batch goes on as its twin, which saw no refusals.
  const next = randomActions(rows, width, seeded(9));
  const a = batch.step(next);
  const b = twin.step(next);
  for (const name of Object.keys(before)) assert.deepEqual(a[name], b[name], name);
  assert.equal(caught(() => batch.seedOf(4)).code, 'TG_E_INVALID_ARGUMENT');
  assert.equal(caught(() => batch.cloneState(-1)).code, 'TG_E_INVALID_ARGUMENT');
});

test('settings are checked, unknown ones refused', (t) => {
  const game = own(t, new Game('creepy_cauldron', { players: 2 }));
  const refusals = [
    [{ size: 0 }, 'TG_E_INVALID_ARGUMENT'], [{ size: 2 ** 21 }, 'TG_E_TOO_LARGE'],
    [{ size: 2, draw: 'half' }, 'TG_E_INVALID_ARGUMENT'], [{ size: 2, sead: 1 }, 'TG_E_INVALID_ARGUMENT'],
    [{ size: 2, seed: -1 }, 'TG_E_INVALID_ARGUMENT'],
  ];
  for (const [options, code] of refusals) assert.equal(caught(() => new Batch(game, options)).code, code, JSON.stringify(options));
  assert.match(caught(() => new Batch(game, { size: 2, sead: 1 })).message, /unknown Batch option "sead"/);
  for (const options of [{ size: 2, observation: 'yes' }, { size: '2' }, {}, undefined]) {
    assert.throws(() => new Batch(game, options), TypeError);
  }
  assert.throws(() => new Batch('creepy_cauldron', { size: 2 }), TypeError);
  const lean = own(t, new Batch(game, { size: 3, observation: false, information: true }));
  assert.equal(lean.rows.observation, null);
  assert.equal(lean.rows.observationU8, null);
  assert.equal(lean.rows.maskBits, null);
  assert.throws(() => new Batch(game, { size: 2, maskBits: 'yes' }), TypeError);
  assert.equal(lean.rows.information.length, 3 * game.informationTensorSize);
  assert.equal(lean.size, 3);
  assert.ok(lean.game.equals(game));
});

test('reset repeats a run; a slot\'s state is a copy to search from', (t) => {
  const game = own(t, new Game('bewitched', { players: 2 }));
  const batch = own(t, new Batch(game, { size: 5, seed: 1 }));
  const runs = [];
  for (let run = 0; run < 2; run++) {
    let rows = batch.reset(42);
    const seen = [rows.observation.slice()];
    const rng = seeded(4);
    for (let i = 0; i < 30; i++) {
      rows = batch.step(randomActions(rows, game.playerMoveCount, rng));
      seen.push(rows.observation.slice());
    }
    runs.push(seen);
  }
  assert.deepEqual(runs[0], runs[1]);
  assert.equal((batch.seedOf(4) - 46n) % 5n, 0n, 'slot 4 plays seeds 46, 51, 56, ...');
  batch.reset(42);
  assert.equal(batch.seedOf(4), 46n);
  const rows = batch.step(randomActions(batch.rows, game.playerMoveCount, seeded(5)));
  const state = batch.cloneState(1);
  const player = state.currentPlayer;
  assert.equal(player, rows.player[1]);
  assert.deepEqual(state.observationTensor(player), row(rows.observation, 1, game.tensorSize));
  state.playout();
  assert.ok(state.isTerminal);
  state.free();
  const again = own(t, batch.cloneState(1));
  assert.deepEqual(again.observationTensor(player), row(rows.observation, 1, game.tensorSize));
});

test('rows are copies: they outlive the memory\'s growth; free() gives every byte back', (t) => {
  const game = own(t, new Game('witches_dance', { players: 4 }));
  const heap = heapInUse();
  const batch = new Batch(game, { size: 8, information: true });
  const rows = batch.rows;
  const mask = rows.mask.slice();
  // Grow the WebAssembly memory (which detaches every view of it).
  const size = memorySize();
  const more = [];
  while (memorySize() === size) more.push(new Batch(game, { size: 4096, information: true }));
  for (const other of more) other.free();
  assert.deepEqual(rows.mask, mask);
  assert.ok(rows.mask.length > 0);
  batch.step(randomActions(rows, game.playerMoveCount, seeded(2)));
  assert.equal(batch.rows, rows);
  const itsGame = batch.game;
  batch.free();
  batch.free();
  assert.equal(batch.closed, true);
  assert.equal(itsGame.closed, true);
  assert.equal(heapInUse(), heap);
  for (const call of [() => batch.step([]), () => batch.observe(), () => batch.rows, () => batch.seedOf(0)]) {
    assert.equal(caught(call).code, 'TG_E_CLOSED');
  }
  assert.equal(String(batch), 'Batch(closed)');
});
