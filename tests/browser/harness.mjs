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
// { child, base } once it listens. Every page of a test comes from
// 127.0.0.1, as if several households shared one address: that address
// gets the CPU budget of ten (0.02 of a core each), or a loaded machine's
// slower answers put the test's own pages in debt.
export function startServer(db, extra = []) {
  const child = spawn(python, ["-m", "tablegames_table", "--port", "0", "--db", db, "--pace", "0", "--seed", "5", "--quiet", "--address-cpu", "0.2", ...extra], { stdio: ["ignore", "pipe", "inherit"] });
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
  await context.addInitScript(recordClicks);
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

// Runs in each page of openSeat before its own scripts: the last click's
// point and the element it reached, for a test that must say where a tap
// went when it played nothing.
function recordClicks() {
  document.addEventListener("click", (e) => {
    const t = e.target;
    const attrs = ["data-key", "data-at", "data-move"].filter((a) => t.getAttribute?.(a)).map((a) => `[${a}=${t.getAttribute(a)}]`);
    window.tgLastClick = `${Math.round(e.clientX)},${Math.round(e.clientY)} on ${t.tagName?.toLowerCase()}${t.id ? `#${t.id}` : ""}${attrs.join("")}`;
  }, true);
}

// What the page shows of the game's progress, read at once: its version,
// whether a move of its person is on its way (table.js's body[data-pending];
// undefined on pages without one), how many things it offers to play, its
// notice, its banner and its connection.
export function progress(page) {
  return page.evaluate(() => ({
    version: Number(document.body.dataset.version),
    pending: document.body.dataset.pending,
    offered: document.querySelectorAll("#board .can-move, #board .target, #actions button").length,
    notice: document.getElementById("notice")?.hidden === false ? document.getElementById("notice").textContent : "",
    banner: document.getElementById("turn")?.textContent || "",
    connection: document.body.dataset.connection,
    click: window.tgLastClick || "none",
  }));
}

const told = (seen) => `the page is at version ${seen.version} and offers ${seen.offered} things to play; `
  + `notice "${seen.notice}", banner "${seen.banner}", connection ${seen.connection}, last click ${seen.click}`;

// After the person of page played at version before: waits until the page
// shows a later version. The page's move is either on its way or answered;
// when the page offers moves again at before instead (the server refused
// the move, or it was lost), this fails at once with what the page says,
// not after STALL.
export async function waitAnswered(page, before, what) {
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v
    || (document.body.dataset.pending === "false"
      && document.querySelector("#board .can-move, #board .target, #actions button") !== null), before, { timeout: STALL });
  const seen = await progress(page);
  assert.ok(seen.version > before, `${what}: not played: ${told(seen)}`);
}

// Right after the tap or click that plays a move: the page sent it (its
// move is pending) or is already past before. A tap's click handlers have
// run when the tap resolves, so this reads the page once, without waiting:
// a tap the page did not take fails here, in words, instead of leaving the
// test to wait for a move that was never sent.
async function taken(page, before, what) {
  const seen = await progress(page);
  if (seen.pending === undefined) return;      // a page without a server (offline)
  assert.ok(seen.version > before || seen.pending === "true", `${what}: the page did not take the tap: ${told(seen)}`);
}

export async function waitVersion(p, atLeast) {
  await p.page.waitForFunction((v) => Number(document.body.dataset.version) >= v, atLeast, { timeout: STALL });
}

// ---- playing on the board ------------------------------------------------------

// Where a finger (or the mouse) hits key now: the middle of the element
// drawn last with that key (on top), panned into the frame when the board
// is zoomed (zoom.js), as a finger would; and what the board takes the
// element there for (interact.js: its data-key and data-at, and its
// parents'). Runs in the page.
function aim(key) {
  const frame = document.getElementById("board");
  const nodes = [...frame.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)]
    .filter((n) => n.getBoundingClientRect().width > 0);
  const node = nodes[nodes.length - 1];
  if (!node) return { missing: true };
  // (The middle of the window: the banner pinned at the top covers the
  // page under it, for a finger too.)
  node.scrollIntoView({ block: "center", inline: frame.classList.contains("zoomed") ? "center" : "nearest" });
  const r = node.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const touched = [];
  for (let n = document.elementFromPoint(x, y); n && n.getAttribute; n = n.parentNode) {
    for (const attr of ["data-key", "data-at"]) if (n.getAttribute(attr)) touched.push(n.getAttribute(attr));
  }
  return { x, y, touched, zoomed: frame.classList.contains("zoomed") };
}

const zoomedIn = (page) => page.evaluate(() => document.getElementById("board").classList.contains("zoomed"));

// A tap (touch screens) or a click on key; one on the whole board at rest
// that zoomed in is followed by one on the zoomed board (zoom.js). The
// element there must be what the board takes for key.
export async function tapKey(page, key, what = key) {
  const touch = await page.evaluate(() => matchMedia("(pointer: coarse)").matches);
  for (let taps = 1; taps <= 2; taps++) {
    const at = await page.evaluate(aim, key);
    assert.ok(!at.missing, `${what}: nothing on the board is ${key}`);
    assert.ok(at.touched.includes(key), `${what}: a finger on ${key} touches ${at.touched.join(", ") || "nothing of the board"}`);
    if (touch) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    if (at.zoomed || !(await zoomedIn(page))) return;
  }
  throw new Error(`${what}: the zoomed board did not take the tap on ${key}`);
}

// A tap (touch screens) or a click on the button that locator finds, as
// a finger does it: in the middle of the window, where the banner pinned
// at the top does not cover it (playwright's own tap scrolled a button
// just under the banner, and the tap hit the banner: a move "played" that
// was never sent), and only when the button is what is there.
export async function pressButton(page, locator, what = "a button") {
  await locator.waitFor({ state: "visible" });
  const at = await locator.evaluate((b) => {
    b.scrollIntoView({ block: "center", inline: "center" });
    const r = b.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return { x, y, touch: matchMedia("(pointer: coarse)").matches,
      hit: hit === b || b.contains(hit) ? null : `${hit?.tagName.toLowerCase()}#${hit?.id}` };
  });
  assert.equal(at.hit, null, `${what}: a finger on the button would touch ${at.hit}`);
  if (at.touch) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
}

// Plays move m ({id, from, to}: its places on the board, as the page's
// list of moves gives them) the way a person does: on the board when it
// has a place there, else with its button among the choices beside it.
// Returns "board" or "button".
export async function playOnBoard(page, m, what = `move ${m.id}`) {
  const button = page.locator(`#actions button[data-move="${m.id}"]`);
  const press = (b) => pressButton(page, b, what);
  const before = await page.evaluate(() => Number(document.body.dataset.version));
  if (m.from) {
    await tapKey(page, m.from, what);
    // The piece is chosen (ringed) before its destination is tapped.
    await page.waitForSelector(`#board .selected[data-key="${m.from}"]`, { state: "attached", timeout: STALL });
    if (!m.to) {
      await press(button);
      await taken(page, before, what);
      return "board";
    }
  }
  if (m.to) {
    await tapKey(page, m.to, what);
    const choice = page.locator(`#chooser:not([hidden]) button[data-move="${m.id}"]`);
    if (await choice.count()) await press(choice);
    // Sent: nothing is left to play on the page until the next state.
    await taken(page, before, what);
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v
      || !document.querySelector("#board .can-move, #board .target"), before, { timeout: STALL });
    return "board";
  }
  await press(button);
  await taken(page, before, what);
  return "button";
}

// Plays move id (one of the page's legal moves) as playOnBoard does.
export async function playMove(page, id) {
  const entry = page.locator(`#moves button[data-move="${id}"]`);
  await entry.waitFor({ state: "attached" });
  const from = await entry.getAttribute("data-from");
  const to = await entry.getAttribute("data-to");
  return playOnBoard(page, { id, from, to });
}

// Enters what the dice showed (a companion table's question): the
// outcome's button, once it takes taps (table.js arms a new question's
// buttons after a moment), pressed as a finger would, then taken() as a
// move is. The question's version is the page's.
export async function enterOutcome(page, id, what = `outcome ${id}`) {
  const selector = `#entry:not([hidden]) button[data-outcome="${id}"]`;
  const before = await page.evaluate(() => Number(document.body.dataset.version));
  await page.waitForFunction((sel) => document.querySelector(sel)?.disabled === false, selector, { timeout: STALL });
  await pressButton(page, page.locator(selector), what);
  await taken(page, before, what);
}
