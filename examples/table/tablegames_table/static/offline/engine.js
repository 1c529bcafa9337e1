// The rules on this device: the one module that names the tablegames npm
// package (bindings/js, served by the table's server under
// /static/offline/pkg/ and kept by the service worker). Everything else in
// the offline page talks to the library through these few functions.
//
// The package has the Python binding's shape in camelCase: games(), a Game
// made from an id and an options string, a State with per-viewer
// observations and events, chance rolled by the library's own RNG, Bots,
// TablegamesError; every handle is freed with free().
export const PACKAGE = "/static/offline/pkg/";

let tg = null;

// Loads the package and its WebAssembly module (once).
export async function openLibrary() {
  if (!tg) tg = await import(`${PACKAGE}index.js`);
  return tg;
}

// The catalogue in the shape the online lobby gets from /api/games.
export function catalogue() {
  return tg.games().map((info) => ({
    id: info.id, name: info.name, summary: info.summary,
    min_players: info.minPlayers, max_players: info.maxPlayers,
    options: info.options.filter((o) => o.name !== "players").map((o) => ({
      name: o.name, type: o.type, default: o.default, allowed: o.allowed,
      description: o.description, min: o.min, max: o.max, choices: [...o.choices],
    })),
  }));
}

// A seed for the library's RNG from the browser's cryptographic source
// (53 bits: what a JavaScript number holds exactly).
export function freshSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo;
}

export const CHANCE = () => tg.CHANCE;
export const TERMINAL = () => tg.TERMINAL;

export function newGame(id, options) {
  return new tg.Game(id, options);
}

export function newState(game, seed) {
  return game.newState(seed);
}

// A state from its binary save (Match.record).
export function loadState(bytes) {
  return tg.State.load(bytes);
}

export function isError(e) {
  return tg !== null && e instanceof tg.TablegamesError;
}

// A computer seat's thinking, off the page's thread, in a Worker
// (bot_worker.js) that loads the same package. (Not the package's own
// BotWorker yet: in Chromium its worker.js loses a message sent while the
// package's top-level await still runs, so the first decision never comes
// back; bot_worker.js listens before it awaits the package.) It gets the state's binary
// save and the seat; the library's bots redraw what the seat cannot know
// before they think, so the Worker learns nothing it could leak.
export class Thinker {
  constructor() {
    this.worker = null;
    this.waiting = new Map();
    this.next = 1;
  }

  start() {
    this.worker = new Worker(new URL("./bot_worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = ({ data }) => {
      const { resolve, reject } = this.waiting.get(data.id);
      this.waiting.delete(data.id);
      if (data.error) reject(new Error(data.error));
      else resolve(data.move);
    };
    this.worker.onerror = (event) => {
      for (const { reject } of this.waiting.values()) reject(new Error(event.message || "the computer's Worker failed"));
      this.waiting.clear();
    };
  }

  // The move id the seat's bot chooses in state.
  choose(state, seat, level, seconds) {
    if (!this.worker) this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, save: state.save(), seat, level, seconds, seed: freshSeed() });
    });
  }

  free() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }
}
