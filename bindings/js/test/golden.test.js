// The C suite's golden records (tests/golden/data, see tests/golden/golden.c)
// replayed in JavaScript: every recorded move has its recorded text, every
// chance point draws the recorded outcome from the seed, and the game ends
// in the recorded final state, winners and move number. (agree.py plays
// the golden mid-game saves on in all four languages.) Skipped outside the
// repository, where the folder is not.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CHANCE, Game, init, State } from '../index.js';

await init();

const data = fileURLToPath(new URL('../../../tests/golden/data/', import.meta.url));
const records = existsSync(data) ? readdirSync(data).filter((name) => name.endsWith('.game.json')) : [];

test('the golden records replay identically', { skip: records.length === 0 && 'no tests/golden/data' }, () => {
  for (const name of records) {
    const record = JSON.parse(readFileSync(`${data}${name}`, 'utf8'));
    const want = State.fromJson(record.final);
    // The game as the record's save format makes it (see golden.c).
    const game = new Game(record.game, want.game.optionsString);
    const state = game.newState(BigInt(record.seed));
    record.moves.forEach((move, i) => {
      if (state.currentPlayer === CHANCE) assert.equal(state.sampleChance().id, move, `${name}: draw ${i}`);
      assert.equal(state.moveText(move), record.texts[i], `${name}: decision ${i}`);
      state.applyId(move);
    });
    assert.ok(state.equals(want), `${name}: final state`);
    const mask = state.winners.reduce((bits, seat) => bits | (1 << seat), 0);
    assert.equal(mask, record.winners, `${name}: winners`);
    assert.equal(state.moveNumber, record.move_number, `${name}: move number`);
    for (const handle of [state, game, want]) handle.free();
  }
});

test('the golden mid-game saves load, in both forms, as the same state', () => {
  const saves = existsSync(data) ? readdirSync(data).filter((name) => name.endsWith('.mid.tgsv')) : [];
  for (const name of saves) {
    const binary = State.load(readFileSync(`${data}${name}`));
    const json = State.fromJson(readFileSync(`${data}${name.replace(/\.tgsv$/, '.json')}`, 'utf8'));
    assert.ok(binary.equals(json), name);
    assert.deepEqual(binary.history, json.history, name);
    binary.free();
    json.free();
  }
});
