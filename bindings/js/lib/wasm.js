// The WebAssembly library, instantiated once by init(), and the few helpers
// every class uses to move values across: strings in and out,
// out-parameters, the library's buffers (freed with tg_free).
//
// No module of the package awaits at its top level and none imports
// node: modules statically: a page, a Worker, a bundler and Node's
// require() see plain synchronous modules; the one asynchronous step,
// fetching and compiling the .wasm, is init()'s.
import createTablegamesModule from '../dist/tablegames_wasm.mjs';
import { NOT_READY, TablegamesError, statusError } from './errors.js';

// Until init() has finished, every use of the library ends here, with
// the error that says what to do.
const notReady = new Proxy({}, {
  get() {
    throw new TablegamesError('the tablegames library is not loaded yet: `await init()` once before using it',
      null, NOT_READY);
  },
});

/** The instantiated module: its exports are the C functions, `_tg_...`. */
export let lib = notReady;
/** The compiled module, handed to Workers (BotWorker) so that they need not fetch it. */
export let compiled = null;

// A scratch block for out-parameters and small values. JavaScript runs one
// call at a time on a thread and every module instance has its own memory,
// so one block serves all calls; each call reads its results back before
// the next call can run. Offsets inside it, by use:
export let OUT0 = 0; // a pointer, size_t, uint32 or int
export let OUT1 = 0; // a second one
export let OUT2 = 0; // a third (uint64 aligned)
export let OUT3 = 0;
const SCRATCH_BYTES = 64;

// A specifier bundlers do not follow: the Node-only modules are imported
// only on Node, and a browser bundle must not try to resolve them.
export function nodeModule(name) {
  const specifier = `node:${name}`;
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
}

const isNode = () => typeof process === 'object' && process !== null &&
  typeof process.versions === 'object' && process.versions !== null &&
  typeof process.versions.node === 'string';

// The .wasm's bytes, or a Response to compile while it streams in, from
// what init() was given: a URL (file: read from disk under Node), a path,
// bytes, a Response or a promise of one.
async function wasmSource(where) {
  if (where instanceof WebAssembly.Module || where instanceof ArrayBuffer || ArrayBuffer.isView(where)) return where;
  if (typeof Response === 'function' && where instanceof Response) return where;
  if (typeof where?.then === 'function') return wasmSource(await where);
  if (typeof where !== 'string' && !(where instanceof URL)) {
    throw new TypeError('init({ wasm }): a URL, a path, bytes, a Response or a WebAssembly.Module');
  }
  const base = typeof location === 'object' && location !== null ? location.href : undefined;
  const url = new URL(where, base);
  if (url.protocol === 'file:' && isNode()) {
    const { readFile } = await nodeModule('fs/promises');
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`init(): ${url.href} answered ${response.status} ${response.statusText}`);
  return response;
}

// Compiles (unless given a compiled module) and instantiates with the
// glue's imports; streams when the server says application/wasm.
async function compileAndInstantiate(source, imports) {
  if (source instanceof WebAssembly.Module) {
    return { module: source, instance: await WebAssembly.instantiate(source, imports) };
  }
  if (typeof Response === 'function' && source instanceof Response) {
    if (typeof WebAssembly.instantiateStreaming === 'function' &&
        (source.headers.get('content-type') ?? '').split(';')[0].trim() === 'application/wasm') {
      return WebAssembly.instantiateStreaming(source, imports);
    }
    return WebAssembly.instantiate(await source.arrayBuffer(), imports);
  }
  return WebAssembly.instantiate(source, imports);
}

/**
 * Instantiates the library from where (see wasmSource) and makes it the
 * one every call uses. Called once, by init().
 */
export async function instantiate(where) {
  const source = await wasmSource(where);
  const module = await new Promise((resolve, reject) => {
    // The glue hands over its imports and takes the instance back; the
    // instantiation is ours, so that its failure rejects here and the
    // compiled module can be kept for Workers.
    createTablegamesModule({
      instantiateWasm(imports, receive) {
        compileAndInstantiate(source, imports).then(({ module: mod, instance }) => {
          compiled = mod;
          receive(instance, mod);
        }, reject);
        return {};
      },
    }).then(resolve, reject);
  });
  const block = module._malloc(SCRATCH_BYTES);
  if (!block) throw new TablegamesError('no memory for the binding\'s scratch block', -11, 'TG_E_NO_MEMORY');
  OUT0 = block;
  OUT1 = block + 8;
  OUT2 = block + 16;
  OUT3 = block + 24;
  lib = module;
}

/** Whether init() has finished. */
export function isReady() {
  return lib !== notReady;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

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
  if (!ptr) throw statusError(-11, noMemory(`no memory for ${what}`));
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
  if (!ptr) throw statusError(-11, noMemory('no memory for the data'));
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
  if (!ptr) throw statusError(-11, noMemory(`no memory for ${what}`));
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
    throw statusError(status, status === -11 ? noMemory(text || statusText(status)) : text || statusText(status));
  }
  return status;
}

/**
 * A TG_E_NO_MEMORY message with what to do about it: the module's memory
 * is capped (build.sh) and never given back, so the way out is free().
 */
export function noMemory(text) {
  const limit = lib._tgjs_memory_limit() >>> 0;
  return `${text} (the WebAssembly memory is at ${Math.round(lib.HEAPU8.length / 2 ** 20)} of its `
    + `${Math.round(limit / 2 ** 20)} MiB: free() the Games, States and Bots no longer needed)`;
}
