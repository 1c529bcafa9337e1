// Move: a move id with its notation, and the checks every call taking a
// move, a seed or a seat makes before it reaches C.
import { statusError } from './errors.js';

export class Move {
  #text;
  #position;

  /**
   * id: the move's number in the game's move space; text: its notation.
   * (A state's Moves are made with their position instead of a text, and
   * render it when it is first read: line.js.) Read-only, as its type
   * says, but not frozen: Object.freeze() tripled what a Move costs to
   * make, and legalMoves() makes one per legal move.
   */
  constructor(id, text, position = undefined) {
    this.id = id;
    this.#text = text;
    this.#position = position;
  }

  /** The notation, as at the position the Move was made for. */
  get text() {
    let text = this.#text;
    if (text === undefined) {
      const position = this.#position;
      text = position === undefined ? '' : position.state._textAt(position, this.id);
      this.#text = text;
    }
    return text;
  }

  /** The position the Move was made for (line.js), or undefined. */
  get _position() { return this.#position; }

  /** The id, so a Move compares and indexes as its number. */
  valueOf() { return this.id; }

  /** The notation. */
  toString() { return this.text; }

  /** { id, text }: the text is a getter, which JSON and spreads would not see. */
  toJSON() { return { id: this.id, text: this.text }; }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `Move { id: ${this.id}, text: ${JSON.stringify(this.text)} }`;
  }
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
