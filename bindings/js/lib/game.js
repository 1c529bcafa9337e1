// Game: one game of the catalogue with its options fixed.
import { infoFromPointer } from './catalogue.js';
import { statusError } from './errors.js';
import { Handle } from './handle.js';
import { intValue, knownKeys, moveId } from './move.js';
import {
  OUT0, OUT1, OUT2, alloc, cString, cText, check, f64, lib, takeBuffer, u32, withCString,
} from './wasm.js';

const ERRBUF_BYTES = 512;

function optionValue(key, value) {
  let text;
  if (typeof value === 'boolean') text = value ? 'yes' : 'no';
  else if (typeof value === 'number' || typeof value === 'string') text = String(value);
  else throw new TypeError(`option ${key}: expected a number, boolean or string, not ${typeof value}`);
  // A separator inside a value would smuggle in another option.
  if (/[,=\0]/.test(text)) {
    throw statusError(-3, `option ${key}: value ${JSON.stringify(text)} contains ',', '=' or NUL`);
  }
  return text;
}

/**
 * The C options string. A string goes to C exactly as given, so C refuses
 * what the C API refuses; an object's entries are joined as key=value.
 */
export function optionsString(options) {
  if (options === undefined || options === null) return '';
  if (typeof options === 'string') return options;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`options must be a string or an object, not ${Array.isArray(options) ? 'an array' : typeof options}`);
  }
  return Object.entries(options).map(([key, value]) => {
    if (!key || /[,=\0]/.test(key)) throw statusError(-3, `bad option name ${JSON.stringify(key)}`);
    return `${key}=${optionValue(key, value)}`;
  }).join(',');
}

/**
 * Calls fn(errbuf, size) with an error buffer for a constructor call and
 * throws its status with the buffer's message.
 */
export function withErrbuf(fn) {
  const errbuf = alloc(ERRBUF_BYTES, 'the error message');
  try {
    lib.HEAPU8[errbuf] = 0;
    const status = fn(errbuf, ERRBUF_BYTES);
    check(status, () => cString(errbuf));
    return status;
  } finally {
    lib._free(errbuf);
  }
}

/** A string the library returns in a buffer of its own (char **out, size_t *len). */
export function outText(status, message) {
  check(status, message);
  return takeBuffer(cText);
}

/** The layouts a program may store, for Game.formatVersion() (TG_FORMAT_*). */
export const Format = Object.freeze({
  OBSERVATION_TENSOR: 0, INFORMATION_KEY: 1, OBSERVATION_JSON: 2, INFORMATION_TENSOR: 3,
});

/** How a game that ends with no winner is scored (TG_DRAW_*): 0 each, or 1/n each. */
export const DRAWS = Object.freeze({ zero: 0, shared: 1 });

/** The C draw value of { draw } (default 'zero'). */
export function drawValue(options, call) {
  const { draw = 'zero' } = knownKeys(options, ['draw'], `${call} options`, `${call} option`);
  if (typeof draw !== 'string' || !Object.hasOwn(DRAWS, draw)) {
    throw statusError(-1, `${call}: draw ${JSON.stringify(draw)} is not one of ${Object.keys(DRAWS).join(', ')}`);
  }
  return DRAWS[draw];
}

// new Game(BORROWED, ptr) wraps a reference of its own to a tg_game * the
// library lent (a loaded state's game); not part of the API.
const BORROWED = Symbol('borrowed game');

export class Game extends Handle {
  /**
   * new Game("witches_dance", { players: 3 }) or new Game(id, "players=3").
   * Immutable; free() releases it (states made from it keep working).
   */
  constructor(id, options) {
    if (id === BORROWED) {
      super(lib._tg_game_ref(options), lib._tg_game_free);
      return;
    }
    const opts = optionsString(options);
    const ptr = withCString(id, 'game id', -2, (idPtr) => withCString(opts, 'options', -3,
      (optPtr) => {
        withErrbuf((errbuf, size) => lib._tg_game_new(idPtr, optPtr, 0, OUT0, errbuf, size));
        return u32(OUT0);
      }));
    super(ptr, lib._tg_game_free);
  }

  /** A Game holding a reference of its own to a borrowed tg_game *. */
  static _ofBorrowed(gamePtr) {
    return new Game(BORROWED, gamePtr);
  }

  get _kind() { return 'game'; }

  get id() { return cString(lib._tg_game_id(this._ptr)); }

  /** The catalogue entry (a GameInfo). */
  get info() { return infoFromPointer(lib._tg_game_get_info(this._ptr)); }

  get name() { return this.info.name; }

  /** Every option with its value, e.g. "players=3,first=0". */
  get optionsString() { return cString(lib._tg_game_options(this._ptr)); }

  /** Every option with its value, as an object of strings. */
  get options() {
    const result = {};
    for (const part of this.optionsString.split(',')) {
      if (!part) continue;
      const at = part.indexOf('=');
      result[part.slice(0, at)] = part.slice(at + 1);
    }
    return result;
  }

  get players() { return lib._tg_game_players(this._ptr); }

  get moveCount() { return lib._tg_game_move_count(this._ptr) >>> 0; }

  get maxLegalMoves() { return lib._tg_game_max_legal_moves(this._ptr) >>> 0; }

  get maxChanceOutcomes() { return lib._tg_game_max_chance_outcomes(this._ptr) >>> 0; }

  get maxLength() { return lib._tg_game_max_length(this._ptr) >>> 0; }

  get stateSize() { return lib._tg_game_state_size(this._ptr) >>> 0; }

  /** Floats in the game's observation tensor. */
  get tensorSize() { return lib._tg_game_observation_tensor_size(this._ptr) >>> 0; }

  // ---- research calls (library 1.3) ----------------------------------------

  /** Ids a player's decision can be (the rest are chance outcomes; size masks with moveCount). */
  get playerMoveCount() { return lib._tg_game_player_move_count(this._ptr) >>> 0; }

  /** Ids of the move space that are chance outcomes. */
  get chanceOutcomeCount() { return lib._tg_game_chance_outcome_count(this._ptr) >>> 0; }

  /** Whether an id of the move space is a chance outcome (else a player's move). */
  moveIsChance(move) {
    const id = moveId(move);
    if (id >= this.moveCount) throw statusError(-1, `move id ${id} is not below moveCount ${this.moveCount}`);
    return check(lib._tg_game_move_is_chance(this._ptr, id)) === 1;
  }

  /** The observation tensor's shape, outermost first (its product is tensorSize). */
  get observationTensorShape() {
    const game = this._ptr;
    const cap = 8;
    const shape = alloc(4 * cap, 'the shape');
    try {
      check(lib._tg_game_observation_tensor_shape(game, shape, cap, OUT0));
      return Array.from(lib.HEAPU32.subarray(shape >>> 2, (shape >>> 2) + u32(OUT0)));
    } finally {
      lib._free(shape);
    }
  }

  /** A true upper bound on the decisions of any game with these options. */
  get lengthBound() { return lib._tg_game_length_bound(this._ptr) >>> 0; }

  /** [least, largest] value a player's return can take. */
  get utilityRange() {
    check(lib._tg_game_utility_range(this._ptr, OUT0, OUT2));
    return [f64(OUT0), f64(OUT2)];
  }

  /** Whether some state shows a player less than the referee sees. */
  get hasHiddenInformation() { return check(lib._tg_game_has_hidden_information(this._ptr)) === 1; }

  /** The format number of a stored layout (Format.OBSERVATION_TENSOR, …). */
  formatVersion(layout) {
    if (!Object.values(Format).includes(layout)) {
      throw statusError(-1, `unknown layout ${JSON.stringify(layout)} (known: ${Object.entries(Format).map(([k, v]) => `${k} ${v}`).join(', ')})`);
    }
    return check(lib._tg_game_format_version(this._ptr, layout));
  }

  /** Every layout's format number, by name: { OBSERVATION_TENSOR: 1, ... }. */
  get formatVersions() {
    return Object.fromEntries(Object.entries(Format).map(([name, layout]) => [name, this.formatVersion(layout)]));
  }

  // ---- actions and utilities (library 1.4) ------------------------------------
  // One numbering of the players' decisions for every learning surface
  // (masks, the Batch): a player's actions are its ids of the move space
  // in increasing order, 0 .. playerMoveCount-1; chance outcomes likewise.

  /** Floats in an information-state tensor (State.informationTensor()). */
  get informationTensorSize() { return lib._tg_game_information_tensor_size(this._ptr) >>> 0; }

  /**
   * The move id of action (0 .. playerMoveCount-1) of seat who, or with
   * who CHANCE of chance outcome action (0 .. chanceOutcomeCount-1).
   */
  actionMove(who, action) {
    const game = this._ptr;
    check(lib._tg_game_action_move(game, intValue(who, 'actionMove: who'),
      intValue(action, 'actionMove: action', 0, 2 ** 32 - 1), OUT0), () => `actionMove: who ${who}, action ${action}: `
      + `no such action (actions 0..${this.playerMoveCount - 1} of a seat 0..${this.players - 1}, `
      + `outcomes 0..${this.chanceOutcomeCount - 1} of CHANCE)`);
    return u32(OUT0);
  }

  /** The action (a player's id) or outcome number (a chance id) of move; moveIsChance() says which. */
  moveAction(move) {
    const id = moveId(move);
    check(lib._tg_game_move_action(this._ptr, id, OUT0),
      () => `moveAction: move id ${id} is not below moveCount ${this.moveCount}`);
    return u32(OUT0);
  }

  /**
   * The sum of every finished game's utilities (State.utilities()) scored
   * with draw, or null when it differs between games (with 'zero' a game
   * with no winner sums to 0, a won one to 1).
   */
  utilitySum(options = {}) {
    const draw = drawValue(options, 'utilitySum');
    return check(lib._tg_game_utility_sum(this._ptr, draw, OUT0)) === 1 ? f64(OUT0) : null;
  }

  /** The board's layout for drawing it, as an object. */
  board() {
    return JSON.parse(outText(lib._tg_game_board_json(this._ptr, OUT0, OUT1)));
  }

  // newState(seed) is defined in state.js, beside State: this module does
  // not import that one, so the package's modules form no cycle.

  /** Same game and options. */
  equals(other) {
    return other instanceof Game && this.id === other.id && this.optionsString === other.optionsString;
  }

  toString() {
    return this.closed ? 'Game(closed)' : `Game(${this.id}, ${this.optionsString})`;
  }
}
