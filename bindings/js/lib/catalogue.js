// The catalogue of games as plain frozen objects, read from the library's
// tg_game_info and tg_option_info structs (their wasm32 layout below).
import { statusError } from './errors.js';
import { cString, f64, i32, lib, u32, withCString } from './wasm.js';

const OPTION_TYPES = ['int', 'bool', 'choice', 'number'];

// tg_option_info on wasm32: five pointers/enums of 4 bytes, then the two
// doubles at 8-byte alignment, then the choices pointer.
function optionInfo(ptr) {
  const choices = [];
  const list = u32(ptr + 40);
  if (list) {
    for (let at = list; u32(at) !== 0; at += 4) choices.push(cString(u32(at)));
  }
  return Object.freeze({
    name: cString(u32(ptr)),
    type: OPTION_TYPES[i32(ptr + 4)] ?? 'unknown',
    default: cString(u32(ptr + 8)),
    allowed: cString(u32(ptr + 12)),
    description: cString(u32(ptr + 16)),
    min: f64(ptr + 24),
    max: f64(ptr + 32),
    choices: Object.freeze(choices),
  });
}

class GameInfo {
  constructor(ptr) {
    const options = [];
    const count = u32(ptr + 20);
    for (let i = 0; i < count; i++) {
      const opt = lib._tg_game_info_option(ptr, i);
      if (opt) options.push(optionInfo(opt));
    }
    this.id = cString(u32(ptr));
    this.name = cString(u32(ptr + 4));
    this.summary = cString(u32(ptr + 8));
    this.minPlayers = i32(ptr + 12);
    this.maxPlayers = i32(ptr + 16);
    this.options = Object.freeze(options);
    Object.freeze(this);
  }

  /** The player counts the game allows, smallest first. */
  playerCounts() {
    const counts = [];
    for (let n = this.minPlayers; n <= this.maxPlayers; n++) counts.push(n);
    return counts;
  }

  /** The option called name, or undefined. */
  option(name) {
    return this.options.find((opt) => opt.name === name);
  }
}

/** A GameInfo from a non-NULL const tg_game_info *. */
export function infoFromPointer(ptr) {
  return new GameInfo(ptr);
}

/** Every game of the catalogue, in catalogue order. */
export function games() {
  const result = [];
  const count = lib._tg_catalogue_count();
  for (let i = 0; i < count; i++) {
    const ptr = lib._tg_catalogue_get(i);
    if (ptr) result.push(new GameInfo(ptr));
  }
  return result;
}

/** The catalogue entry of one game; TablegamesError TG_E_UNKNOWN_GAME if none. */
export function gameInfo(id) {
  const ptr = withCString(id, 'game id', -2, (p) => lib._tg_catalogue_find(p));
  if (!ptr) throw statusError(-2, `no game called ${JSON.stringify(id)}`);
  return new GameInfo(ptr);
}
