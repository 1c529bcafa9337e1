// What several test files share: a seeded random source and a random game.
import { CHANCE, TERMINAL } from '../index.js';

/** A seeded generator of numbers in [0, 1) (mulberry32), so tests repeat. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays state to its end through step(): random moves by rng, chance by the state's RNG. */
export function playRandomly(state, rng) {
  let view = state.stepView();
  let decisions = 0;
  while (view.player !== TERMINAL) {
    view = view.player === CHANCE ? state.step() : state.step(view.at(Math.floor(rng() * view.length)));
    decisions++;
  }
  return decisions;
}

/** Calls fn and returns the TablegamesError it throws (fails if it throws none). */
export function caught(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error, none was thrown');
}

/** Frees handle when test t ends (what a `using` declaration does, for Node 18 and 20). */
export function own(t, handle) {
  t.after(() => handle.free());
  return handle;
}
