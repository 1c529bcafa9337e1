// BotWorker: a page's bot thinks in a Worker (worker.js) so the page does
// not freeze while it searches. The page keeps its own State; each request
// sends a save of it, and the answer is a Move to apply (or a hint).
//
//     import { BotWorker } from 'tablegames/bot-worker';
//     const bots = await BotWorker.start();        // after init(), or it calls it
//     const move = await bots.choose(state, { level: 'hard' });
//     state.apply(move);
//     bots.terminate();
import {
  Move, State, TablegamesError, init,
} from './index.js';
import { BOT_SETTINGS, checkSettings } from './lib/bot.js';
import { compiled, nodeModule } from './lib/wasm.js';

export class BotWorker {
  #worker;
  #pending = new Map();
  #next = 1;

  /**
   * Wraps a Worker already started on worker.js (in a browser:
   * new Worker(url, { type: 'module' })); BotWorker.start() makes one.
   */
  constructor(worker) {
    this.#worker = worker;
    // The page's compiled module, so that the worker does not fetch and
    // compile the .wasm again (nor need to find it, in a bundle).
    if (compiled !== null) worker.postMessage({ call: 'init', wasm: compiled });
    const onMessage = (data) => this.#settle(data);
    const onError = (error) => this.#failAll(error instanceof Error ? error : new Error(String(error.message ?? error)));
    if (typeof worker.on === 'function') { // node:worker_threads
      worker.on('message', onMessage);
      worker.on('error', onError);
    } else {
      worker.addEventListener('message', (event) => onMessage(event.data));
      worker.addEventListener('error', onError);
    }
  }

  /**
   * Starts worker.js: a module Web Worker in browsers, a worker_threads
   * Worker in Node. Loads the library first (init()) if the page has not.
   */
  static async start() {
    await init();
    if (typeof Worker === 'function') {
      // Written out in one expression, as bundlers (webpack, Vite) look for
      // it to bundle worker.js as a Worker of its own.
      return new BotWorker(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }));
    }
    // Node's worker_threads; the URL is built so that bundlers do not
    // take it for a file of the page's.
    const { Worker: NodeWorker } = await nodeModule('worker_threads');
    const here = import.meta.url;
    return new BotWorker(new NodeWorker(new URL('./worker.js', here)));
  }

  /** The move the bot of the seat to move (or settings.seat) chooses in state. */
  async choose(state, settings = {}) {
    // The answer is made for the position asked about: applied after the
    // state moved on, it is refused as any stale Move is.
    const origin = state instanceof State ? state._origin() : undefined;
    const { id, text } = await this.#ask('choose', state, settings);
    return new Move(id, text, origin);
  }

  /** The legal moves ranked best first: [{ move, score }, ...]. */
  async hint(state, settings = {}) {
    const origin = state instanceof State ? state._origin() : undefined;
    const ranked = await this.#ask('hint', state, settings);
    return ranked.map(({ id, text, score }) => ({ move: new Move(id, text, origin), score }));
  }

  /** Stops the Worker; pending requests are rejected. */
  terminate() {
    this.#worker.terminate();
    this.#failAll(new Error('the bot worker was terminated'));
  }

  #ask(call, state, settings) {
    if (!(state instanceof State)) return Promise.reject(new TypeError('a bot needs a State'));
    try {
      checkSettings(settings, ['seat', ...BOT_SETTINGS]);
    } catch (error) {
      return Promise.reject(error);
    }
    const { seat = state.currentPlayer, ...botSettings } = settings;
    const game = state.game;
    const request = {
      id: this.#next++, call, game: game.id, options: game.optionsString, seat, settings: botSettings, save: state.save(),
    };
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      this.#worker.postMessage(request);
    });
  }

  #settle({ id, result, error }) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (error) pending.reject(error.status === null && error.code !== 'TG_E_CLOSED'
      ? Object.assign(new Error(error.message), { name: error.code })
      : new TablegamesError(error.message, error.status, error.code));
    else pending.resolve(result);
  }

  #failAll(error) {
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}
