// Batch: N games of one kind stepped by one call into the library
// (tg_batch_*, include/boardgames/batch.h, library 1.4), for learning
// loops: actions in, typed arrays out, no JavaScript work per game.
//
// The arrays the library fills live in the WebAssembly heap; each call
// copies them into the Batch's own typed arrays. Views straight into the
// heap would save the copy but are not safe: any call that allocates (a
// new State, a move's text) may grow the memory, which detaches every
// view of the old buffer (they read as empty, silently). The copy costs
// far less than the step.
import { closedError, statusError } from './errors.js';
import { Game, drawValue, withErrbuf } from './game.js';
import { Handle } from './handle.js';
import { intValue, knownKeys, seedValue } from './move.js';
import { State } from './state.js';
import {
  OUT2, alloc, cString, check, lib, noMemory, u64,
} from './wasm.js';

/** What a row's done entry says (TG_BATCH_*). */
export const BatchDone = Object.freeze({ RUNNING: 0, ENDED: 1, TRUNCATED: 2 });

const OPTIONS = Object.freeze(['size', 'seed', 'draw', 'observation', 'information', 'observationU8',
  'maskBits']);
const ERRBUF_BYTES = 512;
const PARAMS_VERSION = 1; // tg_batch_params: unsigned version, int draw
const BUFFERS_VERSION = 3; // tg_batch_buffers: version, then eight pointers (wasm32: 4 bytes each)
// The batch's heap block: the error buffer, the buffers struct, then the arrays.
const BUFFERS_AT = ERRBUF_BYTES;
const HEADER_BYTES = BUFFERS_AT + 40; // 36 rounded up to 8: the rewards (doubles) come first after it

function flag(value, name, fallback) {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new TypeError(`new Batch(): ${name} is a boolean, not ${typeof value}`);
  return value;
}

// Where each array starts in the batch's heap block, by the sizes of its
// rows; doubles first, then 4-byte entries, then bytes, so each is aligned.
function layout(size, game, observation, information, observationU8, maskBits) {
  const rows = [
    ['rewards', Float64Array, game.players],
    ['actions', Uint32Array, 1],
    ['player', Int32Array, 1],
    ['observation', Float32Array, observation ? game.tensorSize : 0],
    ['information', Float32Array, information ? game.informationTensorSize : 0],
    ['mask', Uint8Array, game.playerMoveCount],
    ['done', Uint8Array, 1],
    ['observationU8', Uint8Array, observationU8 ? game.tensorSize : 0],
    // TG_BATCH_MASK_BITS_STRIDE: one bit per action, whole bytes.
    ['maskBits', Uint8Array, maskBits ? Math.ceil(game.playerMoveCount / 8) : 0],
  ];
  const at = {};
  let bytes = HEADER_BYTES;
  for (const [name, Type, perSlot] of rows) {
    at[name] = { offset: bytes, Type, count: size * perSlot };
    bytes += Type.BYTES_PER_ELEMENT * size * perSlot;
  }
  return { at, bytes };
}

export class Batch extends Handle {
  #game;
  #size;
  #block;
  #at;
  #rows;

  /**
   * new Batch(game, { size, seed = 0, draw = 'zero', observation = true,
   * information = false, observationU8 = false, maskBits = false }): size slots of game,
   * slot i's first game seeded seed + i, each at its first player
   * decision. observation, information and observationU8 say which tensors
   * the rows carry (each costs its copy); observationU8 is the observation
   * tensor as bytes, the same values (each a whole number 0 .. 255) in a
   * quarter of the memory. maskBits adds rows.maskBits, the mask packed
   * eight actions to a byte (action a at bit a % 8, least significant
   * first, of byte a >> 3 of its slot's row; the bits past the last action
   * 0). rows.mask is still filled: it is typed as always there.
   * The rows hold the first decisions at once (observe()).
   */
  constructor(game, options) {
    if (!(game instanceof Game)) throw new TypeError('new Batch() needs a Game');
    const given = knownKeys(options, OPTIONS, 'new Batch() options', 'Batch option');
    const size = intValue(given.size, 'new Batch(): size', 0, 2 ** 32 - 1);
    const seed = seedValue(given.seed ?? 0);
    const draw = drawValue(given.draw === undefined ? {} : { draw: given.draw }, 'new Batch()');
    const observation = flag(given.observation, 'observation', true);
    const information = flag(given.information, 'information', false);
    const observationU8 = flag(given.observationU8, 'observationU8', false);
    const maskBits = flag(given.maskBits, 'maskBits', false);
    const gamePtr = game._ptr;
    // The library checks the size and settings first: its refusal
    // (TG_E_TOO_LARGE above its limit) comes before the arrays are sized.
    const params = alloc(8, 'the batch parameters');
    try {
      withErrbuf((errbuf, errbufSize) => {
        check(lib._tg_batch_params_init(params, PARAMS_VERSION, errbuf, errbufSize), () => cString(errbuf));
        lib.HEAP32[(params + 4) >> 2] = draw;
        return lib._tg_batch_new(gamePtr, size, seed, params, OUT2, errbuf, errbufSize);
      });
    } finally {
      lib._free(params);
    }
    const ptr = lib.HEAPU32[OUT2 >>> 2];
    const { at, bytes } = layout(size, game, observation, information, observationU8, maskBits);
    let block;
    try {
      // malloc takes a 32-bit size: a larger one must not wrap around.
      if (bytes > lib._tgjs_memory_limit() >>> 0) {
        throw statusError(-11, noMemory(`new Batch(): ${size} slots need ${bytes} bytes of arrays`));
      }
      block = alloc(bytes, 'the batch\'s arrays');
    } catch (error) {
      lib._tg_batch_free(ptr);
      throw error;
    }
    super(ptr, lib._tg_batch_free, block);
    // The batch holds its own reference to the game; this Game is that
    // reference, freed with the batch, so freeing the caller's changes nothing.
    this.#game = Game._ofBorrowed(lib._tg_batch_game(ptr));
    this.#size = size;
    this.#block = block;
    this.#at = at;
    const buffers = (block + BUFFERS_AT) >>> 2;
    const pointer = (name) => (at[name].count > 0 ? block + at[name].offset : 0);
    lib.HEAPU32.set([BUFFERS_VERSION, pointer('player'), pointer('mask'), pointer('observation'),
      pointer('information'), pointer('rewards'), pointer('done'), pointer('observationU8'),
      pointer('maskBits')], buffers);
    const unwanted = {
      observation: !observation, information: !information, observationU8: !observationU8, maskBits: !maskBits,
    };
    const row = (name) => (unwanted[name] ? null : new at[name].Type(at[name].count));
    this.#rows = Object.freeze({
      player: row('player'),
      mask: row('mask'),
      observation: row('observation'),
      information: row('information'),
      rewards: row('rewards'),
      done: row('done'),
      observationU8: row('observationU8'),
      maskBits: row('maskBits'),
    });
    this.observe();
  }

  get _kind() { return 'batch'; }

  /** Frees the batch, its states and its reference to the game. */
  free() {
    if (this.closed) return;
    super.free();
    this.#game.free();
  }

  /** The batch's game (a Game of its own, freed with the batch). */
  get game() { return this.#game; }

  /** Number of slots. */
  get size() {
    return lib._tg_batch_size(this._ptr) >>> 0;
  }

  /**
   * The rows the last observe(), reset() or step() wrote, one per slot,
   * packed (row i of an array of k entries per slot starts at i * k): the
   * Batch's own arrays, rewritten by the next call; copy what you keep.
   */
  get rows() {
    if (this.closed) throw closedError(this._kind);
    return this.#rows;
  }

  /** Writes the rows of where every slot stands, without playing; returns them. */
  observe() {
    this.#call((errbuf) => lib._tg_batch_observe(this._ptr, 0, this.#size, this.#block + BUFFERS_AT,
      errbuf, ERRBUF_BYTES));
    return this.#rows;
  }

  /** Starts every slot again as new Batch() did, slot i seeded seed + i; returns the rows. */
  reset(seed = 0) {
    check(lib._tg_batch_reset(this._ptr, seedValue(seed)));
    return this.observe();
  }

  /**
   * Plays actions[i] (an action of the player to move, in the numbering of
   * Game.actionMove()) in slot i, then chance; a finished game reports its
   * rewards and done flag and starts its next game at once. actions: an
   * Int32Array, a Uint32Array or an array of size integers. One action
   * that is not legal refuses the whole step (TG_E_ILLEGAL_MOVE naming its
   * slot) and changes neither a slot nor the rows. Returns the rows.
   */
  step(actions) {
    const ptr = this._ptr;
    const size = this.#size;
    const address = this.#block + this.#at.actions.offset;
    const into = address >>> 2;
    if (!(actions instanceof Int32Array || actions instanceof Uint32Array || Array.isArray(actions))) {
      throw new TypeError('step: actions is an Int32Array, a Uint32Array or an array of integers');
    }
    if (actions.length !== size) {
      throw statusError(-1, `step: ${actions.length} actions for ${size} slots`);
    }
    if (actions instanceof Uint32Array) {
      lib.HEAPU32.set(actions, into);
    } else {
      const heap = lib.HEAPU32;
      for (let i = 0; i < size; i++) {
        const a = actions[i];
        if (a >>> 0 !== a) {
          if (typeof a !== 'number' || !Number.isInteger(a)) throw new TypeError(`step: action ${i} is not an integer: ${a}`);
          throw statusError(-1, `step: slot ${i}'s action ${a} is out of range`);
        }
        heap[into + i] = a;
      }
    }
    this.#call((errbuf) => lib._tg_batch_step(ptr, 0, size, address, this.#block + BUFFERS_AT,
      errbuf, ERRBUF_BYTES));
    return this.#rows;
  }

  // Runs a call that fills the heap arrays; on success copies them into
  // the rows, on failure throws with the call's message (rows untouched).
  #call(run) {
    const errbuf = this.#block;
    lib.HEAPU8[errbuf] = 0;
    check(run(errbuf), () => cString(errbuf));
    const heap = lib.HEAPU8.buffer;
    for (const [name, row] of Object.entries(this.#rows)) {
      if (row === null) continue;
      const { offset, Type, count } = this.#at[name];
      row.set(new Type(heap, this.#block + offset, count));
    }
  }

  #slot(slot) {
    const size = this.#size;
    const i = intValue(slot, 'slot', 0, 2 ** 32 - 1);
    if (i >= size) throw statusError(-1, `slot ${i} is not below the batch's size ${size}`);
    return i;
  }

  /** The seed of the game slot is playing (a bigint): State(game, it) replays that game. */
  seedOf(slot) {
    check(lib._tg_batch_seed(this._ptr, this.#slot(slot), OUT2));
    return u64(OUT2);
  }

  /**
   * A copy of slot's state, to inspect or search from (free it): its root
   * is where the slot stands (no history), its information keys and
   * tensors those of its whole game.
   */
  cloneState(slot) {
    const state = lib._tg_batch_state(this._ptr, this.#slot(slot));
    check(lib._tg_state_clone(state, OUT2));
    return State._adopt(lib.HEAPU32[OUT2 >>> 2]);
  }

  toString() {
    return this.closed ? 'Batch(closed)' : `Batch(${this.#game.id}, ${this.#game.optionsString}, ${this.#size} slots)`;
  }
}
