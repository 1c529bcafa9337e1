// A consumer of every declared call; tsc --strict must accept it.
import {
  BOT_LEVELS, Batch, BatchDone, Bot, CHANCE, DRAWS, CLOSED, Format, Game, MAX_PLAYERS, Move, NOT_READY, OMNISCIENT, PUBLIC, State, Status,
  StepView, TERMINAL, TablegamesError, gameInfo, games, heapInUse, init, isReady, libraryVersion, memoryLimit,
  memorySize,
} from 'tablegames';
import type {
  BatchOptions, BatchRows, BewitchedObservation, BotSettings, Draw, ErrorCode, GameId, GameInfo, GameOptions, Observation, OptionInfo, Viewer,
} from 'tablegames';

await init();
await init({ wasm: 'https://example.org/tablegames_wasm.wasm' });
const ready: boolean = isReady() && memoryLimit() > 0;

const infos: GameInfo[] = games();
const first: OptionInfo | undefined = gameInfo(infos[0].id).option('players');
const counts: number[] = infos[0].playerCounts();
const version: string = libraryVersion();
const figures: number = heapInUse() + memorySize() + MAX_PLAYERS + Object.keys(BOT_LEVELS).length;

const game = new Game('witches_dance', { players: 3, early_peek: true, entry: 'past' });
const someId: GameId = infos[0].id;
const any: Game = new Game(someId);
const options: GameOptions<'creepy_cauldron'> = { snap: 0.2, invisible: 'hide', exact: 'yes' };
const cauldron = new Game('creepy_cauldron', options);
const same = new Game('witches_dance', 'players=3');
const sizes: number = game.moveCount + game.maxLegalMoves + game.maxChanceOutcomes + game.maxLength
  + game.stateSize + game.tensorSize + game.players;
const board: Record<string, unknown> = game.board();
const optionValues: Record<string, string> = game.options;
const research: number = game.playerMoveCount + game.chanceOutcomeCount + game.lengthBound
  + game.observationTensorShape[0] + game.utilityRange[1] + game.formatVersion(Format.INFORMATION_KEY)
  + game.formatVersions.OBSERVATION_JSON + (game.hasHiddenInformation && game.moveIsChance(0) ? 1 : 0);
const equal: boolean = game.equals(same) && game.id === same.id && game.name.length > 0;

const state: State = game.newState(7n);
let view: StepView = state.stepView();
while (view.player !== TERMINAL) {
  view = view.player === CHANCE ? state.step() : state.step(view.at(0));
}
const applied: number | null = view.applied;
const ids: number[] = [...view, ...view.toArray()];
state.reset(1);
const moves: Move[] = state.legalMoves();
const played: Move = state.apply(moves[0]);
state.apply(played.text);
state.applyId(state.legalMoveIds()[0]);
const legal: boolean = state.isLegal('pink') || state.isLegal(3);
const text: string = state.moveText(moves[0]) + state.parseMove('#1').text;
if (state.isChance) {
  const outcomes: { move: Move; probability: number }[] = state.chanceOutcomes();
  const weights: number = state.chanceWeights().total;
  const drawn: Move = state.sampleChance(Math.random);
  const id: number = state.applyChance(false);
  const move: Move = state.applyChance();
}
const made: number = state.playout(10);
state.undoRewindsRng = true;
const rewinds: boolean = state.undoRewindsRng;
state.undo();
const asJson: { id: number; text: string } = played.toJSON();
const copy: State = state.clone();
copy.copyFrom(state);
copy.seed(3);
const viewers: Viewer[] = [0, OMNISCIENT, PUBLIC];
for (const viewer of viewers) {
  const seen: Record<string, unknown> = state.observation(viewer);
  const typed: Observation<'witches_dance'> = game.newState().observation(viewer);
  const die: number = typed.die + typed.known_color.length;
  const events: Record<string, unknown>[] = state.events(viewer);
  const tensor: Float32Array = state.observationTensor(viewer, new Float32Array(state.tensorSize()));
  const drawing: string = state.toText(viewer);
}
const key: bigint = state.informationKey(0);
const info: string = state.informationJson(0);
state.resample(1);
const mask: Uint8Array = state.legalMask(new Uint8Array(game.moveCount));
const who: number[] = [state.historyPlayer(0), ...state.historyPlayers()];
const anyText: string = state.anyMoveText(0);
// The learning calls of 1.4.
const action: number = game.moveAction(game.actionMove(0, 0)) + game.actionMove(CHANCE, 0) + game.informationTensorSize;
const sum: number | null = game.utilitySum() ?? game.utilitySum({ draw: 'shared' });
const actionMask: Uint8Array = state.actionMask(new Uint8Array(game.playerMoveCount));
const information: Float32Array = state.informationTensor(0, state.informationTensor(1));
const draw: Draw = 'shared';
const utilities: number[] = [...state.utilities(), ...state.utilities({ draw }), DRAWS[draw]];
const truncated: boolean = state.isTruncated && Format.INFORMATION_TENSOR === 3;
const batchOptions: BatchOptions = { size: 8, seed: 1n, draw: 'zero', observation: true, information: false, observationU8: true, maskBits: true };
const batch: Batch<'witches_dance'> = new Batch(game, batchOptions);
let rows: BatchRows = batch.observe();
rows = batch.step(new Uint32Array(batch.size));
rows = batch.step(new Int32Array(batch.size));
rows = batch.step([0, 1, 2]);
rows = batch.reset(3);
const tensors: [Float32Array | null, Float32Array | null, Uint8Array | null] = [rows.observation, batch.rows.information, rows.observationU8];
const maskBits: Uint8Array | null = rows.maskBits;
const ended: boolean = rows.done[0] === BatchDone.ENDED && rows.player[0] + rows.mask[0] + rows.rewards[0] >= 0;
const seedOf: bigint = batch.seedOf(0);
const slotState: State<'witches_dance'> = batch.cloneState(0);
const batchGame: Game<'witches_dance'> = batch.game;
const bytes: Uint8Array = state.save();
const loaded: State = State.load(bytes);
const fromJson: State = State.fromJson(JSON.parse(state.toJson()) as Record<string, unknown>);
const facts: [number, boolean, boolean, number, number[], number[], string, number[], number] = [
  state.currentPlayer, state.isChance, state.isTerminal, state.moveNumber, state.winners,
  state.returns, state.lastError, state.history, state.historyLength,
];
const settings: BotSettings = { level: 'hard', simulations: 100, seconds: 0.5, seed: 1n, memory: 'full' };
const bot = new Bot(game, 0, settings);
const choice: Move = bot.choose(state);
const hint: { move: Move; score: number }[] = bot.hint(state);
const sims: number = bot.lastSimulations + bot.seat;
const level: 'random' | 'easy' | 'medium' | 'hard' = bot.settings.level;
bot.stop();
try {
  state.apply(-1);
} catch (error) {
  if (error instanceof TablegamesError) {
    const status: number | null = error.status;
    const code: ErrorCode = error.code;
    const closed: boolean = code === CLOSED || code === NOT_READY || code === 'TG_E_NOTHING_TO_UNDO'
      || status === Status.ILLEGAL_MOVE;
  }
}
// Each game's own observation, and the union told apart by its game.
const bewitched = new Game('bewitched', { players: 2, stops: 'must' }).newState(1);
const frogs: BewitchedObservation['frogs'] = bewitched.observation(PUBLIC).frogs;
const either: Observation = loaded.observation(0);
if (either.game === 'creepy_cauldron') {
  const key: 'handle' | 'player' | 'space' = either.key.at;
}
for (const handle of [batch, slotState, bot, loaded, fromJson, copy, state, same, game, any, cauldron, bewitched]) {
  const closed: boolean = handle.closed;
  handle.free();
  handle[Symbol.dispose]();
}

// The Worker client.
import { BotWorker } from 'tablegames/bot-worker';
import type { WorkerBotSettings } from 'tablegames/bot-worker';

async function think(position: State): Promise<Move> {
  const bots: BotWorker = await BotWorker.start();
  const asked: WorkerBotSettings = { seat: 1, level: 'easy' };
  const ranked: { move: Move; score: number }[] = await bots.hint(position, asked);
  const move: Move = await bots.choose(position, asked);
  bots.terminate();
  return ranked.length > 0 ? move : ranked[0].move;
}
