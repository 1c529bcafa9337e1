// What the client layer's tests share: a thinker on the main thread (the
// Worker's bot is tested on its own), and persons who play a game to its
// end through their clients.
import { Bot } from '../index.js';

/** A thinker that asks a Bot on this thread (settings as BotWorker takes them). */
export function mainThreadThinker() {
  return {
    async choose(state, { seat, ...settings }) {
      await null; // an answer comes later, as a Worker's does
      const bot = new Bot(state.game, seat, settings);
      try {
        return bot.choose(state).id;
      } finally {
        bot.free();
      }
    },
  };
}

/** Resolves with client's first view of a version above version. */
export function viewAfter(client, version) {
  return new Promise((resolve) => {
    const stop = client.subscribe((view) => {
      if (view.version > version) {
        queueMicrotask(() => stop());
        resolve(view);
      }
    });
  });
}

/**
 * Plays a game to its end: each person (clients: one per person
 * seat) picks a random move on its turn; with undos, persons also ask for
 * undos and redos now and then (refusals counted). Waits for the computer
 * seats. Returns { moves, undos, redos, refused }.
 */
export async function playThrough(clients, rng, { undos = false } = {}) {
  const stats = { moves: 0, undos: 0, redos: 0, refused: 0 };
  await Promise.all(clients.map((client) => client.ready));
  const watcher = clients[0];
  while (!watcher.getView().turn.over) {
    const toMove = clients.find((client) => client.legalMoves().length > 0);
    const roll = rng();
    const asker = clients[Math.floor(rng() * clients.length)];
    try {
      if (undos && roll < 0.08) {
        await asker.undo();
        stats.undos++;
      } else if (undos && roll < 0.12) {
        await asker.redo();
        stats.redos++;
      } else if (toMove) {
        const moves = toMove.legalMoves();
        await toMove.move(moves[Math.floor(rng() * moves.length)]);
        stats.moves++;
      } else {
        // A computer seat thinks, or a seat's view is still on its way.
        await Promise.race(clients.map((client) => viewAfter(client, client.getView().version)));
      }
    } catch (error) {
      if (error.name !== 'ClientError') throw error;
      stats.refused++;
    }
  }
  return stats;
}

/**
 * A connection to master as viewer whose messages the test writes itself:
 * send(message) delivers one; what the master sends is pushed to sent.
 */
export function rawConnection(master, viewer, sent) {
  const handlers = [];
  master.accept({
    send: (message) => sent.push(message),
    onMessage: (fn) => handlers.push(fn),
  }, viewer);
  return { send: (message) => handlers.forEach((fn) => fn(message)) };
}

/** Resolves once what is queued now (microtasks, I/O callbacks) has run. */
export function settle() {
  return new Promise((resolve) => { setImmediate(resolve); });
}
