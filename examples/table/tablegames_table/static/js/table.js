// The table page: joins a seat, draws the board and plays.
import { TableSocket } from "./socket.js";
import { Interaction } from "./interact.js";
import { describeEvent, cap } from "./events_text.js";
import { boardFor } from "./boards/index.js";
import { showLegend, marksSwitch } from "./knowledge.js";
import { BoardZoom } from "./zoom.js";
import { touchWords } from "./touch_words.js";
import { ClockView, ranOutText } from "./clock.js";
import { ReplayControls } from "./replay.js";

const $ = (id) => document.getElementById(id);
const LOG_LIMIT = 300;

const app = {
  tableId: decodeURIComponent(location.pathname.split("/").pop() || ""),
  seat: null, table: null, view: null, interaction: null,
  obs: null, version: -1, pending: false, logVersions: new Set(),
  // The state's moves as the board anchors them (given back after a refusal).
  moves: [],
  // The move sent and not yet answered: {move, version, connection}; the
  // connections are counted so that a move whose connection dropped before
  // the server answered is sent again on the next one (see onState).
  outbox: null, connection: 0,
  turnMsg: null,          // the last state message, whose turn the banner says
};

function parseFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has("watch")) return { type: "hello", watch: true };
  const seat = Number(params.get("seat"));
  const key = params.get("key") || "";
  if (!Number.isInteger(seat) || seat < 0 || !key) return null;
  return { type: "hello", seat, key };
}

// A message above the table; a refusal's stays until the game moves on.
function notice(message, kind = "info") {
  const box = $("notice");
  box.textContent = message;
  box.className = `notice ${kind}`;
  box.hidden = !message;
  box.dataset.version = String(app.version);
}

// A seat's name as the table gives it; an unnamed seat is "Player 1"..,
// counted from 1 like everywhere people read it.
function seatName(p) {
  return app.table?.seats[p]?.name || `Player ${p + 1}`;
}

// Names for sentences: "You"/"you"/"your" for this page's seat, the
// table's names for the others (a spectator has no seat: names only).
const names = {
  who: (p) => (p === app.seat ? "You" : seatName(p)),
  whom: (p) => (p === app.seat ? "you" : seatName(p)),
  whose: (p) => (p === app.seat ? "your" : `${seatName(p)}'s`),
};

function logContext() {
  const view = app.view;
  return { ...names, ...(view?.logContext ? view.logContext(app.obs, names.whose) : {}) };
}

function addLog(version, events, enteredBy = null, timedOut = null) {
  if (app.logVersions.has(version)) return;
  app.logVersions.add(version);
  const list = $("log");
  const ctx = logContext();
  if (timedOut !== null && timedOut !== undefined) {
    // Before the move it made (the log shows the newest first).
    const li = document.createElement("li");
    li.textContent = ranOutText(timedOut, seatName, app.seat);
    li.dataset.version = String(version);
    li.dataset.type = "timed_out";
    list.prepend(li);
  }
  events.forEach((event, i) => {
    let sentence = describeEvent(app.table.game, event, ctx);
    // Who typed in a roll, when it was not the roller themself.
    if (sentence && i === 0 && enteredBy !== null && enteredBy !== undefined && enteredBy !== event.player) {
      sentence += ` (entered by ${ctx.whom(enteredBy)})`;
    }
    if (!sentence) return;
    const li = document.createElement("li");
    li.textContent = sentence;
    li.dataset.version = String(version);
    li.dataset.type = event.type;
    list.prepend(li);
  });
  while (list.children.length > LOG_LIMIT) list.lastChild.remove();
}

function renderTurn(msg) {
  const turn = msg.turn;
  const banner = $("turn");
  let text;
  let kind = "waiting";
  if (turn.over) {
    const winners = turn.winners.map((p) => (p === app.seat ? "You" : seatName(p)));
    text = winners.length
      ? `Game over: ${winners.join(" and ")} ${winners.length === 1 && winners[0] !== "You" ? "wins" : "win"}!`
      : "Game over: nobody wins.";
    kind = turn.winners.includes(app.seat) ? "won" : "over";
  } else if (turn.chance) {
    const q = chanceQuestion();
    const roller = q.player === null ? "the table" : names.whom(q.player);
    const whose = q.player === null ? "" : ` ${q.player === app.seat ? "your" : `${roller}'s`} turn.`;
    // (The question itself is right below, with its answers.)
    text = msg.chance
      ? `Dice at the table:${whose || " enter what it showed."}`
      : q.player === null ? "Rolling…" : `${cap(roller)} ${q.player === app.seat ? "roll" : "rolls"}…`;
    kind = msg.chance ? "yours" : "waiting";
  } else if (msg.thinking !== null && msg.thinking !== undefined) {
    text = `${seatName(msg.thinking)} is thinking…`;
    kind = "thinking";
  } else if (turn.player === app.seat) {
    text = `Your turn. ${app.view.hint ? touchWords(app.view.hint(app.obs)) : ""}`;
    kind = "yours";
  } else {
    const p = turn.player;
    text = app.table.seats[p]?.kind === "bot" ? `${seatName(p)} (computer) plays…` : `Waiting for ${seatName(p)}.`;
  }
  banner.textContent = text;
  banner.className = `turn ${kind}`;
  document.body.dataset.turn = kind;
}

function renderPlayers() {
  const list = $("players");
  list.replaceChildren();
  app.table.seats.forEach((s, p) => {
    const li = document.createElement("li");
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.style.background = app.view.seatColour(p, app.obs) || "#999";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = `${seatName(p)}${p === app.seat ? " (you)" : ""}${s.kind === "bot" ? ` · computer, ${s.level}` : ""}`;
    name.title = seatName(p);
    const detail = document.createElement("span");
    detail.className = "detail";
    detail.textContent = app.view.seatDetail ? app.view.seatDetail(p, app.obs) : "";
    li.append(dot, name, detail);
    const cur = app.obs.current_player === -1 ? chanceQuestion().player : app.obs.current_player;
    if (cur === p) li.classList.add("current");
    if (cur === p && app.obs.current_player === -1) li.classList.add("rolling");
    if ((app.obs.winners || []).includes(p)) li.classList.add("winner");
    list.appendChild(li);
  });
}

function renderMoveList(moves) {
  const list = $("moves");
  list.replaceChildren();
  for (const m of moves) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.move = String(m.id);
    if (m.from) b.dataset.from = m.from;
    if (m.to) b.dataset.to = m.to;
    b.textContent = m.label === m.text ? m.text : `${m.text} — ${m.label}`;
    b.addEventListener("click", () => play(m.id));
    li.appendChild(b);
    list.appendChild(li);
  }
  $("moves-box").hidden = moves.length === 0;
}

// Whose roll a chance point is and what is entered there, in words
// (each board knows its game's chance points; names as the page says
// them). {player: seat or null, text: the question}.
function chanceQuestion() {
  const q = app.view?.chanceQuestion?.(app.obs, names);
  return q || { player: null, text: "What did the table roll?" };
}

// A new question's buttons wait a moment before they take a tap: a
// finger on its way to the last question's button must not land on the
// next question's (two people tapping at once). Each button answers the
// question it was drawn for (the version), whatever the page shows when
// the tap arrives; the server refuses an answer to an old question.
const ARM_DELAY = 700;

// Lets the shown question's buttons take taps again (after a refusal, or
// the same question sent again), once their moment has passed.
function rearmEntry() {
  const box = $("entry");
  if (app.pending) return;   // an answer is on its way (the outbox)
  if (box.dataset.armed !== box.dataset.question) return;
  for (const b of box.querySelectorAll("button")) {
    b.disabled = false;
    b.classList.remove("sent");
  }
}

function renderEntry(chance) {
  const box = $("entry");
  const question = app.version;
  if (chance && box.dataset.question === String(question) && !box.hidden) return rearmEntry();
  box.replaceChildren();
  box.hidden = !chance;
  box.dataset.question = chance ? String(question) : "";
  box.dataset.armed = "";
  if (!chance) return;
  const q = chanceQuestion();
  const h = document.createElement("p");
  h.className = "question";
  h.textContent = q.text;
  box.appendChild(h);
  const buttons = [];
  for (const o of chance.outcomes) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "outcome";
    b.dataset.outcome = String(o.id);
    b.dataset.question = String(question);
    b.textContent = app.view.outcomeLabel ? app.view.outcomeLabel(o.text) : o.text;
    b.title = `${b.textContent} (chance ${(o.probability * 100).toFixed(1)}%)`;
    b.disabled = true;
    b.addEventListener("click", () => enter(o.id, question));
    box.appendChild(b);
    buttons.push(b);
  }
  setTimeout(() => {
    if (box.dataset.question !== String(question)) return;
    box.dataset.armed = String(question);
    if (!app.pending) for (const b of buttons) b.disabled = false;
  }, ARM_DELAY);
}

// The dice panel shows the face of the turn being played; while a new
// roll is awaited it is empty, so an old face is never taken for it.
function renderDice() {
  const box = $("dice");
  box.replaceChildren();
  if (app.obs.current_player === -1) return;
  if (app.view.drawDice) app.view.drawDice(box, app.obs);
}

function onState(msg) {
  const box = $("notice");
  if (!box.hidden && box.className !== "notice info" && Number(box.dataset.version) < msg.version) notice("");
  app.obs = msg.observation;
  app.version = msg.version;
  setPending(false);
  app.view.render(app.obs, msg.events);
  if (msg.log) {
    $("log").replaceChildren();
    app.logVersions.clear();
    for (const entry of msg.log) addLog(entry.version, entry.events, null, entry.timed_out);
  }
  if (msg.events.length) addLog(msg.version, msg.events, msg.entered_by, msg.timed_out);
  const moves = (msg.moves || []).map((m) => {
    const a = app.view.anchor(m, app.obs) || {};
    return { ...m, from: a.from || null, to: a.to || null, label: a.label || m.text };
  });
  app.moves = moves;
  app.interaction.setMoves(moves);
  renderMoveList(moves);
  const onItsWay = resendOutbox(msg);
  if (!onItsWay) app.zoom.show([...app.view.svg.querySelectorAll(".can-move, .target")]);
  renderEntry(msg.chance);
  app.turnMsg = msg;
  renderTurn(msg);
  if (onItsWay) showOnItsWay();
  renderPlayers();
  renderDice();
  document.body.dataset.version = String(msg.version);
  document.body.dataset.over = String(msg.turn.over);
  app.clock.update(msg);
  app.replay.gameOver(msg.turn.over);
}

function play(moveId) {
  if (app.pending) return;
  sendMove(moveId);
}

// Sends a move ("move") or what the dice showed ("enter") and keeps it
// in the outbox until the server answers (resendOutbox(), onMessage()).
function send(kind, id, version) {
  if (!app.socket.send({ type: kind, move: id, version })) return false;
  app.outbox = { kind, move: id, version, connection: app.connection };
  setPending(true);
  return true;
}

function sendMove(moveId) {
  if (!send("move", moveId, app.version)) return false;
  app.interaction.setMoves([]);
  if (app.zoom.zoomed) app.zoom.rest();      // played: the whole board again
  showOnItsWay();
  return true;
}

// question: the version the dice's question was drawn for.
function sendEntry(outcomeId, question) {
  if (!send("enter", outcomeId, question)) return false;
  // All off, the one sent marked: a finger sees which answer went.
  for (const b of $("entry").querySelectorAll("button")) {
    b.disabled = true;
    b.classList.toggle("sent", Number(b.dataset.outcome) === outcomeId);
  }
  showOnItsWay();
  return true;
}

// The banner while the move or the dice's answer is on its way: not "Your
// turn" over a board that takes no tap (the server may hold it for seconds).
function showOnItsWay() {
  const banner = $("turn");
  const out = app.outbox;
  const answer = out?.kind === "enter" ? $("entry").querySelector(`button[data-outcome="${out.move}"]`) : null;
  banner.textContent = out?.kind !== "enter" ? "Your move is on its way…"
    : answer ? `Your answer “${answer.textContent}” is on its way…` : "Your answer is on its way…";
  banner.className = "turn waiting";
  document.body.dataset.turn = "waiting";
}

// A move is on its way while pending: nothing else is played meanwhile
// (body[data-pending] says so to style sheets and tests).
function setPending(on) {
  app.pending = on;
  document.body.dataset.pending = String(on);
}

// The state msg, just drawn, may be the answer to the move or the dice's
// answer in the outbox. At a later version it was (taken, or someone was
// quicker): forgotten. At the same version on the connection it was sent
// on, it is still on its way (the server told the state again, a clock
// say): nothing is offered meanwhile. At the same version on a newer
// connection, the old one dropped before the server took it, so it is
// sent again, as the person meant, while it still answers the game.
// True when it is on its way.
function resendOutbox(msg) {
  const out = app.outbox;
  if (!out) return false;
  const offered = out.kind === "enter" ? (msg.chance?.outcomes || []) : app.moves;
  if (msg.version !== out.version || !offered.some((m) => m.id === out.move)) {
    app.outbox = null;
    return false;
  }
  if (out.connection === app.connection) {
    setPending(true);
    app.interaction.setMoves([]);
    return true;
  }
  app.outbox = null;
  return out.kind === "enter" ? sendEntry(out.move, out.version) : sendMove(out.move);
}

function enter(outcomeId, question) {
  if (app.pending) return;
  sendEntry(outcomeId, question);
}

function onWelcome(msg) {
  app.seat = msg.seat;
  app.table = msg.table;
  document.title = `${msg.table.name} — table`;
  $("title").textContent = msg.table.name + (msg.table.companion ? " · dice at the table" : "");
  const holder = $("board");
  holder.replaceChildren();
  app.view = boardFor(msg.table.game).create(msg.board, msg.table, msg.seat);
  holder.appendChild(app.view.svg);
  const words = (items) => (items || []).map((item) => ({ ...item, text: touchWords(item.text) }));
  showLegend($("legend-box"), $("legend"), words(app.view.legend));
  showLegend($("symbols-box"), $("symbols"), words(app.view.symbols));
  marksSwitch($("show-marks"), holder);
  app.interaction = new Interaction(app.view.svg, { onPlay: play, chooser: $("chooser"), actions: $("actions") });
  app.zoom = new BoardZoom(holder, app.view.svg, $("zoom"), (keys) => app.interaction.click(keys));
  boardNote(app.view.svg, $("board-note"));
  const originalRender = app.view.render.bind(app.view);
  app.view.render = (obs, events) => {
    originalRender(obs, events);
    app.interaction.render();
    app.zoom.fit();
  };
  document.body.dataset.game = msg.table.game;
  document.body.dataset.seat = String(msg.seat);
  app.clock = new ClockView($("clock"), seatName, msg.seat);
  app.replay = new ReplayControls($("replay"), {
    send: (m) => app.socket.send(m),
    render: (obs, events) => app.view.render(obs, events),
    describe: (events) => events.map((e) => describeEvent(app.table.game, e, logContext())).filter(Boolean),
    leave: () => app.view.render(app.obs, []),
  });
}

// What a tap or a click on the board points at, in words (the drawing's
// titles; a finger cannot hover to see them).
function boardNote(svg, note) {
  svg.addEventListener("click", (e) => {
    const titled = e.target.closest?.("[data-key]") || e.target;
    const words = titled?.querySelector?.(":scope > title")?.textContent;
    note.textContent = words ? words.charAt(0).toUpperCase() + words.slice(1) : "";
    note.hidden = !words;
  });
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      notice("");
      return onWelcome(msg);
    case "state":
      return onState(msg);
    case "replay":
      return app.replay.show(msg);
    case "thinking":
      if (msg.version === app.version && msg.seat !== null) {
        const banner = $("turn");
        banner.textContent = `${seatName(msg.seat)} is thinking…`;
        banner.className = "turn thinking";
      }
      return;
    case "error": {
      if (msg.code === "over_budget" && app.outbox) {
        // The server took the move and works on it once the page's share
        // of its time allows: it is still on its way.
        notice(refusal(msg), "warn");
        return;
      }
      const refused = app.outbox;    // (a refusal of the move or answer sent, if any)
      app.outbox = null;
      setPending(false);
      if (msg.code === "spectating_unavailable") return spectatingOff();
      notice(refusal(msg), msg.code === "stale" ? "warn" : "error");
      if (!app.table && (msg.code === "too_many_connections" || msg.code === "busy")) {
        // No place now: the page tries again by itself (socket.js).
        $("turn").textContent = "Waiting for a place at the server…";
      } else if (!app.table) {
        // Refused before joining: the page says so instead of "Joining…".
        $("title").textContent = "Could not join the table";
        $("turn").textContent = "Not joined.";
        document.body.dataset.page = "refused";
      }
      if (app.view && app.obs) {
        if (refused && msg.version === app.version) {
          // The move was refused and the game is where it was: its
          // moves are offered again (else the next state brings them).
          app.interaction.setMoves(app.moves);
          renderTurn(app.turnMsg);
        } else {
          app.interaction.render();
        }
        rearmEntry();
      }
      return;
    }
    default:
      return;
  }
}

// A refusal in words for people (the server's message, with a hint of
// what to do; a stale answer means someone else was quicker).
function refusal(msg) {
  if (msg.code === "stale") {
    return "Someone else was quicker: the game has moved on. Look at the board and try again.";
  }
  const text = cap(String(msg.message || msg.code));
  return text + (text.endsWith(".") ? "" : ".") + (msg.code === "wrong_secret" ? " Ask for a new link." : "");
}

function spectatingOff() {
  document.body.dataset.page = "spectating-off";
  $("table").hidden = true;
  $("spectating-off").hidden = false;
}

function main() {
  const hello = parseFragment();
  if (!hello) {
    notice("This link does not name a seat. Open the link you were given for your seat.", "error");
    return;
  }
  app.socket = new TableSocket(app.tableId, hello, onMessage, (status) => {
    document.body.dataset.connection = status;
    if (status === "open") app.connection += 1;
    if (status === "reconnecting") notice("Connection lost; reconnecting…", "warn");
    if (status !== "open" && app.table) {
      // Nothing can be played meanwhile, and the banner pinned at the top
      // must not say "Your turn" (the next state puts it back).
      app.interaction.setMoves([]);
      const banner = $("turn");
      banner.textContent = status === "closed" ? "Disconnected." : "Connection lost; reconnecting…";
      banner.className = "turn waiting";
      document.body.dataset.turn = "waiting";
    }
  });
}

main();
