"""People for the tests that run servers as processes: each plays a seat
over a real WebSocket, remembers every state the server acknowledged,
and when its server goes away connects to the next one it knows (as a
reverse proxy would send it elsewhere)."""

import asyncio
import urllib.parse

import aiohttp

RETRY_PAUSE = 0.2


async def create_table(session, base, game, seats, **extra):
    """Creates a table; returns (table id, {seat: key})."""
    async with session.post(base + "/api/tables",
                            json=dict(game=game, seats=seats, **extra)) as r:
        reply = await r.json()
        if r.status != 201:
            raise AssertionError("creating %s: %s %s" % (game, r.status, reply))
    keys = {}
    for link in reply["seats"]:
        params = dict(urllib.parse.parse_qsl(link["link"].split("#", 1)[1]))
        keys[int(params["seat"])] = params["key"]
    return reply["table"], keys


class Player:
    def __init__(self, bases, table, seat, key, rng, choose=None):
        self.bases = list(bases)      # servers to try, the first one first
        self.home = self.bases[0]
        self.table, self.seat, self.key, self.rng = table, seat, key, rng
        self.choose = choose          # (player, state) -> move id; random when None
        self.acked = []               # every state message received, in order
        self.connections = 0
        self.refusals = []            # error codes received

    @property
    def last(self):
        return self.acked[-1] if self.acked else None

    @property
    def version(self):
        return self.last["version"] if self.acked else -1

    def over(self):
        return bool(self.acked) and self.last["turn"]["over"]

    async def play(self, session, done, moves=None):
        """Plays until the game is over or done() is true, reconnecting
        (to the next server) whenever the connection drops. moves limits
        how many moves it makes (None: no limit)."""
        made = 0
        while not self.over() and not done():
            base = self.bases[0]
            try:
                async with session.ws_connect("%s/ws/%s" % (base, self.table),
                                              heartbeat=None) as ws:
                    self.connections += 1
                    await ws.send_json({"type": "hello", "seat": self.seat, "key": self.key})
                    while True:
                        try:
                            msg = await ws.receive(timeout=0.5)
                        except asyncio.TimeoutError:
                            if done():
                                return
                            continue
                        if msg.type != aiohttp.WSMsgType.TEXT:
                            break
                        m = msg.json()
                        if m["type"] == "error":
                            self.refusals.append(m["code"])
                            if m["code"] == "wrong_secret":
                                raise AssertionError("seat %d of %s refused"
                                                     % (self.seat, self.table))
                            continue
                        if m["type"] != "state":
                            continue
                        self.acked.append(m)
                        if m["turn"]["over"] or done():
                            return
                        if "moves" in m and (moves is None or made < moves):
                            move = (self.choose(self, m) if self.choose
                                    else self.rng.choice(m["moves"])["id"])
                            made += 1
                            await ws.send_json({"type": "move", "move": move,
                                                "version": m["version"]})
            except (aiohttp.ClientError, ConnectionError, asyncio.TimeoutError):
                pass
            if self.over() or done():
                return
            # This server is gone or dropped us: try the next one.
            self.bases.append(self.bases.pop(0))
            await asyncio.sleep(RETRY_PAUSE)
