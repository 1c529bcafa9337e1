// "Play on this device": pass-and-play and computer seats, all in the
// page. The rules run in the WebAssembly library (engine.js), computer
// seats think in a Web Worker, and a service worker (sw.js) keeps the page
// working without a network.
//
// Between two people the device is handed over: the board of the person
// who played is taken off the page (SeatView.clear), a screen names who is
// next, and only when that person says they are ready is their own view
// drawn. A person sees the outcome of their own move (a peek, a book)
// before they pass the device on.
import { openLibrary, catalogue, isError, Thinker } from "./engine.js";
import { Match, BUDGET } from "./match.js";
import { SeatView } from "./seat_view.js";
import { Setup } from "./setup.js";
import { cap } from "../js/events_text.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
// Milliseconds a computer's move stays on screen before the next one
// (?pace=0 for tests).
const PACE = Number(params.get("pace") ?? 700);

const app = { match: null, view: null, shown: null, thinker: new Thinker(), waiting: null };

function notice(message, kind = "info") {
  const box = $("notice");
  box.textContent = message;
  box.className = `notice ${kind}`;
  box.hidden = !message;
}

function showPage(page) {
  for (const [id, name] of [["setup-page", "setup"], ["handover", "handover"], ["table", "table"]]) $(id).hidden = name !== page;
  document.body.dataset.page = page;
}

// Resolves with what the person clicked; one wait at a time.
function waitFor(kind) {
  document.body.dataset.waiting = kind;
  return new Promise((resolve) => { app.waiting = resolve; });
}

function answer(value) {
  const resolve = app.waiting;
  if (!resolve) return;
  app.waiting = null;
  delete document.body.dataset.waiting;
  resolve(value);
}

const pause = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
const seatName = (p) => app.match.seats[p].name;

// ---- drawing the seat on screen ---------------------------------------

// "Game over: Bob wins!", "…: You win!" on the seat me's own screen
// (me null: the screen everyone sees).
function gameOverLine(me = null) {
  const winners = app.match.turn().winners;
  const names = winners.map((p) => (p === me ? "You" : seatName(p)));
  if (!names.length) return "Game over: nobody wins.";
  return `Game over: ${names.join(" and ")} ${names.length === 1 && names[0] !== "You" ? "wins" : "win"}!`;
}

function banner(thinking) {
  const turn = app.match.turn();
  const me = app.shown;
  if (turn.over) return [gameOverLine(me), turn.winners.includes(me) ? "won" : "over"];
  if (thinking !== null) return [`${seatName(thinking)} is thinking…`, "thinking"];
  if (turn.player === me) return [`Your turn, ${seatName(me)}. ${app.view.hint()}`, "yours"];
  if (turn.player !== null && app.match.seats[turn.player].kind === "person") return [`${seatName(turn.player)} plays next.`, "waiting"];
  return ["…", "waiting"];
}

function redraw(thinking = null) {
  if (app.shown === null) return;
  const msg = app.match.messageFor(app.shown, thinking);
  app.view.msg = msg;                  // the hint reads the fresh observation
  const [text, kind] = banner(thinking);
  app.view.draw(msg, text, kind);
}

function show(seat) {
  app.view = new SeatView(app.match.table, app.match.board, seat, (move) => answer({ move }));
  app.shown = seat;
  showPage("table");
  redraw();
}

// The device goes to seat: nothing of the last person's view stays.
async function handover(seat, why) {
  notice("");
  if (app.view) app.view.clear();
  app.view = null;
  app.shown = null;
  $("handover-title").textContent = `Pass the device to ${seatName(seat)}`;
  $("handover-text").textContent = `${why} ${seatName(seat)}, press the button when only you can see the screen.`;
  $("ready").textContent = `I am ${seatName(seat)}: show my board`;
  document.body.dataset.next = String(seat);
  showPage("handover");
  $("ready").focus();
  await waitFor("ready");
  delete document.body.dataset.next;
  show(seat);
}

// The person on screen is done; seat is next (another person).
async function passOn(seat) {
  $("done").textContent = `Hide my board and pass to ${seatName(seat)}`;
  $("pass-on").hidden = false;
  app.view.draw(app.match.messageFor(app.shown), `${seatName(seat)} plays next: pass the device on.`, "waiting");
  await waitFor("pass");
  $("pass-on").hidden = true;
}

// ---- the game ----------------------------------------------------------

async function personTurn(seat) {
  const persons = app.match.persons;
  if (app.shown !== seat) {
    if (app.shown !== null) await passOn(seat);
    if (persons.length > 1) await handover(seat, app.shown === null && app.match.version === 0 ? "The game begins." : `It is ${seatName(seat)}'s turn.`);
    else show(seat);
  } else {
    redraw();
  }
  for (;;) {
    const { move } = await waitFor("move");
    try {
      app.match.play(seat, move);
      notice("");
      return;
    } catch (e) {
      if (!isError(e)) throw e;
      notice(cap(e.message), "error");
      redraw();
    }
  }
}

async function botTurn(seat) {
  redraw(seat);
  const s = app.match.seats[seat];
  const move = await app.thinker.choose(app.match.state, seat, s.level, BUDGET[s.level] ?? 0);
  app.match.play(seat, move);
  redraw();
  if (app.shown !== null) await pause(PACE);
}

// At the end each person may see their own board in turn.
async function gameOver() {
  const persons = app.match.persons;
  if (app.shown === null) show(persons[0]);
  redraw();
  const others = () => persons.filter((p) => p !== app.shown);
  for (;;) {
    const box = $("handover-choices");
    box.replaceChildren();
    if (!others().length) return;
    $("pass-on").hidden = false;
    $("done").textContent = "Pass the device on";
    await waitFor("pass");
    $("pass-on").hidden = true;
    app.view.clear();
    app.view = null;
    app.shown = null;
    $("handover-title").textContent = gameOverLine();
    $("handover-text").textContent = "Whose board shall we show?";
    $("ready").hidden = true;
    box.replaceChildren(...persons.map((p) => {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: `Show ${seatName(p)}'s board` });
      b.dataset.seat = String(p);
      b.addEventListener("click", () => answer({ seat: p }));
      return b;
    }));
    showPage("handover");
    const { seat } = await waitFor("ready");
    $("ready").hidden = false;
    box.replaceChildren();
    show(seat);
  }
}

// The game in progress is kept in this browser's storage after every
// decision, so a reload (or a phone that closed the tab) goes on from
// where it was, behind a handover.
const KEPT = "tablegames.offline.game";

function keep() {
  try {
    if (app.match.next().kind === "over") localStorage.removeItem(KEPT);
    else localStorage.setItem(KEPT, JSON.stringify(app.match.record()));
  } catch {
    // No storage (private mode, full): the game goes on, only not kept.
  }
}

async function run() {
  for (;;) {
    keep();
    const next = app.match.next();
    document.body.dataset.over = String(next.kind === "over");
    if (next.kind === "over") return gameOver();
    if (next.kind === "chance") {
      app.match.roll();
      redraw();
    } else if (next.kind === "bot") {
      await botTurn(next.seat);
    } else {
      await personTurn(next.seat);
    }
  }
}

// make() builds the Match; a refusal of the library goes to the setup.
function begin(make) {
  let match;
  try {
    match = make();
  } catch (e) {
    if (!isError(e)) throw e;
    return app.setup.error(cap(e.message));
  }
  if (!match.persons.length) {
    match.free();
    return app.setup.error("At least one player must be a person.");
  }
  app.match = match;
  document.title = `${match.table.name} — on this device`;
  $("title").textContent = match.table.name;
  document.body.dataset.game = match.table.game;
  run().catch((e) => notice(`The game stopped: ${e.message}`, "error"));
}

function start(config) {
  // A test may fix the library's seed (?test&seed=N) to replay a game.
  if (params.has("test") && params.has("seed")) config.seed = Number(params.get("seed"));
  begin(() => new Match(config));
}

// A kept game, offered on the setup page.
function offerResume() {
  let record;
  try {
    record = JSON.parse(localStorage.getItem(KEPT));
  } catch {
    record = null;
  }
  if (!record?.config) return;
  const game = app.setup.games.find((g) => g.id === record.config.game);
  const names = record.config.seats.map((s, i) => (s.kind === "person" ? s.name || `Player ${i + 1}` : "computer"));
  $("resume").textContent = `Go on with ${game?.name ?? record.config.game} (${names.join(", ")})`;
  $("resume-box").hidden = false;
  $("resume").addEventListener("click", () => {
    $("resume-box").hidden = true;
    begin(() => Match.resume(record));
  });
}

// ---- the service worker and the test hook -------------------------------

async function keepOffline() {
  if (!("serviceWorker" in navigator)) {
    $("offline-status").textContent = "this browser cannot keep the page for offline use";
    return;
  }
  try {
    await navigator.serviceWorker.register("/static/offline/sw.js", { scope: "/static/offline/" });
    await navigator.serviceWorker.ready;
    document.body.dataset.offlineReady = "true";
    $("offline-status").textContent = "works offline";
  } catch (e) {
    $("offline-status").textContent = `not kept for offline use (${e.message})`;
  }
}

// For the browser test (tests/browser/offline.test.mjs), with ?test only:
// the state's binary save, which the test's referee replays through the
// Python binding to know what each seat may and may not see. The page
// holds the whole state in any case (the rules run here); what pass-and-
// play keeps private is what the screen shows.
function testHook() {
  if (!params.has("test")) return;
  window.tablegamesOffline = {
    snapshot: () => ({
      seat: app.shown, version: app.match?.version ?? null, save: app.match?.record().save ?? null,
      message: app.view?.msg ?? null,
    }),
  };
}

async function main() {
  testHook();
  $("ready").addEventListener("click", () => answer({}));
  $("done").addEventListener("click", () => answer({}));
  const offline = keepOffline();
  try {
    await openLibrary();
  } catch (e) {
    notice(`The game library did not load: ${e.message}`, "error");
    return;
  }
  app.setup = new Setup(catalogue(), start);
  offerResume();
  showPage("setup");
  await offline;
}

main();
