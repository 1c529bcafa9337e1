// State: a position with its RNG and undo history.
import { statusError } from './errors.js';
// game.js imports this module too; each uses the other's class only when called.
import { Game, outText, withErrbuf } from './game.js';
import { Handle } from './handle.js';
import { Line, stepsBack } from './line.js';
import {
  Move, intValue, moveId, moveOrigin, seedValue,
} from './move.js';
import {
  IDS_OFFSET, StepView, listOffset, stepBlockBytes,
} from './step.js';
import {
  OUT0, OUT1, OUT3, alloc, cString, check, f64, lib, takeBuffer, u32, u64, withBytes, withCString,
} from './wasm.js';

/** currentPlayer at a chance point. */
export const CHANCE = -1;
/** currentPlayer when the game is over. */
export const TERMINAL = -2;
/** The viewer who sees everything (a referee, a replay after the game). */
export const OMNISCIENT = 'omniscient';
/** The viewer who sees what the whole table sees (a spectator). */
export const PUBLIC = 'public';
/** Seats a table has at most (TG_MAX_PLAYERS). */
export const MAX_PLAYERS = 8;

// The step calls, looked up on the module once: emscripten's glue replaces
// each export's wrapper with the WebAssembly function on its first call,
// and a property of the module object costs a lookup per step otherwise.
let stepCall = (...args) => {
  const status = lib._tg_state_step(...args);
  stepCall = lib._tg_state_step;
  return status;
};
let stepChanceCall = (...args) => {
  const status = lib._tg_state_step_chance(...args);
  stepChanceCall = lib._tg_state_step_chance;
  return status;
};

const C_OMNISCIENT = -1;
const C_PUBLIC = -2;

// new State(ADOPT, ptr, game) wraps a tg_state * the library made (clone,
// load); not part of the API.
const ADOPT = Symbol('adopt state');

function stateLastError(ptr) {
  return cString(lib._tg_state_last_error(ptr));
}

function saveBytes(data) {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new TypeError('saved data must be a Uint8Array, an ArrayBuffer or a view of one');
}

export class State extends Handle {
  #game;
  #ownsGame;
  #block;
  #cap;
  #view;
  // Whether the block's header and ids (step.js) hold the decision the
  // state is at: step(), apply() and applyChance() leave them so, in
  // the same call into the library, and the calls of a loop
  // (currentPlayer, isTerminal, legalMoves()) read them without one.
  #settled = false;
  #line = new Line(this);
  #back = null; // { position, copy }: the last copy #copyAt() took back
  #identity = null;

  /** new State(game, seed = 0), as game.newState(seed). */
  constructor(game, seed = 0, adopted = undefined) {
    let ptr;
    let ownsGame = false;
    if (game === ADOPT) {
      ptr = seed;
      game = adopted;
      if (game === undefined) {
        game = Game._ofBorrowed(lib._tg_state_game(ptr));
        ownsGame = true;
      }
    } else {
      if (!(game instanceof Game)) throw new TypeError('new State() needs a Game');
      const gamePtr = game._ptr;
      check(lib._tg_state_new(gamePtr, seedValue(seed), OUT0));
      ptr = u32(OUT0);
    }
    const gamePtr = lib._tg_state_game(ptr);
    const cap = Math.max(lib._tg_game_max_legal_moves(gamePtr) >>> 0,
      lib._tg_game_max_chance_outcomes(gamePtr) >>> 0, 1);
    let block;
    try {
      block = alloc(stepBlockBytes(cap), 'the move buffer');
    } catch (error) {
      lib._tg_state_free(ptr);
      if (ownsGame) game.free();
      throw error;
    }
    super(ptr, lib._tg_state_free, block);
    this.#game = game;
    this.#ownsGame = ownsGame;
    this.#block = block;
    this.#cap = cap;
    this.#view = null;
  }

  static _adopt(ptr, game) {
    return new State(ADOPT, ptr, game);
  }

  get _kind() { return 'state'; }

  /** Frees the state; a Game the state made for itself (a loaded state's) goes with it. */
  free() {
    if (this.closed) return;
    try {
      this.#keepHere();
    } catch {
      // Out of memory for the texts: the Moves made here read "#id".
    }
    this.#view?._detach();
    this.#back?.copy.free();
    this.#back = null;
    super.free();
    if (this.#ownsGame) this.#game.free();
  }

  #check(status) {
    if (status < 0) check(status, () => stateLastError(this._ptr));
    return status;
  }

  /**
   * The game the state belongs to: the Game it was made from, or for a
   * loaded state a Game of its own, freed with it.
   */
  get game() { return this.#game; }

  get players() { return lib._tg_game_players(lib._tg_state_game(this._ptr)); }

  /** The seat to move, CHANCE or TERMINAL. */
  get currentPlayer() {
    const ptr = this._ptr;
    return this.#settled ? lib.HEAP32[this.#block >> 2] : lib._tg_state_current_player(ptr);
  }

  get isChance() { return this.currentPlayer === CHANCE; }

  get isTerminal() {
    const ptr = this._ptr;
    return this.#settled ? lib.HEAP32[this.#block >> 2] === TERMINAL : lib._tg_state_is_terminal(ptr) !== 0;
  }

  get moveNumber() { return lib._tg_state_move_number(this._ptr) >>> 0; }

  /** The winning seats (empty while the game runs). */
  get winners() {
    const ptr = this._ptr;
    this.#check(lib._tg_state_winners(ptr, OUT0));
    const mask = u32(OUT0);
    const seats = [];
    for (let seat = 0; seat < MAX_PLAYERS; seat++) if (mask & (1 << seat)) seats.push(seat);
    return seats;
  }

  /** Each seat's return (all 0 while the game runs). */
  get returns() {
    const ptr = this._ptr;
    const buf = alloc(8 * MAX_PLAYERS, 'the returns');
    try {
      this.#check(lib._tg_state_returns_v2(ptr, buf, MAX_PLAYERS, OUT0));
      return Array.from(lib.HEAPF64.subarray(buf >>> 3, (buf >>> 3) + u32(OUT0)));
    } finally {
      lib._free(buf);
    }
  }

  /** The library's message for this state's last failed call ("" if none). */
  get lastError() { return stateLastError(this._ptr); }

  // ---- moves -----------------------------------------------------------------

  /** The legal moves (or chance outcomes) as ids, increasing. */
  legalMoveIds() {
    const ptr = this._ptr;
    if (!this.#settled) this.#settle(ptr);
    const block = this.#block;
    const first = (block + IDS_OFFSET) >>> 2;
    return Array.from(lib.HEAPU32.subarray(first, first + lib.HEAPU32[(block + 4) >>> 2]));
  }

  /**
   * The legal moves (or chance outcomes) as Moves. Each renders its text
   * when it is first read, as it was here (line.js).
   */
  legalMoves() {
    const ptr = this._ptr;
    if (!this.#settled) this.#settle(ptr);
    const position = this.#line.here();
    const heap = lib.HEAPU32;
    const block = this.#block;
    const first = (block + IDS_OFFSET) >>> 2;
    const n = heap[(block + 4) >>> 2];
    const moves = new Array(n);
    for (let i = 0; i < n; i++) moves[i] = new Move(heap[first + i], undefined, position);
    return moves;
  }

  // Writes the decision the state is at into the block (the StepView's).
  #settle(ptr) {
    const block = this.#block;
    this.#check(lib._tg_state_legal_moves(ptr, block + IDS_OFFSET, this.#cap, block + 4));
    lib.HEAP32[block >> 2] = lib._tg_state_current_player(ptr);
    this.#settled = true;
    this.#view?._read(block, null);
  }

  /**
   * The text of id at position (a Position of this state's line, which a
   * Move holds): rendered here, or on a copy taken back there; "#id" when
   * the position is no longer on the history (undone past, reset) or the
   * state was freed, and the text was not kept then (#keepHere()).
   */
  _textAt(position, id) {
    if (this.closed) return `#${id}`;
    const at = this.#copyAt(position);
    return at === null ? `#${id}` : at.#textOrId(id);
  }

  /**
   * What a Move made for position is made for: the game, the position's
   * key and move number (moveOrigin()'s words); null when the position is
   * no longer on the history and was not kept.
   */
  _originAt(position) {
    if (this.closed) return null;
    const at = this.#copyAt(position);
    return at === null ? null : at.#originHere();
  }

  // This state if it stands at position, else a copy taken back there, or
  // null when position is not on the history. The Moves of one position
  // are often read together: the copy is kept for the next (one copy,
  // freed with the state); one short of a position goes on from there.
  #copyAt(position) {
    const back = this.#line.distanceTo(position);
    if (back === 0) return this;
    if (back < 0) return null;
    const kept = this.#back;
    const further = kept === null ? -1 : stepsBack(kept.position, position);
    if (further < 0) {
      this.#back = null;
      kept?.copy.free();
      this.#check(lib._tg_state_clone(this._ptr, OUT0));
      const copy = State._adopt(u32(OUT0), this.#ownsGame ? undefined : this.#game);
      // A copy that may not take back chance outcomes (undoRewindsRng)
      // could not reach every position: the copy forgets that setting.
      lib._tg_state_set_undo_rewinds_rng(copy._ptr, 0);
      this.#back = { position: this.#line.here(), copy };
      return this.#copyAt(position);
    }
    const { copy } = kept;
    try {
      for (let i = 0; i < further; i++) copy.undo();
    } catch (error) {
      this.#back = null;
      copy.free();
      throw error;
    }
    kept.position = position;
    return copy;
  }

  // The state is about to leave where it stands for good (undo, reset,
  // copyFrom, resample, free): the Moves made here keep what they were
  // made for, which could not be found again after, and (but for undo,
  // which a search repeats in its loop) their texts.
  #keepHere(withTexts = true) {
    const position = this.#line.current();
    if (position === null || position.kept) return;
    const texts = new Map();
    if (withTexts) {
      const ptr = this._ptr;
      const ids = this.#block + listOffset(this.#cap);
      this.#check(lib._tg_state_legal_moves(ptr, ids, this.#cap, OUT1));
      for (let i = 0, n = u32(OUT1); i < n; i++) {
        const id = u32(ids + 4 * i);
        texts.set(id, this.#textOrId(id));
      }
    }
    position.keep(this.#originHere(), texts);
  }

  // ---- what a Move was made for -------------------------------------------------

  // The game as Moves name it: its name and options (equal games, equal names).
  #gameIdentity() {
    if (this.#identity === null) {
      const game = this.#game;
      const options = game.optionsString;
      this.#identity = options ? `${game.name} (${options})` : game.name;
    }
    return this.#identity;
  }

  // What a Move made here now is made for: the game, the position's key
  // and the move number, for the checks and the words of a refusal. A Move
  // holds the Position (line.js), which asks for this only when a check
  // needs it, so that a loop's Moves cost no call into the library.
  #originHere() {
    const ptr = this._ptr;
    this.#check(lib._tg_state_position_key(ptr, OUT3));
    return Object.freeze({
      game: this.#gameIdentity(),
      keyLow: u32(OUT3),
      keyHigh: u32(OUT3 + 4),
      moveNumber: lib._tg_state_move_number(ptr) >>> 0,
    });
  }

  /** A Move of id made for this position (the bots' answers), its text rendered when read. */
  _moveFor(id) {
    return new Move(id, undefined, this.#line.here());
  }

  /** What a Move made for this position carries (a worker's answer, made later). */
  _origin() {
    return this.#line.here();
  }

  // Why move (a Move) cannot be played here, as an error, or null when it
  // can be tried: a Move made for another game (TG_E_MISMATCH) or another
  // position (TG_E_ILLEGAL_MOVE), or made by hand with a text that is not
  // what its id means here.
  #refusal(move, call) {
    const position = moveOrigin(move);
    // The loop's case, without a call into the library: a Move this state
    // made where it stands.
    if (position !== undefined && position.state === this && this.#line.isHere(position)) return null;
    const { id, text } = move;
    const legal = lib._tg_state_is_legal(this._ptr, moveId(id)) === 0;
    const here = () => (legal ? `means '${this.moveText(id)}'` : 'is not a legal move');
    const take = 'Take the move from this state (legalMoves(), parseMove()) or pass its id or text';
    if (position === undefined) {
      if (!legal || !text || text.startsWith('#') || text === this.moveText(id)) return null;
      return statusError(-4, `${call}: Move '${text}' (id ${id}), made by hand, is not what `
        + `the id means here: id ${id} ${here()}. ${take}`);
    }
    const origin = position.origin();
    if (origin === null) {
      return statusError(-4, `${call}: Move '${text}' (id ${id}) was made for a position its state `
        + `has left for good (undone past, reset, replaced or freed); here id ${id} ${here()}. ${take}`);
    }
    const game = this.#gameIdentity();
    if (origin.game !== game) {
      // Games by their names, or where only the options differ, with them.
      const [mine, theirs] = [origin.game, game].map((g) => g.split(' (')[0]);
      const names = mine === theirs ? [origin.game, game] : [mine, theirs];
      return statusError(-10, `${call}: Move '${text}' (id ${id}) was made for ${names[0]}; `
        + `this state plays ${names[1]}. ${take}`);
    }
    this.#check(lib._tg_state_position_key(this._ptr, OUT3));
    if (u32(OUT3) === origin.keyLow && u32(OUT3 + 4) === origin.keyHigh) return null;
    const number = lib._tg_state_move_number(this._ptr) >>> 0;
    const then = origin.moveNumber === number ? `another position at move ${number}`
      : `the position at move ${origin.moveNumber}`;
    return statusError(-4, `${call}: Move '${text}' (id ${id}) was made for ${then}; here, `
      + `at move ${number}, id ${id} ${here()}. ${take}`);
  }

  // The id of a Move that may be played here, or the refusal thrown.
  #checked(move, call) {
    const error = this.#refusal(move, call);
    if (error !== null) throw error;
    return move.id;
  }

  /**
   * Whether a move (id, Move or text) can be played now; false for a Move
   * made for another position or game.
   */
  isLegal(move) {
    if (typeof move === 'string') {
      const ptr = this._ptr;
      return withCString(move, 'move text', -7, (p) => lib._tg_state_parse_move(ptr, p, OUT0)) === 0;
    }
    if (move instanceof Move && this.#refusal(move, 'isLegal') !== null) return false;
    return lib._tg_state_is_legal(this._ptr, moveId(move)) === 0;
  }

  /** The notation of a legal move. */
  moveText(move) {
    return this.#text(lib._tg_state_move_text, moveId(move));
  }

  #text(call, id) {
    const ptr = this._ptr;
    let cap = 32;
    for (;;) {
      const buf = alloc(cap, 'the move text');
      try {
        const status = call(ptr, id, buf, cap, OUT0);
        const need = u32(OUT0);
        if (status === -6 && need + 1 > cap) {
          cap = need + 1;
          continue;
        }
        this.#check(status);
        return cString(buf);
      } finally {
        lib._free(buf);
      }
    }
  }

  /** The Move whose notation is text ("#17" names a move by id). */
  parseMove(text) {
    const ptr = this._ptr;
    this.#check(withCString(text, 'move text', -7, (p) => lib._tg_state_parse_move(ptr, p, OUT0)));
    const id = u32(OUT0);
    return new Move(id, this.moveText(id), this.#line.here());
  }

  /**
   * Plays a move given as an id, a Move or its text, and returns it as a
   * Move. At a chance point it applies the outcome seen at the table. A
   * Move made for another position is refused (TG_E_ILLEGAL_MOVE), one of
   * another game too (TG_E_MISMATCH), with words and the state unchanged;
   * an id is taken as it is.
   */
  apply(move) {
    const ptr = this._ptr;
    let played;
    if (typeof move === 'string') {
      played = this.parseMove(move);
    } else if (move instanceof Move) {
      this.#checked(move, 'apply');
      played = move;
    } else {
      played = new Move(moveId(move), undefined, this.#line.here());
    }
    this.#decide(ptr, played.id);
    return played;
  }

  // Plays id with the step call, which leaves the next decision in the
  // block; a refused id changes nothing.
  #decide(ptr, id) {
    const block = this.#block;
    const status = stepCall(ptr, id, block, block + IDS_OFFSET, this.#cap, block + 4);
    if (status !== 0) this.#check(status);
    this.#line.appended(1);
    this.#settled = true;
    this.#view?._read(block, id);
  }

  /** The notation of any id of the move space here, legal now or not. */
  anyMoveText(move) {
    return this.#text(lib._tg_state_any_move_text, moveId(move));
  }

  /**
   * The legal moves as a mask over the whole move space (a Uint8Array of
   * game.moveCount bytes, 1 where legal); pass out to fill it instead.
   */
  legalMask(out = undefined) {
    const ptr = this._ptr;
    const n = lib._tg_game_move_count(lib._tg_state_game(ptr)) >>> 0;
    if (out === undefined) out = new Uint8Array(n);
    else if (!(out instanceof Uint8Array)) throw new TypeError('out must be a Uint8Array');
    else if (out.length < n) throw statusError(-6, `legalMask: out holds ${out.length} bytes, the move space ${n}`);
    const buf = alloc(n, 'the mask');
    try {
      this.#check(lib._tg_state_legal_mask(ptr, buf, n));
      out.set(lib.HEAPU8.subarray(buf, buf + n));
      return out;
    } finally {
      lib._free(buf);
    }
  }

  /** Who made history entry index: a seat, or CHANCE. */
  historyPlayer(index) {
    const i = intValue(index, 'history index', 0, 2 ** 32 - 1);
    this.#check(lib._tg_state_history_player(this._ptr, i, OUT0));
    return lib.HEAP32[OUT0 >> 2];
  }

  /** Who made each entry of the history, oldest first (seats and CHANCE). */
  historyPlayers() {
    const n = this.historyLength;
    const players = [];
    for (let i = 0; i < n; i++) players.push(this.historyPlayer(i));
    return players;
  }

  /** Plays a move given as an id, with one call and no notation. */
  applyId(id) {
    this.#decide(this._ptr, moveId(id));
  }

  #outcomes(fill, itemBytes, read) {
    const ptr = this._ptr;
    const cap = this.#cap;
    const ids = this.#block + listOffset(cap);
    const items = alloc(cap * itemBytes, 'the chance outcomes');
    try {
      this.#check(fill(ptr, ids, items, cap));
      const count = u32(OUT0);
      const origin = this.#line.here();
      const result = [];
      for (let i = 0; i < count; i++) {
        const id = u32(ids + 4 * i);
        result.push([new Move(id, this.#textOrId(id), origin), read(items, i)]);
      }
      return result;
    } finally {
      lib._free(items);
    }
  }

  /** At a chance point: [{ move, probability }, ...]; TG_E_WRONG_PHASE otherwise. */
  chanceOutcomes() {
    return this.#outcomes((ptr, ids, probs, cap) => lib._tg_state_chance_outcomes(ptr, ids, probs, cap, OUT0),
      8, (probs, i) => f64(probs + 8 * i)).map(([move, probability]) => ({ move, probability }));
  }

  /**
   * At a chance point: { outcomes: [{ move, weight }, ...], total }, the
   * integer weights the library draws by (outcome i has probability
   * weight / total exactly).
   */
  chanceWeights() {
    const outcomes = this.#outcomes((ptr, ids, weights, cap) => lib._tg_state_chance_weights(
      ptr, ids, weights, cap, OUT0, OUT1), 4, (weights, i) => u32(weights + 4 * i));
    const total = Number(u64(OUT1));
    return { outcomes: outcomes.map(([move, weight]) => ({ move, weight })), total };
  }

  #textOrId(id) {
    try {
      return this.moveText(id);
    } catch (error) {
      if (error.status === -4) return `#${id}`;
      throw error;
    }
  }

  /**
   * Draws a chance outcome without applying it: with the state's own RNG,
   * or with rng (a function returning a number in [0, 1), e.g.
   * Math.random) by the outcomes' probabilities.
   */
  sampleChance(rng = undefined) {
    if (rng === undefined) {
      this.#check(lib._tg_state_sample_chance(this._ptr, OUT0));
      const id = u32(OUT0);
      return new Move(id, this.#textOrId(id), this.#line.here());
    }
    if (typeof rng !== 'function') throw new TypeError('rng must be a function returning a number in [0, 1)');
    const outcomes = this.chanceOutcomes();
    let x = rng();
    for (const { move, probability } of outcomes) {
      x -= probability;
      if (x < 0) return move;
    }
    return outcomes[outcomes.length - 1].move; // rounding left a sliver above the last
  }

  /**
   * Draws a chance outcome with the state's RNG and applies it; returns it
   * as a Move (or with notation false, its id, which saves rendering it).
   */
  applyChance(notation = true) {
    const ptr = this._ptr;
    const position = notation ? this.#line.here() : undefined;
    const block = this.#block;
    const status = stepChanceCall(ptr, block + 8, block, block + IDS_OFFSET, this.#cap, block + 4);
    if (status !== 0) this.#check(status);
    this.#line.appended(1);
    this.#settled = true;
    const view = this.#view;
    if (view !== null) view._readChance(block);
    const outcome = lib.HEAPU32[(block + 8) >>> 2];
    return notation ? new Move(outcome, undefined, position) : outcome;
  }

  /**
   * Plays random decisions with the state's RNG until the game ends or
   * maxDecisions were made, in one call; returns how many were made.
   */
  playout(maxDecisions = undefined) {
    const limit = maxDecisions === undefined ? 2 ** 32 - 1
      : intValue(maxDecisions, 'maxDecisions', 0, 2 ** 32 - 1);
    this.#settled = false;
    this.#check(lib._tg_state_playout(this._ptr, limit, OUT0));
    const made = u32(OUT0);
    this.#line.appended(made);
    return made;
  }

  // ---- one call per decision ----------------------------------------------------

  #stepView() {
    if (this.#view === null) this.#view = new StepView(this.#block);
    return this.#view;
  }

  /**
   * The StepView of the decision the state is at now: the view step()
   * rewrites, read for a loop's first decision or after other calls.
   */
  stepView() {
    const ptr = this._ptr;
    const view = this.#stepView();
    this.#settle(ptr);
    return view;
  }

  /**
   * Plays a decision and returns the StepView of the next one, in one call
   * into the library: move (an id) for the player to move or the chance
   * outcome that happened, or nothing at a chance point to draw it with the
   * state's RNG. The view is the same object every time; a refused
   * decision changes neither the state nor the view.
   */
  step(move = undefined) {
    const ptr = this._ptr;
    const block = this.#block;
    const view = this.#view ?? this.#stepView();
    if (move === undefined || move === null) {
      const status = stepChanceCall(ptr, block + 8, block, block + IDS_OFFSET, this.#cap, block + 4);
      if (status !== 0) this.#check(status);
      this.#line.appended(1);
      this.#settled = true;
      view._readChance(block);
    } else {
      // An id in range is passed as it is; a Move is checked (#refusal()),
      // anything else goes through moveId().
      const applied = move >>> 0 === move ? move
        : move instanceof Move ? this.#checked(move, 'step') : moveId(move);
      const status = stepCall(ptr, applied, block, block + IDS_OFFSET, this.#cap, block + 4);
      if (status !== 0) this.#check(status);
      this.#line.appended(1);
      this.#settled = true;
      view._read(block, applied);
    }
    return view;
  }

  /**
   * Takes back the last decision; TG_E_NOTHING_TO_UNDO at the root. By
   * default the RNG is not rewound, so a chance outcome taken back may come
   * out differently when drawn again (a re-roll): see undoRewindsRng.
   */
  undo() {
    this.#keepHere(false);
    this.#check(lib._tg_state_undo(this._ptr));
    this.#settled = false;
    this.#line.undone();
  }

  /**
   * Whether undo() rewinds the RNG (false by default): set it to true to
   * forbid re-rolls. Then taking back a chance outcome sets the RNG back to
   * before it was drawn, so drawing again gives the same outcome, and undo
   * refuses (TG_E_NOTHING_TO_UNDO) an outcome made before it was set or
   * loaded from a save. Clones and copies carry it; a loaded state starts
   * without it.
   */
  get undoRewindsRng() { return lib._tg_state_undo_rewinds_rng(this._ptr) !== 0; }

  set undoRewindsRng(rewind) {
    if (typeof rewind !== 'boolean') throw new TypeError(`undoRewindsRng is a boolean, not ${typeof rewind}`);
    this.#check(lib._tg_state_set_undo_rewinds_rng(this._ptr, rewind ? 1 : 0));
  }

  /** The decisions since the root, oldest first, as ids. */
  get history() {
    const ptr = this._ptr;
    const n = lib._tg_state_history_length(ptr) >>> 0;
    const buf = alloc(4 * n, 'the history');
    try {
      this.#check(lib._tg_state_history(ptr, buf, n, OUT0));
      return Array.from(lib.HEAPU32.subarray(buf >>> 2, (buf >>> 2) + u32(OUT0)));
    } finally {
      lib._free(buf);
    }
  }

  get historyLength() { return lib._tg_state_history_length(this._ptr) >>> 0; }

  // ---- copies and seeds -----------------------------------------------------------

  /** A copy with its own RNG and history (free it too). */
  clone() {
    this.#check(lib._tg_state_clone(this._ptr, OUT0));
    return State._adopt(u32(OUT0), this.#ownsGame ? undefined : this.#game);
  }

  /** Makes this state a copy of other (same or equal game). */
  copyFrom(other) {
    if (!(other instanceof State)) throw new TypeError('copyFrom() needs a State');
    this.#keepHere();
    this.#check(lib._tg_state_copy(this._ptr, other._ptr));
    this.#settled = false;
    this.#line.restart();
  }

  /** Back to the initial position with an empty history. */
  reset(seed = 0) {
    const value = seedValue(seed);
    this.#keepHere();
    this.#check(lib._tg_state_reset(this._ptr, value));
    this.#settled = false;
    this.#line.restart();
  }

  /** Re-seeds the state's RNG. */
  seed(seed) {
    this.#check(lib._tg_state_seed(this._ptr, seedValue(seed)));
  }

  /** Same position (the RNG and history are not compared). */
  equals(other) {
    return other instanceof State && lib._tg_state_equal(this._ptr, other._ptr) === 1;
  }

  // ---- views ------------------------------------------------------------------------

  /**
   * A viewer for C: a seat, OMNISCIENT or PUBLIC. The numbers CHANCE and
   * TERMINAL (what currentPlayer gives when no seat is to move) are no
   * viewers: C reads -1 as omniscient, so passing currentPlayer at a chance
   * point would show every secret; they are refused.
   */
  #viewer(viewer, call) {
    if (viewer === OMNISCIENT) return C_OMNISCIENT;
    if (viewer === PUBLIC) return C_PUBLIC;
    const players = this.players;
    if (typeof viewer !== 'number' || !Number.isInteger(viewer)) {
      throw new TypeError(`${call}: a viewer is a seat number, OMNISCIENT or PUBLIC, not ${typeof viewer === 'string' ? JSON.stringify(viewer) : typeof viewer}`);
    }
    if (viewer < 0 || viewer >= players) {
      const sentinel = viewer === CHANCE ? ' (CHANCE is no viewer)' : viewer === TERMINAL ? ' (TERMINAL is no viewer)' : '';
      throw statusError(-1, `${call}: viewer ${viewer}${sentinel} is not a player of this ${players}-player game (0..${players - 1}, OMNISCIENT or PUBLIC)`);
    }
    return viewer;
  }

  #seat(seat, call) {
    const viewer = this.#viewer(seat, call);
    if (viewer < 0) throw statusError(-1, `${call}: needs a seat, not ${seat}`);
    return viewer;
  }

  #json(call, viewer) {
    const ptr = this._ptr;
    return outText(call(ptr, viewer, OUT0, OUT1), () => stateLastError(ptr));
  }

  /** What viewer (a seat, OMNISCIENT or PUBLIC) sees, as an object. */
  observation(viewer) {
    return JSON.parse(this.#json(lib._tg_state_observation_json, this.#viewer(viewer, 'observation')));
  }

  /** What the last decision did, as viewer saw it: an array of objects. */
  events(viewer) {
    return JSON.parse(this.#json(lib._tg_state_events_json, this.#viewer(viewer, 'events')));
  }

  /** The board drawn in text as viewer sees it. */
  toText(viewer = OMNISCIENT) {
    return this.#json(lib._tg_state_to_text, this.#viewer(viewer, 'toText'));
  }

  /** Floats in this game's observation tensor. */
  tensorSize() {
    return lib._tg_game_observation_tensor_size(lib._tg_state_game(this._ptr)) >>> 0;
  }

  /**
   * What viewer sees as a Float32Array of tensorSize() floats, laid out as
   * the game's rule page says; pass out to fill it instead (it is returned).
   */
  observationTensor(viewer, out = undefined) {
    const v = this.#viewer(viewer, 'observationTensor');
    const n = this.tensorSize();
    if (out === undefined) out = new Float32Array(n);
    else if (!(out instanceof Float32Array)) throw new TypeError('out must be a Float32Array');
    else if (out.length < n) throw statusError(-6, `observationTensor: out holds ${out.length} floats, the tensor ${n}`);
    const buf = alloc(4 * n, 'the tensor');
    try {
      this.#check(lib._tg_state_observation_tensor(this._ptr, v, buf, n));
      out.set(lib.HEAPF32.subarray(buf >>> 2, (buf >>> 2) + n));
      return out;
    } finally {
      lib._free(buf);
    }
  }

  /**
   * seat's information state as its canonical JSON text: the observation
   * with what the seat knows, and the seat's own decisions.
   */
  informationJson(seat) {
    return this.#json(lib._tg_state_information_json, this.#seat(seat, 'informationJson'));
  }

  /** The 128-bit key of seat's information state, as a bigint. */
  informationKey(seat) {
    const s = this.#seat(seat, 'informationKey');
    const buf = alloc(16, 'the key');
    try {
      this.#check(lib._tg_state_information_key(this._ptr, s, buf));
      return u64(buf) | (u64(buf + 8) << 64n);
    } finally {
      lib._free(buf);
    }
  }

  /** Redraws everything seat cannot know; clears the history. */
  resample(seat) {
    const viewer = this.#seat(seat, 'resample');
    this.#keepHere();
    this.#check(lib._tg_state_resample(this._ptr, viewer));
    this.#settled = false;
    this.#line.restart();
  }

  // ---- saving ---------------------------------------------------------------------

  /** The compact binary form, as a Uint8Array. */
  save() {
    const ptr = this._ptr;
    check(lib._tg_state_save(ptr, OUT0, OUT1), () => stateLastError(ptr));
    return takeBuffer((p, len) => lib.HEAPU8.slice(p, p + len));
  }

  /** A state from save() bytes; TG_E_CORRUPT (or TG_E_VERSION …) for bad data. */
  static load(data) {
    const bytes = saveBytes(data);
    withBytes(bytes, (p, len) => withErrbuf((errbuf, size) => lib._tg_state_load(p, len, 0, OUT0, errbuf, size)));
    return State._adopt(u32(OUT0));
  }

  /** The JSON save form, as a string. */
  toJson() {
    const ptr = this._ptr;
    return outText(lib._tg_state_to_json(ptr, OUT0, OUT1), () => stateLastError(ptr));
  }

  /** A state from the JSON save form, given as a string or an object. */
  static fromJson(json) {
    const text = typeof json === 'string' ? json : JSON.stringify(json);
    if (typeof text !== 'string') throw new TypeError('fromJson() needs a string or an object');
    withCString(text, 'the JSON save', -7, (p, len) => withErrbuf(
      (errbuf, size) => lib._tg_state_from_json(p, len, 0, OUT0, errbuf, size)));
    return State._adopt(u32(OUT0));
  }

  toString() {
    return this.closed ? 'State(closed)' : this.toText();
  }
}

// Game.newState(), here so that game.js need not import this module (an
// import cycle, which bundlers order badly).
Object.defineProperty(Game.prototype, 'newState', {
  /** The initial state; the same seed gives the same game. */
  value: function newState(seed = 0) {
    return new State(this, seed);
  },
  writable: true,
  configurable: true,
});
