// client/index.d.ts held to tablegames/client: a consumer of every call
// type-checks under tsc --strict, and each wrong use fails with the error
// its line expects (as types.test.js does for the package's main entry).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('./types/', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function tscErrors(file) {
  try {
    execFileSync(process.execPath, [tsc, '--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution',
      'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', file], { cwd: here, encoding: 'utf8' });
    return '';
  } catch (error) {
    return `${error.stdout}${error.stderr}` || String(error);
  }
}

test('a consumer of every call of tablegames/client type-checks', () => {
  assert.equal(tscErrors('client_good.ts'), '');
});

test('wrong uses of tablegames/client fail, each with its expected error', () => {
  const output = tscErrors('client_bad.ts');
  const expected = readFileSync(`${here}client_bad.ts`, 'utf8').split('\n')
    .map((line, i) => [i + 1, /\/\/ (TS\d+)$/.exec(line)?.[1]]).filter(([, code]) => code)
    .map(([line, code]) => `${line} ${code}`);
  const found = [...output.matchAll(/client_bad\.ts\((\d+),\d+\): error (TS\d+)/g)].map((m) => `${m[1]} ${m[2]}`);
  assert.deepEqual([...new Set(found)].sort(), expected.sort(), output);
});
