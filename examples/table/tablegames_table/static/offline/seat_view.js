// One seat's view of the table on this device, drawn with the online
// table's board modules (unchanged) from a state message of that seat
// alone (match.js). clear() takes every trace of the seat off the page
// before the device goes to the next person: the board, the log, the
// players' details, the moves and the dice are removed from the document,
// not just hidden.
import { Interaction } from "../js/interact.js";
import { BoardZoom } from "../js/zoom.js";
import { touchWords } from "../js/touch_words.js";
import { describeEvent } from "../js/events_text.js";
import { boardFor } from "../js/boards/index.js";
import { showLegend, marksSwitch } from "../js/knowledge.js";

const $ = (id) => document.getElementById(id);
const DRAWN = ["board", "log", "players", "moves", "actions", "chooser", "dice", "legend"];

export class SeatView {
  // table: the public table (match.table); onPlay(moveId) for this seat.
  constructor(table, board, seat, onPlay) {
    this.table = table;
    this.seat = seat;
    this.msg = null;
    this.view = boardFor(table.game).create(board, table, seat);
    $("board").replaceChildren(this.view.svg);
    showLegend($("legend-box"), $("legend"), (this.view.legend || []).map((item) => ({ ...item, text: touchWords(item.text) })));
    marksSwitch($("show-marks"), $("board"));
    this.interaction = new Interaction(this.view.svg, {
      onPlay: (id) => {
        if (this.zoom.zoomed) this.zoom.rest();      // played: the whole board again
        onPlay(id);
      },
      chooser: $("chooser"), actions: $("actions"),
    });
    // On phones: whole at rest, zoomed in where tapped (zoom.js).
    this.zoom = new BoardZoom($("board"), this.view.svg, $("zoom"), (keys) => this.interaction.click(keys));
    document.body.dataset.seat = String(seat);
  }

  name(p) {
    return this.table.seats[p]?.name ?? `Player ${p + 1}`;
  }

  // The names events_text.js words the log with (describeEvent's ctx).
  context() {
    const me = this.seat;
    const whose = (p) => (p === me ? "your" : `${this.name(p)}'s`);
    return {
      who: (p) => (p === me ? "You" : this.name(p)),
      whom: (p) => (p === me ? "you" : this.name(p)),
      whose,
      ...(this.view.logContext ? this.view.logContext(this.msg.observation, whose) : {}),
    };
  }

  // msg: match.messageFor(seat); banner: the text above the board.
  draw(msg, banner, kind) {
    this.msg = msg;
    this.view.render(msg.observation, msg.events);
    const moves = (msg.moves || []).map((m) => {
      const a = this.view.anchor(m, msg.observation) || {};
      return { ...m, from: a.from || null, to: a.to || null, label: a.label || m.text };
    });
    this.interaction.setMoves(moves);
    this.zoom.fit();
    this.drawMoveList(moves);
    this.drawLog(msg.log);
    this.drawPlayers(msg.observation);
    $("dice").replaceChildren();
    if (this.view.drawDice) this.view.drawDice($("dice"), msg.observation);
    const turn = $("turn");
    turn.textContent = banner;
    turn.className = `turn ${kind}`;
    document.body.dataset.version = String(msg.version);
    document.body.dataset.over = String(msg.turn.over);
  }

  // The hint the board gives for a seat's turn ("Roll the die", ...).
  hint() {
    return this.view.hint ? touchWords(this.view.hint(this.msg.observation)) : "";
  }

  drawMoveList(moves) {
    const items = moves.map((m) => {
      const li = document.createElement("li");
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: m.label === m.text ? m.text : `${m.text} — ${m.label}` });
      b.dataset.move = String(m.id);
      if (m.from) b.dataset.from = m.from;
      if (m.to) b.dataset.to = m.to;
      b.addEventListener("click", () => this.interaction.play([m]));
      li.appendChild(b);
      return li;
    });
    $("moves").replaceChildren(...items);
    $("moves-box").hidden = moves.length === 0;
  }

  drawLog(log) {
    const ctx = this.context();
    const items = [];
    for (const entry of log) {
      for (const event of entry.events) {
        const sentence = describeEvent(this.table.game, event, ctx);
        if (!sentence) continue;
        const li = Object.assign(document.createElement("li"), { textContent: sentence });
        li.dataset.version = String(entry.version);
        li.dataset.type = event.type;
        items.push(li);
      }
    }
    $("log").replaceChildren(...items.reverse());
  }

  drawPlayers(obs) {
    $("players").replaceChildren(...this.table.seats.map((s, p) => {
      const li = document.createElement("li");
      const dot = Object.assign(document.createElement("span"), { className: "dot" });
      dot.style.background = this.view.seatColour(p, obs) || "#999";
      const who = `${s.name}${p === this.seat ? " (you)" : ""}${s.kind === "bot" ? ` · computer, ${s.level}` : ""}`;
      li.append(dot, Object.assign(document.createElement("span"), { className: "name", textContent: who }),
        Object.assign(document.createElement("span"), { className: "detail", textContent: this.view.seatDetail ? this.view.seatDetail(p, obs) : "" }));
      if (obs.current_player === p) li.classList.add("current");
      if ((obs.winners || []).includes(p)) li.classList.add("winner");
      return li;
    }));
  }

  // Takes the seat's view off the page (see the top of this file).
  clear() {
    this.zoom.detach();
    for (const id of DRAWN) $(id).replaceChildren();
    $("chooser").hidden = true;
    $("moves-box").hidden = true;
    $("legend-box").hidden = true;
    $("turn").textContent = "";
    delete document.body.dataset.seat;
    this.view = null;
    this.msg = null;
  }
}
