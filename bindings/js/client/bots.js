// The computer seats of a master: their settings, and the thinker that
// chooses their moves off the main thread (the package's BotWorker, started
// when a computer seat first has to move). The worker gets the master's
// whole state (a save): it is the master's side of the table, and the
// library's bots re-draw what their seat cannot see before they think.
import { BOT_SETTINGS, checkSettings } from '../lib/bot.js';

/**
 * The bots option ({ seat: level or settings }) as a Map of seat to
 * BotWorker settings, each with a seed: the one given, or one made from
 * the master's seed and the seat, so a game with a seed replays the same.
 */
export function botSettings(bots, players, seed) {
  if (bots === null || typeof bots !== 'object' || Array.isArray(bots)) {
    throw new TypeError('bots is an object of seat: level or settings, e.g. { 1: "easy" }');
  }
  const seats = new Map();
  for (const [key, value] of Object.entries(bots)) {
    const seat = Number(key);
    if (!Number.isInteger(seat) || seat < 0 || seat >= players || String(seat) !== key) {
      throw new RangeError(`bots: ${JSON.stringify(key)} is not a seat of this game (0 to ${players - 1})`);
    }
    const settings = typeof value === 'string' ? { level: value } : { ...value };
    checkSettings(settings, BOT_SETTINGS);
    settings.seed ??= BigInt.asUintN(64, BigInt(seed) * 0x9E3779B97F4A7C15n + BigInt(seat + 1));
    seats.set(seat, settings);
  }
  return seats;
}

/**
 * Asks for computer seats' moves. thinker: the app's own
 * ({ choose(state, settings) → Promise of a Move or an id }), or null
 * for a BotWorker this object starts and terminates.
 */
export class Thinkers {
  #given;
  #started = null;

  constructor(thinker) {
    if (thinker != null && typeof thinker.choose !== 'function') {
      throw new TypeError('thinker must have a choose(state, settings) method (a BotWorker does)');
    }
    this.#given = thinker ?? null;
  }

  /** The id of the move the bot with settings chooses for seat in state. */
  async choose(state, seat, settings) {
    let thinker = this.#given;
    if (thinker === null) {
      this.#started ??= import('../bot-worker.js').then(({ BotWorker }) => BotWorker.start());
      thinker = await this.#started;
    }
    const move = await thinker.choose(state, { ...settings, seat });
    return typeof move === 'number' ? move : move.id;
  }

  /** Stops the worker this object started (not one the app gave). */
  stop() {
    const started = this.#started;
    this.#started = null;
    started?.then((worker) => worker.terminate(), () => {});
  }
}
