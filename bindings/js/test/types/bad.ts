// Wrong calls; tsc --strict must refuse each marked line with the marked
// code, and no other line.
import { Bot, CHANCE, Game, State } from 'tablegames';

const game = new Game(3); // TS2345
const state = game.newState('seven'); // TS2345
state.observation('everyone'); // TS2345
state.apply({ id: 1 }); // TS2345
state.undoRewindsRng = 1; // TS2322
const key: number = state.informationKey(0); // TS2322
const bytes: string = state.save(); // TS2322
const bot = new Bot(game, 0, { level: 'genius' }); // TS2322
state.currentPlayer = CHANCE; // TS2540
State.load([1, 2, 3]); // TS2345
bot.choose(game); // TS2345
import('tablegames/bot-worker').then((m) => m.BotWorker.start(7)); // TS2554
game.formatVersion('tensor'); // TS2345
