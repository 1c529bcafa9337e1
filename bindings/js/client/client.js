// A client: one seat's (or a spectator's) side of a game whose master is
// on this device or behind the app's transport. It holds only what its
// master sent it: the seat's view, its log, the game's public facts.
//
//     const client = createClient(transport);        // or master.connect(seat)
//     client.subscribe((view) => draw(view));
//     await client.move(view.moves[0]);              // refused: ClientError
//     await client.undo();

/** A request the master refused (code: its reason's name, message: its words). */
export class ClientError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'ClientError';
    this.code = code;
  }
}

const MESSAGE_TYPES = new Set(['welcome', 'view', 'done', 'refused']);

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export class Client {
  #transport;
  #onError;
  #view = null;
  #log = [];
  #welcome = null;
  #subscribers = new Set();
  #pending = new Map(); // ref → { resolve, reject }
  #next = 1;
  #closed = false;
  #ready;
  #readyResolve;
  #readyReject;

  /** options.onError(error): what the master sent that is not understood. */
  constructor(transport, { onError = null } = {}) {
    if (!transport || typeof transport.send !== 'function' || typeof transport.onMessage !== 'function') {
      throw new TypeError('a transport has send(message) and onMessage(fn)');
    }
    this.#transport = transport;
    this.#onError = onError;
    this.#ready = new Promise((resolve, reject) => {
      this.#readyResolve = resolve;
      this.#readyReject = reject;
    });
    this.#ready.catch(() => {}); // a client closed before it was welcomed need not be awaited
    transport.onMessage((message) => this.#receive(message));
    transport.onClose?.(() => this.#end('the connection to the master closed'));
  }

  /** Resolves with the first view (rejects if the connection closes first). */
  get ready() { return this.#ready; }
  /** The seat this client plays (a number) or 'spectator'; null before the welcome. */
  get seat() { return this.#welcome?.seat ?? null; }
  /** { id, name, options, players } of the game; null before the welcome. */
  get game() { return this.#welcome?.game ?? null; }
  /** Who plays each seat: [{ seat, kind: 'person' | 'bot', level }]. */
  get seats() { return this.#welcome?.seats ?? []; }
  /** The master's { undo, rerolls } policies. */
  get rules() { return this.#welcome?.rules ?? null; }
  get closed() { return this.#closed; }

  /** The seat's latest view, or null before the first. */
  getView() { return this.#view; }

  /** The seat's moves now ([{ id, text }]; empty when it is not the seat's turn). */
  legalMoves() { return this.#view?.moves ?? []; }

  /** The seat's log: every decision as the seat saw it, undos and redos included. */
  get log() { return this.#log.slice(); }

  /**
   * fn(view, client) now (if there is a view) and after every change.
   * Returns a function that unsubscribes.
   */
  subscribe(fn) {
    if (typeof fn !== 'function') throw new TypeError('subscribe(fn) takes a function');
    this.#subscribers.add(fn);
    if (this.#view !== null) fn(this.#view, this);
    return () => { this.#subscribers.delete(fn); };
  }

  /**
   * Plays a move (an id, its text, or a { id } from legalMoves()). Resolves
   * with the view after it; rejects with a ClientError in the master's
   * words (not your turn, not a move now, stale, ...).
   */
  move(move) {
    const id = isObject(move) ? move.id : move;
    return this.#request({ type: 'move', move: id });
  }

  /** Takes back a move, as the master's undo policy allows. */
  undo() { return this.#request({ type: 'undo' }); }

  /** Plays again what the last undo took back. */
  redo() { return this.#request({ type: 'redo' }); }

  /** Asks the master for the whole view and log again (after a reconnection). */
  sync() { return this.#request({ type: 'sync' }); }

  /** Ends the connection; pending requests are rejected. */
  close() {
    this.#end('the client was closed');
    this.#transport.close?.();
  }

  #request(body) {
    if (this.#closed) return Promise.reject(new ClientError('closed', 'the client is closed'));
    if (this.#view === null && body.type !== 'sync') {
      return Promise.reject(new ClientError('not_ready', 'the master has not sent a view yet (await client.ready)'));
    }
    const ref = this.#next++;
    const message = { ...body, ref };
    if (body.type !== 'sync') {
      message.version = this.#view.version;
      message.seat = this.seat;
    }
    return new Promise((resolve, reject) => {
      this.#pending.set(ref, { resolve, reject });
      this.#transport.send(message);
    });
  }

  #end(reason) {
    if (this.#closed) return;
    this.#closed = true;
    const error = new ClientError('closed', reason);
    this.#readyReject(error);
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }

  #problem(words) {
    this.#onError?.(new ClientError('bad_message', words));
  }

  #show(view) {
    this.#view = view;
    this.#readyResolve(view);
    for (const fn of [...this.#subscribers]) fn(view, this);
  }

  #receive(message) {
    if (this.#closed) return;
    if (!isObject(message) || !MESSAGE_TYPES.has(message.type)) {
      this.#problem('the master sent a message of no known type');
      return;
    }
    const settle = this.#pending.get(message.ref);
    if (settle) this.#pending.delete(message.ref);
    switch (message.type) {
      case 'welcome':
        if (!isObject(message.view) || !Array.isArray(message.log)) {
          this.#problem('the master sent a welcome without a view or log');
          return;
        }
        this.#welcome = {
          seat: message.seat, game: message.game, seats: message.seats, rules: message.rules,
        };
        this.#log = message.log.slice();
        this.#show(message.view);
        settle?.resolve(message.view);
        return;
      case 'view':
        if (!isObject(message.view) || !Array.isArray(message.entries)) {
          this.#problem('the master sent a view message without a view or entries');
          return;
        }
        this.#log.push(...message.entries);
        this.#show(message.view);
        return;
      case 'done':
        settle?.resolve(this.#view);
        return;
      default: // 'refused'
        if (settle) settle.reject(new ClientError(String(message.code), String(message.message)));
        else this.#problem(`the master refused: ${message.message}`);
    }
  }
}

/** createClient(transport, options): a Client (see the class). */
export function createClient(transport, options) {
  return new Client(transport, options);
}
