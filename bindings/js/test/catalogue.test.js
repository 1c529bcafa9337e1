import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CLOSED, Game, gameInfo, games, heapInUse, init, libraryVersion, memorySize, Status, TablegamesError,
} from '../index.js';
import { lib, statusName } from '../lib/wasm.js';
import { caught } from './support.js';

await init();

test('the catalogue lists the four games with their options', () => {
  const ids = games().map((info) => info.id);
  assert.deepEqual(ids, ['witches_dance', 'spinning_wishes', 'creepy_cauldron', 'bewitched']);
  const wd = gameInfo('witches_dance');
  assert.equal(wd.name, "Witches' Dance");
  assert.ok(wd.summary.length > 10);
  assert.deepEqual(wd.playerCounts(), [2, 3, 4, 5, 6]);
  const players = wd.option('players');
  assert.equal(players.type, 'int');
  assert.equal(players.min, 2);
  assert.equal(players.max, 6);
  const entry = wd.option('entry');
  assert.equal(entry.type, 'choice');
  assert.deepEqual(entry.choices, ['on', 'past']);
  assert.equal(wd.option('early_peek').type, 'bool');
  assert.equal(gameInfo('creepy_cauldron').option('snap').type, 'number');
  assert.equal(wd.option('nope'), undefined);
  assert.ok(Object.isFrozen(wd) && Object.isFrozen(wd.options));
});

test('an unknown game is TG_E_UNKNOWN_GAME, from the catalogue and from new Game', () => {
  for (const fn of [() => gameInfo('chess'), () => new Game('chess'), () => gameInfo('witches_dance\0x')]) {
    const error = caught(fn);
    assert.ok(error instanceof TablegamesError && error instanceof Error);
    assert.equal(error.code, 'TG_E_UNKNOWN_GAME');
    assert.equal(error.status, Status.UNKNOWN_GAME);
  }
  assert.throws(() => gameInfo(7), TypeError);
});

test('Status holds the library\'s own codes and names', () => {
  for (const [name, status] of Object.entries(Status)) {
    assert.equal(statusName(status), status === 0 ? 'TG_OK' : `TG_E_${name}`);
  }
  assert.equal(CLOSED, 'TG_E_CLOSED');
});

test('the library version and the heap figures', () => {
  assert.match(libraryVersion(), /^1\.\d+\.\d+$/);
  assert.equal(lib._tg_version_number(), Number(libraryVersion().split('.').reduce((n, p) => n * 100 + Number(p), 0)));
  assert.ok(heapInUse() > 0);
  assert.ok(memorySize() >= heapInUse());
});
