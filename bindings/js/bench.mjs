// Random games through the WebAssembly build, in Node, beside the native C
// loop of the same run (`tablegames bench`): decisions per CPU second of
// the step loop (one call into the module per decision), of playout() (one
// call per game) and of the README's loop (legalMoves(), apply(),
// applyChance()). A benchmark, not a test: the figures depend on the
// machine and its load, so the loops take turns (--rounds), and each ratio
// is the median of the rounds' ratios.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CHANCE, Game, TERMINAL, games, init,
} from './index.js';

const USAGE = `usage: node bench.mjs [options] [GAME...]

Plays random games of each GAME (default: every game) for a fixed time
per loop and prints decisions per CPU second: the native C loop and the
native playout loop (with --tablegames), the step() loop, playout() and
the README's loop.

  --seconds T      time per loop and round (default 1)
  --rounds N       rounds of every loop, taking turns (default 3)
  --players N      players, at most the game's most (default 4)
  --tablegames P   the tablegames command of a native Release build,
                   for the C loops and the ratios
  --wasm P         the .wasm to load instead of the package's (a build
                   with other flags; its glue must match dist/'s)
  --verbose        every round's rates too, after the table (how much
                   a loop's rate moves from round to round)
  --help           this text`;

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      seconds: { type: 'string', default: '1' },
      rounds: { type: 'string', default: '3' },
      players: { type: 'string', default: '4' },
      tablegames: { type: 'string' },
      wasm: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = args;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const playersWanted = Number(values.players);
if (!(seconds > 0) || !Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(playersWanted)) {
  console.error(`--seconds must be positive, --rounds and --players whole numbers\n\n${USAGE}`);
  process.exit(2);
}

await init(values.wasm === undefined ? undefined : { wasm: pathToFileURL(values.wasm) });
const known = games().map((info) => info.id);
const ids = positionals.length ? positionals : known;
for (const id of ids) {
  if (!known.includes(id)) {
    console.error(`unknown game ${id} (known: ${known.join(', ')})`);
    process.exit(2);
  }
}

// The thread's CPU time in seconds (the steadier figure on a shared machine).
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

// xorshift32: a pick per decision that costs next to nothing. The word
// scaled to [0, n) by a multiplication, as the C loop's pick does (Lemire's
// method, without its rejection step: a bias below n / 2^32): `% n` of a
// word above 2^31 is a floating-point remainder in V8 (x87 `fprem`), which
// took a tenth of Witches' Dance's step loop on its own.
let x = 2463534242;
const TWO_TO_MINUS_32 = 2 ** -32;
const pick = (n) => {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return ((x >>> 0) * n * TWO_TO_MINUS_32) | 0;
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

// The loop README.md shows first, with a random move instead of the first.
function readmeGame(state) {
  state.reset(pick(1 << 30));
  let made = 0;
  while (!state.isTerminal) {
    if (state.currentPlayer === CHANCE) {
      state.applyChance();
    } else {
      const moves = state.legalMoves();
      state.apply(moves[pick(moves.length)]);
    }
    made++;
  }
  return made;
}

// The C loop (a library call per decision), or with playout the library's
// own loop, one tg_state_playout() per game: what playout() runs, with
// the game's playout hook where it has one.
function native(id, players, playout = false) {
  if (!values.tablegames) return NaN;
  const out = execFileSync(values.tablegames, ['bench', id, '--players', String(players), '--seconds',
    String(seconds), '--runs', '1', '--json', ...(playout ? ['--playout'] : [])], { encoding: 'utf8' });
  return JSON.parse(out.split('\n')[0]).decisions_per_cpu_second;
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const tables = ids.map((id) => {
  const info = games().find((g) => g.id === id);
  const players = Math.min(Math.max(playersWanted, info.minPlayers), info.maxPlayers);
  const game = new Game(id, { players });
  return {
    id, players, game, state: game.newState(1), c: [], cPlayout: [], step: [], playout: [], readme: [],
  };
});
// Round after round, every game and loop in turn, so that a change in the
// machine's load falls on all of them.
for (let round = 0; round < rounds; round++) {
  for (const t of tables) {
    t.c.push(native(t.id, t.players));
    t.cPlayout.push(native(t.id, t.players, true));
    t.step.push(timed(() => stepGame(t.state)));
    t.playout.push(timed(() => playoutGame(t.state)));
    t.readme.push(timed(() => readmeGame(t.state)));
  }
}

const m = (rate) => (Number.isNaN(rate) ? 'n/a' : `${(rate / 1e6).toFixed(2)} M`);
const ratio = (a, b) => {
  const r = median(a.map((v, i) => v / b[i]));
  return Number.isNaN(r) ? 'n/a' : `${r.toFixed(2)}x`;
};
console.log(`decisions per CPU second (median of ${rounds} rounds of ${seconds} s per loop), Node ${process.versions.node}`);
console.log('| game | C loop | JS step loop | C / step | JS playout() | C / playout | C playout | C playout / JS playout | README loop | step / README |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const t of tables) {
  console.log(`| ${t.id} (${t.players} p) | ${m(median(t.c))} | ${m(median(t.step))} | ${ratio(t.c, t.step)} | `
    + `${m(median(t.playout))} | ${ratio(t.c, t.playout)} | ${m(median(t.cPlayout))} | ${ratio(t.cPlayout, t.playout)} | `
    + `${m(median(t.readme))} | ${ratio(t.step, t.readme)} |`);
}
if (values.verbose) {
  console.log('\nevery round (M decisions per CPU second):');
  console.log('| game | loop | rounds | max / min |');
  console.log('|---|---|---|---|');
  const loops = [['C loop', 'c'], ['C playout', 'cPlayout'], ['JS step loop', 'step'], ['JS playout()', 'playout'],
    ['README loop', 'readme']];
  for (const t of tables) {
    for (const [name, key] of loops) {
      const rates = t[key];
      if (rates.some(Number.isNaN)) continue;
      console.log(`| ${t.id} | ${name} | ${rates.map((r) => (r / 1e6).toFixed(2)).join(', ')} | `
        + `${(Math.max(...rates) / Math.min(...rates)).toFixed(2)} |`);
    }
  }
}
for (const t of tables) {
  t.state.free();
  t.game.free();
}
