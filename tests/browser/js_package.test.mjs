// The npm package (bindings/js) in Debian's chromium: a page imports it as
// plain ES modules, plays a game and gets a bot's move from the package's
// module Worker. (Node's worker_threads queue messages a module Web Worker
// would drop while it loads; this is where that shows.) Needs the built
// package (bindings/js/build.sh) and `npm ci` in this folder.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { STALL } from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, "../../bindings/js");
const types = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

// /pkg/... from the package's folder, / the test page.
const server = createServer(async (req, res) => {
  const url = new URL(req.url, "http://localhost");
  const file = url.pathname.startsWith("/pkg/")
    ? path.join(pkg, path.normalize(url.pathname.slice(5)))
    : path.join(here, "js_package", "page.html");
  if (!file.startsWith(pkg) && !file.startsWith(here)) {
    res.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const browser = await chromium.launch({
  executablePath: process.env.TG_CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage();
  // The page load (the .wasm included) and every wait may take as long as
  // the harness's stall bound, not playwright's default 30 s.
  page.setDefaultTimeout(STALL);
  page.setDefaultNavigationTimeout(STALL);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  // The page answers or says why within seconds on any machine; STALL
  // (harness.mjs) without an answer means nothing moves (a Worker that
  // dropped its request, as one did before worker.js listened first).
  await page.waitForFunction(() => document.getElementById("out").textContent !== "loading", null,
    { timeout: STALL });
  const text = await page.textContent("#out");
  assert.ok(!text.startsWith("error"), `${text} ${errors.join("; ")}`);
  const result = JSON.parse(text);
  assert.equal(result.games, 4);
  assert.equal(result.legal, true);
  assert.ok(result.drawing && result.tensor > 0);
  console.log(`the package in chromium: ${text}`);
} finally {
  await browser.close();
  server.close();
}
