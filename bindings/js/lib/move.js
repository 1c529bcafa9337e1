// Move: a move id with its notation and the position it was made for, and
// the checks every call taking a move, a seed or a seat makes before it
// reaches C.
import { statusError } from './errors.js';

// The position a Move was made for, read by the states' checks only (not a
// property: the key is a digest of hidden facts, and JSON.stringify() or a
// log of a Move must not carry it). See moveOrigin().
let originOf;

export class Move {
  #text;
  #origin;

  /**
   * id: the move's number in the game's move space; text: its notation.
   * A Move made by hand has no origin: a state checks only that its text
   * is what the id means there. (A state's Moves are made with the
   * Position they were made for (line.js), and most render their text
   * only when it is first read.) Read-only, as its type says, but not
   * frozen: Object.freeze() tripled what a Move costs to make, and
   * legalMoves() makes one per legal move.
   */
  constructor(id, text, origin = undefined) {
    this.id = id;
    this.#text = text;
    this.#origin = origin;
  }

  static {
    originOf = (move) => move.#origin;
  }

  /** The notation, as at the position the Move was made for. */
  get text() {
    let text = this.#text;
    if (text === undefined) {
      const origin = this.#origin;
      text = origin === undefined ? '' : origin.text(this.id);
      this.#text = text;
    }
    return text;
  }

  /** The id, so a Move compares and indexes as its number. */
  valueOf() { return this.id; }

  /** The notation. */
  toString() { return this.text; }

  /** {id, text}: what a Move means to a person or another program. */
  toJSON() { return { id: this.id, text: this.text }; }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `Move { id: ${this.id}, text: ${JSON.stringify(this.text)} }`;
  }
}

/**
 * The Position (line.js) a Move was made for, or undefined for a Move made
 * by hand.
 */
export function moveOrigin(move) {
  return originOf(move);
}

const MOVE_LIMIT = 2 ** 32;

/** The id of a move given as a number or a Move. */
export function moveId(move) {
  const id = move instanceof Move ? move.id : move;
  if (typeof id !== 'number' || !Number.isInteger(id)) {
    throw new TypeError(`a move is an integer id, a Move or its text, not ${describe(move)}`);
  }
  if (id < 0 || id >= MOVE_LIMIT) throw statusError(-4, `move id ${id} is out of range`);
  return id;
}

/** A seed as the BigInt C's uint64_t takes: a number or a bigint, 0 .. 2**64-1. */
export function seedValue(seed) {
  if (typeof seed === 'number') {
    if (!Number.isSafeInteger(seed)) throw new TypeError(`a seed is a safe integer or a bigint, not ${seed}`);
    seed = BigInt(seed);
  } else if (typeof seed !== 'bigint') {
    throw new TypeError(`a seed is a number or a bigint, not ${describe(seed)}`);
  }
  if (seed < 0n || seed >= 1n << 64n) throw statusError(-1, `seed ${seed} is outside 0 .. 2**64-1`);
  return seed;
}

/** An int for C (a seat, a level, a count's limit). */
export function intValue(value, what, min = -(2 ** 31), max = 2 ** 31 - 1) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${what} must be an integer, not ${describe(value)}`);
  }
  if (value < min || value > max) throw statusError(-1, `${what} ${value} is outside ${min} .. ${max}`);
  return value;
}

/**
 * Refuses an options object (named what, e.g. "bot settings") with a key
 * not in allowed (a typo would be ignored otherwise): TG_E_INVALID_ARGUMENT
 * naming the keys there are.
 */
export function knownKeys(object, allowed, what, keyWord) {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) {
    throw new TypeError(`${what} must be an object, not ${object === null ? 'null' : Array.isArray(object) ? 'an array' : typeof object}`);
  }
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw statusError(-1, `unknown ${keyWord} ${JSON.stringify(key)} (known: ${allowed.join(', ')})`);
    }
  }
  return object;
}

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor?.name ?? 'an object';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
