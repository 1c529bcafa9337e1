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

// Loads the package and its WebAssembly module (once; init() since 1.4).
export async function openLibrary() {
  if (!tg) {
    const module = await import(`${PACKAGE}index.js`);
    await module.init();
    tg = module;
  }
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

// A computer seat's thinking, off the page's thread: the package's own
// BotWorker (pkg/bot-worker.js), which runs the package's worker.js as a
// module Worker. Its script lies under /static/offline/pkg/, inside the
// service worker's scope, so it starts offline too. It gets the state's
// binary save and the seat; the library's bots redraw what the seat cannot
// know before they think, so the Worker learns nothing it could leak.
//
// The Worker keeps one bot per game, seat and settings, seed included: each
// seat gets one seed for the page's life (not one per decision), so the
// Worker makes a bot once per seat and level instead of one per move.
export class Thinker {
  constructor() {
    this.bots = null;      // a promise of the BotWorker, started on first use
    this.seeds = new Map();
  }

  // The move id the seat's bot chooses in state.
  async choose(state, seat, level, seconds) {
    if (!this.bots) this.bots = import(`${PACKAGE}bot-worker.js`).then(({ BotWorker }) => BotWorker.start());
    const bots = await this.bots;
    if (!this.seeds.has(seat)) this.seeds.set(seat, freshSeed());
    const move = await bots.choose(state, { seat, level, seconds, seed: this.seeds.get(seat) });
    return move.id;
  }

  free() {
    if (this.bots) this.bots.then((bots) => bots.terminate(), () => {});
    this.bots = null;
  }
}
