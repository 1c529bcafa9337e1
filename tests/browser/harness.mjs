// What the browser tests share: the table's server as a child process,
// the referee (which replays the server's store to say what each viewer
// may see), Debian's chromium driven by playwright-core (which never
// downloads a browser of its own), pages of people, and where artefacts
// go.
//
// Environment: TG_BROWSER_OUT (artefacts), PYTHONPATH and
// TABLEGAMES_LIBRARY for the server (scripts/test.sh sets them),
// TG_PYTHON and TG_CHROMIUM to use other programs.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, "../..");
export const out = process.env.TG_BROWSER_OUT || path.join(repo, "build", "test-browser");
export const python = process.env.TG_PYTHON || "/usr/bin/python3";
const chromiumPath = process.env.TG_CHROMIUM || "/usr/bin/chromium";

// How long a wait may see nothing change before the test calls it stuck:
// a stall detector for a hung server or page, not a guess at how fast
// the machine is (every wait is for a change the test knows must come).
export const STALL = Number(process.env.TG_BROWSER_STALL_MS || 600000);

// A browser context whose every wait (a click's wait for its element, a
// selector, a navigation) gives up only after STALL, not after
// playwright's default 30 s, which guesses the machine's speed.
export async function newContext(browser, options = {}, stall = STALL) {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(stall);
  context.setDefaultNavigationTimeout(stall);
  return context;
}

export const PERSON = (name) => ({ kind: "person", name });
export const PUBLIC = -2;   // the library's TG_VIEW_PUBLIC: the spectator's viewer

// The server on a free port (extra: more of its options); resolves with
// { child, base } once it listens.
export function startServer(db, extra = []) {
  const child = spawn(python, ["-m", "tablegames_table", "--port", "0", "--db", db, "--pace", "0", "--seed", "5", "--quiet", ...extra], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      const m = /open (http:\/\/\S+?)\/? /.exec(line);
      if (!m) reject(new Error(`server said: ${line}`));
      else resolve({ child, base: m[1] });
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
}

// A JSON-lines helper process (the referees): ask(request) resolves with
// its answer's result.
export function startHelper(args) {
  const child = spawn(python, args, { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = [];
  createInterface({ input: child.stdout }).on("line", (line) => waiting.shift()(JSON.parse(line)));
  const ask = (request) => new Promise((resolve, reject) => {
    waiting.push((reply) => (reply.ok ? resolve(reply.result) : reject(new Error(`referee: ${reply.error}`))));
    child.stdin.write(JSON.stringify(request) + "\n");
  });
  return { child, ask };
}

export function startReferee(db) {
  return startHelper([path.join(repo, "examples/table/tests/referee.py"), "--db", db]);
}

export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// The server on a fresh database, the referee reading it and the browser;
// stop() ends all three and removes the database.
export async function startAll(serverArgs = []) {
  mkdirSync(path.join(out, "screens"), { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), "table-browser-"));
  const db = path.join(work, "tables.sqlite3");
  const { child: server, base } = await startServer(db, serverArgs);
  const referee = startReferee(db);
  const browser = await launchChromium();
  const stop = async () => {
    await browser.close();
    referee.child.stdin.end();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(work, { recursive: true, force: true });
  };
  return { base, referee, browser, stop };
}

// Runs named checks one after the other with one server, referee and
// browser (check(ctx) gets startAll()'s base, referee and browser and
// returns what to print after "ok NAME: "), then exits 1 if any failed;
// serverArgs: more options for the server.
export async function runChecks(checks, { serverArgs = [] } = {}) {
  const ctx = await startAll(serverArgs);
  let failed = 0;
  try {
    for (const [name, check] of checks) {
      try {
        const said = await check(ctx);
        console.log(`ok ${name}${said ? `: ${said}` : ""}`);
      } catch (e) {
        failed += 1;
        console.log(`FAILED ${name}: ${e.stack || e}`);
      }
    }
  } finally {
    await ctx.stop();
  }
  console.log(`screenshots in ${path.join(out, "screens")}`);
  process.exit(failed ? 1 : 0);
}

// ---- one person's page ----------------------------------------------------

// A page of its own (a browser context: no shared storage) at the link,
// recording the frames it gets and sends and any page error.
export async function openSeat(browser, base, link, seat, keys, viewport, device = {}) {
  const context = await newContext(browser, { viewport, ...device });
  const page = await context.newPage();
  const p = { context, page, seat, frames: [], sent: [], errors: [] };
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => p.frames.push(f.payload));
    ws.on("framesent", (f) => p.sent.push(f.payload));
  });
  page.on("pageerror", (e) => p.errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error") p.errors.push(m.text()); });
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol !== "data:" && url.host !== new URL(base).host) p.errors.push(`request to another site: ${r.url()}`);
  });
  p.keys = keys;
  await page.goto(base + link);
  await page.waitForSelector("body[data-version]");
  return p;
}

export const version = (p) => p.page.evaluate(() => Number(document.body.dataset.version));

export async function waitVersion(p, atLeast) {
  await p.page.waitForFunction((v) => Number(document.body.dataset.version) >= v, atLeast, { timeout: STALL });
}

// ---- clicking ----------------------------------------------------------------

async function clickKey(page, key) {
  // The element drawn last is on top; a real click lands on it.
  const nodes = page.locator(`#board [data-key="${key}"]`);
  const n = await nodes.count();
  assert.ok(n > 0, `nothing on the board is ${key}`);
  await nodes.nth(n - 1).click({ force: true });
}

async function chooseIfAsked(page, id) {
  const choice = page.locator(`#chooser:not([hidden]) button[data-move="${id}"]`);
  if (await choice.count()) await choice.click();
}

// Plays move id the way a person does: on the board when it has a place
// there, else with its button among the choices.
export async function playMove(page, id) {
  const entry = page.locator(`#moves button[data-move="${id}"]`);
  await entry.waitFor({ state: "attached" });
  const from = await entry.getAttribute("data-from");
  const to = await entry.getAttribute("data-to");
  if (from) {
    await clickKey(page, from);
    if (to) {
      await clickKey(page, to);
      await chooseIfAsked(page, id);
    } else {
      await page.locator(`#actions button[data-move="${id}"]`).click();
    }
    return "board";
  }
  if (to) {
    await clickKey(page, to);
    await chooseIfAsked(page, id);
    return "board";
  }
  await page.locator(`#actions button[data-move="${id}"]`).click();
  return "button";
}

