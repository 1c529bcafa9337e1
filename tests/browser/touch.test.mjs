// Every hint on every board is true on touch (issue 36): each title is
// played to its end by two people on 390 x 844 touch phones, every move
// through the board alone, the way a finger plays it: a tap on the
// whole board at rest (which plays when one thing that may be played is
// within reach, or zooms in there), then taps on the zoomed board, the
// frame panned to what is tapped as a finger would. Before each tap the
// test asks the page what a finger at that point would touch: it must be
// the very thing the move's hint names (Witches' Dance's strip was once
// covered by a hat that answered nothing). A move with no place on the
// board (pass, take nothing, peek once the hat is chosen) is its button
// beside the board; the list of moves is never used. Each kind of move a
// title offered is played at least once (the test prefers a kind not
// played yet, else the easy computer's choice), take-off included, and
// the banner says who won. And while the server is down the banner
// says so instead of "Your turn", with nothing to play.
//
// Environment: as table.test.mjs (harness.mjs); TG_BROWSER_GAMES=a,b plays
// only those titles.
import assert from "node:assert/strict";
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { out, runChecks, PERSON, STALL, openSeat, waitVersion, playOnBoard, startServer } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };
const PHONE_OPTIONS = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const GAMES = [
  // (Dancing on first: the witch passes an exit again, to be taken off.)
  { game: "witches_dance", options: { witches: 1 }, must: ["takeoff", "dance", "enter", "N"], first: ["dance"] },
  { game: "bewitched", options: {}, must: [] },
  { game: "creepy_cauldron", options: {}, must: [] },
  { game: "spinning_wishes", options: {}, must: ["pick", "place", "N"] },
];
const ONLY = process.env.TG_BROWSER_GAMES ? process.env.TG_BROWSER_GAMES.split(",") : null;
const NAMES = ["Ann", "Bob"];

// A move's kind: its text without numbers and past its first ":" or "-"
// ("14" and "3" are one kind, "peek5" is "peekN", "enter-red" "enter").
export const kindOf = (text) => text.replace(/\d+/g, "N").split(/[:-]/)[0];

// One game to its end; offered and played (kind -> "board" or "button")
// gather across games.
async function touchGame(browser, base, ask, spec, offered, played) {
  const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: spec.game, seats: NAMES.map(PERSON), options: spec.options }) });
  const reply = await res.json();
  assert.equal(res.status, 201, JSON.stringify(reply));
  const table = reply.table;
  const pages = [];
  for (const s of reply.seats) pages.push(await openSeat(browser, base, s.link, s.seat, [], PHONE, PHONE_OPTIONS));
  let moves = 0;
  for (;;) {
    const truth = await ask({ cmd: "views", table });
    for (const p of pages) await waitVersion(p, truth.version);
    if (truth.terminal) break;
    if (truth.current_player < 0) {
      // A die the server draws: wait for it.
      await pages[0].page.waitForFunction((v) => Number(document.body.dataset.version) > v, truth.version, { timeout: STALL });
      continue;
    }
    const p = pages[truth.current_player];
    // The page's moves and its version, read together.
    const seen = await p.page.evaluate(() => ({
      version: Number(document.body.dataset.version),
      hint: document.getElementById("turn").textContent,
      moves: [...document.querySelectorAll("#moves button")].map((b) => ({
        id: Number(b.dataset.move), text: b.textContent.split(" — ")[0], from: b.dataset.from || null, to: b.dataset.to || null })),
    }));
    if (seen.version !== truth.version || !seen.moves.length) continue;
    for (const m of seen.moves) offered.add(kindOf(m.text));
    const unplayed = seen.moves.filter((m) => !played.has(kindOf(m.text)));
    const fresh = unplayed.find((m) => (spec.first || []).includes(kindOf(m.text))) || unplayed[0];
    let move = fresh;
    if (!move) {
      const { move: id } = await ask({ cmd: "suggest", table, seat: p.seat });
      move = seen.moves.find((m) => m.id === id);
    }
    assert.ok(move, `${spec.game}: the easy computer's move is not among the page's`);
    const what = `${spec.game} move ${truth.version + 1} (${move.text})`;
    const how = await playOnBoard(p.page, move, what);
    // What the hint said is what was done: one tap, or "A, then B".
    const hint = seen.hint.replace(/^Your turn\. /, "");
    const steps = (move.from ? 1 : 0) + 1;
    if (!/, then /.test(hint)) assert.equal(steps, 1, `${what}: "${hint}", yet the move takes two taps`);
    if (!/\b(Tap|tap)\b/.test(hint)) assert.equal(how, "button", `${what}: "${hint}", yet the move is on the board`);
    const k = kindOf(move.text);
    if (!played.has(k)) played.set(k, how);
    assert.ok(how === "board" || (!move.from && !move.to), `${what}: a move with a place on the board played by button`);
    await waitVersion(p, truth.version + 1);
    moves += 1;
  }
  const ends = [];
  for (const p of pages) {
    const end = await p.page.evaluate(() => ({ banner: document.getElementById("turn").textContent, over: document.body.dataset.over }));
    assert.equal(end.over, "true");
    assert.match(end.banner, /Game over/);
    ends.push(end.banner);
    assert.deepEqual(p.errors, [], `${spec.game} seat ${p.seat}: page errors`);
  }
  await pages[0].page.screenshot({ path: path.join(out, "screens", `touch-${spec.game}-end.png`) });
  for (const p of pages) await p.context.close();
  return `${moves} moves, ${ends[0]}`;
}

// Games to their end until every kind of move offered was played (a
// kind may be offered once in a game and the game end before it comes
// again), at most GAMES_AT_MOST; those of spec.must among them.
const GAMES_AT_MOST = 4;

async function touchGames(browser, base, ask, spec) {
  const offered = new Set(), played = new Map(), games = [];
  do {
    games.push(await touchGame(browser, base, ask, spec, offered, played));
  } while ([...offered].some((k) => !played.has(k)) && games.length < GAMES_AT_MOST);
  for (const k of offered) assert.ok(played.has(k), `${spec.game}: the kind ${k} was offered in ${games.length} games, never played`);
  for (const k of spec.must) assert.ok(played.has(k), `${spec.game}: never offered ${k}`);
  const kinds = [...played].map(([k, how]) => `${k} (${how})`).join(", ");
  return `${games.join("; ")}; kinds: ${kinds}`;
}

// While the server is down, the banner pinned at the top says so, not
// "Your turn", and nothing on the board may be played (a server of its
// own, stopped for good).
async function serverDown(browser) {
  const work = mkdtempSync(path.join(tmpdir(), "table-down-"));
  const { child, base } = await startServer(path.join(work, "tables.sqlite3"));
  try {
    const res = await fetch(`${base}/api/tables`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "witches_dance", seats: NAMES.map(PERSON) }) });
    const reply = await res.json();
    const p = await openSeat(browser, base, reply.seats[0].link, 0, [], PHONE, PHONE_OPTIONS);
    await p.page.waitForSelector("body[data-turn=yours]", { timeout: STALL });
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await p.page.waitForSelector("body[data-connection=reconnecting]", { timeout: STALL });
    const seen = await p.page.evaluate(() => ({ banner: document.getElementById("turn").textContent,
      playable: document.querySelectorAll("#board .can-move, #board .target, #actions button").length }));
    assert.doesNotMatch(seen.banner, /Your turn/, `the banner says "${seen.banner}" with the server down`);
    assert.match(seen.banner, /Connection lost/);
    assert.equal(seen.playable, 0, "something may be played with the server down");
    await p.page.screenshot({ path: path.join(out, "screens", "touch-server-down.png") });
    await p.context.close();
    return `"${seen.banner}"`;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(work, { recursive: true, force: true });
  }
}

runChecks([...GAMES.filter((g) => !ONLY || ONLY.includes(g.game)).map((spec) => [`touch ${spec.game}`,
  ({ browser, base, referee }) => touchGames(browser, base, referee.ask, spec)]),
["server down", ({ browser }) => serverDown(browser)]]).catch((e) => {
  console.error(e);
  process.exit(1);
});
