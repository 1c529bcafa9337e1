// The Worker side of bot-worker.js: a bot thinks here, off the page's main
// thread. Runs as a module Web Worker in browsers and as a worker_threads
// Worker in Node; the same file, told apart by the global it finds.
//
// Messages in:  { id, call: 'choose' | 'hint', game, options, seat, settings, save }
// Messages out: { id, result } or { id, error: { message, status, code } }
import { Bot, Game, State } from './index.js';

const port = typeof self === 'object' && self !== null && typeof self.postMessage === 'function'
  ? self
  : (await import('node:worker_threads')).parentPort;

// Games and bots are kept between calls: a bot is made once per game, seat
// and settings, as a page keeps one per computer seat.
const games = new Map();
const bots = new Map();

function botFor({ game: id, options, seat, settings }) {
  const gameKey = `${id}\n${options}`;
  let game = games.get(gameKey);
  if (!game) {
    game = new Game(id, options);
    games.set(gameKey, game);
  }
  const botKey = `${gameKey}\n${seat}\n${JSON.stringify(settings, (k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
  let bot = bots.get(botKey);
  if (!bot) {
    bot = new Bot(game, seat, settings);
    bots.set(botKey, bot);
  }
  return bot;
}

function answer(request) {
  const bot = botFor(request);
  const state = State.load(request.save);
  try {
    if (request.call === 'choose') {
      const move = bot.choose(state);
      return { id: move.id, text: move.text };
    }
    if (request.call === 'hint') {
      return bot.hint(state).map(({ move, score }) => ({ id: move.id, text: move.text, score }));
    }
    throw new TypeError(`unknown call ${request.call}`);
  } finally {
    state.free();
  }
}

function onMessage(request) {
  try {
    port.postMessage({ id: request.id, result: answer(request) });
  } catch (error) {
    port.postMessage({
      id: request.id,
      error: { message: String(error.message), status: error.status ?? null, code: error.code ?? error.name },
    });
  }
}

if (typeof port.on === 'function') port.on('message', onMessage);
else port.addEventListener('message', (event) => onMessage(event.data));
