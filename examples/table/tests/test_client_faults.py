"""Clients that fail: one that vanishes in the middle of a message, one
that never reads what it is sent. Neither holds up its table or grows the
server's memory; the table goes on, and afterwards its stored history
replays through the library to its live state."""

import asyncio
import json
import random
import time
import unittest
from unittest import mock

from tablegames_table import viewer as viewer_mod

from history import check_histories
from raw_client import RawClient, frame, process_holds_connection, text
from progress import STALL, until
from support import ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


class TwoPeoplePlaying(ServerTestCase):
    async def asyncSetUp(self):
        await super().asyncSetUp()
        self.rng = random.Random(4)

    async def start_table(self, game):
        self.table, self.keys = await self.table_with(game, TWO)
        self.socks, self.latest = {}, {}
        for s in (0, 1):
            self.socks[s], _, self.latest[s] = await self.join(self.table, s, self.keys[s])

    async def play(self, decisions):
        """Ann and Bob play random moves until the table has gone
        decisions further (or the game ended)."""
        live = self.server.tables.live(self.table)
        target = live.version + decisions
        while live.version < target and not live.is_over:
            mover = next((s for s in (0, 1) if "moves" in self.latest[s]
                          and self.latest[s]["version"] == live.version), None)
            if mover is None:
                s = min((0, 1), key=lambda s: self.latest[s]["version"])
                self.latest[s] = await self.receive(self.socks[s], "state")
                continue
            state = self.latest[mover]
            await self.socks[mover].send_json({"type": "move", "version": state["version"],
                                               "move": self.rng.choice(state["moves"])["id"]})
            self.latest[mover] = await self.receive(self.socks[mover], "state")

    async def raw(self, seat=None, receive_buffer=None):
        """A hand-made connection to the table, joined to seat if given."""
        c = RawClient(self.client.port, receive_buffer)
        await c.connect()
        await c.handshake(self.table)
        if seat is not None:
            viewers = len(self.server.tables.live(self.table).viewers)
            await c.send(text({"type": "hello", "seat": seat, "key": self.keys[seat]}))
            await self.viewers_become(viewers + 1)
        return c

    async def viewers_become(self, count, timeout=STALL):
        live = self.server.tables.live(self.table)
        end = time.monotonic() + timeout
        while len(live.viewers) != count:
            self.assertLess(time.monotonic(), end, "viewers: %d" % len(live.viewers))
            await asyncio.sleep(0.02)

    async def check_replay(self):
        # The last die is drawn, however long that takes here (a fixed
        # pause guessed the machine's speed).
        live = self.server.tables.live(self.table)
        await until(lambda: not live.driving and live.waiting != "server",
                    lambda: live.version, "the last die")
        await check_histories(self, self.server.store, [self.table],
                              {self.table: self.server.tables.live(self.table)})


class VanishingClients(TwoPeoplePlaying):
    async def test_a_client_that_vanishes_mid_message(self):
        await self.start_table("witches_dance")
        hello = json.dumps({"type": "hello", "seat": 1, "key": self.keys[1]}).encode()
        port = self.client.port
        # 1. In the middle of the HTTP upgrade request.
        c = RawClient(port)
        await c.connect()
        await c.send(b"GET /ws/%s HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgr" % self.table.encode())
        c.vanish()
        # 2. In the middle of its hello frame (the header promises more).
        c = await self.raw()
        await c.send(frame(hello)[:12])
        c.vanish(reset=True)
        # 3. Joined, then in the middle of a move, by a reset.
        c = await self.raw(seat=1)
        await c.send(text({"type": "move", "move": 1, "version": 0})[:9])
        c.vanish(reset=True)
        # 4. Joined, in the middle of a frame, then a plain close.
        c = await self.raw(seat=0)
        await c.send(frame(b'{"type": "ping"}' * 4)[:20])
        c.vanish()
        # Each is gone; the table goes on for the two who stayed.
        await self.viewers_become(2)
        await self.play(30)
        self.assertGreaterEqual(self.server.tables.live(self.table).version, 30)
        await self.check_replay()


class ClientsThatDoNotRead(TwoPeoplePlaying):
    async def test_a_client_that_never_reads_is_dropped_and_the_table_goes_on(self):
        limit = 8
        with mock.patch.object(viewer_mod, "QUEUE_LIMIT", limit):
            await self.start_table("bewitched")
            # Bob's link opened on a second device that reads nothing: a
            # small receive window, and the test never calls recv.
            live = self.server.tables.live(self.table)
            before = set(live.viewers)
            slow = await self.raw(seat=1, receive_buffer=4096)
            (slow_viewer,) = set(live.viewers) - before
            start = live.version
            while slow_viewer in live.viewers:
                await self.play(5)
                # Bounded: the queue never holds more than its limit.
                self.assertLessEqual(slow_viewer._queue.qsize(), limit)
                self.assertLess(live.version - start, 3000, "never dropped")
            await self.play(20)         # and the table goes on
        # The server let go of the connection, though the client reads
        # nothing (so a polite close could never complete).
        end = time.monotonic() + STALL
        while process_holds_connection(self.client.port, slow.local_port):
            self.assertLess(time.monotonic(), end, "the server still holds the connection")
            await asyncio.sleep(0.05)
        slow.vanish()
        await self.check_replay()


if __name__ == "__main__":
    unittest.main()
