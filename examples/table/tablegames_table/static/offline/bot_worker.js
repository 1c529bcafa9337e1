// A computer seat thinking off the page's thread: the offline page
// (engine.js, Thinker) sends { id, save, seat, level, seconds, seed } and
// gets { id, move } or { id, error }. The state is loaded from its binary
// save, the bot made, asked and freed for each decision: nothing is kept
// between decisions.
//
// The package loads its WebAssembly module with a top-level await; the
// handler is set at once (messages sent meanwhile would find none) and
// waits for the package itself.
const tablegames = import("./pkg/index.js");

self.onmessage = async ({ data }) => {
  const { id, save, seat, level, seconds, seed } = data;
  let state = null;
  let bot = null;
  try {
    const { State, Bot } = await tablegames;
    state = State.load(save);
    bot = new Bot(state.game, seat, { level, seconds, seed });
    self.postMessage({ id, move: bot.choose(state).id });
  } catch (error) {
    self.postMessage({ id, error: String(error.message || error) });
  } finally {
    bot?.free();
    state?.free();
  }
};
