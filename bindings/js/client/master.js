// The master: the one holder of a game's true state, and its referee. It
// plays the chance outcomes and the computer seats, takes the seats'
// requests from their clients (on this device, or behind a transport the
// app supplies), and sends each client its own seat's view and log,
// nothing else (seat_view.js). See README.md, "Client layer".
import {
  CHANCE, Game, TablegamesError, TERMINAL,
} from '../index.js';
import { botSettings, Thinkers } from './bots.js';
import { createClient } from './client.js';
import {
  PROTOCOL, Refusal, echo, readRequest,
} from './protocol.js';
import { entryFor, viewFor } from './seat_view.js';
import { nodeModule } from '../lib/wasm.js';
import { loopback } from './transport.js';
import {
  CHANCE_PLAYER, REROLL_POLICIES, UNDO_POLICIES, UndoRecord,
} from './undo.js';

const OPTIONS = ['seed', 'undo', 'rerolls', 'bots', 'thinker', 'text', 'gameOptions', 'onError'];

// Browsers and Node 20 have a global crypto; Node 18 (Debian 12's) only
// node:crypto's webcrypto, imported only there.
const webCrypto = globalThis.crypto ?? (await nodeModule('crypto')).webcrypto;

function freshSeed() {
  const [high, low] = webCrypto.getRandomValues(new Uint32Array(2));
  return (BigInt(high) << 32n) | BigInt(low);
}

function oneOf(value, allowed, what) {
  if (!allowed.includes(value)) {
    throw new RangeError(`${what} ${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);
  }
  return value;
}

/** A viewer a connection may take: a seat of the game or 'spectator'. */
function checkViewer(viewer, players) {
  if (viewer === 'spectator' || (Number.isInteger(viewer) && viewer >= 0 && viewer < players)) return viewer;
  throw new RangeError(`${JSON.stringify(viewer)} is not a seat of this game (0 to ${players - 1}) or "spectator"`);
}

export class Master {
  #game;
  #ownsGame;
  #state;
  #seed;
  #rules;
  #text;
  #bots;       // seat → BotWorker settings
  #thinkers;
  #onError;
  #record;
  #version = 0;
  #thinking = null;      // the computer seat thinking, or null
  #logs = new Map();     // viewer → its log entries
  #connections = new Set();
  #listeners = new Set();
  #closed = false;

  /**
   * game: a Game (the app keeps it and frees it after the master) or a
   * game id (the master makes the Game with options.gameOptions and frees
   * it). options: { seed, undo, rerolls, bots, thinker, text, onError }.
   */
  constructor(game, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
    const unknown = Object.keys(options).filter((key) => !OPTIONS.includes(key));
    if (unknown.length) throw new TypeError(`unknown option ${unknown.join(', ')} (known: ${OPTIONS.join(', ')})`);
    const {
      seed = freshSeed(), undo = 'own-turn', rerolls = 'forbid', bots = {}, thinker = null, text = false,
      gameOptions, onError = null,
    } = options;
    this.#rules = { undo: oneOf(undo, UNDO_POLICIES, 'undo'), rerolls: oneOf(rerolls, REROLL_POLICIES, 'rerolls') };
    if (onError !== null && typeof onError !== 'function') throw new TypeError('onError must be a function');
    this.#onError = onError;
    this.#text = Boolean(text);
    this.#thinkers = new Thinkers(thinker);
    this.#ownsGame = typeof game === 'string';
    if (!this.#ownsGame && !(game instanceof Game)) throw new TypeError('game must be a Game or a game id');
    if (!this.#ownsGame && gameOptions !== undefined) throw new TypeError('gameOptions is for a game given by its id');
    this.#game = this.#ownsGame ? new Game(game, gameOptions) : game;
    try {
      this.#bots = botSettings(bots, this.#game.players, seed);
      this.#seed = seed;
      this.#state = this.#game.newState(seed);
      // Taking back a roll takes back its draw (library 1.4, 'moves'),
      // so the dice come out the same when drawn again.
      const rewinds = rerolls === 'forbid' && 'undoRewindsRng' in this.#state;
      if (rewinds) this.#state.undoRewindsRng = true;
      this.#record = new UndoRecord({
        undo, rerolls, rewinds, isPerson: (seat) => !this.#bots.has(seat),
      });
      for (let seat = 0; seat < this.#game.players; seat++) this.#logs.set(seat, []);
      this.#logs.set('spectator', []);
      this.#advance();
    } catch (error) {
      this.#state?.free();
      if (this.#ownsGame) this.#game.free();
      throw error;
    }
  }

  get game() { return this.#game; }
  get players() { return this.#game.players; }
  get seed() { return this.#seed; }
  /** The version of the game: it grows by one with every decision, undo and redo. */
  get version() { return this.#version; }
  get rules() { return { ...this.#rules }; }
  /** Who plays each seat: [{ seat, kind: 'person' | 'bot', level }]. */
  get seats() {
    return Array.from({ length: this.players }, (_, seat) => {
      const bot = this.#bots.get(seat);
      return bot ? { seat, kind: 'bot', level: bot.level ?? 'medium' } : { seat, kind: 'person', level: null };
    });
  }
  get isOver() { return this.#state.currentPlayer === TERMINAL; }
  get winners() { return this.#state.winners; }
  get closed() { return this.#closed; }

  /**
   * The whole true state as save() bytes, every secret in it: for the
   * app's own keeping (a server's store) and referees, never for a seat.
   */
  save() { return this.#state.save(); }

  /**
   * A client on this device for seat (a number) or 'spectator', connected
   * through a loopback transport: the same path as a remote client.
   */
  connect(viewer) {
    const [here, there] = loopback();
    this.accept(there, viewer);
    return createClient(here);
  }

  /**
   * Serves a client behind transport as viewer (a seat or 'spectator'):
   * the app decides who is who (its own log-in). Returns { close() }.
   */
  accept(transport, viewer) {
    if (this.#closed) throw new Error('this master was freed');
    checkViewer(viewer, this.players);
    const connection = { viewer, transport, open: true };
    connection.close = () => {
      if (!connection.open) return;
      connection.open = false;
      this.#connections.delete(connection);
      transport.close?.();
    };
    this.#connections.add(connection);
    transport.onMessage((message) => this.#receive(connection, message));
    transport.onClose?.(() => connection.close());
    this.#welcome(connection, null);
    return { close: connection.close };
  }

  /**
   * fn({ version, kind, player }) after every change (a decision, an
   * undo, a redo), before the views go out: where an app saves the game.
   * Returns a function that unsubscribes.
   */
  subscribe(fn) {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /** Closes every connection, stops the bot worker it started, frees the state (and the game it made). */
  free() {
    if (this.#closed) return;
    this.#closed = true;
    for (const connection of [...this.#connections]) connection.close();
    this.#thinkers.stop();
    this.#state.free();
    if (this.#ownsGame) this.#game.free();
  }

  // ---- what goes out ---------------------------------------------------------

  #public(viewer) {
    const seat = viewer === 'spectator' || this.#bots.has(viewer) ? null : viewer;
    return {
      version: this.#version,
      thinking: this.#thinking,
      canUndo: seat !== null && this.#record.undoRefusal(seat) === null,
      canRedo: seat !== null && this.#record.redoRefusal(seat) === null,
      text: this.#text,
    };
  }

  #send(connection, message) {
    if (!connection.open) return;
    try {
      connection.transport.send(message);
    } catch (error) {
      this.#problem(error);
      connection.close();
    }
  }

  #welcome(connection, ref) {
    const { viewer } = connection;
    const game = this.#game;
    this.#send(connection, {
      type: 'welcome',
      protocol: PROTOCOL,
      ref,
      seat: viewer,
      game: {
        id: game.id, name: game.name, options: game.optionsString, players: game.players,
      },
      seats: this.seats,
      rules: this.rules,
      view: viewFor(this.#state, viewer, this.#public(viewer)),
      log: this.#logs.get(viewer),
    });
  }

  // Every connection's new view, with the log entries since sent (from).
  #broadcast(from) {
    const views = new Map();
    for (const connection of this.#connections) {
      const { viewer } = connection;
      if (!views.has(viewer)) {
        views.set(viewer, {
          type: 'view',
          view: viewFor(this.#state, viewer, this.#public(viewer)),
          entries: this.#logs.get(viewer).slice(from.get(viewer)),
        });
      }
      this.#send(connection, views.get(viewer));
    }
  }

  #logLengths() {
    return new Map([...this.#logs].map(([viewer, log]) => [viewer, log.length]));
  }

  // A change made: the version moves on, the listeners hear of it.
  #changed(kind, player) {
    this.#version += 1;
    for (const fn of this.#listeners) {
      try {
        fn({ version: this.#version, kind, player });
      } catch (error) {
        this.#problem(error);
      }
    }
  }

  // The log entries of the decision just made, for every viewer.
  #logDecision(kind, player, by) {
    for (const [viewer, log] of this.#logs) {
      log.push(entryFor(this.#state, viewer, {
        version: this.#version, kind, player, by,
      }));
    }
  }

  #problem(error) {
    if (this.#onError) this.#onError(error);
  }

  // ---- the game moving on -----------------------------------------------------

  // One decision applied and recorded: a seat's move (id) or a chance
  // outcome (id null: drawn by the state's RNG).
  #decide(player, id, kind = player === CHANCE_PLAYER ? 'chance' : 'move', by = undefined) {
    const state = this.#state;
    const played = id === null ? state.applyChance(false) : (state.applyId(id), id);
    this.#record.record(player, played, kind === 'redo' || by !== undefined);
    this.#changed(kind, player);
    this.#logDecision(kind, player, by);
    return played;
  }

  // Plays the chance outcomes due, then asks a computer seat to move if
  // one is to: what follows every change.
  #advance() {
    while (this.#state.currentPlayer === CHANCE) this.#decide(CHANCE_PLAYER, null);
    const seat = this.#state.currentPlayer;
    this.#thinking = this.#bots.has(seat) ? seat : null;
    if (this.#thinking !== null) this.#think(seat, this.#version);
  }

  async #think(seat, version) {
    const copy = this.#state.clone();
    let id;
    try {
      id = await this.#thinkers.choose(copy, seat, this.#bots.get(seat));
    } catch (error) {
      // The worker failed (it could not start, it was stopped): the seat
      // plays the first legal move rather than hold the table up.
      if (this.#closed || version !== this.#version) return;
      this.#problem(error);
      id = copy.legalMoveIds()[0];
    } finally {
      copy.free();
    }
    // The game moved on while the bot thought (an undo): its move is for
    // a position that is gone, and #advance() asked again if needed.
    if (this.#closed || version !== this.#version || this.#state.currentPlayer !== seat) return;
    const from = this.#logLengths();
    try {
      this.#decide(seat, id);
      this.#advance();
    } catch (error) {
      this.#problem(error);
      return;
    }
    this.#broadcast(from);
  }

  // ---- requests -------------------------------------------------------------

  #receive(connection, message) {
    if (!connection.open || this.#closed) return;
    const request = readRequest(message);
    if (request instanceof Refusal) {
      this.#send(connection, request.toMessage());
      return;
    }
    const refuse = (code, words) => this.#send(connection, new Refusal(code, words, request.ref).toMessage());
    const { viewer } = connection;
    if (request.type === 'sync') {
      this.#welcome(connection, request.ref);
      return;
    }
    if (request.seat !== undefined && request.seat !== viewer) {
      refuse('wrong_seat', `this connection plays ${viewer === 'spectator' ? 'as a spectator' : `seat ${viewer}`}, not ${echo(request.seat)}`);
      return;
    }
    if (viewer === 'spectator') {
      refuse('spectator', 'a spectator watches; it makes no moves');
      return;
    }
    if (this.#bots.has(viewer)) {
      refuse('bot_seat', `the computer plays seat ${viewer}`);
      return;
    }
    if (request.version !== this.#version) {
      refuse('stale', `that was asked at version ${request.version}; the game is at version ${this.#version} now`);
      return;
    }
    const from = this.#logLengths();
    let refusal;
    try {
      refusal = request.type === 'move' ? this.#move(viewer, request.move)
        : request.type === 'undo' ? this.#undo(viewer) : this.#redo(viewer);
    } catch (error) {
      // The library's words may name what the seat cannot see: they go to
      // the app (onError), the seat gets plain ones.
      this.#problem(error);
      refusal = { code: 'failed', message: `the ${request.type} could not be done` };
    }
    if (refusal) {
      refuse(refusal.code, refusal.message);
      return;
    }
    this.#broadcast(from);
    this.#send(connection, { type: 'done', ref: request.ref, version: this.#version });
  }

  #move(seat, move) {
    const state = this.#state;
    if (state.currentPlayer === TERMINAL) return { code: 'game_over', message: 'the game is over' };
    if (state.currentPlayer !== seat) {
      return { code: 'not_your_turn', message: `it is player ${state.currentPlayer}'s turn, not yours` };
    }
    // Only the moves this seat was shown: their ids and texts, nothing else
    // of the state (a text is not parsed against the true state).
    const found = state.legalMoves().find((m) => (typeof move === 'number' ? m.id === move : m.text === move));
    if (found === undefined) {
      return { code: 'illegal_move', message: `${echo(move)} is not one of your moves now` };
    }
    this.#decide(seat, found.id);
    this.#advance();
    return null;
  }

  #undo(seat) {
    const refusal = this.#record.undoRefusal(seat);
    if (refusal) return refusal;
    const state = this.#state;
    const group = this.#record.takeBack();
    const backup = state.clone();
    try {
      for (let i = 0; i < group.length; i++) state.undo();
    } catch (error) {
      // An outcome the state cannot rewind (a game loaded from a save):
      // everything as it was, and plain words.
      state.copyFrom(backup);
      this.#record.restore(group);
      if (error instanceof TablegamesError && error.code === 'TG_E_NOTHING_TO_UNDO') {
        return { code: 'would_reroll', message: 'that move cannot be taken back without rolling again' };
      }
      throw error;
    } finally {
      backup.free();
    }
    this.#changed('undo', group[0].player);
    for (const log of this.#logs.values()) {
      log.push({
        version: this.#version, kind: 'undo', player: group[0].player, by: seat, events: [],
      });
    }
    this.#advance();
    return null;
  }

  #redo(seat) {
    const refusal = this.#record.redoRefusal(seat);
    if (refusal) return refusal;
    const group = this.#record.nextRedo();
    const redraw = this.#record.redrawsChance;
    for (const [i, { player, id }] of group.entries()) {
      if (player === CHANCE_PLAYER) {
        const drawn = this.#decide(player, redraw ? null : id, 'chance', seat);
        // A rewound RNG draws what it drew: if not, what is left of the
        // redo no longer follows, and is forgotten.
        if (drawn !== id) {
          this.#record.forgetRedo();
          break;
        }
      } else {
        this.#decide(player, id, i === 0 ? 'redo' : 'move', seat);
      }
    }
    this.#advance();
    return null;
  }
}

/** createMaster(game, options): a Master (see the class). */
export function createMaster(game, options) {
  return new Master(game, options);
}
