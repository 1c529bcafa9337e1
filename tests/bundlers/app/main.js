// The app each bundler builds: the package imported by its name, as a web
// developer's code imports it. It plays a game on the page's thread, asks
// the package's BotWorker (a module Worker the bundler must have built) for
// a move, and writes what happened into #out for run.mjs to read.
import {
  CHANCE, Game, OMNISCIENT, TERMINAL, games, init,
} from 'tablegames';
import { BotWorker } from 'tablegames/bot-worker';

const out = document.getElementById('out');

async function main() {
  await init();
  const game = new Game('witches_dance', { players: 3 });
  const state = game.newState(3);
  try {
    while (state.isChance) state.applyChance();
    const bots = await BotWorker.start();
    const move = await bots.choose(state, { level: 'medium', simulations: 100, seed: 1 });
    bots.terminate();
    const legal = state.isLegal(move);
    state.apply(move);
    let view = state.stepView();
    while (view.player !== TERMINAL) view = view.player === CHANCE ? state.step() : state.step(view.at(0));
    return {
      games: games().length, bot: move.text, legal, winners: state.winners,
      drawing: state.toText(OMNISCIENT).length > 0,
    };
  } finally {
    state.free();
    game.free();
  }
}

main().then((result) => {
  out.textContent = JSON.stringify(result);
}, (error) => {
  out.textContent = `error ${error?.stack ?? error}`;
});
