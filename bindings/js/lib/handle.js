// Handle: what every object owning C memory shares. free() releases it at
// once (and [Symbol.dispose], for `using`); a FinalizationRegistry frees a
// forgotten handle when it is collected, a safety net only: collection may
// come late or never, and the WebAssembly heap does not tell the collector
// it is full.
import { closedError } from './errors.js';
import { lib } from './wasm.js';

const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');

function releaseAll({ release, ptr, block }) {
  release(ptr);
  if (block) lib._free(block);
}

const registry = new FinalizationRegistry(releaseAll);

export class Handle {
  #ptr;
  #held;

  /**
   * ptr: the C handle; release(ptr): the C function that frees it; block:
   * a heap block of the binding's (malloc) freed with it, or 0.
   */
  constructor(ptr, release, block = 0) {
    this.#ptr = ptr;
    this.#held = { release, ptr, block };
    registry.register(this, this.#held, this);
  }

  /** The C pointer; TablegamesError TG_E_CLOSED after free(). */
  get _ptr() {
    const ptr = this.#ptr;
    if (ptr === 0) throw closedError(this._kind);
    return ptr;
  }

  /** The kind of handle, for messages ("game", "state", "bot"). */
  get _kind() {
    return 'handle';
  }

  /** Whether free() was called. */
  get closed() {
    return this.#ptr === 0;
  }

  /** Releases the C memory now; later calls throw TG_E_CLOSED. Idempotent. */
  free() {
    const ptr = this.#ptr;
    if (ptr === 0) return;
    this.#ptr = 0;
    registry.unregister(this);
    releaseAll(this.#held);
  }

  [disposeSymbol]() {
    this.free();
  }
}
