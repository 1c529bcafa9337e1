// StepView: what State.step() reports. A loop of random games crosses into
// the library once per decision: tg_state_step() applies the decision and
// writes who decides next and their list into a heap block the state keeps
// for its life, and the view reads the list there (no copy per step). When
// the state is freed the view takes a copy, so it never reads freed memory.
import { lib } from './wasm.js';

// The state's block: player (int), count (size_t), the applied outcome
// (tg_move), then the step's ids (the view's), then the ids of the other
// list calls, so that those leave the view as it was.
export const IDS_OFFSET = 16;

export function stepBlockBytes(cap) {
  return IDS_OFFSET + 8 * cap;
}

/** Where the list calls other than step() write their ids. */
export function listOffset(cap) {
  return IDS_OFFSET + 4 * cap;
}

// The heap as 32-bit words: the module's view, which its glue replaces
// when the memory grows. Read from the module at each use: a copy cached
// here in a module variable, checked for a stale view (length 0) at each
// read, cost Node 18 (V8 10.2) a fifth or more of Witches' Dance's step
// loop (docs/performance.md, "Node 18's step loop"); Node 20 runs both
// alike.
function words() {
  return lib.HEAPU32;
}

export class StepView {
  #first; // the ids' index in the heap's words
  #copy = null; // the ids, once the state is freed

  constructor(block) {
    this.#first = (block + IDS_OFFSET) >>> 2;
    /** Who decides next: a seat, CHANCE or TERMINAL. */
    this.player = 0;
    /** How many moves (or chance outcomes) the decision has. */
    this.length = 0;
    /** The decision the last step made (the outcome drawn, for a chance step); null after stepView(). */
    this.applied = null;
  }

  /** Reads what a step wrote into the block. */
  _read(block, applied) {
    const heap = words();
    const base = block >>> 2;
    this.player = heap[base] | 0;
    this.length = heap[base + 1];
    this.applied = applied;
  }

  /** Reads what a chance step wrote, the outcome drawn included. */
  _readChance(block) {
    const heap = words();
    const base = block >>> 2;
    this.player = heap[base] | 0;
    this.length = heap[base + 1];
    this.applied = heap[base + 2];
  }

  /** The state is being freed: keep a copy of the ids. */
  _detach() {
    this.#copy = words().slice(this.#first, this.#first + this.length);
  }

  /** The i-th move id (negative i counts from the end), or undefined. */
  at(i) {
    const n = this.length;
    if (i < 0) i += n;
    if (!(i >= 0 && i < n)) return undefined;
    const copy = this.#copy;
    return copy === null ? words()[this.#first + i] : copy[i | 0];
  }

  /** A copy of the ids. */
  toArray() {
    const ids = this.#copy ?? words().subarray(this.#first, this.#first + this.length);
    return Array.from(ids.subarray(0, this.length));
  }

  /** Whether id is one of the decision's moves. */
  includes(id) {
    return this.toArray().includes(id);
  }

  [Symbol.iterator]() {
    return this.toArray()[Symbol.iterator]();
  }
}
