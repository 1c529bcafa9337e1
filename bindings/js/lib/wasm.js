// The WebAssembly library, instantiated once when the package is imported,
// and the few helpers every class uses to move values across: strings in and
// out, out-parameters, the library's buffers (freed with tg_free).
import createTablegamesModule from '../dist/tablegames_wasm.mjs';
import { TablegamesError, statusError } from './errors.js';

const wasmUrl = new URL('../dist/tablegames_wasm.wasm', import.meta.url);

// Under Node the glue (built for web and worker only, so that it has no
// Node branch) is handed the bytes; a browser or a worker fetches the file
// beside this module.
async function instantiate() {
  const isNode = typeof process === 'object' && process !== null &&
    typeof process.versions === 'object' && typeof process.versions.node === 'string' &&
    wasmUrl.protocol === 'file:';
  if (isNode) {
    const { readFile } = await import('node:fs/promises');
    return createTablegamesModule({ wasmBinary: await readFile(wasmUrl) });
  }
  return createTablegamesModule({ locateFile: () => wasmUrl.href });
}

/** The instantiated module: its exports are the C functions, `_tg_...`. */
export const lib = await instantiate();

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

// A scratch block for out-parameters and small values. JavaScript runs one
// call at a time on a thread and every module instance has its own memory,
// so one block serves all calls; each call reads its results back before
// the next call can run.
const SCRATCH_BYTES = 64;
export const scratch = lib._malloc(SCRATCH_BYTES);
if (!scratch) throw new TablegamesError('no memory for the binding\'s scratch block', -11, 'TG_E_NO_MEMORY');
// Offsets inside the scratch block, by use.
export const OUT0 = scratch; // a pointer, size_t, uint32 or int
export const OUT1 = scratch + 8; // a second one
export const OUT2 = scratch + 16; // a third (uint64 aligned)
export const OUT3 = scratch + 24;

export const u32 = (ptr) => lib.HEAPU32[ptr >>> 2];
export const i32 = (ptr) => lib.HEAP32[ptr >> 2];
export const f64 = (ptr) => lib.HEAPF64[ptr >>> 3];
export const u64 = (ptr) => lib.HEAPU64[ptr >>> 3];

/** The NUL-terminated UTF-8 string at ptr ("" for NULL). */
export function cString(ptr) {
  if (!ptr) return '';
  const heap = lib.HEAPU8;
  let end = ptr;
  while (heap[end] !== 0) end++;
  return decoder.decode(heap.subarray(ptr, end));
}

/** len bytes at ptr as a string. */
export function cText(ptr, len) {
  return decoder.decode(lib.HEAPU8.subarray(ptr, ptr + len));
}

/**
 * Calls fn(ptr) with text copied into the heap as a NUL-terminated string,
 * and frees the copy afterwards. A string holding NUL would be cut short in
 * C, so it is refused, as refusal, with the status `nulStatus`.
 */
export function withCString(text, what, nulStatus, fn) {
  if (typeof text !== 'string') throw new TypeError(`${what} must be a string, not ${typeof text}`);
  if (text.includes('\0')) {
    throw statusError(nulStatus, `${what} contains a NUL character`);
  }
  const bytes = encoder.encode(text);
  const ptr = lib._malloc(bytes.length + 1);
  if (!ptr) throw statusError(-11, `no memory for ${what}`);
  try {
    lib.HEAPU8.set(bytes, ptr);
    lib.HEAPU8[ptr + bytes.length] = 0;
    return fn(ptr, bytes.length);
  } finally {
    lib._free(ptr);
  }
}

/** Calls fn(ptr, len) with bytes (a Uint8Array) copied into the heap. */
export function withBytes(bytes, fn) {
  const ptr = lib._malloc(Math.max(bytes.length, 1));
  if (!ptr) throw statusError(-11, 'no memory for the data');
  try {
    lib.HEAPU8.set(bytes, ptr);
    return fn(ptr, bytes.length);
  } finally {
    lib._free(ptr);
  }
}

/**
 * Takes over a buffer the library allocated (char **out, size_t *len in
 * OUT0/OUT1 after a successful call): read(ptr, len) reads it, then it is
 * released with tg_free.
 */
export function takeBuffer(read) {
  const ptr = u32(OUT0);
  const len = u32(OUT1);
  try {
    return read(ptr, len);
  } finally {
    lib._tg_free(ptr);
  }
}

/** A fresh heap block of `bytes` bytes (at least 1), or NO_MEMORY. */
export function alloc(bytes, what) {
  const ptr = lib._malloc(Math.max(bytes, 1));
  if (!ptr) throw statusError(-11, `no memory for ${what}`);
  return ptr;
}

/** The library's name for a status, e.g. "TG_E_ILLEGAL_MOVE". */
export function statusName(status) {
  return cString(lib._tg_status_name(status));
}

/** The library's sentence for a status. */
export function statusText(status) {
  return cString(lib._tg_status_text(status));
}

/**
 * Throws the TablegamesError for a failed call (status < 0): message is the
 * library's text for it (a string or a function giving it, read only on
 * failure), or else the status's sentence.
 */
export function check(status, message) {
  if (status < 0) {
    const text = typeof message === 'function' ? message() : message;
    throw statusError(status, text || statusText(status));
  }
  return status;
}
