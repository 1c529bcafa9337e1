// Move: a move id with its notation, and the checks every call taking a
// move, a seed or a seat makes before it reaches C.
import { statusError } from './errors.js';

export class Move {
  /** id: the move's number in the game's move space; text: its notation. */
  constructor(id, text) {
    this.id = id;
    this.text = text;
    Object.freeze(this);
  }

  /** The id, so a Move compares and indexes as its number. */
  valueOf() { return this.id; }

  /** The notation. */
  toString() { return this.text; }
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

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor?.name ?? 'an object';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
