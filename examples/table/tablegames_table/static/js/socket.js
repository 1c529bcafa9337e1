// The table's WebSocket: says hello with the seat's key, reconnects when
// the connection drops (the server resends everything on hello), and
// stops for good when the server refused the seat.

const FINAL_CODES = new Set([4003]);   // refused: wrong key, no table, no spectating
// Too many connections from this network or on the server (4013): the
// server's error frame said so and when to try again; the page waits that
// long, its notice left as the server worded it ("waiting").
const WAIT_CODES = new Map([[4013, 30000]]);
// The server is full or its store is away (1013): its error frame said so;
// the page tries again with the usual growing delay, its words left too.
const BUSY_CODES = new Set([1013]);

export class TableSocket {
  constructor(tableId, hello, onMessage, onStatus) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${encodeURIComponent(tableId)}`;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = 500;
    this.finished = false;
    this.connect();
  }

  connect() {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.delay = 500;
      ws.send(JSON.stringify(this.hello));
      this.onStatus("open");
    });
    ws.addEventListener("message", (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", (e) => {
      if (FINAL_CODES.has(e.code) || this.finished) {
        this.finished = true;
        this.onStatus("closed");
        return;
      }
      const wait = WAIT_CODES.get(e.code);
      if (wait !== undefined) {
        this.onStatus("waiting");
        setTimeout(() => this.connect(), wait);
        return;
      }
      this.onStatus(BUSY_CODES.has(e.code) ? "waiting" : "reconnecting");
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }
}
