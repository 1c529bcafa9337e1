// The messages between a client and its master, and the master's check of
// every message a client sends. A client's message is hostile input: it may
// come from another program over the app's transport, so the master reads
// nothing of it before this module has said what it is.
//
// Client → master (requests):
//   { type: 'move', version, move, seat?, ref? }   move: an id or its text
//   { type: 'undo' | 'redo', version, seat?, ref? }
//   { type: 'sync', ref? }                          the welcome again
// Master → client:
//   { type: 'welcome', protocol, seat, game, seats, rules, view, log }
//   { type: 'view', view, entries }                 entries: new log entries
//   { type: 'done', ref, version }                  a request was carried out
//   { type: 'refused', ref, code, message }         a request was not, in words
//
// version is the view's version the request was made at: a request made
// at an older one is refused ('stale'), so a click on a board the game has
// left is never played on the next one.

/** The protocol's version, sent in the welcome. */
export const PROTOCOL = 1;

const TYPES = new Set(['move', 'undo', 'redo', 'sync']);
const FIELDS = new Set(['type', 'ref', 'seat', 'version', 'move']);
const MAX_TEXT = 200;
const MAX_REF = 64;

/** Why a request was refused: a code a program tests, words a person reads. */
export class Refusal {
  constructor(code, message, ref = null) {
    this.code = code;
    this.message = message;
    this.ref = ref;
  }

  toMessage() {
    return { type: 'refused', ref: this.ref, code: this.code, message: this.message };
  }
}

/**
 * A short, printable echo of what a client sent, for the words of a
 * refusal: what the client sent, never anything of the state.
 */
export function echo(value) {
  let text;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? typeof value;
  } catch {
    text = typeof value; // a cycle, a bigint: the client's own oddity
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function isRef(value) {
  return (Number.isSafeInteger(value) && value >= 0)
    || (typeof value === 'string' && value.length <= MAX_REF);
}

function isPlainObject(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Reads a client's message: the request, or a Refusal saying in words what
 * is wrong with it (its ref is kept when the ref itself is well formed, so
 * the client can tell which request was refused).
 */
export function readRequest(message) {
  if (!isPlainObject(message)) {
    return new Refusal('bad_message', `a request is a JSON object, not ${echo(message)}`);
  }
  const ref = Object.hasOwn(message, 'ref') && isRef(message.ref) ? message.ref : null;
  const refuse = (words) => new Refusal('bad_message', words, ref);
  for (const key of Object.keys(message)) {
    if (!FIELDS.has(key)) return refuse(`unknown field ${echo(key)} (known: ${[...FIELDS].join(', ')})`);
  }
  if (Object.hasOwn(message, 'ref') && ref === null) {
    return refuse(`ref ${echo(message.ref)} is not a number from 0 or a text of at most ${MAX_REF} characters`);
  }
  const { type } = message;
  if (!TYPES.has(type)) return refuse(`type ${echo(type)} is not one of ${[...TYPES].join(', ')}`);
  const request = { type, ref };
  if (Object.hasOwn(message, 'seat')) {
    const { seat } = message;
    if (seat !== 'spectator' && !(Number.isInteger(seat) && seat >= 0)) {
      return refuse(`seat ${echo(seat)} is not a seat number or "spectator"`);
    }
    request.seat = seat;
  }
  if (type === 'sync') {
    if (Object.hasOwn(message, 'version') || Object.hasOwn(message, 'move')) {
      return refuse('a sync request has no version or move');
    }
    return request;
  }
  const { version } = message;
  if (!Number.isSafeInteger(version) || version < 0) {
    return refuse(`version ${echo(version)} is not the version of a view (a whole number from 0)`);
  }
  request.version = version;
  if (type !== 'move') {
    if (Object.hasOwn(message, 'move')) return refuse(`${type} takes no move`);
    return request;
  }
  const { move } = message;
  if (Number.isInteger(move) && move >= 0 && move < 2 ** 32) {
    request.move = move;
  } else if (typeof move === 'string' && move.length > 0 && move.length <= MAX_TEXT) {
    request.move = move;
  } else {
    return refuse(`move ${echo(move)} is not a move's id (a whole number) or its text (1 to ${MAX_TEXT} characters)`);
  }
  return request;
}
