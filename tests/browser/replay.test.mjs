// The replay after the end, on a 390 x 844 phone, in each of the four
// games (issue 30): Ann plays a whole game against an easy computer by
// tapping the board (an easy bot's suggestions, from the referee). Before
// the end the Replay box stays hidden. After it, Ann steps to the end, to
// the start and a few steps on: each step's board must show the
// omniscient view of that step (every hat's colour, book's page, snake,
// magnet and present: the referee's dom_facts and knowledge marks for
// the omniscient viewer), the step line must say that everything is
// shown, and "Back to the end" must put Ann's own view back. The board
// module must draw the omniscient JSON without a page error. Screenshots:
// $TG_BROWSER_OUT/screens/replay-<game>-end.png (the page) and
// replay-<game>-board.png (the whole board at the last step).
//
// Environment: as table.test.mjs (harness.mjs); TG_BROWSER_GAMES=a,b
// plays only those games.
import path from "node:path";
import assert from "node:assert/strict";
import { out, runChecks, PERSON, STALL, openSeat, waitVersion, playMove, waitAnswered } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };
const PHONE_OPTIONS = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const OMNISCIENT = -1;   // the library's TG_VIEW_OMNISCIENT
const MAX_DECISIONS = Number(process.env.TG_BROWSER_MAX_DECISIONS || 3000);
const GAMES = [
  { game: "witches_dance", options: { witches: 1 } },
  { game: "bewitched", options: {} },
  { game: "creepy_cauldron", options: {} },
  { game: "spinning_wishes", options: {} },
];
const ONLY = process.env.TG_BROWSER_GAMES ? process.env.TG_BROWSER_GAMES.split(",") : null;

// The board's hidden facts and knowledge marks are the viewer's at
// version v (OMNISCIENT while replaying, Ann's own after leaving it).
async function checkBoard(page, table, ask, viewer, v, what) {
  const facts = await ask({ cmd: "dom_facts", table, seat: viewer, version: v });
  const seen = await page.evaluate((fs) => fs.map((f) => [...document.querySelectorAll(f.selector)].map((n) => n.getAttribute(f.attr))), facts);
  facts.forEach((f, i) => {
    assert.equal(seen[i].length, 1, `${what}: ${f.selector} appears ${seen[i].length} times`);
    assert.equal(seen[i][0], f.expect, `${what}: ${f.selector} ${f.attr}`);
  });
  const drawn = await page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll("#board [data-known]")].map((n) => [n.dataset.known, n.dataset.value])));
  assert.deepEqual(drawn, await ask({ cmd: "marks", table, viewer, version: v }), `${what}: knowledge marks`);
  return facts.length;
}

// Plays Ann's moves until the game is over; the Replay box stays hidden.
async function playToTheEnd(p, table, ask) {
  for (;;) {
    const truth = await ask({ cmd: "views", table });
    await waitVersion(p, truth.version);
    if (truth.terminal) return truth.version;
    // Read the page's version and the box together: the computer may
    // have ended the game since `truth` was asked, and then the box is
    // rightly shown at the page's newer version.
    const seen = await p.page.evaluate(() => ({
      version: Number(document.body.dataset.version), hidden: document.getElementById("replay").hidden }));
    if (!seen.hidden) {
      const now = await ask({ cmd: "views", table });
      assert.ok(now.terminal && now.version === seen.version, `v${seen.version}: the replay shows before the end`);
      return seen.version;
    }
    assert.ok(truth.version < MAX_DECISIONS, `no end after ${truth.version} decisions`);
    const before = truth.version;
    if (truth.current_player === 0) {
      const { move } = await ask({ cmd: "suggest", table, seat: 0 });
      await playMove(p.page, move);
      await waitAnswered(p.page, before, `v${before}: Ann's move ${move}`);
    } else {
      await p.page.waitForFunction((v) => Number(document.body.dataset.version) > v, before, { timeout: STALL });
    }
  }
}

async function showsStep(page, step, steps) {
  await page.waitForFunction((want) => document.querySelector(".replay-step")?.textContent === want,
    `Step ${step} of ${steps} · everything shown`, { timeout: STALL });
}

async function replayGame(browser, base, ask, spec) {
  const res = await fetch(`${base}/api/tables`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: spec.game, seats: [PERSON("Ann"), { kind: "bot", level: "easy" }], options: spec.options }),
  });
  const reply = await res.json();
  assert.equal(res.status, 201, JSON.stringify(reply));
  const table = reply.table;
  const keys = reply.seats.map((s) => new URLSearchParams(s.link.split("#")[1]).get("key"));
  const p = await openSeat(browser, base, reply.seats[0].link, 0, keys, PHONE, PHONE_OPTIONS);
  const steps = await playToTheEnd(p, table, ask);
  const page = p.page;
  const shot = (name) => page.screenshot({ path: path.join(out, "screens", `replay-${spec.game}-${name}.png`), fullPage: true });
  assert.deepEqual(p.errors, [], "page errors during the game");
  await page.locator("#replay").waitFor({ state: "visible", timeout: STALL });
  let facts = 0;
  await page.locator('[data-replay="last"]').click();
  await showsStep(page, steps, steps);
  facts += await checkBoard(page, table, ask, OMNISCIENT, steps, `replay step ${steps}`);
  await shot("end");
  // The whole board too, hats, books and presents in view.
  const zoom = page.locator("#zoom:not([hidden])");
  if (await zoom.count()) await zoom.click();
  await page.locator("#board svg").screenshot({ path: path.join(out, "screens", `replay-${spec.game}-board.png`) });
  await page.locator('[data-replay="first"]').click();
  await showsStep(page, 0, steps);
  facts += await checkBoard(page, table, ask, OMNISCIENT, 0, "replay step 0");
  for (let step = 1; step <= Math.min(3, steps); step++) {
    await page.locator('[data-replay="next"]').click();
    await showsStep(page, step, steps);
    facts += await checkBoard(page, table, ask, OMNISCIENT, step, `replay step ${step}`);
  }
  await page.locator(".replay-leave").click();
  await page.waitForFunction(() => document.querySelector(".replay-step")?.textContent.startsWith("Step through"), null, { timeout: STALL });
  facts += await checkBoard(page, table, ask, 0, steps, "back to the end (Ann's own view)");
  assert.deepEqual(p.errors, [], "page errors");
  await p.context.close();
  return `${steps} steps, ${facts} hidden facts compared`;
}

runChecks(GAMES.filter((g) => !ONLY || ONLY.includes(g.game)).map((spec) => [
  `replay ${spec.game}`, ({ base, referee, browser }) => replayGame(browser, base, referee.ask, spec),
]));
