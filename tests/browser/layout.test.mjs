// The board on a phone (390 x 844) and a tablet (820 x 1180), both touch
// screens, for a seat and for a spectator of each title (issue 36):
//  - at rest the whole board shows, fitted to the page's width, inside
//    the window, and no text under 12 px shows (board_checks.mjs);
//  - a tap where nothing may be played zooms in there, where every tap
//    target is at least 44 px and every text at least 12 px;
//  - zoomed, the view stays on the same place of the board while the
//    game goes on (the board drawn again, at another size if need be):
//    it never drifts;
//  - "Show the whole board" goes back to rest.
// Screenshots: $TG_BROWSER_OUT/screens/layout-{phone,tablet}-GAME.png (at
// rest, mid-game) and layout-phone-GAME-zoomed.png; docs/images keeps
// copies (one pixel per CSS pixel).
//
// Environment: as table.test.mjs (harness.mjs); TG_BROWSER_GAMES=a,b.
import assert from "node:assert/strict";
import path from "node:path";
import { out, runChecks, PERSON, PUBLIC, STALL, newContext, openSeat, waitVersion, playMove, waitAnswered } from "./harness.mjs";
import { checkRest, checkZoomed, zoomIn, toRest, centreOf, MIN_TARGET } from "./board_checks.mjs";

// The page's own controls a finger taps: the "Tables" link (once 19 px
// tall), the marks' and the lobby's check boxes (once 13 px) with their
// words, each at least MIN_TARGET px both ways where it shows.
const CONTROLS = ".bar a.home, label.marks-switch, label.check";
async function checkControls(page, who) {
  const small = await page.evaluate((args) => [...document.querySelectorAll(args.sel)]
    .map((e) => ({ e, r: e.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 0 && r.height > 0)
    .filter(({ r }) => r.width < args.min || r.height < args.min)
    .map(({ e, r }) => `${e.className} ${Math.round(r.width)}x${Math.round(r.height)}`), { sel: CONTROLS, min: MIN_TARGET });
  assert.deepEqual(small, [], `${who}: controls under ${MIN_TARGET}px`);
}

const TOUCH = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DEVICES = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 } };
const GAMES = [
  { game: "witches_dance", options: { witches: 1 } },
  { game: "bewitched", options: {} },
  { game: "creepy_cauldron", options: {} },
  { game: "spinning_wishes", options: { princesses: "seat" } },
];
const ONLY = process.env.TG_BROWSER_GAMES ? process.env.TG_BROWSER_GAMES.split(",") : null;
const PLAYED = 8;        // decisions played before the pictures, so that pieces are out
const DRIFT = 0.01;      // of the board's size: how far the view may move when it is redrawn
const screens = path.join(out, "screens");

// Plays `count` decisions: the easy computer's choice of the person to
// move, on the board of that person's page. Resolves at the version
// reached, never at a die the server has still to draw: the draw would
// redraw the boards while they are measured and tapped (a tap aimed at an
// empty place could then land by a piece that has just become playable).
async function play(pages, ask, table, count) {
  let truth = await ask({ cmd: "views", table });
  for (let n = 0; (n < count || truth.current_player < 0) && !truth.terminal; n++) {
    for (const p of pages) await waitVersion(p, truth.version);
    if (truth.current_player < 0) {
      await pages[0].page.waitForFunction((v) => Number(document.body.dataset.version) > v, truth.version, { timeout: STALL });
    } else {
      const p = pages.find((x) => x.seat === truth.current_player);
      const { move } = await ask({ cmd: "suggest", table, seat: p.seat });
      await playMove(p.page, move);
      await waitAnswered(p.page, truth.version, `v${truth.version}: seat ${p.seat}'s move ${move}`);
    }
    truth = await ask({ cmd: "views", table });
  }
  return truth;
}

async function layout(browser, base, ask, spec) {
  const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: spec.game, seats: [PERSON("Ann"), PERSON("Bob")], options: spec.options }) });
  const reply = await res.json();
  assert.equal(res.status, 201, JSON.stringify(reply));
  const table = reply.table;
  // Ann on a phone, Bob on a tablet; a spectator on each.
  const ann = await openSeat(browser, base, reply.seats[0].link, 0, [], DEVICES.phone, TOUCH);
  const bob = await openSeat(browser, base, reply.seats[1].link, 1, [], DEVICES.tablet, TOUCH);
  const watchers = {
    phone: await openSeat(browser, base, reply.spectator_link, PUBLIC, [], DEVICES.phone, TOUCH),
    tablet: await openSeat(browser, base, reply.spectator_link, PUBLIC, [], DEVICES.tablet, TOUCH),
  };
  const all = [ann, bob, watchers.phone, watchers.tablet];
  let truth = await play([ann, bob], ask, table, PLAYED);
  for (const p of all) await waitVersion(p, truth.version);
  const said = [];
  for (const [device, p] of [["phone", ann], ["tablet", bob], ["phone", watchers.phone], ["tablet", watchers.tablet]]) {
    const who = `${spec.game} ${device} ${p.seat === PUBLIC ? "spectator" : `seat ${p.seat}`}`;
    const rest = await checkRest(p.page, who);
    await checkControls(p.page, who);
    const top = () => p.page.evaluate(() => window.scrollTo(0, 0));
    if (p.seat !== PUBLIC) {
      await top();
      await p.page.screenshot({ path: path.join(screens, `layout-${device}-${spec.game}.png`), scale: "css" });
    }
    await zoomIn(p.page, who);
    await checkZoomed(p.page, who);
    if (p === ann) {
      await top();
      await p.page.screenshot({ path: path.join(screens, `layout-phone-${spec.game}-zoomed.png`), scale: "css" });
    }
    said.push(`${device} ${Math.round(rest.board.width)}px`);
  }
  // Zoomed, the spectators' views stay put while the game goes on (the
  // board drawn again and again, at another size when the pieces ask).
  const spectators = [watchers.phone, watchers.tablet];
  const before = await Promise.all(spectators.map((p) => centreOf(p.page)));
  const reached = await play([ann, bob], ask, table, 6);
  for (const p of spectators) await waitVersion(p, reached.version);
  const after = await Promise.all(spectators.map((p) => centreOf(p.page)));
  before.forEach((b, i) => {
    const a = after[i];
    assert.ok(Math.abs(a.x - b.x) <= DRIFT && Math.abs(a.y - b.y) <= DRIFT,
      `${spec.game}: a spectator's view drifted from ${JSON.stringify(b)} to ${JSON.stringify(a)}`);
  });
  const moved = reached.version - truth.version;
  if (await ann.page.evaluate(() => document.getElementById("board").classList.contains("zoomed"))) await toRest(ann.page);
  await checkRest(ann.page, `${spec.game} phone seat 0, back at rest`);
  for (const p of all) {
    assert.deepEqual(p.errors, [], `${spec.game} ${p.seat}: page errors`);
    await p.context.close();
  }
  return `at rest ${said.join(", ")}; ${moved} decisions while zoomed, no drift`;
}

// The lobby on a phone and a tablet: its "Tables" link and check boxes.
async function lobby(browser, base) {
  const said = [];
  for (const [device, viewport] of Object.entries(DEVICES)) {
    const context = await newContext(browser, { viewport, ...TOUCH });
    const page = await context.newPage();
    await page.goto(base + "/");
    await page.locator('.game-card[data-game="bewitched"]').click();
    await page.locator("label.check").first().waitFor();
    await checkControls(page, `lobby ${device}`);
    said.push(`${device} ${await page.locator(CONTROLS).count()} controls`);
    await context.close();
  }
  return said.join(", ");
}

runChecks([["lobby controls", ({ browser, base }) => lobby(browser, base)]].concat(
  GAMES.filter((g) => !ONLY || ONLY.includes(g.game)).map((spec) => [`layout ${spec.game}`,
    ({ browser, base, referee }) => layout(browser, base, referee.ask, spec)]))).catch((e) => {
  console.error(e);
  process.exit(1);
});
