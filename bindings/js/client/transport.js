// Transports: how a client and its master exchange messages. A transport is
// any object with
//
//     send(message)          hands a JSON-ready object to the other end
//     onMessage(fn)          fn(message) for each message from the other end
//     onClose?(fn)           fn() once the other end is gone (optional)
//     close?()               ends it (optional)
//
// The app supplies one per connection (its WebSocket, a MessagePort, ...);
// these three cover the usual cases. Whatever a transport delivers to a
// master is checked there (protocol.js): a transport needs not trust or
// check anything.

/**
 * Two connected ends in one program: what one sends the other receives,
 * later (a microtask), in order, as a copy made through JSON, so that
 * neither end holds the other's objects and nothing a wire would not carry
 * gets through. master.connect() uses it.
 */
export function loopback() {
  const ends = [makeEnd(), makeEnd()];
  ends[0].peer = ends[1];
  ends[1].peer = ends[0];
  return ends.map((end) => end.transport);
}

function makeEnd() {
  const end = { peer: null, handlers: [], closers: [], closed: false };
  end.transport = {
    send(message) {
      if (end.closed) return;
      const text = JSON.stringify(message);
      const { peer } = end;
      queueMicrotask(() => {
        if (peer.closed) return;
        for (const fn of peer.handlers) fn(JSON.parse(text));
      });
    },
    onMessage(fn) { end.handlers.push(fn); },
    onClose(fn) { end.closers.push(fn); },
    close() {
      for (const side of [end, end.peer]) {
        if (side.closed) continue;
        side.closed = true;
        queueMicrotask(() => side.closers.forEach((fn) => fn()));
      }
    },
  };
  return end;
}

/**
 * A transport over a MessagePort, a Worker or a worker's own scope (in a
 * browser or Node's worker_threads): structured clones of the messages.
 */
export function portTransport(port) {
  return {
    send(message) { port.postMessage(message); },
    onMessage(fn) {
      if (typeof port.on === 'function') port.on('message', fn); // node:worker_threads
      else port.addEventListener('message', (event) => fn(event.data));
      port.start?.(); // a MessagePort with addEventListener starts only when told
    },
    onClose(fn) {
      if (typeof port.on === 'function') port.on('close', fn);
      else port.addEventListener?.('close', fn);
    },
    close() { port.close?.(); },
  };
}

/**
 * A transport over a WebSocket (the browser's, or one of the same shape
 * on a server: send(text) and a 'message' event or on('message')): JSON
 * text. A frame longer than maxBytes, or not JSON, is delivered as its
 * text (cut short), for the master to refuse in words.
 */
export function socketTransport(socket, { maxBytes = 65536 } = {}) {
  const read = (data) => {
    if ((typeof data === 'string' ? data.length : data?.byteLength ?? 0) > maxBytes) return 'a frame too long';
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
    try {
      return JSON.parse(text);
    } catch {
      return text.slice(0, 64);
    }
  };
  const on = (name, fn) => {
    if (typeof socket.on === 'function') socket.on(name, fn);
    else socket.addEventListener(name, fn);
  };
  return {
    send(message) { socket.send(JSON.stringify(message)); },
    onMessage(fn) { on('message', (event) => fn(read(event?.data ?? event))); },
    onClose(fn) { on('close', () => fn()); },
    close() { socket.close(); },
  };
}
