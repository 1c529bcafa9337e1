// StepView: what State.step() reports. A loop of random games crosses into
// the library once per decision: tg_state_step() applies the decision and
// writes who decides next and their list into a heap block the state keeps
// for its life, and the view copies the list out of it into an array of
// its own (the heap's views go stale when the memory grows).
import { lib } from './wasm.js';

// The state's block: player (int), count (size_t), the applied outcome
// (tg_move), then the ids.
export const IDS_OFFSET = 16;

export function stepBlockBytes(cap) {
  return IDS_OFFSET + 4 * cap;
}

export class StepView {
  #ids;

  constructor(cap) {
    this.#ids = new Uint32Array(cap);
    /** Who decides next: a seat, CHANCE or TERMINAL. */
    this.player = 0;
    /** How many moves (or chance outcomes) the decision has. */
    this.length = 0;
    /** The decision the last step made (the outcome drawn, for a chance step); null after stepView(). */
    this.applied = null;
  }

  /** Reads the block a step wrote. */
  _read(block, applied) {
    const heap32 = lib.HEAP32;
    const base = block >> 2;
    const count = heap32[base + 1];
    const ids = this.#ids;
    const heapU32 = lib.HEAPU32;
    const first = (block + IDS_OFFSET) >>> 2;
    for (let i = 0; i < count; i++) ids[i] = heapU32[first + i];
    this.player = heap32[base];
    this.length = count;
    this.applied = applied;
  }

  /** The i-th move id (negative i counts from the end), or undefined. */
  at(i) {
    if (i >= 0 && i < this.length) return this.#ids[i];
    if (i < 0 && i >= -this.length) return this.#ids[this.length + i];
    return undefined;
  }

  /** Whether id is one of the decision's moves. */
  includes(id) {
    return this.#ids.subarray(0, this.length).includes(id);
  }

  /** A copy of the ids. */
  toArray() {
    return Array.from(this.#ids.subarray(0, this.length));
  }

  [Symbol.iterator]() {
    return this.toArray()[Symbol.iterator]();
  }
}
