// "Play on this device" in a real browser with the network cut: Debian's
// chromium, driven by playwright-core, as table.test.mjs.
//
// The page is opened once while the server runs (its service worker
// keeps the page, the board modules, the tablegames package and its
// .wasm), then the browser goes offline (context.setOffline) and the
// server is stopped: every page load after that comes from the service
// worker alone. Offline, two people pass-and-play one game of each title
// to the end, choosing random legal moves by clicking the board and the
// choice buttons as a person does, and one person plays a game against a
// computer seat (its bot thinks in the package's BotWorker: the test checks
// that the page starts exactly one Worker, on the package's worker.js,
// whose script the service worker serves, and none in a game of people
// only). Each two-person game is reloaded once in the middle (offline
// too): the page offers to go on and hands the device to the person to
// move.
//
// Secrets: at every handover the page must hold nothing of the last
// seat's view (no board, log, players, moves, dice, marks) and name only
// who is next; once that person says they are ready, the board must show
// exactly their own view. The page's test hook (?test) gives the state's
// binary save; the offline referee (examples/table/tests/
// offline_referee.py) loads it through the Python binding and says what
// the seat may see: its observation (which the page's must equal), the
// board's hidden-fact attributes (never the truth the seat may not know)
// and the knowledge marks, the same checks as table.test.mjs. They run
// after every handover and every decision. Screenshots of the first
// handovers of each game (the handover screen, then the next seat's board),
// on a phone (390 x 844) and a desktop, go to $TG_BROWSER_OUT/offline.
//
// Time: nothing here waits for a fixed time; each step waits for the page
// to move on and fails when it has not for STALL_MS. The library's seed
// and the moves are fixed (?seed=N, a seeded choice), so each run plays
// the same games of people; the computer seat's bot draws its own seed
// (crypto.getRandomValues), so that game may differ from run to run.
import { startServer, startHelper, launchChromium, newContext, playMove } from "./harness.mjs";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const out = path.join(process.env.TG_BROWSER_OUT || path.join(repo, "build", "test-browser"), "offline");
const STALL_MS = Number(process.env.TG_BROWSER_STALL_MS || 60000);
const MAX_DECISIONS = Number(process.env.TG_BROWSER_MAX_DECISIONS || 3000);
const SCREENSHOTS = 3;        // handovers per game with screenshots
const RELOAD_AT = 10;         // people's decisions before the page is reloaded
const PAGE = "/static/offline/play.html?test&pace=0";
const PKG = "/static/offline/pkg/";                  // the npm package, as the server serves it
const WORKER = `${PKG}worker.js`;                     // its Worker script, started by its BotWorker

const DESKTOP = { viewport: { width: 1200, height: 860 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const PEOPLE = [{ name: "Ann" }, { name: "Bob" }];
const GAMES = [
  { game: "witches_dance", device: "desktop", options: {}, seats: PEOPLE },
  { game: "bewitched", device: "phone", options: {}, seats: PEOPLE },
  { game: "creepy_cauldron", device: "desktop", options: {}, seats: PEOPLE },
  { game: "spinning_wishes", device: "phone", options: {}, seats: PEOPLE },
  { game: "witches_dance", device: "phone", options: { witches: "1" }, seats: [{ name: "Ann" }, { level: "easy" }], label: "against the computer" },
];
const ONLY = process.env.TG_BROWSER_GAMES ? process.env.TG_BROWSER_GAMES.split(",") : null;
const tagOf = (spec) => `${spec.game}${spec.label ? "-computer" : ""}`;

// A small seeded generator (mulberry32): the same random moves each run.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- the page ---------------------------------------------------------------

async function openDevice(browser, base, device) {
  const context = await newContext(browser, device === "phone" ? PHONE : DESKTOP, STALL_MS);
  const page = await context.newPage();
  const d = { device, context, page, errors: [], workers: [], scripts: [] };
  page.on("pageerror", (e) => d.errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error") d.errors.push(m.text()); });
  page.on("requestfailed", (r) => d.errors.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  // The Workers the page starts, and the Worker scripts it fetches (with
  // whether the service worker answered).
  page.on("worker", (w) => d.workers.push(new URL(w.url()).pathname));
  page.on("response", (r) => {
    if (/worker/i.test(new URL(r.url()).pathname)) d.scripts.push({ path: new URL(r.url()).pathname, fromServiceWorker: r.fromServiceWorker() });
  });
  await page.goto(base + PAGE);
  await page.waitForSelector('body[data-offline-ready="true"][data-page="setup"]', { timeout: STALL_MS });
  // The service worker controls the page once it has claimed it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: STALL_MS });
  return d;
}

// Where the page is: which screen, what it waits for, the version shown.
const where = (page) => page.evaluate(() => {
  const b = document.body.dataset;
  return { page: b.page, waiting: b.waiting || "", version: Number(b.version ?? -1), seat: b.seat ?? null, next: b.next ?? null, over: b.over === "true" };
});
const signature = (w) => `${w.page}|${w.waiting}|${w.version}|${w.seat}|${w.next}|${w.over}`;

// Waits until the page waits for a person again (or shows the end), in
// another place than before; fails when nothing moves (no new version
// either) for STALL_MS.
async function progress(page, before) {
  let last = Date.now();
  let seen = before;
  for (;;) {
    const w = await where(page);
    if ((w.waiting || w.over) && signature(w) !== signature(before)) return w;
    if (w.version !== seen.version) {
      seen = w;
      last = Date.now();
    }
    assert.ok(Date.now() - last < STALL_MS, `the page did not move on from ${signature(before)} for ${STALL_MS} ms (now ${signature(w)})`);
    await page.waitForTimeout(50);
  }
}

async function setUp(page, spec, tag) {
  await page.locator(`.game-card[data-game="${spec.game}"]`).click();
  const rows = page.locator("#seats .seat");
  while (await rows.count() > spec.seats.length) await page.locator("#remove-seat").click();
  while (await rows.count() < spec.seats.length) await page.locator("#add-seat").click();
  for (const [i, s] of spec.seats.entries()) {
    const row = rows.nth(i);
    await row.locator(".who").selectOption(s.level || "person");
    if (!s.level) await row.locator(".name").fill(s.name);
  }
  if (Object.keys(spec.options).length) await page.locator("#options-box > summary").click();
  for (const [name, value] of Object.entries(spec.options)) {
    const input = page.locator(`#options [data-option="${name}"]`);
    if (await input.evaluate((n) => n.tagName === "SELECT")) await input.selectOption(value);
    else await input.fill(value);
  }
  await page.screenshot({ path: path.join(out, `${tag}-setup.png`) });
  await page.locator("#start").click();
}

// ---- the checks ----------------------------------------------------------------

// The handover screen: nothing of any seat's view is in the page, and it
// names the person who is next.
async function checkHandover(page, spec, next) {
  const h = await page.evaluate(() => {
    const count = (sel) => document.querySelectorAll(sel).length;
    return {
      table: document.getElementById("table").hidden && document.getElementById("table").getClientRects().length === 0,
      drawn: count("#board *") + count("#log li") + count("#players li") + count("#moves li") + count("#actions *") + count("#dice *") + count("#chooser *") + count("#legend li"),
      known: count("[data-known], [data-key], svg"),
      seat: document.body.dataset.seat ?? null,
      turn: document.getElementById("turn").textContent,
      text: document.body.innerText,
      hook: window.tablegamesOffline.snapshot(),
    };
  });
  assert.equal(h.table, true, "the table is on screen at a handover");
  assert.equal(h.drawn, 0, "a seat's view is still in the page at a handover");
  assert.equal(h.known, 0, "board elements are still in the page at a handover");
  assert.equal(h.seat, null, "a seat is still shown at a handover");
  assert.equal(h.turn, "", "the turn banner still speaks to the last seat");
  assert.equal(h.hook.seat, null);
  assert.equal(h.hook.message, null, "the page still holds a seat's message at a handover");
  assert.match(h.text, new RegExp(`Pass the device to ${spec.names[next]}`));
  for (const [p, name] of spec.names.entries()) if (p !== next) assert.ok(!h.text.includes(`${name} (you)`), `the handover speaks as ${name}`);
}

// The seat on screen sees exactly its own view.
async function checkSeat(page, ask, spec, seat) {
  const snap = await page.evaluate(() => ({
    hook: window.tablegamesOffline.snapshot(),
    seat: Number(document.body.dataset.seat),
    version: Number(document.body.dataset.version),
    moves: [...document.querySelectorAll("#moves button[data-move]")].map((b) => Number(b.dataset.move)),
    drawn: [...document.querySelectorAll("#board [data-known]")].map((n) => ({ key: n.dataset.known, value: n.dataset.value })),
    you: [...document.querySelectorAll("#players .name")].map((n) => n.textContent).filter((t) => t.includes("(you)")),
  }));
  assert.equal(snap.seat, seat, "the page shows another seat");
  assert.equal(snap.hook.seat, seat);
  assert.equal(snap.hook.message.version, snap.version, "the board is not drawn from the latest state");
  assert.deepEqual(snap.you, [`${spec.names[seat]} (you)`]);
  const truth = await ask({ cmd: "check", game: spec.game, save: snap.hook.save, seat });
  assert.deepEqual(snap.hook.message.observation, truth.observation, `seat ${seat} v${snap.version}: the observation drawn is not the seat's own`);
  if (truth.current_player === seat) assert.deepEqual(snap.moves.sort((a, b) => a - b), truth.moves.map((m) => m.id).sort((a, b) => a - b), "the moves offered are not the legal ones");
  else assert.deepEqual(snap.moves, [], "moves offered out of turn");
  const seen = await page.evaluate((fs) => fs.map((f) => [...document.querySelectorAll(f.selector)].map((n) => n.getAttribute(f.attr))), truth.dom_facts);
  let secrets = 0;
  truth.dom_facts.forEach((f, i) => {
    assert.equal(seen[i].length, 1, `seat ${seat} v${snap.version}: ${f.selector} appears ${seen[i].length} times`);
    if (f.secret !== null) {
      assert.notEqual(seen[i][0], f.secret, `LEAK to seat ${seat} at v${snap.version}: ${f.selector} ${f.attr}=${f.secret}`);
      secrets += 1;
    }
    assert.equal(seen[i][0], f.expect, `seat ${seat} v${snap.version}: ${f.selector} ${f.attr}`);
  });
  const shown = Object.fromEntries(snap.drawn.map((d) => [d.key, d.value]));
  assert.equal(Object.keys(shown).length, snap.drawn.length, "a knowledge mark drawn twice");
  assert.deepEqual(shown, truth.marks, `seat ${seat} v${snap.version}: the knowledge marks drawn are not the seat's own`);
  return { secrets, marks: snap.drawn.length, truth };
}

// ---- one game ------------------------------------------------------------------------

async function playGame(d, base, ask, spec, seed) {
  const started = Date.now();
  const { page } = d;
  const rng = random(seed);
  spec.names = spec.seats.map((s, i) => s.name || `Computer ${i + 1}`);
  const persons = spec.seats.map((s, i) => (s.level ? null : i)).filter((i) => i !== null);
  await page.goto(`${base}${PAGE}&seed=${seed}`);      // offline: from the service worker
  await page.waitForSelector('body[data-page="setup"]', { timeout: STALL_MS });
  d.workers.length = 0;
  d.scripts.length = 0;
  const tag = `${tagOf(spec)}-${d.device}`;
  await setUp(page, spec, tag);
  const stats = { decisions: 0, handovers: 0, board: 0, button: 0, secrets: 0, marks: 0, reloaded: false };
  let w = await progress(page, { page: "setup", waiting: "", version: -1, seat: null, next: null });
  for (;;) {
    assert.ok(w.version < MAX_DECISIONS, `${spec.game}: no end after ${w.version} decisions`);
    if (w.waiting === "ready") {
      const next = Number(w.next);
      await checkHandover(page, spec, next);
      stats.handovers += 1;
      const shoot = stats.handovers <= SCREENSHOTS;
      if (shoot) await page.screenshot({ path: path.join(out, `${tag}-handover${stats.handovers}.png`) });
      await page.locator("#ready").click();
      w = await progress(page, w);
      assert.equal(w.page, "table");
      assert.equal(Number(w.seat), next, "the board shown is not the next person's");
      const c = await checkSeat(page, ask, spec, next);
      stats.secrets += c.secrets;
      stats.marks += c.marks;
      if (shoot) await page.screenshot({ path: path.join(out, `${tag}-handover${stats.handovers}-seat${next}.png`) });
      continue;
    }
    assert.equal(w.page, "table", `waiting for ${w.waiting} on the ${w.page} page`);
    const seat = Number(w.seat);
    const c = await checkSeat(page, ask, spec, seat);
    stats.secrets += c.secrets;
    stats.marks += c.marks;
    if (w.over) break;
    if (w.waiting === "pass") {
      assert.equal(persons.length > 1, true, "a handover with one person");
      await page.locator("#done").click();
    } else if (stats.decisions === RELOAD_AT && persons.length > 1 && !stats.reloaded) {
      // The page is reloaded (offline) in the middle of a game: it offers
      // to go on, and does so behind a handover to the person to move.
      stats.reloaded = true;
      await page.reload();
      await page.waitForSelector('body[data-page="setup"]', { timeout: STALL_MS });
      await page.locator("#resume").click();
      w = await progress(page, { page: "setup", waiting: "", version: -1, seat: null, next: null, over: false });
      assert.equal(w.waiting, "ready", "a reloaded game goes on without a handover");
      assert.equal(Number(w.next), seat, "the reloaded game is handed to another person");
      continue;
    } else {
      assert.equal(w.waiting, "move");
      const ids = c.truth.moves.map((m) => m.id);
      const move = ids[Math.floor(rng() * ids.length)];
      stats[await playMove(page, move)] += 1;
      stats.decisions += 1;
    }
    w = await progress(page, w);
  }
  // The end: the banner names the winners, then each other person sees
  // their own board after a handover.
  const final = await checkSeat(page, ask, spec, Number(w.seat));
  const banner = await page.locator("#turn").textContent();
  assert.match(banner, /Game over/);
  for (const p of final.truth.winners) assert.ok(banner.includes(p === Number(w.seat) ? "You" : spec.names[p]), `"${banner}" does not name the winner ${spec.names[p]}`);
  await page.screenshot({ path: path.join(out, `${tag}-end.png`) });
  for (const other of persons.filter((p) => p !== Number(w.seat))) {
    await page.locator("#done").click();
    // The screen between two boards says who won, to everyone.
    const between = await page.locator("#handover-title").textContent();
    for (const p of final.truth.winners) assert.ok(between.includes(spec.names[p]), `"${between}" does not name the winner ${spec.names[p]}`);
    await page.locator(`#handover-choices button[data-seat="${other}"]`).click();
    await page.waitForSelector(`body[data-page="table"][data-seat="${other}"]`, { timeout: STALL_MS });
    await checkSeat(page, ask, spec, other);
    assert.match(await page.locator("#turn").textContent(), /Game over/);
  }
  if (persons.length === 1) assert.equal(stats.handovers, 0, "a handover with one person at the device");
  else assert.ok(stats.handovers >= 2 && stats.reloaded, "no handovers between two people, or no reload");
  assert.equal(await page.evaluate(() => localStorage.getItem("tablegames.offline.game")), null, "a finished game is still kept");
  assert.deepEqual(d.errors, [], `${tag}: page errors`);
  // A computer seat thinks in the package's BotWorker: one Worker on the
  // package's worker.js, its script (and bot-worker.js) from the service
  // worker; people alone start none.
  const computers = spec.seats.some((s) => s.level);
  assert.deepEqual(d.workers, computers ? [WORKER] : [], `${tag}: the Workers the page started`);
  const expected = computers ? [`${PKG}bot-worker.js`, WORKER] : [];
  assert.deepEqual(d.scripts.map((s) => s.path).sort(), expected, `${tag}: the Worker scripts fetched`);
  for (const s of d.scripts) assert.ok(s.fromServiceWorker, `${tag}: ${s.path} did not come from the service worker`);
  return { ...stats, version: w.version, winners: final.truth.winners, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

async function main() {
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), "table-offline-"));
  const { child: server, base } = await startServer(path.join(work, "tables.sqlite3"));
  const referee = startHelper([path.join(repo, "examples/table/tests/offline_referee.py")]);
  const browser = await launchChromium();
  let failed = 0;
  try {
    // Online once, on each device: the service worker keeps the files.
    const devices = {};
    for (const name of ["desktop", "phone"]) devices[name] = await openDevice(browser, base, name);
    // Then the network is cut and the server stopped.
    for (const d of Object.values(devices)) await d.context.setOffline(true);
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await assert.rejects(fetch(base + PAGE), "the server still answers");
    for (const spec of GAMES.filter((g) => !ONLY || ONLY.includes(tagOf(g)))) {
      const name = `${spec.game}${spec.label ? ` ${spec.label}` : ""} (${spec.device})`;
      try {
        const r = await playGame(devices[spec.device], base, referee.ask, spec, GAMES.indexOf(spec) + 1);
        console.log(`ok ${name}: ${r.version} decisions (${r.decisions} by people: ${r.board} on the board, ${r.button} choice buttons), ${r.handovers} handovers, ${r.secrets} hidden facts and ${r.marks} knowledge marks checked, winners ${JSON.stringify(r.winners)}, ${r.seconds}s`);
      } catch (e) {
        failed += 1;
        const errors = devices[spec.device].errors.splice(0);
        const shown = await devices[spec.device].page.locator("#notice").textContent().catch(() => "");
        if (shown) errors.push(`the page says: ${shown}`);
        console.log(`FAILED ${name}: ${e.stack || e}${errors.length ? `\npage errors: ${errors.join("\n")}` : ""}`);
      }
    }
  } finally {
    await browser.close();
    referee.child.stdin.end();
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`screenshots in ${out}`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
