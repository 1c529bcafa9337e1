// State's calls for learning programs (library 1.4): the action mask, the
// information-state tensor, utilities and truncation. Defined on
// State.prototype here, as state.js defines Game.prototype.newState, so
// that state.js, the package's largest module, does not grow; index.js
// imports this module, so every State has them.
import { statusError } from './errors.js';
import { drawValue } from './game.js';
import { intValue } from './move.js';
import { MAX_PLAYERS, State } from './state.js';
import {
  OUT0, alloc, check, lib, u32,
} from './wasm.js';

/**
 * Calls fill(buf, n) with a heap block of n entries of bytes each and
 * copies them into out (a new array of type Type, or the caller's, which
 * must be of that type and hold n): what every "array or out" call does.
 */
export function filled(Type, n, out, call, what, fill) {
  if (out === undefined) out = new Type(n);
  else if (!(out instanceof Type)) throw new TypeError(`${call}: out must be a ${Type.name}`);
  else if (out.length < n) throw statusError(-6, `${call}: out holds ${out.length} ${what}, the call writes ${n}`);
  const bytes = Type.BYTES_PER_ELEMENT;
  const buf = alloc(bytes * n, `the ${call} result`);
  try {
    fill(buf, n);
    // The heap view is read after the call: a call may grow the memory.
    out.set(new Type(lib.HEAPU8.buffer, buf, n));
    return out;
  } finally {
    lib._free(buf);
  }
}

function method(name, value) {
  Object.defineProperty(State.prototype, name, { value, writable: true, configurable: true });
}

const gameOf = (state) => lib._tg_state_game(state._ptr);

method('actionMask', function actionMask(out = undefined) {
  const ptr = this._ptr;
  const n = lib._tg_game_player_move_count(gameOf(this)) >>> 0;
  return filled(Uint8Array, n, out, 'actionMask', 'bytes',
    (buf) => check(lib._tg_state_action_mask(ptr, buf, n), () => this.lastError));
});

method('informationTensor', function informationTensor(player, out = undefined) {
  const ptr = this._ptr;
  const players = this.players;
  const seat = intValue(player, 'informationTensor: player');
  if (seat < 0 || seat >= players) {
    throw statusError(-1, `informationTensor: player ${seat} is not a seat of this ${players}-player game (0..${players - 1})`);
  }
  const n = lib._tg_game_information_tensor_size(gameOf(this)) >>> 0;
  return filled(Float32Array, n, out, 'informationTensor', 'floats',
    (buf) => check(lib._tg_state_information_tensor(ptr, seat, buf, n), () => this.lastError));
});

method('utilities', function utilities(options = {}) {
  const ptr = this._ptr;
  const draw = drawValue(options, 'utilities');
  const values = filled(Float64Array, MAX_PLAYERS, undefined, 'utilities', 'values',
    (buf) => check(lib._tg_state_utilities(ptr, draw, buf, MAX_PLAYERS, OUT0), () => this.lastError));
  return Array.from(values.subarray(0, u32(OUT0)));
});

Object.defineProperty(State.prototype, 'isTruncated', {
  get() { return check(lib._tg_state_is_truncated(this._ptr), () => this.lastError) === 1; },
  configurable: true,
});
