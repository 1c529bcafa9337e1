// The npm package through the three bundlers a web developer reaches for:
// the packed tarball is installed into a scratch copy of app/, built with
// esbuild, Vite and webpack (pinned in this folder's package-lock.json) as
// bindings/js/README.md shows, and each build is loaded in Debian's
// chromium, where the page plays a game and gets a bot's move from the
// package's Worker. Fails on a page error, a request the server answers
// with an error, or a page that reports one.
//
//     npm ci && node run.mjs             (needs bindings/js built, and
//                                         npm ci in tests/browser)
//
// TG_JS_PACKAGE names another package folder to pack (an older release,
// to see these builds fail on it).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { STALL, launchChromium } from '../browser/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(process.env.TG_JS_PACKAGE || path.join(here, '../../bindings/js'));
const bin = (name) => path.join(here, 'node_modules/.bin', name);
const scratch = mkdtempSync(path.join(tmpdir(), 'tablegames-bundlers-'));
const app = path.join(scratch, 'app');
const PAGE = '<!doctype html>\n<meta charset="utf-8">\n<link rel="icon" href="data:,">\n<pre id="out">loading</pre>\n';

// The app with the package installed from its packed tarball.
function install() {
  cpSync(path.join(here, 'app'), app, { recursive: true });
  writeFileSync(path.join(app, 'package.json'), '{ "name": "bundled-app", "private": true, "type": "module" }\n');
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', scratch], { cwd: pkg, encoding: 'utf8' }).trim();
  execFileSync('npm', ['install', '--silent', '--no-audit', '--no-fund', path.join(scratch, tarball)], { cwd: app, stdio: 'inherit' });
}

// esbuild bundles no Worker of its own accord: worker.js is a second entry
// point, written beside main.js where the package's BotWorker looks for it,
// and the .wasm is copied to dist/ beside them, where init() looks. The
// command of README.md.
async function withEsbuild(out) {
  execFileSync(bin('esbuild'), ['main=./main.js', 'worker=tablegames/worker.js', '--bundle', '--format=esm',
    `--outdir=${out}`, '--log-level=warning'], { cwd: app, stdio: 'inherit' });
  mkdirSync(path.join(out, 'dist'));
  copyFileSync(path.join(app, 'node_modules/tablegames/dist/tablegames_wasm.wasm'), path.join(out, 'dist/tablegames_wasm.wasm'));
  writeFileSync(path.join(out, 'index.html'), `${PAGE}<script type="module" src="./main.js"></script>\n`);
}

// Vite: `vite build` with no configuration (its index.html names main.js).
async function withVite(out) {
  execFileSync(bin('vite'), ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { cwd: app, stdio: 'inherit' });
}

// webpack: an entry and an output, README.md's webpack.config.js (run
// through webpack's API: webpack-cli is not needed for that); webpack
// finds the Worker and the .wasm itself.
async function withWebpack(out) {
  const compiler = webpack({
    mode: 'production',
    context: app,
    entry: './main.js',
    output: { path: out, filename: 'main.js' },
  });
  const stats = await new Promise((resolve, reject) => {
    compiler.run((error, result) => (error ? reject(error) : resolve(result)));
  });
  await new Promise((resolve) => { compiler.close(resolve); });
  // webpack's performance hints (the .wasm is over its 244 KiB hint) are
  // advice, which README.md mentions; any other warning fails the build.
  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
  const unexpected = [...errors, ...warnings.filter((w) => !/size limit/.test(w.message))];
  if (unexpected.length) throw new Error(unexpected.map((w) => w.message).join('\n'));
  writeFileSync(path.join(out, 'index.html'), `${PAGE}<script src="./main.js"></script>\n`);
}

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm',
};

// A static server of one build's folder; failed requests are recorded.
async function serve(root, failures) {
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const file = path.join(root, path.normalize(name.endsWith('/') ? `${name}index.html` : name));
    let body;
    try {
      if (!file.startsWith(root)) throw new Error('outside');
      body = readFileSync(file);
    } catch {
      failures.push(`404 ${name}`);
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  return server;
}

async function check(browser, name, out) {
  const failures = [];
  const server = await serve(out, failures);
  const page = await browser.newPage();
  try {
    page.setDefaultTimeout(STALL);
    page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
    page.on('console', (message) => { if (message.type() === 'error') failures.push(`console: ${message.text()}`); });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    // The page answers within seconds on any machine; STALL (harness.mjs)
    // without an answer means nothing moves.
    await page.waitForFunction(() => document.getElementById('out').textContent !== 'loading', null, { timeout: STALL });
    const text = await page.textContent('#out');
    assert.ok(!text.startsWith('error'), `${name}: ${text}\n${failures.join('\n')}`);
    const result = JSON.parse(text);
    assert.equal(result.games, 4, name);
    assert.equal(result.legal, true, `${name}: the worker's bot chose an illegal move`);
    assert.ok(result.drawing, name);
    assert.deepEqual(failures, [], name);
    console.log(`${name}: ${text}`);
  } finally {
    await page.close();
    server.close();
  }
}

// Every bundler is tried, whatever the others did; the run fails at the
// end if any failed.
const failed = [];
try {
  install();
  const builds = [['esbuild', withEsbuild], ['vite', withVite], ['webpack', withWebpack]];
  const browser = await launchChromium();
  try {
    for (const [name, build] of builds) {
      const out = path.join(scratch, `out-${name}`);
      try {
        const started = performance.now();
        await build(out);
        console.log(`${name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await check(browser, name, out);
      } catch (error) {
        console.log(`${name}: FAILED ${error.message}`);
        failed.push(name);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (failed.length) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
