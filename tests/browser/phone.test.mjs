// The browser table as a family meets it on phones (issue 30).
//
// Each of the four games is played for a while with dice at the table on
// 390 x 844 phones: two people (one with a long name: 24 letters without
// a space; in Spinning Wishes Grandma Rose plays Snow White, whose hand is
// labelled "Snow White (Grandma Rose)") and a spectator, each on a
// page of its own. On every page, at the start, in the middle and at the
// end of the stretch played:
//  - the whole board shows at rest with no text under 12 px; zoomed in
//    (a tap where nothing may be played) every tap target on the board
//    (all elements sharing one data-key, the hit area interact.js acts
//    on) is at least 44 x 44 CSS px and every text on it at least 12 px
//    (computed font size times the SVG's scale); every text of the page
//    around it is at least 12 px (board_checks.mjs);
//  - the page is no wider than the phone;
//  - the board has a legend of its symbols;
//  - the log names the people ("You", "Ann", "Bob"), never "player 0".
// Each question of dice at the table names the person whose roll it is
// (or "you"), that person's row of the players card is marked, the dice
// panel shows no old face, and in Creepy Cauldron both people tap an
// answer to the same question at the same moment: exactly one answer is
// stored (the one of its tapper, with the outcome that person tapped),
// the other page is refused in words for people and shows the new state.
// Screenshots (phone, and the same seat at 1280 x 800) go to
// $TG_BROWSER_OUT/screens/phone-*.png and desktop-*.png.
//
// Environment: as table.test.mjs (harness.mjs).
import path from "node:path";
import assert from "node:assert/strict";
import { out, runChecks, PERSON, PUBLIC, STALL, newContext, openSeat, version, waitVersion, playMove, waitAnswered, enterOutcome } from "./harness.mjs";
import { checkRest, checkZoomed, zoomIn, toRest } from "./board_checks.mjs";

const PHONE = { width: 390, height: 844 };
const PHONE_OPTIONS = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { width: 1280, height: 800 };
const ARM_DELAY = 700;   // table.js: ms before a new question's buttons take a tap
const TIMER_GRAIN = 5;   // ms: performance.now()'s coarsening and a timer's rounding
const LONG = "Bartholomew_Longname_XYZ";          // 24 characters, no space
const GAMES = [
  { game: "witches_dance", seats: [PERSON("Ann"), PERSON(LONG)], options: { witches: 1 } },
  { game: "bewitched", seats: [PERSON("Ann"), PERSON("Bob")], options: {} },
  { game: "creepy_cauldron", seats: [PERSON("Ann"), PERSON("Bob")], options: {}, race: true },
  { game: "spinning_wishes", seats: [PERSON("Grandma Rose"), PERSON(LONG)], options: { princesses: "seat" } },
];
// Decisions played per game (entries at the table included); Creepy
// Cauldron plays on until the race has been run.
const DECISIONS = Number(process.env.TG_PHONE_DECISIONS || 40);
const MIDDLE = 16;
const ONLY = process.env.TG_BROWSER_GAMES ? process.env.TG_BROWSER_GAMES.split(",") : null;

const screens = path.join(out, "screens");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- what a phone page must be --------------------------------------------

// At rest the whole board, no text under 12 px showing; zoomed in (a tap
// where nothing may be played) every tap target at least 44 px and every
// text at least 12 px; back at rest (board_checks.mjs). The page is no
// wider than the phone and the board has a legend of its symbols.
async function checkPhone(p, what) {
  const who = `${p.game} viewer ${p.seat} (${what})`;
  const rest = await checkRest(p.page, who);
  assert.ok(rest.pageWidth <= PHONE.width, `${who}: the page is ${rest.pageWidth}px wide`);
  assert.ok(rest.symbols >= 4, `${who}: the symbols legend has ${rest.symbols} lines`);
  await zoomIn(p.page, who);
  const zoomed = await checkZoomed(p.page, who);
  await toRest(p.page);
  return zoomed;
}

// The log says who did what by name: "You" on one's own page, the
// others' names, never the library's "player 0".
async function checkLog(p, names) {
  const lines = await p.page.locator("#log li").allTextContents();
  const who = `${p.game} viewer ${p.seat}`;
  assert.ok(lines.length > 0, `${who}: the log is empty`);
  const text = lines.join("\n");
  assert.doesNotMatch(text, /\bplayers? \d/i, `${who}: the log counts seats: ${text.slice(0, 400)}`);
  const others = names.filter((_, i) => i !== p.seat);
  assert.ok(others.some((n) => text.includes(n)), `${who}: the log names none of ${others.join(", ")}`);
  if (p.seat >= 0) assert.match(text, /\bYou\b|\byou\b|\byour\b/, `${who}: the log never says "you"`);
}

// A question of dice at the table: whose roll it names, the marked row
// of the players card, no old face in the dice panel.
async function checkQuestion(p, names) {
  const q = await p.page.evaluate(() => ({
    question: document.querySelector("#entry .question")?.textContent || "",
    rolling: [...document.querySelectorAll("#players li.rolling .name")].map((n) => n.title),
    dice: document.querySelector("#dice").childElementCount,
    banner: document.querySelector("#turn").textContent,
  }));
  const who = `${p.game} seat ${p.seat}`;
  assert.equal(q.rolling.length, 1, `${who}: ${q.rolling.length} rows marked as rolling`);
  const roller = names.indexOf(q.rolling[0]);
  assert.ok(roller >= 0, `${who}: the marked row is ${q.rolling[0]}`);
  const expected = roller === p.seat ? /\byou\b|\byour\b/i : new RegExp(names[roller].replace(/[()]/g, "\\$&"));
  assert.match(q.question, expected, `${who}: "${q.question}" does not name the roller`);
  assert.doesNotMatch(q.question, /the table roll/, `${who}: an anonymous question`);
  assert.equal(q.dice, 0, `${who}: an old die face is shown while the roll is awaited`);
  return { roller, question: q.question };
}

// ---- two people answer one question at once ---------------------------------

// Both pages tap an answer to question v (different outcomes, so that
// whose was stored shows). Returns null when one page had already moved
// on before its tap (the race did not happen; the caller tries again at a
// later question), else what happened.
async function race(pages, ask, table, v) {
  for (const p of pages) await p.page.waitForSelector(`#entry button[data-question="${v}"]:not([disabled])`, { timeout: STALL });
  const ids = await pages[0].page.$$eval(`#entry button[data-question="${v}"]`, (bs) => bs.map((b) => Number(b.dataset.outcome)));
  const chosen = [ids[0], ids[1]];
  const tap = ([question, outcome]) => {
    const b = document.querySelector(`#entry button[data-question="${question}"][data-outcome="${outcome}"]`);
    if (!b || b.disabled) return false;
    b.click();
    return true;
  };
  for (const p of pages) p.frames.length = 0;
  // Whether each answer button of a later question comes disabled (it
  // takes a tap only after a moment: a finger aimed at this question's
  // button must not land on the next one's).
  for (const p of pages) {
    await p.page.evaluate(() => {
      window.armedAtInsertion = [];
      window.armed = [];           // [seen inserted, seen tap-ready] of each button, ms
      // The observer runs at the end of the task that inserted a button,
      // which may be long on a loaded machine: the tasks longer than 50 ms
      // (the Long Tasks API) say when that task began, so that the time
      // to tap-ready is not under-counted by the task's own length.
      window.longTasks = [];
      try {
        new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => [e.startTime, e.duration])))
          .observe({ type: "longtask" });
      } catch { /* no Long Tasks API: every task counts as at most 50 ms */ }
      const born = new Map();
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) {
            if (!n.matches?.("button.outcome")) continue;
            window.armedAtInsertion.push(!n.disabled);
            born.set(n, performance.now());
          }
          if (r.type === "attributes" && born.has(r.target) && !r.target.disabled) {
            window.armed.push([born.get(r.target), performance.now()]);
            born.delete(r.target);
          }
        }
      }).observe(document.querySelector("#entry"), { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
    });
  }
  const tapped = await Promise.all(pages.map((p, i) => p.page.evaluate(tap, [v, chosen[i]])));
  assert.ok(tapped.some(Boolean), "neither page could tap its answer");
  if (!tapped.every(Boolean)) {
    // One answer went: wait until every page shows it, so that the caller
    // does not take question v for still open and tap it again.
    for (const p of pages) await waitVersion(p, v + 1);
    return { raced: false };
  }
  // Each page hears the new state; one of them also hears its refusal.
  const refusalOf = (p) => p.frames.map((f) => JSON.parse(f)).find((m) => m.type === "error");
  const since = Date.now();
  while (!pages.some(refusalOf)) {
    assert.ok(Date.now() - since < STALL, "no page was refused");
    await sleep(20);
  }
  for (const p of pages) await waitVersion(p, v + 1);
  // Exactly one answer was stored. The server may draw a hidden chance
  // point after it (so the table may be past v + 1 by now), but nothing
  // after v + 1 may come from a person: nobody has tapped since.
  const decisions = await ask({ cmd: "decisions", table });
  assert.deepEqual(decisions.filter((d) => d.seq > v + 1 && d.kind !== "drawn"), [], "both answers were stored");
  const stored = decisions.find((d) => d.seq === v + 1);
  const winner = pages.findIndex((p) => p.seat === stored.seat);
  assert.ok(winner >= 0, `the answer was stored for seat ${stored.seat}`);
  assert.equal(stored.kind, "entered");
  assert.equal(stored.move, chosen[winner], "the stored outcome is not the one its tapper chose");
  const loser = pages[1 - winner];
  assert.ok(!refusalOf(pages[winner]), "the page whose answer was taken was refused too");
  const refusal = refusalOf(loser);
  assert.equal(refusal.code, "stale");
  assert.doesNotMatch(refusal.message, /version|\d/, `a refusal for programmers: ${refusal.message}`);
  // The loser's page says so in words and shows the state after the winner's answer.
  await loser.page.waitForSelector("#notice:not([hidden])", { timeout: STALL });
  const notice = await loser.page.locator("#notice").textContent();
  assert.match(notice, /quicker/, `the refused page says "${notice}"`);
  assert.doesNotMatch(notice, /version|\d/, `the refused page says "${notice}"`);
  // The page's version and the question it shows, read together (the
  // server may have drawn past v + 1 meanwhile: see above).
  const now = await loser.page.evaluate(() => ({
    version: Number(document.body.dataset.version),
    shown: document.querySelector("#entry:not([hidden])")?.dataset.question || null,
  }));
  assert.ok(now.version >= v + 1, `the refused page shows version ${now.version}`);
  const shown = now.shown;
  assert.ok(shown === null || Number(shown) === now.version, `the refused page shows question ${shown} at version ${now.version}`);
  if (shown !== null) {
    const armed = await loser.page.evaluate(() => window.armedAtInsertion);
    assert.ok(armed.length > 0 && armed.every((x) => x === false), `the next question's buttons took taps at once: ${armed}`);
    await loser.page.waitForSelector(`#entry button[data-question="${shown}"]:not([disabled])`, { timeout: STALL });
    // Not even the refusal, which arrives meanwhile, makes them tap-ready
    // sooner (a lower bound: a slow machine only waits longer).
    // ms from the start of the task that inserted each button (at most
    // 50 ms before the observer saw it unless a long task says more) to
    // its tap-ready moment.
    const waited = await loser.page.evaluate(() => window.armed.map(([seen, ready]) => {
      const task = window.longTasks.find(([start, length]) => start <= seen && seen <= start + length);
      return ready - (task ? Math.min(task[0], seen - 50) : seen - 50);
    }));
    assert.ok(waited.length > 0 && waited.every((ms) => ms >= ARM_DELAY - TIMER_GRAIN), `the next question's buttons took taps after ${waited.map(Math.round)} ms`);
  }
  await loser.page.screenshot({ path: path.join(screens, `phone-race-refused.png`) });
  return { raced: true, winner: pages[winner].seat, loser: loser.seat, notice, next: shown !== null };
}

// ---- one game ---------------------------------------------------------------------

async function phoneGame(browser, base, ask, spec) {
  const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: spec.game, seats: spec.seats, options: spec.options, companion: true }) });
  const reply = await res.json();
  assert.equal(res.status, 201, JSON.stringify(reply));
  const table = reply.table;
  const names = spec.seats.map((s) => s.name);
  const keys = reply.seats.map((s) => new URLSearchParams(s.link.split("#")[1]).get("key"));
  const pages = [];
  for (const s of reply.seats) pages.push(await openSeat(browser, base, s.link, s.seat, keys, PHONE, PHONE_OPTIONS));
  const watcher = await openSeat(browser, base, reply.spectator_link, PUBLIC, keys, PHONE, PHONE_OPTIONS);
  const viewers = [...pages, watcher];
  for (const p of viewers) p.game = spec.game;
  const shoot = async (what) => {
    await pages[0].page.screenshot({ path: path.join(screens, `phone-${spec.game}-${what}.png`) });
    await pages[0].page.screenshot({ path: path.join(screens, `phone-${spec.game}-${what}-page.png`), fullPage: true });
  };
  for (const p of viewers) await checkPhone(p, "start");
  await shoot("start");
  const stats = { decisions: 0, entered: 0, questions: new Set(), race: null };
  for (;;) {
    const truth = await ask({ cmd: "views", table });
    for (const p of viewers) await waitVersion(p, truth.version);
    if (truth.terminal) break;
    if (stats.decisions >= DECISIONS && (!spec.race || stats.race)) break;
    const before = truth.version;
    // Whether the page asks for the dice, read with its version: the
    // server may have drawn a hidden chance point since `truth` was asked,
    // and the question shown may then be the next version's (race() would
    // wait for question `before` for ever); then the truth is asked again.
    const shown = await pages[0].page.evaluate(() => ({
      version: Number(document.body.dataset.version), asked: document.getElementById("entry")?.hidden === false }));
    if (shown.version !== before) continue;
    const asked = truth.current_player === -1 && shown.asked;
    if (truth.current_player === -1 && !asked) {
      // A hidden chance point, drawn by the server: wait for it.
      await pages[0].page.waitForFunction((v) => Number(document.body.dataset.version) > v, before, { timeout: STALL });
      continue;
    }
    if (asked) {
      let roller = null;
      for (const p of pages) {
        const q = await checkQuestion(p, names);
        stats.questions.add(q.question.replace(/\byou\b|\byour\b/gi, "…").replace(names[q.roller], "…"));
        roller = q.roller;
      }
      if (spec.race && !stats.race) {
        const r = await race(pages, ask, table, before);
        if (r.raced) stats.race = r;
        if (r.raced || (await pages[0].page.evaluate(() => Number(document.body.dataset.version))) > before) {
          stats.decisions += 1;
          continue;
        }
      }
      // The person whose roll it is enters what "the dice showed".
      const outcome = await ask({ cmd: "outcome", table });
      await enterOutcome(pages[roller].page, outcome.move, `v${before}: ${names[roller]}'s dice`);
      stats.entered += 1;
    } else {
      const p = pages.find((x) => x.seat === truth.current_player);
      const { move } = await ask({ cmd: "suggest", table, seat: p.seat });
      await playMove(p.page, move);
      await waitAnswered(p.page, before, `v${before}: seat ${p.seat}'s move ${move}`);
    }
    stats.decisions += 1;
    await waitVersion(pages[0], before + 1);
    if (stats.decisions === MIDDLE) {
      for (const p of viewers) await checkPhone(p, "middle");
      await shoot("middle");
      await watcher.page.screenshot({ path: path.join(screens, `phone-${spec.game}-spectator.png`) });
      // Zoomed in where nothing may be played, then back to rest.
      await zoomIn(pages[0].page, spec.game);
      await pages[0].page.screenshot({ path: path.join(screens, `phone-${spec.game}-zoomed.png`) });
      await toRest(pages[0].page);
    }
  }
  for (const p of viewers) {
    await checkPhone(p, "end");
    await checkLog(p, names);
    assert.deepEqual(p.errors, [], `${spec.game} viewer ${p.seat}: page errors`);
  }
  await shoot("end");
  // The same seat's link on a desktop screen with a mouse.
  const desk = await openSeat(browser, base, reply.seats[0].link, 0, keys, DESKTOP);
  await waitVersion(desk, await version(pages[0]));
  await desk.page.screenshot({ path: path.join(screens, `desktop-${spec.game}.png`) });
  const wide = await desk.page.evaluate(() => ({ page: document.documentElement.scrollWidth, zoom: !document.querySelector("#zoom").hidden }));
  assert.ok(wide.page <= DESKTOP.width, `${spec.game}: the desktop page is ${wide.page}px wide`);
  assert.equal(wide.zoom, false, `${spec.game}: the desktop page offers to zoom`);
  assert.deepEqual(desk.errors, [], `${spec.game} desktop: page errors`);
  await desk.context.close();
  if (spec.race) assert.ok(stats.race, "the race of two answers was never run");
  for (const p of viewers) await p.context.close();
  return stats;
}

// Four long names in Spinning Wishes' hands, a quarter of the board
// each: shortened with "…" inside their boxes, whole in the title; the
// players card wraps them inside the phone's width.
async function longNames(browser, base) {
  const seats = [PERSON("Grandma Rose"), PERSON(LONG), PERSON("Aunt Mathilda-Josephine"), { kind: "bot", level: "easy" }];
  const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: "spinning_wishes", seats, options: { princesses: "seat" } }) });
  const reply = await res.json();
  assert.equal(res.status, 201, JSON.stringify(reply));
  const p = await openSeat(browser, base, reply.seats[1].link, 1, [], PHONE, PHONE_OPTIONS);
  p.game = "spinning_wishes (four seats)";
  const m = await checkPhone(p, "long names");
  await zoomIn(p.page, "long names");
  await p.page.screenshot({ path: path.join(screens, "phone-long-names.png") });
  assert.deepEqual(p.errors, []);
  await p.context.close();
  return `${m.targets} tap targets, ${m.boardTexts} texts, names inside their boxes`;
}

// A link the server refuses says so instead of "Joining the table…".
async function refusedLink(browser, base) {
  const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: "bewitched", seats: [PERSON("Ann"), PERSON("Bob")] }) });
  const reply = await res.json();
  const context = await newContext(browser, { viewport: PHONE, ...PHONE_OPTIONS });
  const page = await context.newPage();
  await page.goto(base + reply.seats[0].link.replace(/key=[^&]+/, "key=not-the-key"));
  await page.waitForSelector("body[data-page=refused]", { timeout: STALL });
  assert.doesNotMatch(await page.locator("#title").textContent(), /Joining/);
  assert.ok(await page.locator("#notice").isVisible(), "no word of the refusal");
  await page.screenshot({ path: path.join(screens, "phone-refused-link.png") });
  await context.close();
}

runChecks([
  ...GAMES.filter((g) => !ONLY || ONLY.includes(g.game)).map((spec) => [`phone ${spec.game}`, async ({ browser, base, referee }) => {
    const r = await phoneGame(browser, base, referee.ask, spec);
    const raced = r.race ? `; two answers at once: seat ${r.race.winner}'s taken, seat ${r.race.loser} told "${r.race.notice}"${r.race.next ? ", the next question's buttons came disabled" : ""}` : "";
    return `${r.decisions} decisions, ${r.entered} rolls entered; questions: ${[...r.questions].join(" | ")}${raced}`;
  }]),
  ["long names", ({ browser, base }) => longNames(browser, base)],
  ["refused link", ({ browser, base }) => refusedLink(browser, base)],
]).catch((e) => {
  console.error(e);
  process.exit(1);
});
