// StepView: what State.step() reports. A loop of random games crosses into
// the library once per decision: tg_state_step() applies the decision and
// writes who decides next and their list into a heap block the state keeps
// for its life, and the view reads the list there (no copy per step). When
// the state is freed the view takes a copy, so it never reads freed memory.
import { lib } from './wasm.js';

// The state's block: player (int), count (size_t), the applied outcome
// (tg_move), the ids' capacity (src/step.c reads it), then the step's ids
// (the view's), then the ids of the other list calls, so that those leave
// the view as it was.
export const CAP_OFFSET = 12;
export const IDS_OFFSET = 16;

export function stepBlockBytes(cap) {
  return IDS_OFFSET + 8 * cap;
}

/** Where the list calls other than step() write their ids. */
export function listOffset(cap) {
  return IDS_OFFSET + 4 * cap;
}

// The heap as 32-bit words. A view of the memory goes stale (length 0)
// when the memory grows; words() then takes the module's new one (and
// the first time, once init() has loaded the module).
let heapWords = new Uint32Array(0);
function words() {
  if (heapWords.length === 0) heapWords = lib.HEAPU32;
  return heapWords;
}

export class StepView {
  // The words the ids are read from: the heap's (taken again when the
  // memory grows, which leaves the old array empty), or a copy of the ids
  // once the state is freed. A field of the view's own, not the module's
  // words(): in V8's optimised code a field is one load, a module variable
  // a load and a check that it is initialised (docs/performance.md, "The
  // step loop's crossing").
  #heap;
  #first; // the ids' index in #heap

  constructor(block) {
    this.#heap = words();
    this.#first = (block + IDS_OFFSET) >>> 2;
    /** Who decides next: a seat, CHANCE or TERMINAL. */
    this.player = 0;
    /** How many moves (or chance outcomes) the decision has. */
    this.length = 0;
    /** The decision the last step made (the outcome drawn, for a chance step); null after stepView(). */
    this.applied = null;
  }

  // The heap's words, taken again if the memory grew.
  #words() {
    let heap = this.#heap;
    if (heap.length === 0) {
      heap = words();
      this.#heap = heap;
    }
    return heap;
  }

  /** Reads what a step wrote into the block. */
  _read(block, applied) {
    const heap = this.#words();
    const base = block >>> 2;
    this.player = heap[base] | 0;
    this.length = heap[base + 1];
    this.applied = applied;
  }

  /** Takes a step's result (src/step.c: count * 16 + player + 3). */
  _set(result, applied) {
    this.player = (result & 15) - 3;
    this.length = result >>> 4;
    this.applied = applied;
  }

  /** Takes a chance step's result, and reads the outcome drawn. */
  _setChance(result, block) {
    this.player = (result & 15) - 3;
    this.length = result >>> 4;
    this.applied = this.#words()[(block >>> 2) + 2];
  }

  /** The state is being freed: keep a copy of the ids. */
  _detach() {
    const first = this.#first;
    this.#heap = this.#words().slice(first, first + this.length);
    this.#first = 0;
  }

  /** The i-th move id (negative i counts from the end), or undefined. */
  at(i) {
    // A loop's case, kept small for V8 to inline; the others below.
    if (i >= 0 && i < this.length) {
      const heap = this.#heap;
      if (heap.length !== 0) return heap[this.#first + i];
    }
    return this.#atOther(i);
  }

  #atOther(i) {
    const n = this.length;
    if (i < 0) i += n;
    if (!(i >= 0 && i < n)) return undefined;
    // n > 0 here, so an empty #heap is the heap's old array, not a copy.
    return this.#words()[this.#first + i];
  }

  /** A copy of the ids. */
  toArray() {
    const first = this.#first;
    return Array.from(this.#words().subarray(first, first + this.length));
  }

  /** Whether id is one of the decision's moves. */
  includes(id) {
    return this.toArray().includes(id);
  }

  [Symbol.iterator]() {
    return this.toArray()[Symbol.iterator]();
  }
}
