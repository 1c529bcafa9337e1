// Wrong calls; tsc --strict must refuse each marked line with the marked
// code, and no other line.
import { Batch, Bot, CHANCE, Game, State, TablegamesError } from 'tablegames';

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
// The mistakes of issue 35: a misspelt game, option, value and error code,
// an observation's field of another game, a misspelt bot setting.
new Game('witches_dnace'); // TS2345
new Game('witches_dance', { playres: 3 }); // TS2561
new Game('witches_dance', { early_peek: 'maybe' }); // TS2322
new Game('bewitched', { players: 6 }); // TS2322
try { state.undo(); } catch (e) { if (e instanceof TablegamesError && e.code === 'TG_E_NOTHNG_TO_UNDO') throw e; } // TS2367
new Game('bewitched').newState().observation(0).die; // TS2551
state.observation(0).stage; // TS2339
new Bot(game, 0, { levle: 'hard' }); // TS2561
// The learning calls of 1.4: a misspelt draw or batch option, rows that may
// be absent, actions as floats, a mask where a tensor goes.
state.utilities({ draw: 'half' }); // TS2322
game.utilitySum('shared'); // TS2559
new Batch(game, { size: 2, sead: 1 }); // TS2353
new Batch(game, { seed: 1 }); // TS2345
const rows = new Batch(game, { size: 2 }).step(new Float64Array(2)); // TS2345
rows.observation[0]; // TS18047
new Batch(game, { size: 2, observationU8: 'yes' }); // TS2322
rows.observationU8[0]; // TS18047
new Batch(game, { size: 2, maskBits: 1 }); // TS2322
rows.maskBits[0]; // TS18047
state.informationTensor(0, new Uint8Array(4)); // TS2345
const truncated: number = state.isTruncated; // TS2322
