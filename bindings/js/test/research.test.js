// The research calls of library 1.3: the move space's split, the tensor's
// shape, the length bound, the utility range, hidden information, format
// numbers, the legal mask, any id's text and who made each history entry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHANCE, Format, Game, games, init, TERMINAL } from '../index.js';
import { caught, own, playRandomly, seeded } from './support.js';

await init();

test('game facts: the move space split, shape, bound, range, hidden information, formats', (t) => {
  for (const info of games()) {
    const game = own(t, new Game(info.id, { players: info.maxPlayers }));
    assert.equal(game.playerMoveCount + game.chanceOutcomeCount, game.moveCount);
    let chance = 0;
    for (let id = 0; id < game.moveCount; id++) if (game.moveIsChance(id)) chance++;
    assert.equal(chance, game.chanceOutcomeCount);
    assert.equal(caught(() => game.moveIsChance(game.moveCount)).code, 'TG_E_INVALID_ARGUMENT');
    assert.equal(game.observationTensorShape.reduce((a, b) => a * b, 1), game.tensorSize);
    assert.ok(game.lengthBound > 0 && game.lengthBound <= game.maxLength);
    assert.deepEqual(game.utilityRange, [0, 1]);
    assert.equal(game.hasHiddenInformation, info.id !== 'creepy_cauldron');
    for (const [name, layout] of Object.entries(Format)) {
      assert.ok(game.formatVersion(layout) >= 1);
      assert.equal(game.formatVersions[name], game.formatVersion(layout));
    }
    assert.equal(caught(() => game.formatVersion(7)).code, 'TG_E_INVALID_ARGUMENT');
  }
});

test('a game played with the research calls: mask, texts, history players, within the bound', (t) => {
  for (const info of games()) {
    const game = own(t, new Game(info.id, { players: 2 }));
    const state = own(t, game.newState(17));
    const rng = seeded(17);
    const mask = new Uint8Array(game.moveCount + 2).fill(9);
    const players = [];
    while (!state.isTerminal) {
      const ids = state.legalMoveIds();
      const fresh = state.legalMask();
      assert.equal(fresh.length, game.moveCount);
      assert.deepEqual([...fresh.keys()].filter((id) => fresh[id] === 1), ids);
      assert.equal(state.legalMask(mask), mask);
      assert.deepEqual(mask.subarray(0, game.moveCount), fresh);
      for (const id of ids) {
        assert.equal(game.moveIsChance(id), state.isChance);
        assert.equal(state.anyMoveText(id), state.moveText(id));
      }
      players.push(state.currentPlayer);
      state.applyId(ids[Math.floor(rng() * ids.length)]);
    }
    assert.ok(state.historyLength <= game.lengthBound);
    assert.deepEqual(state.historyPlayers(), players);
    assert.ok(players.includes(CHANCE) && players.includes(0));
    assert.ok(state.legalMask().every((bit) => bit === 0));
    assert.equal(state.currentPlayer, TERMINAL);
    // Any id has a text, legal or not; beyond the move space none.
    for (let id = 0; id < game.moveCount; id++) assert.equal(typeof state.anyMoveText(id), 'string');
    assert.equal(caught(() => state.anyMoveText(game.moveCount)).code, 'TG_E_INVALID_ARGUMENT');
    assert.equal(caught(() => state.historyPlayer(state.historyLength)).code, 'TG_E_INVALID_ARGUMENT');
    assert.equal(caught(() => state.legalMask(new Uint8Array(game.moveCount - 1))).code, 'TG_E_BUFFER_TOO_SMALL');
    assert.throws(() => state.legalMask(new Int8Array(game.moveCount)), TypeError);
    const other = own(t, game.newState(2));
    assert.ok(playRandomly(other, rng) <= game.lengthBound);
  }
});
