// Bot: a fair computer player for one seat of a game (tg_bot_*).
import { statusError } from './errors.js';
import { Game, withErrbuf } from './game.js';
import { Handle } from './handle.js';
import { intValue, knownKeys, seedValue } from './move.js';
import { State } from './state.js';
import { OUT0, alloc, cString, check, f64, i32, lib, u32, u64 } from './wasm.js';

/** The levels, weakest first (tg_bot_level). */
export const BOT_LEVELS = Object.freeze({ random: 0, easy: 1, medium: 2, hard: 3 });
/**
 * What a bot remembers when it re-draws hidden facts (tg_bot_memory);
 * "default" is the level's: full for medium and hard, last for the others.
 */
export const BOT_MEMORY = Object.freeze({ default: 0, full: 1, last: 2 });

/** The settings a Bot takes; any other key is refused (a typo would be ignored otherwise). */
export const BOT_SETTINGS = Object.freeze(['level', 'simulations', 'seconds', 'seed', 'memory']);

/** Refuses a settings object with a key a Bot does not take. */
export function checkSettings(settings, allowed = BOT_SETTINGS) {
  knownKeys(settings, allowed, 'bot settings', 'bot setting');
}

const PARAMS_VERSION = 2;
// tg_bot_params (version 2) on wasm32: version, level, simulations, then
// the double and the uint64 at 8-byte alignment, then memory and reserved.
const PARAMS_BYTES = 40;
const AT = { version: 0, level: 4, simulations: 8, seconds: 16, seed: 24, memory: 32 };

function nameOf(table, value) {
  return Object.keys(table).find((key) => table[key] === value) ?? String(value);
}

function choice(table, value, what) {
  if (typeof value === 'string' && Object.hasOwn(table, value.toLowerCase())) return table[value.toLowerCase()];
  if (typeof value === 'number' && Object.values(table).includes(value)) return value;
  throw statusError(-1, `${what} ${JSON.stringify(value)} is not one of ${Object.keys(table).join(', ')}`);
}

function withParams(fn) {
  const params = alloc(PARAMS_BYTES, 'the bot parameters');
  try {
    check(lib._tg_bot_params_init(params, PARAMS_VERSION));
    return fn(params);
  } finally {
    lib._free(params);
  }
}

export class Bot extends Handle {
  #game;

  /**
   * new Bot(game, seat, { level: "medium", simulations: 0, seconds: 0,
   * seed: 0, memory: "default" }). It re-draws what its seat cannot see
   * before thinking, so it never reads hidden information.
   */
  constructor(game, seat, settings = {}) {
    if (!(game instanceof Game)) throw new TypeError('new Bot() needs a Game');
    checkSettings(settings);
    const { level = 'medium', simulations = 0, seconds = 0, seed = 0, memory = 'default' } = settings;
    const s = intValue(seat, 'seat');
    const sims = intValue(simulations, 'simulations', 0, 2 ** 32 - 1);
    if (typeof seconds !== 'number') throw new TypeError('seconds must be a number');
    if (!(seconds >= 0 && seconds < Infinity)) throw statusError(-1, 'seconds must be finite and not negative');
    const gamePtr = game._ptr;
    const ptr = withParams((params) => {
      lib.HEAP32[(params + AT.level) >> 2] = choice(BOT_LEVELS, level, 'bot level');
      lib.HEAPU32[(params + AT.simulations) >> 2] = sims;
      lib.HEAPF64[(params + AT.seconds) >> 3] = seconds;
      lib.HEAPU64[(params + AT.seed) >> 3] = seedValue(seed);
      lib.HEAP32[(params + AT.memory) >> 2] = choice(BOT_MEMORY, memory, 'bot memory');
      withErrbuf((errbuf, size) => lib._tg_bot_new_v2(gamePtr, s, params, OUT0, errbuf, size));
      return u32(OUT0);
    });
    super(ptr, lib._tg_bot_free);
    this.#game = game;
    /** The seat the bot plays. */
    this.seat = s;
  }

  get _kind() { return 'bot'; }

  get game() { return this.#game; }

  #check(status) {
    if (status < 0) check(status, () => cString(lib._tg_bot_last_error(this._ptr)));
    return status;
  }

  #state(state) {
    if (!(state instanceof State)) throw new TypeError('a bot needs a State');
    return state._ptr;
  }

  /** The bot's move for its seat in state (not applied). */
  choose(state) {
    const st = this.#state(state);
    this.#check(lib._tg_bot_choose(this._ptr, st, OUT0));
    const id = u32(OUT0);
    return state._moveFor(id);
  }

  /** The legal moves ranked best first: [{ move, score }, ...]. */
  hint(state) {
    const st = this.#state(state);
    const bot = this._ptr;
    let cap = Math.max(lib._tg_game_max_legal_moves(lib._tg_state_game(st)) >>> 0, 1);
    for (;;) {
      const moves = alloc(4 * cap, 'the hint');
      const scores = alloc(8 * cap, 'the hint');
      try {
        const status = lib._tg_bot_hint(bot, st, moves, scores, cap, OUT0);
        const count = u32(OUT0);
        if (status === -6 && count > cap) {
          cap = count;
          continue;
        }
        this.#check(status);
        const result = [];
        for (let i = 0; i < count; i++) {
          const id = u32(moves + 4 * i);
          result.push({ move: state._moveFor(id), score: f64(scores + 8 * i) });
        }
        return result;
      } finally {
        lib._free(moves);
        lib._free(scores);
      }
    }
  }

  /**
   * Asks a running choose()/hint() to finish now. JavaScript runs one call
   * at a time, so from the same thread this only ends the next decision at
   * once; a bot in a Worker (worker.js) is stopped by its time limit.
   */
  stop() {
    lib._tg_bot_stop(this._ptr);
  }

  /** Simulations the last decision ran (0 for random and easy bots). */
  get lastSimulations() { return lib._tg_bot_last_simulations(this._ptr) >>> 0; }

  /** The bot's settings with the level's defaults filled in. */
  get settings() {
    const bot = this._ptr;
    return withParams((params) => {
      this.#check(lib._tg_bot_get_params(bot, params));
      const seed = u64(params + AT.seed);
      return {
        level: nameOf(BOT_LEVELS, i32(params + AT.level)),
        simulations: u32(params + AT.simulations),
        seconds: f64(params + AT.seconds),
        seed: seed <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(seed) : seed,
        memory: nameOf(BOT_MEMORY, i32(params + AT.memory)),
      };
    });
  }

  /** The level's name. */
  get level() { return this.settings.level; }
}
