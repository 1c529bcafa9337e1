// The hand-written index.d.ts held to the API: a consumer of every call
// type-checks under tsc --strict, and a consumer of wrong calls fails with
// the error each of its lines expects (typescript is pinned in
// package-lock.json).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('./types/', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const FLAGS = ['--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext',
  '--target', 'es2022', '--lib', 'es2022'];

function typeCheck(file) {
  try {
    execFileSync(process.execPath, [tsc, ...FLAGS, file], { cwd: here, encoding: 'utf8' });
    return { ok: true, output: '' };
  } catch (error) {
    return { ok: false, output: `${error.stdout}${error.stderr}` };
  }
}

test('a consumer of every call type-checks under tsc --strict', () => {
  const { ok, output } = typeCheck('good.ts');
  assert.ok(ok, output);
});

test('wrong calls fail to type-check, each with its expected error', () => {
  const { ok, output } = typeCheck('bad.ts');
  assert.ok(!ok, 'tsc accepted the wrong calls');
  const expected = new Set();
  readFileSync(`${here}bad.ts`, 'utf8').split('\n').forEach((line, i) => {
    const mark = /\/\/ (TS\d+)$/.exec(line);
    if (mark) expected.add(`${i + 1} ${mark[1]}`);
  });
  const found = new Set([...output.matchAll(/bad\.ts\((\d+),\d+\): error (TS\d+)/g)].map((m) => `${m[1]} ${m[2]}`));
  assert.deepEqual([...found].sort(), [...expected].sort(), output);
});
