// The Worker side of bot-worker.js: a bot thinks here, off the page's main
// thread. Runs as a module Web Worker in browsers and as a worker_threads
// Worker in Node; the same file, told apart by the global it finds.
//
// Messages in:  { call: 'init', wasm } first (the page's compiled module,
//                so the worker neither fetches nor compiles the .wasm again),
//                then { id, call: 'choose' | 'hint', game, options, seat, settings, save }
// Messages out: { id, result } or { id, error: { message, status, code } }
//
// No module of the package awaits at its top level, so this one runs to
// its end, listener attached, as soon as it is loaded: a module Web Worker
// drops the messages that arrive while its top-level code still waits.
// Each request waits for the library, and requests are answered in order.
import * as tg from './index.js';
import { nodeModule } from './lib/wasm.js';

let library = null; // init()'s promise, once the page said which module
let queue = Promise.resolve();

// Games and bots are kept between calls: a bot is made once per game, seat
// and settings, as a page keeps one per computer seat.
const games = new Map();
const bots = new Map();

function botFor({ Bot, Game }, { game: id, options, seat, settings }) {
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

function answer(tg, request) {
  const bot = botFor(tg, request);
  const state = tg.State.load(request.save);
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

function reply(post, request, tg) {
  try {
    post({ id: request.id, result: answer(tg, request) });
  } catch (error) {
    post({
      id: request.id,
      error: { message: String(error.message), status: error.status ?? null, code: error.code ?? error.name },
    });
  }
}

function listen(post) {
  return (request) => {
    if (request.call === 'init') {
      library ??= tg.init(request.wasm === undefined ? {} : { wasm: request.wasm });
      return;
    }
    // Without an init message (a Worker started by hand), the .wasm is
    // fetched from beside the package's files.
    queue = queue.then(() => library ??= tg.init()).then(() => reply(post, request, tg), (error) => post({
      id: request.id, error: { message: `the library did not load: ${error}`, status: null, code: 'ERR_LOAD' },
    }));
  };
}

if (typeof self === 'object' && self !== null && typeof self.postMessage === 'function') {
  const onMessage = listen((message) => self.postMessage(message));
  self.addEventListener('message', (event) => onMessage(event.data));
} else {
  nodeModule('worker_threads').then(({ parentPort }) => {
    parentPort.on('message', listen((message) => parentPort.postMessage(message)));
  });
}
