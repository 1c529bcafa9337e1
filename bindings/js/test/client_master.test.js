// The client layer's master and clients on one device: per-seat views,
// refusals in words that change nothing, the undo and re-roll policies,
// redo, computer seats (on the main thread here; in the package's Worker in
// the last test), subscribe and the log, and the end of a master.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  Game, PUBLIC, State, init,
} from '../index.js';
import { ClientError, createMaster } from '../client/index.js';
import {
  mainThreadThinker, playThrough, rawConnection, settle, viewAfter,
} from './client_support.js';
import { seeded } from './support.js';

await init();

// A two-seat Witches' Dance: seat 0 picks a neutral colour (no roll
// follows), seat 1 picks one (the die is rolled for seat 0), seat 0 moves.
function witches(t, options = {}) {
  const master = createMaster('witches_dance', { gameOptions: { players: 2 }, seed: 3, ...options });
  t.after(() => master.free());
  const seats = [master.connect(0), master.connect(1)];
  return { master, seats, ready: Promise.all(seats.map((c) => c.ready)) };
}

function truth(master) {
  return State.load(master.save());
}

async function refused(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof ClientError, error);
    assert.equal(error.code, code, error.message);
    assert.ok(error.message.length > 10, 'a refusal in words');
    return true;
  });
}

test('each seat sees its own observation and events; only the seat to move gets moves', async (t) => {
  const { master, seats } = witches(t, { text: true });
  const spectator = master.connect('spectator');
  const views = await Promise.all([...seats, spectator].map((c) => c.ready));
  const state = truth(master);
  t.after(() => state.free());
  for (const [seat, view] of views.slice(0, 2).entries()) {
    assert.equal(view.viewer, seat);
    assert.deepEqual(view.observation, state.observation(seat));
    assert.deepEqual(view.events, state.events(seat));
    assert.equal(view.text, state.toText(seat));
    assert.deepEqual(view.moves, seat === state.currentPlayer
      ? state.legalMoves().map(({ id, text }) => ({ id, text })) : []);
  }
  assert.deepEqual(views[2].observation, state.observation(PUBLIC));
  assert.deepEqual(views[2].moves, []);
  assert.equal(seats[0].seat, 0);
  assert.equal(spectator.seat, 'spectator');
  assert.deepEqual(seats[0].game, {
    id: 'witches_dance', name: master.game.name, options: master.game.optionsString, players: 2,
  });
  assert.deepEqual(seats[0].rules, { undo: 'own-turn', rerolls: 'forbid' });
  assert.deepEqual(views[0].turn, {
    player: 0, over: false, winners: [], thinking: null,
  });
});

test('a refused request says why in words and changes nothing', async (t) => {
  const { master, seats: [zero, one], ready } = witches(t, { bots: {}, undo: 'never' });
  const spectator = master.connect('spectator');
  await ready;
  await spectator.ready;
  const save = master.save();
  const { version } = master;
  await refused(one.move(one.legalMoves()[0] ?? 0), 'not_your_turn');
  await refused(zero.move(99999), 'illegal_move');
  await refused(zero.move('no such move'), 'illegal_move');
  await refused(spectator.move(0), 'spectator');
  await refused(zero.undo(), 'undo_forbidden');
  await refused(zero.redo(), 'undo_forbidden');
  assert.equal(master.version, version);
  assert.deepEqual(master.save(), save);
  await zero.move(zero.legalMoves()[0].text); // a move by its text
  assert.equal(master.version, version + 1);
});

test('a stale view: a request made before the last change is refused', async (t) => {
  const { master, seats: [zero, one], ready } = witches(t, { undo: 'free', rerolls: 'allow' });
  await ready;
  const before = zero.getView();
  await zero.move(zero.legalMoves()[0]);
  // one undoes zero's move; zero's older click comes after it.
  await one.undo();
  const { version } = master;
  // The client sends its view's version: make the request by hand with the old one.
  const sent = [];
  const raw = rawConnection(master, 0, sent);
  raw.send({ type: 'move', version: before.version, move: before.moves[1].id, ref: 7 });
  await settle();
  assert.equal(sent.at(-1).type, 'refused');
  assert.equal(sent.at(-1).code, 'stale');
  assert.equal(sent.at(-1).ref, 7);
  assert.equal(master.version, version);
});

test("undo 'own-turn': a person takes back their own last move; redo plays it again", async (t) => {
  const { master, seats: [zero, one], ready } = witches(t, { undo: 'own-turn', rerolls: 'allow' });
  await ready;
  const start = zero.getView();
  assert.equal(start.canUndo, false);
  await zero.move(start.moves[0]);
  assert.equal(zero.getView().canUndo, true);
  assert.equal(one.getView().canUndo, false);
  await refused(one.undo(), 'not_yours');
  const after = one.getView();
  const undone = await zero.undo();
  assert.deepEqual(undone.observation, start.observation);
  assert.deepEqual(undone.moves, start.moves);
  assert.equal(undone.version, start.version + 2);
  assert.equal(undone.canRedo, true);
  assert.equal(one.getView().canRedo, false);
  await refused(one.redo(), 'not_yours');
  assert.deepEqual(zero.log.at(-1), {
    version: undone.version, kind: 'undo', player: 0, by: 0, events: [],
  });
  await zero.redo();
  assert.deepEqual(one.getView().observation, after.observation);
  assert.equal(one.log.at(-1).kind, 'redo');
  // Once another person has decided, the move is theirs to keep.
  await one.move(one.legalMoves()[0]);
  await refused(zero.undo(), 'not_yours');
  // A new move forgets what could be redone.
  await one.undo();
  await one.move(one.legalMoves().at(-1));
  await refused(one.redo(), 'nothing_to_redo');
});

test("undo 'free': any person takes back the last person's move", async (t) => {
  const { seats: [zero, one], ready } = witches(t, { undo: 'free', rerolls: 'allow' });
  await ready;
  const start = zero.getView();
  await zero.move(start.moves[0]);
  assert.equal(one.getView().canUndo, true);
  const undone = await one.undo();
  assert.deepEqual(zero.getView().observation, start.observation);
  assert.equal(zero.log.at(-1).by, 1);
  await one.redo();
  assert.equal(one.getView().turn.player, 1);
});

// Seat 1's neutral colour is followed by the die rolled for seat 0: the
// group an undo takes back holds a roll.
async function pastTheRoll(zero, one) {
  await zero.move(zero.legalMoves()[0]);
  await one.move(one.legalMoves()[0]);
  return zero.getView().observation.die;
}

test("rerolls 'forbid': an undo past a roll never rolls again", async (t) => {
  const { master, seats: [zero, one], ready } = witches(t, { undo: 'own-turn', rerolls: 'forbid' });
  await ready;
  const probe = master.game.newState(0);
  const rewinds = 'undoRewindsRng' in probe;
  probe.free();
  const die = await pastTheRoll(zero, one);
  if (rewinds) {
    // The RNG is rewound with the roll: the same move rolls the same die,
    // however often it is taken back.
    for (let i = 0; i < 6; i++) {
      await one.undo();
      await one.move(one.legalMoves()[0]);
      assert.equal(zero.getView().observation.die, die);
    }
  } else {
    // This library cannot rewind its RNG: the undo is refused, and the
    // move before it, with no roll after it, can still be taken back.
    assert.equal(one.getView().canUndo, false);
    await refused(one.undo(), 'would_reroll');
    assert.equal(zero.getView().observation.die, die);
  }
});

test("rerolls 'allow': an undo past a roll rolls it again", async (t) => {
  const { seats: [zero, one], ready } = witches(t, { undo: 'own-turn', rerolls: 'allow' });
  await ready;
  const first = await pastTheRoll(zero, one);
  const dice = new Set([first]);
  for (let i = 0; i < 30 && dice.size === 1; i++) {
    await one.undo();
    await one.move(one.legalMoves()[0]);
    dice.add(zero.getView().observation.die);
  }
  assert.ok(dice.size > 1, 'the die never came out otherwise');
});

test('a computer seat moves by itself; while it thinks the views say so', async (t) => {
  let release;
  const thinker = mainThreadThinker();
  const slow = {
    async choose(state, settings) {
      await new Promise((resolve) => { release = resolve; });
      return thinker.choose(state, settings);
    },
  };
  const master = createMaster('witches_dance', {
    gameOptions: { players: 2 }, seed: 3, bots: { 1: 'easy' }, thinker: slow,
  });
  t.after(() => master.free());
  const zero = master.connect(0);
  const bot = master.connect(1);
  await zero.ready;
  await bot.ready;
  assert.deepEqual(master.seats.map((s) => s.kind), ['person', 'bot']);
  assert.deepEqual(zero.seats[1], { seat: 1, kind: 'bot', level: 'easy' });
  await zero.move(zero.legalMoves()[0]);
  assert.equal(zero.getView().turn.thinking, 1);
  assert.deepEqual(bot.getView().moves.length > 0, true, 'the bot seat is shown its moves');
  await refused(bot.move(bot.legalMoves()[0]), 'bot_seat');
  const { version } = zero.getView();
  const next = viewAfter(zero, version);
  release();
  const view = await next;
  assert.equal(view.turn.thinking, null);
  assert.equal(zero.log.find((e) => e.version === version + 1).player, 1);
});

test('an undo while a computer seat thinks: its answer for the old position is dropped', async (t) => {
  const answers = [];
  const thinker = mainThreadThinker();
  const held = {
    choose(state, settings) {
      return new Promise((resolve) => { answers.push(() => resolve(thinker.choose(state, settings))); });
    },
  };
  const master = createMaster('witches_dance', {
    gameOptions: { players: 2 }, seed: 3, bots: { 1: 'easy' }, thinker: held,
  });
  t.after(() => master.free());
  const zero = master.connect(0);
  await zero.ready;
  await zero.move(zero.legalMoves()[0]);
  await zero.undo();
  const { version } = master;
  answers[0]();
  await settle();
  await settle();
  assert.equal(master.version, version, 'the dropped answer was played');
  assert.deepEqual(zero.getView().turn.player, 0);
});

test('subscribe, the log and sync: what a seat was sent, and again on request', async (t) => {
  const { master, seats: [zero, one], ready } = witches(t, { undo: 'free', rerolls: 'allow' });
  await ready;
  const seen = [];
  const stop = zero.subscribe((view, client) => seen.push([view.version, client === zero]));
  assert.deepEqual(seen, [[zero.getView().version, true]], 'called at once with the view there is');
  await playThrough([zero, one], seeded(5), { undos: true });
  stop();
  assert.ok(zero.getView().turn.over);
  assert.deepEqual(seen.map(([v]) => v), [...new Set(seen.map(([v]) => v))].sort((a, b) => a - b));
  const log = zero.log;
  assert.equal(log.length, master.version);
  assert.deepEqual(log.map((e) => e.version), log.map((_, i) => i + 1));
  const again = await zero.sync();
  assert.deepEqual(again, zero.getView());
  assert.deepEqual(zero.log, log);
  assert.deepEqual(zero.getView().turn.winners, master.winners);
  await refused(zero.move(0), 'game_over');
});

test('free() closes the clients and rejects what is pending', async (t) => {
  const master = createMaster('bewitched', { gameOptions: { players: 2 }, seed: 1, thinker: mainThreadThinker() });
  const seat = master.connect(0);
  await seat.ready;
  master.free();
  await settle();
  assert.equal(seat.closed, true);
  await refused(seat.move(0), 'closed');
  assert.throws(() => master.connect(0), /freed/);
  void t;
});

test('createMaster checks its options', async (t) => {
  const game = new Game('witches_dance', { players: 3 });
  t.after(() => game.free());
  assert.throws(() => createMaster(game, { undo: 'sometimes' }), /undo "sometimes" is not one of never, own-turn, free/);
  assert.throws(() => createMaster(game, { rerolls: 'yes' }), /rerolls "yes"/);
  assert.throws(() => createMaster(game, { bots: { 3: 'easy' } }), /not a seat of this game \(0 to 2\)/);
  assert.throws(() => createMaster(game, { bots: { 1: { levle: 'easy' } } }), /unknown bot setting "levle"/);
  assert.throws(() => createMaster(game, { seeed: 1 }), /unknown option seeed/);
  assert.throws(() => createMaster(game, { gameOptions: { players: 2 } }), /gameOptions is for a game given by its id/);
  assert.throws(() => createMaster({}), /game must be a Game or a game id/);
  assert.throws(() => createMaster('no_such_game'), (error) => error.code === 'TG_E_UNKNOWN_GAME');
  const master = createMaster(game, { seed: 1 });
  assert.throws(() => master.connect(3), /not a seat of this game/);
  assert.throws(() => master.connect('public'), /not a seat of this game/);
  master.free();
  assert.equal(game.closed, false, 'the app keeps the Game it gave');
});

test("a computer seat in the package's BotWorker plays a whole game", async (t) => {
  const master = createMaster('creepy_cauldron', { gameOptions: { players: 2 }, seed: 9, bots: { 1: 'easy' } });
  t.after(() => master.free());
  const person = master.connect(0);
  const stats = await playThrough([person], seeded(9));
  assert.ok(master.isOver);
  assert.ok(person.log.some((e) => e.kind === 'move' && e.player === 1), 'the computer seat moved');
  assert.ok(stats.moves > 0);
});
