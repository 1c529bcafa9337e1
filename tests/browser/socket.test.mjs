// The table page's WebSocket (socket.js) without a browser (node --test):
// what the page is told and when it tries again for each way a connection
// ends. A stand-in WebSocket records what the page sends and lets the test
// close it with a code; setTimeout is replaced by a clock the test moves
// (node:test's mock timers need Node 20.4, Debian 12 has 18).
import { test } from "node:test";
import assert from "node:assert/strict";

class FakeSocket extends EventTarget {
  static OPEN = 1;
  static made = [];
  constructor(url) {
    super();
    this.url = url;
    this.readyState = FakeSocket.OPEN;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(data) { this.sent.push(JSON.parse(data)); }
  end(code) {
    const e = new Event("close");
    e.code = code;
    this.dispatchEvent(e);
  }
}
// A clock the test moves by hand: tick(ms) runs what came due.
const clock = {
  now: 0,
  due: [],
  reset() { this.now = 0; this.due = []; },
  tick(ms) {
    this.now += ms;
    for (;;) {
      const i = this.due.findIndex((d) => d.at <= this.now);
      if (i < 0) return;
      this.due.splice(i, 1)[0].fn();
    }
  },
};
globalThis.setTimeout = (fn, ms) => { clock.due.push({ at: clock.now + ms, fn }); };
globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: "https:", host: "table.example" };
const { TableSocket } = await import("../../examples/table/tablegames_table/static/js/socket.js");

// A socket opened and then closed with code; the statuses it reported.
function closedWith(code) {
  FakeSocket.made = [];
  clock.reset();
  const statuses = [];
  const socket = new TableSocket("t 1", { type: "hello", key: "k" }, () => {}, (s) => statuses.push(s));
  const ws = FakeSocket.made[0];
  ws.dispatchEvent(new Event("open"));
  ws.end(code);
  return { socket, ws, statuses };
}

test("the page says hello with the seat's key on the table's address", () => {
  const { ws } = closedWith(4003);
  assert.equal(ws.url, "wss://table.example/ws/t%201");
  assert.deepEqual(ws.sent, [{ type: "hello", key: "k" }]);
});

test("a refused seat (4003) is final: no new connection", () => {
  const { statuses } = closedWith(4003);
  clock.tick(60000);
  assert.deepEqual(statuses, ["open", "closed"]);
  assert.equal(FakeSocket.made.length, 1);
});

test("a lost connection reconnects at once-ish and says so", () => {
  const { statuses } = closedWith(1006);
  assert.deepEqual(statuses, ["open", "reconnecting"]);
  clock.tick(499);
  assert.equal(FakeSocket.made.length, 1);
  clock.tick(1);
  assert.equal(FakeSocket.made.length, 2);
});

test("too many connections (4013): the server's words stay, the page tries again after 30 s", () => {
  const { statuses } = closedWith(4013);
  assert.deepEqual(statuses, ["open", "waiting"]);
  clock.tick(29999);
  assert.equal(FakeSocket.made.length, 1);
  clock.tick(1);
  assert.equal(FakeSocket.made.length, 2);
});

test("a busy server (1013): the server's words stay, the page tries again with the growing delay", () => {
  const { statuses } = closedWith(1013);
  assert.deepEqual(statuses, ["open", "waiting"]);
  clock.tick(500);
  assert.equal(FakeSocket.made.length, 2);
  FakeSocket.made[1].end(1013);            // refused again before it opened
  clock.tick(999);
  assert.equal(FakeSocket.made.length, 2);
  clock.tick(1);
  assert.equal(FakeSocket.made.length, 3);
  assert.deepEqual(statuses, ["open", "waiting", "waiting"]);
});
