// An example of tablegames/client: several people share one device, a
// computer seat thinks in a Worker. The master holds the game; each person
// has a client for their seat and sees only that seat's view, and when the
// device passes to another person the board is taken off the page until
// that person asks for their own.
import { init } from '../../index.js';
import { createMaster } from '../../client/index.js';
import { setUp } from './setup.js';

const $ = (id) => document.getElementById(id);

let master = null;
let clients = new Map(); // seat → Client, for the people's seats
let shown = null;        // the seat whose view is on the page
let covering = null;     // the seat the device is being passed to, while the cover is up
let previous = null;     // the seat shown before the cover, who may take back a move

function name(seat) {
  return `Player ${seat}`;
}

function start(config) {
  master?.free();
  master = createMaster(config.game, {
    gameOptions: { players: config.players },
    bots: config.bots,
    undo: config.undo,
    rerolls: config.rerolls,
    seed: config.seed,
    text: true,
    onError: (error) => console.error(error),
  });
  clients = new Map();
  shown = null;
  covering = null;
  previous = null;
  for (let seat = 0; seat < config.players; seat++) {
    if (config.bots[seat] !== undefined) continue;
    const client = master.connect(seat);
    client.subscribe(() => refresh());
    clients.set(seat, client);
  }
  // Nobody plays: watch as the table does.
  if (clients.size === 0) {
    const watcher = master.connect('spectator');
    watcher.subscribe(() => refresh());
    clients.set('spectator', watcher);
  }
  $('setup').hidden = true;
  $('table').hidden = false;
  $('new-game').hidden = false;
  document.body.dataset.undo = config.undo;
}

// Any client's latest view: they all share the turn.
function latest() {
  let best = null;
  for (const client of clients.values()) {
    const view = client.getView();
    if (view && (!best || view.version > best.version)) best = view;
  }
  return best;
}

function refresh() {
  const view = latest();
  if (!view || covering !== null) return; // the cover stays until its person asks
  const { player, over } = view.turn;
  const next = clients.has(player) ? player : clients.keys().next().value;
  // The first person sees the board only once the others look away, as
  // does each next person.
  if (shown === null ? clients.size > 1 : !over && clients.has(player) && player !== shown) {
    cover(next);
    return;
  }
  shown ??= next;
  const client = clients.get(shown);
  // This seat's view may lag the latest by a message: drawn when it comes.
  if (client.getView().version === view.version) draw(client);
}

function uncover(seat) {
  shown = seat;
  covering = null;
  previous = null;
  $('cover').hidden = true;
  $('seat-view').hidden = false;
  refresh();
}

// The device goes to another person: nothing of the last seat stays on the page.
function cover(next) {
  previous = shown;
  shown = null;
  covering = next;
  for (const id of ['board', 'moves', 'log', 'turn', 'refusal']) $(id).replaceChildren();
  $('seat-view').hidden = true;
  $('cover').hidden = false;
  $('cover-text').textContent = `Pass the device to ${name(next)}.`;
  $('cover-show').textContent = `I am ${name(next)}: show my view`;
  $('cover-show').onclick = () => uncover(next);
  const before = clients.get(previous);
  const undo = $('cover-undo');
  undo.hidden = !before?.getView().canUndo;
  undo.textContent = `${name(previous)}: take back my move`;
  undo.onclick = () => act(before, () => before.undo().then(() => uncover(before.seat)));
  document.body.dataset.cover = String(next);
  document.body.dataset.version = String(latest().version);
}

function act(client, call) {
  $('refusal').textContent = '';
  call().catch((error) => { $('refusal').textContent = error.message; });
}

function banner(view, seat) {
  const { player, over, winners, thinking } = view.turn;
  if (over) {
    return winners.length ? `Game over: ${winners.map((w) => (w === seat ? 'you' : name(w))).join(' and ')} won.` : 'Game over.';
  }
  if (thinking !== null) return `${name(thinking)} (computer) is thinking…`;
  return player === seat ? `${name(seat)}, your turn.` : `${name(player)}'s turn.`;
}

function draw(client) {
  const view = client.getView();
  const seat = client.seat;
  $('turn').textContent = banner(view, seat);
  $('board').textContent = view.text;
  $('moves').replaceChildren(...view.moves.map((move) => {
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: move.text });
    button.dataset.move = String(move.id);
    button.addEventListener('click', () => act(client, () => client.move(move.id)));
    const item = document.createElement('li');
    item.append(button);
    return item;
  }));
  const undoable = client.rules.undo !== 'never';
  $('undo').hidden = !undoable;
  $('redo').hidden = !undoable;
  $('undo').disabled = !view.canUndo;
  $('redo').disabled = !view.canRedo;
  $('undo').onclick = () => act(client, () => client.undo());
  $('redo').onclick = () => act(client, () => client.redo());
  $('log').replaceChildren(...client.log.reverse().map((entry) => {
    const item = document.createElement('li');
    if (entry.kind === 'undo') {
      item.className = 'undo';
      item.textContent = `${name(entry.by)} took back ${entry.by === entry.player ? 'their' : `${name(entry.player)}'s`} move.`;
    } else {
      item.textContent = entry.events.map((event) => event.text).join(' ');
    }
    item.dataset.version = String(entry.version);
    return item;
  }).filter((item) => item.textContent));
  Object.assign(document.body.dataset, {
    seat: String(seat), version: String(view.version), over: String(view.turn.over),
  });
  delete document.body.dataset.cover;
}

$('new-game').addEventListener('click', () => {
  master?.free();
  master = null;
  $('table').hidden = true;
  $('setup').hidden = false;
  $('new-game').hidden = true;
});

await init();
// For the page's test (tests/browser/client_example.test.mjs), which
// compares what the page shows a seat with what the rules let it see: the
// master is in this page's memory anyway; only the page's DOM is shown.
globalThis.tablegamesExample = { get master() { return master; } };
setUp(start);
document.body.dataset.ready = 'true';
