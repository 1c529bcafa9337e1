// The README's examples run as they are: every ```js block that starts
// with an import is written beside the package (so that 'tablegames'
// names it, as in a project that installed it) and run by this Node.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const examples = [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1])
  .filter((code) => code.startsWith('import '));

test('the README has runnable examples', () => {
  assert.ok(examples.length >= 3, `${examples.length} examples`);
});

examples.forEach((code, i) => {
  const first = code.split('\n').find((line) => !line.startsWith('import') && line.trim());
  test(`README example ${i + 1} runs (${first.trim()} ...)`, () => {
    const file = fileURLToPath(new URL(`./readme-${i + 1}.generated.mjs`, import.meta.url));
    writeFileSync(file, code);
    try {
      const out = execFileSync(process.execPath, [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      assert.ok(out.length > 0, 'the example printed nothing');
    } finally {
      rmSync(file, { force: true });
    }
  });
});
