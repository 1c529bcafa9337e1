// One game, four languages: the JavaScript side (see agree_play.c).
import { readFileSync } from 'node:fs';
import { Game, State, init } from '../../bindings/js/index.js';

await init();

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const out = [];

function saveLine(state, final) {
  const data = state.save();
  return final ? `final ${hex(data)}` : `${data.length} ${hex(data.subarray(data.length - 4))}`;
}

function plan(id, options, seed, path) {
  const picks = readFileSync(path, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  let used = 0;
  const game = new Game(id, options);
  const state = game.newState(BigInt(seed));
  while (!state.isTerminal) {
    let move;
    if (state.isChance) {
      move = state.applyChance(false);
    } else if (used === picks.length) {
      break; // the plan ends before the game
    } else {
      const moves = state.legalMoveIds();
      move = moves[picks[used++] % moves.length];
      state.applyId(move);
    }
    out.push(`${move} ${saveLine(state, false)}`);
  }
  out.push(saveLine(state, true));
  state.free();
  game.free();
}

function replay(path) {
  const data = readFileSync(path);
  const state = path.endsWith('.tgsv') ? State.load(data) : State.fromJson(data.toString('utf8'));
  state.playout();
  out.push(saveLine(state, true));
  state.free();
}

const [call, ...args] = process.argv.slice(2);
if (call === 'plan') plan(...args);
else replay(args[0]);
process.stdout.write(`${out.join('\n')}\n`);
