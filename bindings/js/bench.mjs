// Random games through the WebAssembly build, in Node, beside the native C
// loop of the same run (`tablegames bench`): decisions per CPU second of
// the step loop (one call into the module per decision) and of playout()
// (one call per game). A benchmark, not a test: the figures depend on the
// machine and its load.
//
//     node bindings/js/bench.mjs [--seconds T] [--players N] [--tablegames BUILD/examples/tablegames/tablegames] [GAME...]
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { CHANCE, Game, TERMINAL, games } from './index.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '1' },
    players: { type: 'string', default: '4' },
    tablegames: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const ids = positionals.length ? positionals : games().map((info) => info.id);

// The thread's CPU time in seconds (the steadier figure on a shared machine).
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

// xorshift32: a pick per decision that costs next to nothing.
let x = 2463534242;
const pick = (n) => {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return (x >>> 0) % n;
};

function timed(fn) {
  // A tenth of the time as warm-up (the JIT), then the measured run.
  const warm = performance.now() + 100 * seconds;
  while (performance.now() < warm) fn();
  const start = cpu();
  const wallStart = performance.now();
  let decisions = 0;
  while (performance.now() - wallStart < 1000 * seconds) decisions += fn();
  return decisions / (cpu() - start);
}

function stepGame(state) {
  state.reset(pick(1 << 30));
  let view = state.stepView();
  let made = 0;
  while (view.player !== TERMINAL) {
    view = view.player === CHANCE ? state.step() : state.step(view.at(pick(view.length)));
    made++;
  }
  return made;
}

function playoutGame(state) {
  state.reset(pick(1 << 30));
  return state.playout();
}

function native(id, players) {
  if (!values.tablegames) return NaN;
  const out = execFileSync(values.tablegames, ['bench', id, '--players', String(players), '--seconds',
    String(seconds), '--runs', '1', '--json'], { encoding: 'utf8' });
  return JSON.parse(out.split('\n')[0]).decisions_per_cpu_second;
}

const rows = [];
for (const id of ids) {
  const info = games().find((g) => g.id === id);
  const players = Math.min(Number(values.players), info.maxPlayers);
  const game = new Game(id, { players });
  const state = game.newState(1);
  const c = native(id, players);
  const step = timed(() => stepGame(state));
  const playout = timed(() => playoutGame(state));
  rows.push({ game: id, players, c, step, playout });
  state.free();
  game.free();
}

const m = (rate) => (Number.isNaN(rate) ? 'n/a' : `${(rate / 1e6).toFixed(2)} M`);
const ratio = (c, rate) => (Number.isNaN(c) ? 'n/a' : `${(c / rate).toFixed(2)}x`);
console.log(`decisions per CPU second, ${seconds} s per loop, Node ${process.versions.node}`);
console.log('| game | C loop | JS step loop | C / step | JS playout() | C / playout |');
console.log('|---|---|---|---|---|---|');
for (const { game, players, c, step, playout } of rows) {
  console.log(`| ${game} (${players} p) | ${m(c)} | ${m(step)} | ${ratio(c, step)} | ${m(playout)} | ${ratio(c, playout)} |`);
}
