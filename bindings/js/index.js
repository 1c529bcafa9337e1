// tablegames: the rules of family board games in any JavaScript runtime —
// libtablegames compiled to WebAssembly, with a thin layer shaped like its
// C API and its Python binding (names in camelCase).
//
//     import { CHANCE, Game, init } from 'tablegames';
//     await init();                              // loads the .wasm, once
//     const game = new Game('witches_dance', { players: 3 });
//     const state = game.newState(7);
//     try {
//       while (!state.isTerminal) {
//         if (state.currentPlayer === CHANCE) state.applyChance();
//         else state.apply(state.legalMoves()[0]);
//       }
//       console.log(state.winners);
//     } finally {
//       state.free();
//       game.free();
//     }
//
// Every Game, State and Bot owns memory in the WebAssembly heap: free() it
// (or let a `using` declaration do it, where the runtime has them).
import { cString, instantiate, isReady, lib } from './lib/wasm.js';
// State's calls for learning programs (1.4), defined on State.prototype.
import './lib/learning.js';

export { CLOSED, NOT_READY, Status, TablegamesError } from './lib/errors.js';
export { gameInfo, games } from './lib/catalogue.js';
export { DRAWS, Format, Game } from './lib/game.js';
export { Move } from './lib/move.js';
export {
  CHANCE, MAX_PLAYERS, OMNISCIENT, PUBLIC, State, TERMINAL,
} from './lib/state.js';
export { StepView } from './lib/step.js';
export { BOT_LEVELS, BOT_MEMORY, Bot } from './lib/bot.js';
export { Batch, BatchDone } from './lib/batch.js';

export { isReady };

let loading = null;

/**
 * Loads the WebAssembly library; every other call needs it done. Returns
 * the same promise every time (later options are ignored). options.wasm
 * says where the .wasm is when the default (dist/ beside this file) is
 * not where it is served: a URL or path, its bytes, a Response (or a
 * promise of one) or a compiled WebAssembly.Module.
 */
export function init(options = {}) {
  if (loading === null) {
    if (options === null || typeof options !== 'object') {
      return Promise.reject(new TypeError('init(options): options is an object'));
    }
    const unknown = Object.keys(options).filter((key) => key !== 'wasm');
    if (unknown.length) return Promise.reject(new TypeError(`init(): unknown option ${unknown.join(', ')} (known: wasm)`));
    // The literal new URL(…, import.meta.url) is what bundlers recognise
    // as a file to copy beside their output.
    const where = options.wasm ?? new URL('./dist/tablegames_wasm.wasm', import.meta.url);
    loading = instantiate(where);
    // A failed load may be retried (the network came back, another URL).
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/** The C library's version, e.g. "1.2.0". */
export function libraryVersion() {
  return cString(lib._tg_version_string());
}

/** Bytes the WebAssembly heap has handed out and not had back (for leak checks). */
export function heapInUse() {
  return lib._tgjs_heap_in_use() >>> 0;
}

/** The size of the WebAssembly memory, in bytes: it grows as needed up to memoryLimit(), and never shrinks. */
export function memorySize() {
  return lib.HEAPU8.buffer.byteLength;
}

/** The most the WebAssembly memory may grow to, in bytes (then calls fail with TG_E_NO_MEMORY). */
export function memoryLimit() {
  return lib._tgjs_memory_limit() >>> 0;
}
