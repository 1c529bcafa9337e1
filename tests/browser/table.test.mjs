// The browser table in a real browser: Debian's chromium, driven by
// playwright-core (which never downloads a browser of its own).
//
// For each of the four games, people in separate browser contexts play a
// whole game by clicking on the board (a piece, then its destination; the
// choices and dice entry where a move has no place on the board). The
// moves are an easy bot's suggestions, asked from the referee, which
// replays the server's store: the bot is fair, and the clicks are real.
// After every decision each page is checked: every WebSocket frame it
// received must be exactly its seat's view (observation, events, legal
// moves), no frame may carry any seat's key, and the board's hidden-fact
// attributes (hat colours, pages, snakes, magnets, presents) must say what
// the seat knows and never the truth it may not know, and the knowledge
// marks drawn (knowledge.js) must be exactly those of the seat's own
// observation. A spectator page watches each game too, checked the same
// way against the public view, and must show none of what a seat alone
// knows. Screenshots of each board at the start and the end go to
// $TG_BROWSER_OUT/screens.
//
// Environment: TG_BROWSER_OUT (artefacts), PYTHONPATH and
// TABLEGAMES_LIBRARY for the server (scripts/test.sh sets them).
import path from "node:path";
import assert from "node:assert/strict";
import { out, runChecks, PERSON, PUBLIC, STALL, newContext, openSeat, waitVersion, playMove, waitAnswered, enterOutcome } from "./harness.mjs";

const MAX_DECISIONS = Number(process.env.TG_BROWSER_MAX_DECISIONS || 3000);
const GAMES = [
  { game: "witches_dance", seats: [PERSON("Ann"), PERSON("Bob")], options: { witches: 1 } },
  { game: "bewitched", seats: [PERSON("Ann"), { kind: "bot", level: "easy" }], options: {} },
  { game: "creepy_cauldron", seats: [PERSON("Ann"), PERSON("Bob")], options: {}, companion: true },
  { game: "spinning_wishes", seats: [PERSON("Ann"), PERSON("Bob")], options: {} },
];
// The decision after which the middle screenshots are taken (Bewitched:
// a person's decisions against the computer, at times fewer than 20).
const MIDDLE = { witches_dance: 40, bewitched: 12, creepy_cauldron: 60, spinning_wishes: 30 };
const ONLY = process.env.TG_BROWSER_GAMES ? process.env.TG_BROWSER_GAMES.split(",") : null;

// ---- one person's page ----------------------------------------------------

// Every frame since the last check must be this seat's own view, and no
// frame may carry any seat's key.
async function checkFrames(p, table, ask) {
  const frames = p.frames.splice(0);
  for (const raw of frames) {
    for (const key of p.keys) assert.ok(!raw.includes(key), `a frame to seat ${p.seat} carries a seat key`);
    const msg = JSON.parse(raw);
    assert.ok(["welcome", "state", "thinking", "error", "pong"].includes(msg.type), `unexpected frame ${msg.type}`);
    if (msg.type === "state") {
      const problems = await ask({ cmd: "problems", table, seat: p.seat, msg });
      assert.deepEqual(problems, [], `seat ${p.seat}, version ${msg.version}`);
    } else if (msg.type === "welcome") {
      assert.deepEqual(await ask({ cmd: "welcome_problems", table, seat: p.seat, msg }), []);
    } else if (msg.type === "error") {
      throw new Error(`seat ${p.seat} was refused: ${msg.code}: ${msg.message}`);
    }
  }
  return frames.length;
}

// The board's hidden facts as the page shows them, against what the seat
// may know; the page's whole text must not hold any seat's key either.
async function checkDom(p, table, ask) {
  // The facts to look for depend on the version, and a computer seat may
  // move while they are asked for: the version, the page, the marks and
  // the facts' attributes are read in one evaluation, and judged against
  // the truth at the version read there. When the page has moved on
  // since the facts were asked, they are asked again for its new version
  // (each round means the game moved, so this ends with the game).
  let v = await p.page.evaluate(() => Number(document.body.dataset.version));
  let facts, page;
  for (;;) {
    facts = await ask({ cmd: "dom_facts", table, seat: p.seat, version: v });
    page = await p.page.evaluate((fs) => ({
      v: Number(document.body.dataset.version),
      html: document.documentElement.outerHTML,
      drawn: [...document.querySelectorAll("#board [data-known]")].map((n) => ({
        key: n.dataset.known, value: n.dataset.value, label: n.querySelector(":scope > title")?.textContent || "",
      })),
      seen: fs.map((f) => [...document.querySelectorAll(f.selector)].map((n) => n.getAttribute(f.attr))),
    }), facts);
    if (page.v === v) break;
    v = page.v;
  }
  const { html, drawn, seen } = page;
  for (const key of p.keys) assert.ok(!html.includes(key), `seat ${p.seat}'s page shows a seat key`);
  facts.forEach((f, i) => {
    assert.equal(seen[i].length, 1, `seat ${p.seat} v${v}: ${f.selector} appears ${seen[i].length} times`);
    if (f.secret !== null) assert.notEqual(seen[i][0], f.secret, `LEAK to seat ${p.seat} at v${v}: ${f.selector} ${f.attr}=${f.secret}`);
    assert.equal(seen[i][0], f.expect, `seat ${p.seat} v${v}: ${f.selector} ${f.attr}`);
  });
  return { secrets: facts.filter((f) => f.secret !== null).length, marks: await checkMarks(p, table, ask, v, drawn) };
}

// The knowledge marks drawn (knowledge.js: data-known, data-value) must be
// exactly those of the viewer's own observation: none missing, none more.
// A spectator's page must show none of what a seat alone knows. Returns
// how many marks it compared plus how many private facts it found absent.
async function checkMarks(p, table, ask, v, drawn) {
  const shown = {};
  for (const d of drawn) {
    assert.ok(!(d.key in shown), `viewer ${p.seat} v${v}: mark ${d.key} drawn twice`);
    assert.ok(d.label.length > 0, `viewer ${p.seat} v${v}: mark ${d.key} has no title`);
    shown[d.key] = d.value;
  }
  const expected = await ask({ cmd: "marks", table, viewer: p.seat, version: v });
  let absent = 0;
  if (p.seat === PUBLIC) {
    for (let s = 0; s < p.players; s++) {
      const theirs = await ask({ cmd: "marks", table, viewer: s, version: v });
      for (const [key, value] of Object.entries(theirs)) {
        if (expected[key] === value) continue;     // the whole table knows it
        assert.notEqual(shown[key], value, `LEAK to the spectator at v${v}: seat ${s}'s ${key}=${value}`);
        absent += 1;
      }
    }
  }
  assert.deepEqual(shown, expected, `viewer ${p.seat} v${v}: the knowledge marks drawn are not the observation's`);
  return Object.keys(expected).length + absent;
}

// "Show the marks" off hides every mark (playing from memory), on shows
// them again; the marks stay in the page, where checkDom still finds them.
// The marks are counted and measured in one evaluation: a computer seat
// may move between two reads and change how many marks there are.
async function marksSwitchCheck(page) {
  const marks = () => page.evaluate(() => {
    const all = [...document.querySelectorAll("#board .known")];
    return { all: all.length, visible: all.filter((m) => m.getBoundingClientRect().width > 0).length };
  });
  let m = await marks();
  if (!m.all) return;
  assert.equal(m.visible, m.all, "marks hidden with the switch on");
  await page.locator("#show-marks").uncheck();
  m = await marks();
  assert.equal(m.visible, 0, `${m.all} marks, ${m.visible} still shown with the switch off`);
  await page.locator("#show-marks").check();
  m = await marks();
  assert.equal(m.visible, m.all, "marks not shown again");
}

// ---- one game ------------------------------------------------------------------

async function playGame(browser, base, ask, spec) {
  const started = Date.now();
  const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(spec) });
  const reply = await res.json();
  assert.equal(res.status, 201, JSON.stringify(reply));
  const table = reply.table;
  const keys = reply.seats.map((s) => new URLSearchParams(s.link.split("#")[1]).get("key"));
  const pages = [];
  for (const s of reply.seats) pages.push(await openSeat(browser, base, s.link, s.seat, keys, { width: 1200, height: 860 }));
  // A spectator watches the whole game too, checked like a seat.
  assert.equal(reply.spectating, true, "no spectator link");
  const watcher = await openSeat(browser, base, reply.spectator_link, PUBLIC, keys, { width: 1200, height: 860 });
  watcher.players = spec.seats.length;
  const viewers = [...pages, watcher];
  const screens = path.join(out, "screens");
  const shot = (name) => pages[0].page.screenshot({ path: path.join(screens, `${spec.game}-${name}.png`) });
  await shot("start");
  const stats = { decisions: 0, board: 0, button: 0, entered: 0, secretsChecked: 0, marks: 0, frames: 0 };
  for (;;) {
    const truth = await ask({ cmd: "views", table });
    for (const p of viewers) {
      await waitVersion(p, truth.version);
      stats.frames += await checkFrames(p, table, ask);
      const dom = await checkDom(p, table, ask);
      stats.secretsChecked += dom.secrets;
      stats.marks += dom.marks;
    }
    if (truth.terminal) break;
    assert.ok(truth.version < MAX_DECISIONS, `${spec.game}: no end after ${truth.version} decisions`);
    const before = truth.version;
    // Whether the page asks for the dice, read with its version: the
    // server may have drawn a hidden chance point since `truth` was asked,
    // and the question shown may then be the next version's; then the
    // truth is asked again.
    const shown = await pages[0].page.evaluate(() => ({
      version: Number(document.body.dataset.version), asked: document.getElementById("entry")?.hidden === false }));
    if (shown.version !== before) continue;
    if (truth.current_player === -1 && spec.companion && shown.asked) {
      // Dice at the table: the first person enters what "the dice showed".
      const outcome = await ask({ cmd: "outcome", table });
      await enterOutcome(pages[0].page, outcome.move, `v${before}: the dice`);
      stats.entered += 1;
    } else if (truth.current_player === -1) {
      await pages[0].page.waitForFunction((v) => Number(document.body.dataset.version) > v, before, { timeout: STALL });
      continue;
    } else {
      const p = pages.find((x) => x.seat === truth.current_player);
      if (!p) {
        // A computer seat (or a drawn die): wait for it.
        await pages[0].page.waitForFunction((v) => Number(document.body.dataset.version) > v, before, { timeout: STALL });
        continue;
      }
      const { move } = await ask({ cmd: "suggest", table, seat: p.seat });
      stats[await playMove(p.page, move)] += 1;
      await waitAnswered(p.page, before, `v${before}: seat ${p.seat}'s move ${move}`);
    }
    stats.decisions += 1;
    await waitVersion(pages[0], before + 1);
    if (stats.decisions === MIDDLE[spec.game]) {
      await shot("middle");
      // A smaller board for the README (docs/images/ holds copies).
      await pages[0].page.setViewportSize({ width: 900, height: 700 });
      await pages[0].page.locator("#board svg").screenshot({ path: path.join(screens, `${spec.game}-board.png`) });
      await pages[0].page.setViewportSize({ width: 1200, height: 860 });
      await watcher.page.locator("#board svg").screenshot({ path: path.join(screens, `${spec.game}-board-spectator.png`) });
      await marksSwitchCheck(pages[0].page);
    }
  }
  await shot("end");
  const final = await ask({ cmd: "views", table });
  for (const p of pages) {
    const banner = await p.page.locator("#turn").textContent();
    assert.match(banner, /Game over/, `seat ${p.seat}: ${banner}`);
    const winners = final.winners.map((w) => (w === p.seat ? "You" : spec.seats[w].name || `Computer ${w + 1}`));
    for (const name of winners) assert.ok(banner.includes(name), `seat ${p.seat}: "${banner}" does not name ${name}`);
    assert.deepEqual(p.errors, [], `seat ${p.seat}: page errors`);
    // At the README's size: the end shows what each seat learnt.
    await p.page.setViewportSize({ width: 900, height: 700 });
    await p.page.locator("#board svg").screenshot({ path: path.join(screens, `${spec.game}-board-seat${p.seat}.png`) });
    await p.context.close();
  }
  assert.deepEqual(watcher.errors, [], "spectator: page errors");
  await watcher.context.close();
  return { ...stats, version: final.version, winners: final.winners, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

// A newcomer's path: the lobby, a game against the computer, the link.
async function lobbyCheck(browser, base) {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + "/");
  await page.locator('.game-card[data-game="bewitched"]').click();
  await page.locator("#seats .seat").nth(1).locator(".who").selectOption("easy");
  await page.locator("#seats .seat").nth(0).locator(".name").fill("Newcomer");
  // Rule options in words: labels, not the library's names; seats counted
  // from 1 and named ("first" is a list of the table's seats).
  await page.locator("#options-box summary").click();
  const options = await page.locator("#options").innerText();
  assert.doesNotMatch(options, /escape_steal|hat_put|\bplayer 0\b/i, options);
  assert.match(options, /Who starts/);
  const first = await page.locator('#options select[data-option="first"] option').allTextContents();
  assert.deepEqual(first, ["Player 1 (Newcomer)", "Player 2 (computer)"]);
  await page.locator('#options select[data-option="first"]').selectOption("1");
  await page.screenshot({ path: path.join(out, "screens", "lobby.png"), fullPage: true });
  const created = page.waitForRequest((r) => r.url().endsWith("/api/tables"));
  await page.locator("#create").click();
  const sent = JSON.parse((await created).postData());
  assert.equal(sent.options.first, "1", "Player 2 chosen to start, not sent as first=1");
  assert.equal(sent.replay, "reveal", "the replay shows everything unless the family says otherwise");
  const link = page.locator('#link-list a[data-seat="0"]');
  await link.waitFor();
  await link.click();
  await page.waitForSelector("body[data-version]");
  assert.equal(await page.evaluate(() => document.body.dataset.seat), "0");
  assert.ok(await page.locator("#board svg [data-key]").count() > 60, "no board drawn");
  assert.match(await page.locator("#players").textContent(), /Newcomer \(you\)/);
  assert.deepEqual(errors, []);
  await context.close();
}

// The spectator link draws the table as the public viewer sees it: the
// board, nobody's seat marked "(you)", no move to make. (What it may show
// is checked frame by frame against the library's public view in
// examples/table/tests/test_play.py.)
async function spectatorCheck(browser, base) {
  const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: "bewitched", seats: [PERSON("Ann"), { kind: "bot" }] }) });
  const reply = await res.json();
  assert.equal(reply.spectating, true);
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base + reply.spectator_link);
  await page.waitForSelector("body[data-version]");
  assert.equal(await page.evaluate(() => document.body.dataset.seat), "-2");
  assert.ok(await page.locator("#board svg [data-key]").count() > 60, "no board drawn");
  assert.doesNotMatch(await page.locator("#players").textContent(), /\(you\)/);
  assert.equal(await page.locator("#spectating-off").isVisible(), false);
  await page.screenshot({ path: path.join(out, "screens", "spectator.png") });
  assert.deepEqual(errors, []);
  await context.close();
}

const ONLY_GAMES = GAMES.filter((g) => !ONLY || ONLY.includes(g.game));
runChecks([
  ...ONLY_GAMES.map((spec) => [spec.game, async ({ browser, base, referee }) => {
    const r = await playGame(browser, base, referee.ask, spec);
    return `${r.version} decisions, ${r.board} board clicks, ${r.button} choice buttons, ${r.entered} rolls entered, ${r.frames} frames and ${r.secretsChecked} hidden facts and ${r.marks} knowledge marks checked, winners ${JSON.stringify(r.winners)}, ${r.seconds}s`;
  }]),
  ["lobby", ({ browser, base }) => lobbyCheck(browser, base)],
  ["spectator page", ({ browser, base }) => spectatorCheck(browser, base)],
]).catch((e) => {
  console.error(e);
  process.exit(1);
});
