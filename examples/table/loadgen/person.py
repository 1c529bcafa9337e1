"""A simulated person: joins a seat over a WebSocket, thinks a little on
each turn, plays a random legal move and times the answer."""

import asyncio
import json
import time

import aiohttp

UNANSWERED = 10.0        # seconds after which the move of a dropped connection counts as not answered


class Person:
    def __init__(self, run, table_id, seat, key, base, rng):
        self.run, self.table_id, self.seat, self.key = run, table_id, seat, key
        self.base, self.rng = base, rng
        self.version = -1
        self.pending = None          # (version the move was made at, monotonic time sent)

    async def play(self):
        """Plays until the game is over (True) or the run stops (False)."""
        figures = self.run.figures
        try:
            async with self.run.session.ws_connect(
                    "%s/ws/%s" % (self.base, self.table_id), heartbeat=None,
                    max_msg_size=4 * 1024 * 1024) as ws:
                await ws.send_json({"type": "hello", "seat": self.seat, "key": self.key})
                return await self._loop(ws)
        except (aiohttp.ClientError, ConnectionError, asyncio.TimeoutError) as exc:
            figures.error("connection: %s" % type(exc).__name__)
            return False
        finally:
            # At the end of the run the moves sent were waited for (drain()):
            # one still pending is unanswered, however young.
            if self.pending is not None and (
                    self.run.stopping or time.monotonic() - self.pending[1] > UNANSWERED):
                figures.unanswered += 1
            self.pending = None

    async def _loop(self, ws):
        figures = self.run.figures
        while not self.run.stopping:
            try:
                msg = await ws.receive(timeout=0.5)
            except asyncio.TimeoutError:
                continue
            if msg.type != aiohttp.WSMsgType.TEXT:
                figures.disconnects += 1
                return False
            m = json.loads(msg.data)
            now = time.monotonic()
            if m["type"] == "error":
                figures.error(m["code"])
                self.pending = None
                continue
            if m["type"] != "state":
                continue
            self.version = m["version"]
            self.run.saw(self, m["version"], now)
            if self.pending is not None and m["version"] > self.pending[0]:
                self.run.answered(now - self.pending[1])
                self.pending = None
            if m["turn"]["over"]:
                return True
            if "moves" in m and self.pending is None and not self.run.draining:
                await asyncio.sleep(self.rng.uniform(*self.run.think))
                if self.run.stopping:
                    return False
                if self.run.draining:
                    continue
                move = self.rng.choice(m["moves"])["id"]
                self.pending = (m["version"], time.monotonic())
                self.run.moved(self, m["version"], self.pending[1])
                figures.moves_sent += 1
                await ws.send_str(json.dumps({"type": "move", "move": move,
                                              "version": m["version"]}))
        return False
