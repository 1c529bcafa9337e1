// A move the page sent is never lost without a word (table.js's outbox).
// The test stands between the page and the server (playwright's
// routeWebSocket) and does to Ann's first move what a network or a busy
// server may do:
// - refused while the game stays where it was (the server could not store
//   it): the page says why and offers its moves again, so she can play;
// - held by a server in debt (over_budget: the server took it and works on
//   it later): the page says so and offers nothing meanwhile;
// - the state told again while the move is on its way: still nothing on
//   offer (a second tap would only be refused as stale);
// - the connection dropped before the server took it: the page, joined
//   again, sends the same move again, and the server plays it.
// Each ends with the move played: the stored decision is the one Ann chose.
// At a table whose dice are rolled by hand (companion), what Ann enters
// that the dice showed is kept the same way: refused in place, held in
// debt, and dropped before taken.
// Screenshots: $TG_BROWSER_OUT/screens/lost-moves-{refused,held,dice-held}.png
// (a phone, where the notice must be seen above the board).
//
// Environment: as table.test.mjs (harness.mjs).
import path from "node:path";
import assert from "node:assert/strict";
import { out, runChecks, newContext, PERSON, STALL, playMove, progress, enterOutcome } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };
const shot = (page, name) => page.screenshot({ path: path.join(out, "screens", `lost-moves-${name}.png`) });

// A table of Ann and Bob: Witches' Dance, or Creepy Cauldron with its
// dice rolled by hand (companion; Ann's roll comes first), and
// Ann's page behind a WebSocket route whose handling of her moves and
// entries the test sets (route.onMove); the route forwards everything else
// both ways and records the move and entry frames.
async function annsPage(browser, base, companion = false) {
  const res = await fetch(`${base}/api/tables`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: companion ? "creepy_cauldron" : "witches_dance", seats: [PERSON("Ann"), PERSON("Bob")], companion }),
  });
  assert.equal(res.status, 201);
  const reply = await res.json();
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const route = { moves: [], lastState: null, connections: 0, onMove: null };
  await page.routeWebSocket(/\/ws\//, (ws) => {
    route.connections += 1;
    const server = ws.connectToServer();
    const link = { page: ws, server };
    ws.onMessage((data) => {
      const m = JSON.parse(String(data));
      if (m.type === "move" || m.type === "enter") {
        route.moves.push(m);
        if (route.onMove) return route.onMove(m, link);
      }
      server.send(data);
    });
    server.onMessage((data) => {
      if (JSON.parse(String(data)).type === "state") route.lastState = data;
      ws.send(data);
    });
  });
  await page.goto(base + reply.seats[0].link);
  await page.waitForSelector(companion ? "#entry:not([hidden]) button" : "body[data-turn='yours']", { timeout: STALL });
  return { table: reply.table, context, page, errors, route };
}

// Ann's first move (the first of the page's list) played on the board;
// resolves once the route has seen it.
async function playFirst(ann) {
  const before = await progress(ann.page);
  assert.equal(before.pending, "false");
  assert.ok(before.offered > 0, "Ann's turn offers nothing");
  const id = Number(await ann.page.locator("#moves button").first().getAttribute("data-move"));
  const seen = ann.route.moves.length;
  await playMove(ann.page, id);
  await waitFor(() => ann.route.moves.length > seen, "the move to be sent");
  return { id, before };
}

// Polls cond (a function of the test's own records) until it holds; the
// records change only as frames arrive, so this waits for progress and
// fails after STALL without any.
async function waitFor(cond, what) {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > STALL) throw new Error(`no progress waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Waits until the page has moved past version v or offers moves again at
// v; returns what it shows then.
async function settled(page, v) {
  await page.waitForFunction((at) => Number(document.body.dataset.version) > at
    || (document.body.dataset.pending === "false"
      && document.querySelectorAll("#board .can-move, #board .target, #actions button").length > 0),
  v, { timeout: STALL });
  return progress(page);
}

async function storedMove(ask, table, v) {
  const decisions = await ask({ cmd: "decisions", table });
  return decisions.find((d) => d.seq === v + 1);
}

async function finish(ann) {
  assert.deepEqual(ann.errors, [], "page errors");
  await ann.context.close();
}

// After what: the page is where it was, its move still on its way and
// nothing offered to play meanwhile.
async function stillOnItsWay(page, before, what) {
  const now = await progress(page);
  assert.equal(now.version, before.version, what);
  assert.equal(now.pending, "true", `${what}: the move is no longer on its way`);
  assert.equal(now.offered, 0, `${what}: something is offered while the move is on its way`);
  assert.equal(now.banner, "Your move is on its way…", `${what}: the banner`);
  return now;
}

// The held move passed on to the server at last: the page moves on, the
// stored decision is Ann's move, sent once.
async function releaseHeld(ann, held, before, id, referee) {
  held.link.server.send(JSON.stringify(held.m));
  await ann.page.waitForFunction((v) => Number(document.body.dataset.version) > v, before.version, { timeout: STALL });
  assert.equal((await storedMove(referee.ask, ann.table, before.version)).move, id);
  assert.equal(ann.route.moves.length, 1, "the page sent the move once");
  await finish(ann);
}

async function refusedInPlace({ base, browser, referee }) {
  const ann = await annsPage(browser, base);
  let held = null;
  ann.route.onMove = (m, link) => { held = { m, link }; };
  const { id, before } = await playFirst(ann);
  // Refused once the page has shown that it sent the move.
  held.link.page.send(JSON.stringify({
    type: "error", code: "unavailable", message: "the server could not store the decision; nothing changed", version: held.m.version,
  }));
  const now = await settled(ann.page, before.version);
  assert.equal(now.version, before.version);
  assert.match(now.notice, /could not store the decision/);
  assert.equal(now.offered, before.offered, "after the refusal the page offers what it offered before");
  assert.equal(now.banner, before.banner, "after the refusal the banner says the turn again");
  await shot(ann.page, "refused");
  ann.route.onMove = null;
  await playMove(ann.page, id);
  await ann.page.waitForFunction((v) => Number(document.body.dataset.version) > v, before.version, { timeout: STALL });
  assert.equal((await storedMove(referee.ask, ann.table, before.version)).move, id);
  await finish(ann);
  return `refused: "${now.notice}", ${now.offered} things to play again`;
}

// Holds Ann's next move or entry as a server in debt does: the frame is
// kept (held.m, on held.link) and the server's over_budget words go to
// the page.
function holdInDebt(ann) {
  const held = {};
  ann.route.onMove = (m, link) => {
    Object.assign(held, { m, link });
    link.page.send(JSON.stringify({ type: "error", code: "over_budget", version: m.version,
      message: "this page and the others at your address asked for much of the server's time just now; what they send waits about 2 seconds" }));
  };
  return held;
}

async function heldInDebt({ base, browser, referee }) {
  const ann = await annsPage(browser, base);
  const held = holdInDebt(ann);
  const { id, before } = await playFirst(ann);
  await ann.page.waitForSelector("#notice:not([hidden])", { timeout: STALL });
  const waiting = await stillOnItsWay(ann.page, before, "the server's words on its time");
  assert.match(waiting.notice, /waits about 2 seconds/);
  await shot(ann.page, "held");
  await releaseHeld(ann, held, before, id, referee);
  return "held: the page waited, then the move was played";
}

async function stateToldAgain({ base, browser, referee }) {
  const ann = await annsPage(browser, base);
  let held = null;
  ann.route.onMove = (m, link) => {
    held = { m, link };
    // The same state again, as the server tells it when a turn clock
    // changes: its clock line shows that the page has read it.
    link.page.send(JSON.stringify({ ...JSON.parse(String(ann.route.lastState)), clock: { seat: 0, left: 42, seconds: 60 } }));
  };
  const { id, before } = await playFirst(ann);
  await ann.page.waitForSelector("#clock:not([hidden])", { timeout: STALL });
  await stillOnItsWay(ann.page, before, "the state told again");
  await releaseHeld(ann, held, before, id, referee);
  return "told again: nothing offered until the move's answer";
}

async function droppedBeforeTaken({ base, browser, referee }) {
  const ann = await annsPage(browser, base);
  ann.route.onMove = (m, link) => {
    ann.route.onMove = null;             // the next connection passes everything
    link.page.close({ code: 1011, reason: "gone" });
    link.server.close();
  };
  const { id, before } = await playFirst(ann);
  const now = await settled(ann.page, before.version);
  assert.ok(now.version > before.version,
    `after joining again the page shows version ${now.version} and offers ${now.offered} things: the move was lost`);
  assert.equal(ann.route.connections, 2, "the page joined again once");
  assert.deepEqual(ann.route.moves.map((m) => m.move), [id, id], "the same move, sent again on the new connection");
  assert.equal((await storedMove(referee.ask, ann.table, before.version)).move, id);
  await finish(ann);
  return "dropped: sent again after joining, and played";
}

// Ann enters what the dice showed (the first answer her page offers);
// resolves once the route has seen it.
async function enterFirst(ann) {
  const before = await progress(ann.page);
  const id = Number(await ann.page.locator("#entry button[data-outcome]").first().getAttribute("data-outcome"));
  const seen = ann.route.moves.length;
  await enterOutcome(ann.page, id, "Ann's dice");
  await waitFor(() => ann.route.moves.length > seen, "the entry to be sent");
  return { id, before };
}

// Each answer's button: whether it takes taps, and whether it is marked
// as the one sent.
const entryButtons = (page) => page.evaluate(() =>
  [...document.querySelectorAll("#entry button")].map((b) => ({
    id: Number(b.dataset.outcome), disabled: b.disabled, sent: b.classList.contains("sent") })));

async function diceRefusedInPlace({ base, browser, referee }) {
  const ann = await annsPage(browser, base, true);
  let held = null;
  ann.route.onMove = (m, link) => { held = { m, link }; };
  const { id, before } = await enterFirst(ann);
  held.link.page.send(JSON.stringify({
    type: "error", code: "unavailable", message: "the server could not store the decision; nothing changed", version: held.m.version,
  }));
  await ann.page.waitForFunction(() => document.body.dataset.pending === "false", null, { timeout: STALL });
  const now = await progress(ann.page);
  assert.equal(now.version, before.version);
  assert.match(now.notice, /could not store the decision/);
  const buttons = await entryButtons(ann.page);
  assert.ok(buttons.every((b) => !b.disabled && !b.sent), `after the refusal: ${JSON.stringify(buttons)}`);
  ann.route.onMove = null;
  await enterOutcome(ann.page, id, "Ann's dice again");
  await ann.page.waitForFunction((v) => Number(document.body.dataset.version) > v, before.version, { timeout: STALL });
  assert.equal((await storedMove(referee.ask, ann.table, before.version)).move, id);
  await finish(ann);
  return "dice refused: every answer offered again, and the one entered again stored";
}

async function diceHeldInDebt({ base, browser, referee }) {
  const ann = await annsPage(browser, base, true);
  const held = holdInDebt(ann);
  const { id, before } = await enterFirst(ann);
  assert.equal(held.m.type, "enter");
  await ann.page.waitForSelector("#notice:not([hidden])", { timeout: STALL });
  const now = await progress(ann.page);
  assert.equal(now.version, before.version);
  assert.equal(now.pending, "true", "the answer is no longer on its way");
  assert.match(now.notice, /waits about 2 seconds/);
  const label = await ann.page.locator(`#entry button[data-outcome="${id}"]`).textContent();
  assert.equal(now.banner, `Your answer “${label}” is on its way…`);
  const buttons = await entryButtons(ann.page);
  assert.ok(buttons.length > 1 && buttons.every((b) => b.disabled),
    `an answer takes a tap while one is on its way: ${JSON.stringify(buttons)}`);
  assert.deepEqual(buttons.filter((b) => b.sent).map((b) => b.id), [id], "the answer sent is the one marked");
  await shot(ann.page, "dice-held");
  held.link.server.send(JSON.stringify(held.m));
  await ann.page.waitForFunction((v) => Number(document.body.dataset.version) > v, before.version, { timeout: STALL });
  assert.equal((await storedMove(referee.ask, ann.table, before.version)).move, id);
  assert.equal(ann.route.moves.length, 1, "the page sent the answer once");
  await finish(ann);
  return "dice held: the answer waited, its buttons off, then was stored";
}

async function diceDroppedBeforeTaken({ base, browser, referee }) {
  const ann = await annsPage(browser, base, true);
  ann.route.onMove = (m, link) => {
    ann.route.onMove = null;
    link.page.close({ code: 1011, reason: "gone" });
    link.server.close();
  };
  const { id, before } = await enterFirst(ann);
  // On: the page moved past the question, or it offers its answers again.
  await ann.page.waitForFunction((v) => Number(document.body.dataset.version) > v
    || (document.body.dataset.pending === "false"
      && [...document.querySelectorAll("#entry button")].some((b) => !b.disabled)), before.version, { timeout: STALL });
  const now = await progress(ann.page);
  assert.ok(now.version > before.version, `after joining again the page asks for the dice again: the answer was lost (${now.banner})`);
  assert.equal(ann.route.connections, 2, "the page joined again once");
  assert.deepEqual(ann.route.moves.map((m) => [m.type, m.move]), [["enter", id], ["enter", id]],
    "the same answer, sent again on the new connection");
  assert.equal((await storedMove(referee.ask, ann.table, before.version)).move, id);
  await finish(ann);
  return "dice dropped: the answer sent again after joining, and stored";
}

runChecks([
  ["lost moves: refused in place", refusedInPlace],
  ["lost moves: held in debt", heldInDebt],
  ["lost moves: state told again", stateToldAgain],
  ["lost moves: dropped before taken", droppedBeforeTaken],
  ["lost moves: dice refused in place", diceRefusedInPlace],
  ["lost moves: dice held in debt", diceHeldInDebt],
  ["lost moves: dice dropped before taken", diceDroppedBeforeTaken],
]);
