// catalogue.d.ts (the games' ids, options and values as types) is what
// catalogue-types.mjs writes from the library's catalogue: a game, option
// or value added to the C code without the types fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { catalogueTypes } from '../catalogue-types.mjs';
import { init } from '../index.js';

await init();

test('catalogue.d.ts is what catalogue-types.mjs writes from the catalogue', () => {
  const file = readFileSync(new URL('../catalogue.d.ts', import.meta.url), 'utf8');
  assert.equal(file, catalogueTypes(),
    'catalogue.d.ts is out of date: node bindings/js/catalogue-types.mjs > bindings/js/catalogue.d.ts');
});
