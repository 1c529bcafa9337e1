// The rules on this device: the one module that names the tablegames npm
// package (bindings/js, served by the table's server under /static/offline/pkg/
// and cached by the service worker). Everything else in the offline page
// talks to the library through these few functions, so the page does not
// depend on more of the package than it uses.
//
// The package has the Python binding's shape: a catalogue of games, a Game
// made from an id and an options string, a State with per-viewer
// observations and events, chance rolled by the library's own RNG, and
// bots that think in a Web Worker. Every handle is freed with free().
export const PACKAGE = "/static/offline/pkg/";

let tg = null;

// Loads the package and its WebAssembly module (once).
export async function openLibrary() {
  if (tg) return tg;
  const mod = await import(`${PACKAGE}index.js`);
  tg = typeof mod.load === "function" ? await mod.load() : mod;
  return tg;
}

// The catalogue in the shape the online lobby gets from /api/games.
export function catalogue() {
  return tg.games().map((info) => ({
    id: info.id, name: info.name, summary: info.summary,
    min_players: info.minPlayers ?? info.min_players, max_players: info.maxPlayers ?? info.max_players,
    options: info.options.filter((o) => o.name !== "players").map((o) => ({
      name: o.name, type: o.type, default: o.default, allowed: o.allowed,
      description: o.description, min: o.min, max: o.max, choices: [...(o.choices || [])],
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

// game: a tg.Game; returns the library's state for a new game.
export function newGame(id, options) {
  return new tg.Game(id, options);
}

export function newState(game, seed) {
  return new tg.State(game, seed);
}

export function isError(e) {
  return tg && e instanceof tg.TablegamesError;
}

// A computer seat's thinking, off the page's thread: the package's Worker
// wrapper, given the state's binary save (the bot sees only its seat's
// view: the library's bots redraw what the seat cannot know).
export class Thinker {
  constructor() {
    this.worker = null;
  }

  async choose(state, seat, level, seconds) {
    if (!this.worker) this.worker = new tg.BotWorker();
    const move = await this.worker.choose(state.save(), { game: state.game.id, options: state.game.optionsString, seat, level, seconds, seed: freshSeed() });
    return Number(move);
  }

  free() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }
}
