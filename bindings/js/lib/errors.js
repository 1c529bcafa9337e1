// TablegamesError: every failure the library reports, and the few the
// binding finds itself before calling it (a closed handle, a viewer that is
// no viewer), as one Error subclass with the library's status.

/**
 * The library's status codes (tg_status), by the name after TG_E_. The
 * tests hold each to the library's own tg_status_name().
 */
export const Status = Object.freeze({
  OK: 0,
  INVALID_ARGUMENT: -1,
  UNKNOWN_GAME: -2,
  BAD_OPTION: -3,
  ILLEGAL_MOVE: -4,
  WRONG_PHASE: -5,
  BUFFER_TOO_SMALL: -6,
  PARSE: -7,
  CORRUPT: -8,
  VERSION: -9,
  MISMATCH: -10,
  NO_MEMORY: -11,
  NOTHING_TO_UNDO: -12,
  TOO_LARGE: -13,
});

const NAMES = new Map(Object.entries(Status).map(([name, status]) => [status, `TG_E_${name}`]));
NAMES.set(0, 'TG_OK');

/** The code of the error a closed handle (after free()) gives. */
export const CLOSED = 'TG_E_CLOSED';
/** The code of the error every call gives before init() has loaded the library. */
export const NOT_READY = 'TG_E_NOT_READY';

export class TablegamesError extends Error {
  /**
   * @param {string} message the library's explanation
   * @param {number|null} status the C status (null for CLOSED)
   * @param {string} code the status's name, e.g. "TG_E_ILLEGAL_MOVE"
   */
  constructor(message, status, code) {
    super(message);
    this.name = 'TablegamesError';
    this.status = status;
    this.code = code;
  }
}

/** The error for a failed call: status and the library's message. */
export function statusError(status, message) {
  const code = NAMES.get(status) ?? `TG_E_${-status}`;
  return new TablegamesError(message || code, status, code);
}

export function closedError(kind) {
  return new TablegamesError(`this ${kind} was freed (free() or a using block ended)`, null, CLOSED);
}
