// The client layer's example page (bindings/js/examples/client/) in
// Debian's chromium: people share one device with a computer seat that
// thinks in the package's module Worker, and play whole games to the end.
// Whenever a seat's view is on the page, the board and moves there are
// what that seat's rules allow: the same for the true state and for
// states re-drawn in everything the seat cannot know (State.resample()),
// and a pass-the-device cover hides every trace of the last seat. Undo:
// taken back on the cover and re-played with the same dice ('own-turn',
// re-rolls forbidden), refused once another person has moved, absent
// with 'never'. Screenshots (desktop and phone) go to TG_BROWSER_OUT.
// Needs the built package (bindings/js/build.sh) and `npm ci` here.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { STALL, launchChromium, newContext, out } from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, "../../bindings/js");
const types = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

// The package's folder, as `npx http-server bindings/js` would serve it.
const server = createServer((req, res) => {
  const file = path.join(pkg, path.normalize(new URL(req.url, "http://localhost").pathname));
  if (!file.startsWith(pkg + path.sep)) return res.writeHead(403).end();
  let body;
  try {
    body = readFileSync(file);
  } catch {
    return res.writeHead(404).end();
  }
  res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(body);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}/examples/client/index.html`;
mkdirSync(out, { recursive: true });

// A seeded choice of moves, so a failure replays.
function rng(seed) {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

// What the page shows, read in one go (the page cannot change in between).
function readPage() {
  const d = document.body.dataset;
  return {
    cover: d.cover ?? null, seat: d.seat ?? null, version: d.version ?? null, over: d.over === "true",
    moves: document.querySelectorAll("#moves button").length,
    undoShown: !document.querySelector("button#undo").hidden,
    canUndo: !document.querySelector("button#undo").disabled && !document.querySelector("button#undo").hidden,
    coverUndo: !document.getElementById("cover-undo").hidden,
  };
}
const snapshot = (page) => page.evaluate(readPage);
const waitForChange = (page, before) => page.waitForFunction((b) => {
  const d = document.body.dataset;
  return (d.cover ?? null) !== b.cover || (d.seat ?? null) !== b.seat || (d.version ?? null) !== b.version
    || (d.over === "true") !== b.over || document.querySelectorAll("#moves button").length !== b.moves;
}, before, { timeout: STALL });

// The shown seat's board and moves against the true state and two states
// re-drawn in what the seat cannot know; null while the page's view lags
// the master by a message. Returns how many re-draws changed a hidden fact.
const checkSeatView = (page) => page.evaluate(async (read) => {
  const { State, OMNISCIENT } = await import("/index.js");
  const snap = (0, eval)(`(${read})`)(); // readPage, in the same turn as the checks
  const { master } = globalThis.tablegamesExample;
  const d = document.body.dataset;
  if (d.cover !== undefined || Number(d.version) !== master.version) return null;
  const seat = Number(d.seat);
  const board = document.getElementById("board").textContent;
  const moves = [...document.querySelectorAll("#moves button")].map((b) => b.textContent);
  const truth = State.load(master.save());
  const copies = [truth.clone(), truth.clone()];
  copies.forEach((copy) => copy.resample(seat));
  const omniscient = JSON.stringify(truth.observation(OMNISCIENT));
  const problems = [];
  let differs = 0;
  for (const state of [truth, ...copies]) {
    if (board !== state.toText(seat)) problems.push("the board is not the seat's drawing for every re-draw");
    const legal = state.currentPlayer === seat ? state.legalMoves().map((m) => m.text) : [];
    if (JSON.stringify(moves) !== JSON.stringify(legal)) problems.push("the moves are not the seat's for every re-draw");
    if (state !== truth && JSON.stringify(state.observation(OMNISCIENT)) !== omniscient) differs++;
  }
  // No other seat's drawing, where it differs from this seat's, is anywhere in the page.
  for (let other = 0; other < truth.players; other++) {
    const drawing = truth.toText(other);
    if (drawing !== board && document.body.textContent.includes(drawing)) problems.push(`seat ${other}'s drawing is in the page`);
  }
  [truth, ...copies].forEach((state) => state.free());
  return { seat, differs, problems, snap };
}, readPage.toString());

// The cover hides the last seat: no board, moves or log in the page.
const checkCover = (page) => page.evaluate(() => ["board", "moves", "log"]
  .filter((id) => document.getElementById(id).textContent !== ""));

// The true state's public-and-hidden facts, for the dice check.
const omniscient = (page) => page.evaluate(async () => {
  const { State, OMNISCIENT } = await import("/index.js");
  const state = State.load(globalThis.tablegamesExample.master.save());
  try {
    return JSON.stringify(state.observation(OMNISCIENT));
  } finally {
    state.free();
  }
});

let lastMove = null; // the id of the move the test clicked last
async function clickMove(page, choose) {
  const buttons = await page.$$("#moves button");
  const button = buttons[Math.floor(choose() * buttons.length)];
  lastMove = await button.getAttribute("data-move");
  await button.click();
}

/**
 * Plays the page's game to its end: on a cover, the next person asks for
 * their view; on a seat's view, a random move (or wait while the computer
 * thinks). onCover(page, snap) may act first and return true to go on.
 * Returns { seen, differs, covers }.
 */
async function playToEnd(page, choose, { onCover = null, onView = null } = {}) {
  const stats = { seen: 0, differs: 0, covers: 0 };
  for (;;) {
    const snap = await snapshot(page);
    if (snap.cover !== null) {
      assert.deepEqual(await checkCover(page), [], "the cover left the last seat's view in the page");
      stats.covers++;
      if (!(onCover && await onCover(snap))) await page.click("#cover-show");
      await waitForChange(page, snap);
      continue;
    }
    const check = await checkSeatView(page);
    if (check) {
      const snap = check.snap;
      assert.deepEqual(check.problems, [], `seat ${check.seat} at version ${snap.version}`);
      stats.seen++;
      stats.differs += check.differs;
      if (snap.over) return stats;
      const acted = onView && await onView(snap);
      if (!acted && snap.moves > 0) await clickMove(page, choose);
      await waitForChange(page, snap);
      continue;
    }
    await waitForChange(page, snap);
  }
}

async function openGame(browser, viewport, query) {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto(`${base}?${query}`);
  await page.waitForFunction(() => document.body.dataset.ready === "true", null, { timeout: STALL });
  // One element per id: the page finds its controls by id (a setup
  // select named "undo" once hid the Undo button from the app).
  const ids = await page.evaluate(() => [...document.querySelectorAll("[id]")].map((e) => e.id));
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), [], "ids used twice");
  await page.click("#start");
  return { context, page, errors };
}

const browser = await launchChromium();
try {
  // Desktop: Bewitched, two people and a computer seat, undo of one's own
  // move with the dice kept.
  {
    const { context, page, errors } = await openGame(browser, { width: 1280, height: 800 },
      "game=bewitched&players=3&seats=person,person,easy&undo=own-turn&rerolls=forbid&seed=4");
    const choose = rng(7);
    let undone = false;
    let lastMover = null;
    const movers = new Set();
    let refused = 0;
    let undoneInView = false;
    const stats = await playToEnd(page, choose, {
      // The first cover after a roll: the last person takes the move back,
      // plays the same move again, and the dice come out the same.
      async onCover(snap) {
        if (undone || !snap.coverUndo) return false;
        const version = Number(snap.version);
        const before = await omniscient(page);
        await page.click("#cover-undo");
        // An undo is a change too: the version goes on counting up.
        await page.waitForFunction((v) => document.body.dataset.cover === undefined && Number(document.body.dataset.version) > v
          && document.querySelectorAll("#moves button").length > 0, version, { timeout: STALL });
        assert.equal((await snapshot(page)).seat, String(lastMover), "the undo showed another seat");
        assert.ok(await page.$("#log li.undo"), "the log does not say a move was taken back");
        // The same move again: the roll after it comes out as before, and
        // the device is passed to the same next person.
        await page.click(`#moves button[data-move="${lastMove}"]`);
        await page.waitForFunction((b) => document.body.dataset.cover === b, snap.cover, { timeout: STALL });
        assert.equal(await omniscient(page), before, "an undone roll came out differently (re-rolls are forbidden)");
        undone = true;
        return true;
      },
      // 'own-turn': a person may take back their last move until another
      // person moves; the page's Undo says so.
      async onView(snap) {
        const seat = Number(snap.seat);
        assert.equal(snap.undoShown, true, "no Undo button with undo 'own-turn'");
        if (snap.moves === 0) return false;
        if (movers.has(seat) && lastMover !== seat) {
          assert.equal(snap.canUndo, false, `seat ${seat} may undo after another person moved`);
          refused++;
        } else if (lastMover === seat) {
          assert.equal(snap.canUndo, true, `seat ${seat} may not undo its own last move: ${JSON.stringify(snap)}`);
          // Once, the page's Undo: the move is taken back, Redo offered.
          if (!undoneInView) {
            undoneInView = true;
            await page.click("#undo");
            await page.waitForFunction((v) => Number(document.body.dataset.version) > v
              && !document.getElementById("redo").disabled, Number(snap.version), { timeout: STALL });
            assert.ok(await page.$("#log li.undo"), "the log does not say a move was taken back");
            // Who moved last is known again from the next moves on.
            movers.clear();
            lastMover = null;
            return true;
          }
        }
        movers.add(seat);
        lastMover = seat;
        return false;
      },
    });
    assert.ok(undone, "no undo was tried");
    assert.ok(refused > 0, "no seat saw its undo refused");
    assert.ok(undoneInView, "the page's Undo was never tried");
    assert.ok(stats.differs > 0, "the re-draws never changed a hidden fact: the check proved nothing");
    await page.screenshot({ path: path.join(out, "client-example-desktop.png") });
    assert.deepEqual(errors, []);
    console.log(`desktop: Bewitched to the end; ${stats.seen} seat views checked against re-draws (${stats.differs} changed hidden facts), ${stats.covers} covers`);
    await context.close();
  }
  // Phone: Spinning Wishes, two people and a computer seat, no undo.
  {
    const { context, page, errors } = await openGame(browser, { width: 390, height: 844 },
      "game=spinning_wishes&players=3&seats=person,easy,person&undo=never&seed=9");
    let shot = false;
    let coverShot = false;
    const stats = await playToEnd(page, rng(3), {
      async onCover(snap) {
        assert.equal(snap.coverUndo, false, "undo offered with undo 'never'");
        if (!coverShot && snap.version !== null) {
          await page.screenshot({ path: path.join(out, "client-example-phone-cover.png") });
          coverShot = true;
        }
        return false;
      },
      async onView(snap) {
        assert.equal(snap.canUndo, false, "undo offered with undo 'never'");
        assert.equal(snap.undoShown, false, "an Undo button with undo 'never'");
        if (!shot && snap.moves > 0) {
          await page.screenshot({ path: path.join(out, "client-example-phone.png"), fullPage: true });
          shot = true;
        }
        return false;
      },
    });
    assert.ok(stats.differs > 0, "the re-draws never changed a hidden fact: the check proved nothing");
    assert.deepEqual(errors, []);
    console.log(`phone: Spinning Wishes to the end; ${stats.seen} seat views checked (${stats.differs} changed hidden facts), ${stats.covers} covers`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
