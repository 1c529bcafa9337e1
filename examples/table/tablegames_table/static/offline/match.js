// One game played on this device: the library's state, who decides next,
// and what each seat has been told. No drawing here (play.js draws).
//
// Each seat's messages are built like the server's (views.py): the
// seat's own observation and events, its legal moves on its turn, and a
// log of the events it saw, decision by decision. Nothing else of the
// state leaves this module, so the page can only ever draw a seat's own
// view.
import { freshSeed, newGame, newState, loadState, CHANCE, TERMINAL } from "./engine.js";

const LOG_LIMIT = 200;   // decisions of events kept per seat, as on the server
export const BUDGET = { easy: 0, medium: 1.5, hard: 4 };   // seconds a bot may think

export class Match {
  // config: { game, options (the library's options string), seats:
  // [{ kind: "person" | "bot", name, level }], seed (tests only) };
  // saved: a record() to go on from.
  constructor(config, saved = null) {
    this.config = { game: config.game, options: config.options, seats: config.seats };
    this.game = newGame(config.game, config.options);
    this.state = saved ? loadState(Uint8Array.from(atob(saved.save), (c) => c.charCodeAt(0))) : newState(this.game, config.seed ?? freshSeed());
    this.seats = config.seats.map((s, i) => ({
      seat: i, kind: s.kind, name: s.name || (s.kind === "bot" ? `Computer ${i + 1}` : `Player ${i + 1}`),
      level: s.kind === "bot" ? s.level || "easy" : null,
    }));
    this.table = {
      game: config.game, name: this.game.name, options: this.game.optionsString,
      companion: false, seats: this.seats,
    };
    this.board = this.game.board();
    this.version = saved ? saved.version : 0;
    this.logs = saved ? saved.logs : this.seats.map(() => []);
  }

  // The game as JSON-ready data, to go on after the page is reloaded: the
  // configuration, the state's binary save (base64; it holds every secret,
  // like the page's memory) and each seat's log.
  record() {
    return { config: this.config, save: btoa(String.fromCharCode(...this.state.save())), version: this.version, logs: this.logs };
  }

  static resume(record) {
    return new Match(record.config, record);
  }

  get persons() {
    return this.seats.filter((s) => s.kind === "person").map((s) => s.seat);
  }

  // What decides next: { kind: "over" | "chance" | "bot" | "person", seat }.
  next() {
    const p = this.state.currentPlayer;
    if (p === TERMINAL()) return { kind: "over", seat: null };
    if (p === CHANCE()) return { kind: "chance", seat: null };
    return { kind: this.seats[p].kind, seat: p };
  }

  // The dice, the spinner, a hidden setup: drawn by the library's RNG.
  roll() {
    this.state.applyChance();
    this.recorded();
  }

  // A person's or a bot's decision for seat; refused (TablegamesError)
  // when it is not that seat's turn or the move is not legal.
  play(seat, move) {
    if (this.next().seat !== seat) throw new Error(`it is not ${this.seats[seat].name}'s turn`);
    this.state.apply(move);
    this.recorded();
  }

  recorded() {
    this.version += 1;
    this.seats.forEach((s, i) => {
      const events = this.state.events(i);
      if (!events.length) return;
      this.logs[i].push({ version: this.version, events });
      if (this.logs[i].length > LOG_LIMIT) this.logs[i].shift();
    });
  }

  turn() {
    const p = this.state.currentPlayer;
    return { player: p >= 0 ? p : null, chance: p === CHANCE(), over: p === TERMINAL(), winners: this.state.winners };
  }

  // The state message for a seat, as the server would send it (views.py),
  // with the seat's whole log. thinking: a computer seat that is thinking.
  messageFor(seat, thinking = null) {
    const msg = {
      type: "state", version: this.version, observation: this.state.observation(seat),
      events: this.state.events(seat), turn: this.turn(), thinking, log: this.logs[seat].slice(),
    };
    if (this.state.currentPlayer === seat) msg.moves = this.state.legalMoves().map((m) => ({ id: Number(m.id), text: m.text }));
    return msg;
  }

  free() {
    this.state.free();
    this.game.free();
  }
}
