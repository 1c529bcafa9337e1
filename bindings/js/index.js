// tablegames: the rules of family board games in any JavaScript runtime —
// libtablegames compiled to WebAssembly, with a thin layer shaped like its
// C API and its Python binding (names in camelCase).
//
//     import { Game, CHANCE } from 'tablegames';
//     using game = new Game('witches_dance', { players: 3 });
//     using state = game.newState(7);
//     while (!state.isTerminal) {
//       if (state.isChance) state.applyChance();
//       else state.apply(state.legalMoveIds()[0]);
//     }
//     console.log(state.winners);
//
// Every Game, State and Bot owns memory in the WebAssembly heap: free() it
// (or let a `using` declaration do it).
import { cString, lib } from './lib/wasm.js';

export { CLOSED, Status, TablegamesError } from './lib/errors.js';
export { gameInfo, games } from './lib/catalogue.js';
export { Format, Game } from './lib/game.js';
export { Move } from './lib/move.js';
export {
  CHANCE, MAX_PLAYERS, OMNISCIENT, PUBLIC, State, TERMINAL,
} from './lib/state.js';
export { StepView } from './lib/step.js';
export { BOT_LEVELS, BOT_MEMORY, Bot } from './lib/bot.js';

/** The C library's version, e.g. "1.2.0". */
export function libraryVersion() {
  return cString(lib._tg_version_string());
}

/** Bytes the WebAssembly heap has handed out and not had back (for leak checks). */
export function heapInUse() {
  return lib._tgjs_heap_in_use() >>> 0;
}

/** The size of the WebAssembly memory, in bytes. */
export function memorySize() {
  return lib.HEAPU8.buffer.byteLength;
}
