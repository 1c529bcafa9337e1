// Loading: nothing works before init() and every call says so; init()
// loads once, from the default place or from what it is given; a failed
// load says why and may be retried; CommonJS gets the package through
// index.cjs, or an error saying to use import().
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  Game, NOT_READY, TablegamesError, games, init, isReady, libraryVersion,
} from '../index.js';

const wasmUrl = new URL('../dist/tablegames_wasm.wasm', import.meta.url);

test('before init(), every call is TG_E_NOT_READY, saying what to do', () => {
  assert.equal(isReady(), false);
  for (const call of [() => games(), () => new Game('bewitched'), () => libraryVersion()]) {
    assert.throws(call, (error) => error instanceof TablegamesError && error.code === NOT_READY
      && error.status === null && /await init\(\)/.test(error.message));
  }
});

test('a load that fails says why, changes nothing, and may be tried again', async () => {
  await assert.rejects(init({ wasm: new URL('./no-such.wasm', wasmUrl) }), /ENOENT/);
  await assert.rejects(init({ wasm: new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]) }), WebAssembly.CompileError);
  await assert.rejects(init({ wasm: 42 }), TypeError);
  await assert.rejects(init({ wams: wasmUrl }), /unknown option wams \(known: wasm\)/);
  assert.equal(isReady(), false);
});

test('init() loads once, from bytes or a compiled module as well as a URL', async () => {
  const bytes = await readFile(wasmUrl);
  const module = await WebAssembly.compile(bytes);
  const first = init({ wasm: module });
  assert.equal(init(), first, 'a second call returns the first one\'s promise');
  await first;
  assert.equal(isReady(), true);
  assert.equal(games().length, 4);
  const game = new Game('witches_dance');
  assert.equal(game.players, 4);
  game.free();
});

test('require(): the package on a Node that can require ES modules, else an error naming import()', () => {
  const entry = fileURLToPath(new URL('../index.cjs', import.meta.url));
  const script = `
    let tg;
    try { tg = require(${JSON.stringify(entry)}); } catch (error) { console.log('ERROR ' + error.message); process.exit(0); }
    tg.init().then(() => { const g = new tg.Game('bewitched'); console.log('OK ' + g.players); g.free(); });`;
  const out = execFileSync(process.execPath, ['--no-warnings', '--input-type=commonjs', '-e', script], { encoding: 'utf8' }).trim();
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12) || (major === 20 && minor >= 19)) {
    assert.equal(out, 'OK 4');
  } else {
    assert.match(out, /^ERROR tablegames is an ES module, and Node [\d.]+ cannot require\(\) one: load it with `const tg = await import\('tablegames'\)`/);
  }
});
