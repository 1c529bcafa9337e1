"""Open connections per address and per server (connections.py): one
client holding thousands of WebSockets or idle HTTP connections would
exhaust the server's descriptors and shut it for every family.

Other clients are other loopback addresses (127.0.0.2, ...: Linux routes
all of 127/8 to this machine). Nothing here waits a fixed time: a test
waits for the server's counts to change and fails when nothing moved for
progress.STALL seconds."""

import asyncio
import unittest
from unittest import mock

import aiohttp

from tablegames_table import connections
from tablegames_table.connections import ConnectionCount

from progress import until
from raw_client import RawClient
from support import TIMEOUT, ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


class Counting(unittest.TestCase):
    def test_places_per_address_and_in_total(self):
        count = ConnectionCount(per_client=2, total=3)
        self.assertIsNone(count.enter("192.0.2.1"))
        self.assertIsNone(count.enter("::ffff:192.0.2.1"))          # the same address
        self.assertEqual(count.enter("192.0.2.1"), "address")
        # One IPv6 /64 is one client, the same key as the tables' limit.
        self.assertIsNone(count.enter("2001:db8:1:2::1"))
        self.assertEqual(count.enter("2001:db8:1:3::1"), "server")
        count.leave("192.0.2.1")
        self.assertEqual(count.enter("2001:db8:1:2:ffff::9"), None)
        self.assertEqual(count.enter("2001:db8:1:2::1"), "address")
        for address in ("192.0.2.1", "2001:db8:1:2::1", "2001:db8:1:2::7"):
            count.leave(address)
        self.assertEqual((count.open, count.clients), (0, {}))
        count.leave("192.0.2.1")                                    # never below nothing
        self.assertEqual((count.open, count.clients), (0, {}))

    def test_the_default_total_follows_the_descriptors(self):
        self.assertGreaterEqual(connections.default_max_connections(), 16)
        self.assertLessEqual(connections.default_max_connections(), connections.MAX_DEFAULT)
        self.assertEqual(connections.websocket_total(4096), 3584)
        self.assertEqual(connections.websocket_total(2), 1)

    def test_a_larger_total_raises_the_soft_descriptor_limit(self):
        with mock.patch.object(connections, "_fd_limit", return_value=(1024, 4096)), \
                mock.patch.object(connections.resource, "setrlimit") as setrlimit:
            self.assertIsNone(connections.descriptors_for(400))        # fits already
            setrlimit.assert_not_called()
            self.assertIsNone(connections.descriptors_for(1000))
            setrlimit.assert_called_once_with(connections.resource.RLIMIT_NOFILE, (2100, 4096))
            setrlimit.reset_mock()
            self.assertEqual(connections.descriptors_for(2000), 4100)  # beyond the hard limit
            setrlimit.assert_not_called()


class LimitCase(ServerTestCase):
    async def asyncSetUp(self):
        await super().asyncSetUp()
        self.sessions = []

    async def asyncTearDown(self):
        for session in self.sessions:
            await session.close()
        await super().asyncTearDown()

    async def from_address(self, source, table_id):
        """A WebSocket to the table from another loopback address."""
        session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(
            local_addr=(source, 0), force_close=True))
        self.sessions.append(session)
        return await session.ws_connect(self.client.make_url("/ws/%s" % table_id))

    async def watch_from(self, source, table_id):
        ws = await self.from_address(source, table_id)
        await ws.send_json({"type": "hello", "watch": True})
        self.assertEqual((await self.receive(ws))["type"], "welcome")
        return ws

    async def refused_for_connections(self, ws):
        """The refusal a page shows, then the close code it waits on."""
        refusal = await self.receive(ws)
        self.assertEqual((refusal["type"], refusal["code"]), ("error", "too_many_connections"))
        await ws.receive(timeout=TIMEOUT)
        self.assertEqual(ws.close_code, connections.CLOSE_TOO_MANY)
        self.assertIn("tries again by itself in %d seconds" % connections.RETRY_SECONDS,
                      refusal["message"])
        return refusal["message"]

    async def settled(self, address, most):
        """Waits until the TCP connections of address are at most most
        (a refused page's connection closes after its close handshake)."""
        count = self.server.guard.count
        key = connections.client_key(address)
        await until(lambda: count.clients.get(key, 0) <= most, lambda: count.clients.get(key, 0),
                    "%s's connections close" % address)

    async def counted(self, count, address, n):
        """Waits until count holds n connections of address (closing is
        asynchronous: the server's handler ends after the client's close)."""
        key = connections.client_key(address)
        await until(lambda: count.clients.get(key, 0) == n, lambda: count.clients.get(key, 0),
                    "%s's connections reach %d" % (address, n))


class WebSocketsPerAddress(LimitCase):
    server_options = {"connections_per_address": 3, "max_connections": 100}

    async def test_one_address_is_refused_in_words_the_others_are_served(self):
        table_id, keys = await self.table_with("witches_dance", TWO)
        ann, _, _ = await self.join(table_id, 0, keys[0])
        bob, _, _ = await self.join(table_id, 1, keys[1])
        watcher, _, _ = await self.watch(table_id)
        # A fourth page from the same address: told why, in words.
        fourth = await self.connect(table_id)
        message = await self.refused_for_connections(fourth)
        self.assertIn("from your network", message)
        self.assertIn("at most 3", message)
        # The three pages play on.
        await ann.send_json({"type": "ping"})
        await self.receive(ann, "pong")
        # Another address is served, up to its own three.
        others = [await self.watch_from("127.0.0.2", table_id) for _ in range(3)]
        await self.refused_for_connections(await self.from_address("127.0.0.2", table_id))
        # Closing a page frees its place.
        await watcher.close()
        await self.counted(self.server.websockets, "127.0.0.1", 2)
        again, _, _ = await self.watch(table_id)
        for ws in [ann, bob, again] + others:
            await ws.close()
        await until(lambda: self.server.websockets.open == 0,
                    lambda: self.server.websockets.open, "every place is free again")

    async def test_a_refused_page_holds_no_place(self):
        table_id, _ = await self.table_with("witches_dance", TWO)
        held = [(await self.watch(table_id))[0] for _ in range(3)]
        for _ in range(5):
            await self.refused_for_connections(await self.connect(table_id))
            await self.settled("127.0.0.1", 4)      # the test client's HTTP and the three
        self.assertEqual(self.server.websockets.clients["127.0.0.1"], 3)
        await held[0].close()
        await self.counted(self.server.websockets, "127.0.0.1", 2)
        await self.watch(table_id)
        for ws in held[1:]:
            await ws.close()


class WebSocketsPerServer(LimitCase):
    # 32 connections: 28 WebSockets, 4 kept for page loads and refusals.
    server_options = {"max_connections": 32}

    async def test_the_server_cap_refuses_every_address_until_a_place_is_free(self):
        table_id, _ = await self.table_with("witches_dance", TWO)
        total = connections.websocket_total(32)
        held = [await self.watch_from("127.0.0.%d" % (2 + i % 4), table_id)
                for i in range(total)]
        self.assertEqual(self.server.websockets.open, total)
        # (127.0.0.1 holds the test client's connection that made the table.)
        for source, most in (("127.0.0.1", 1), ("127.0.0.9", 0)):
            message = await self.refused_for_connections(
                await self.from_address(source, table_id))
            self.assertIn("this server holds as many connections as it can", message)
            await self.settled(source, most)
        await held[0].close()
        await until(lambda: self.server.websockets.open == total - 1,
                    lambda: self.server.websockets.open, "a place is free")
        held[0] = await self.watch_from("127.0.0.9", table_id)
        for ws in held:
            await ws.close()


class Timer:
    def __init__(self, callback, args):
        self.callback, self.args, self.cancelled = callback, args, False

    def cancel(self):
        self.cancelled = True


class Timers:
    """The guard's deadlines, fired when the test says (not after a time
    this machine may or may not keep)."""

    def __init__(self):
        self.timers = []

    def __call__(self, delay, callback, *args):
        self.timers.append(Timer(callback, args))
        return self.timers[-1]

    def fire(self):
        for timer in self.timers:
            if not timer.cancelled:
                timer.cancel()
                timer.callback(*timer.args)


class TcpConnections(LimitCase):
    """The wider limit on every connection, HTTP included (HTTP_PER_ADDRESS
    more than the WebSockets per address), and the deadline of a first
    request."""
    server_options = {"connections_per_address": 2, "max_connections": 100}

    async def asyncSetUp(self):
        await super().asyncSetUp()
        self.timers = Timers()
        self.server.guard.call_later = self.timers

    async def raw(self, source):
        client = RawClient(self.client.port, source=source)
        await client.connect()
        return client

    async def read_until(self, client, end):
        """What the server sent until end appears (it may keep the
        connection open after its answer)."""
        answer = b""
        while end not in answer:
            chunk = await asyncio.wait_for(client.loop.sock_recv(client.sock, 65536), TIMEOUT)
            self.assertTrue(chunk, answer)
            answer += chunk
        return answer

    async def test_idle_and_slow_connections_are_closed_and_counted_per_address(self):
        guard = self.server.guard
        # A client that connects as often as it may and sends nothing, or
        # half a request head; one connection more is closed at once.
        most = 2 + connections.HTTP_PER_ADDRESS
        idle = [await self.raw("127.0.0.3") for _ in range(most)]
        await idle[0].send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        await until(lambda: guard.count.clients.get("127.0.0.3") == most,
                    lambda: guard.count.clients.get("127.0.0.3"), "the connections counted")
        one_more = await self.raw("127.0.0.3")
        self.assertEqual(await one_more.read_until_closed(TIMEOUT), b"")
        self.assertEqual(guard.refused, 1)
        # Another address is served meanwhile, on a connection it keeps.
        kept = await self.raw("127.0.0.4")
        await kept.send(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = await self.read_until(kept, b"\r\n\r\n")
        self.assertTrue(answer.startswith(b"HTTP/1.1 200"), answer[:40])
        # No request head within the deadline: closed, and the places free.
        self.timers.fire()
        for client in idle:
            self.assertEqual(await client.read_until_closed(TIMEOUT), b"")
        await until(lambda: "127.0.0.3" not in guard.count.clients,
                    lambda: guard.count.clients.get("127.0.0.3"), "the idle places are free")
        # Only those: the connection that sent a request is left to the
        # keep-alive time-out (connections.KEEPALIVE_SECONDS).
        self.assertEqual(guard.timed_out, most)
        # The address's places are back: a new connection is served.
        again = await self.raw("127.0.0.3")
        await again.send(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Connection: close\r\n\r\n")
        self.assertTrue((await again.read_until_closed(TIMEOUT)).startswith(b"HTTP/1.1 200"))
        for client in idle + [one_more, kept, again]:
            client.sock.close()

    async def test_a_body_that_never_ends_is_answered_408(self):
        slow = await self.raw("127.0.0.5")
        with mock.patch.object(connections, "BODY_SECONDS", 0.1):   # the body never comes
            await slow.send(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            b"Content-Type: application/json\r\nContent-Length: 500\r\n\r\n"
                            b'{"game": "witches_dance", ')
            answer = await self.read_until(slow, b"}")
        self.assertTrue(answer.startswith(b"HTTP/1.1 408"), answer[:40])
        self.assertIn(b'"slow_request"', answer)
        self.assertEqual(await self.server.store.unfinished_tables(), [])
        slow.sock.close()


if __name__ == "__main__":
    unittest.main()
