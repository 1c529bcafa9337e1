"""What anyone could use to shut the table or reach it from another site:
Host names it was not started for, clients that flood, new tables without
end, names that are ordinary for people but were refused, and a URL too
long to parse."""

import asyncio
import logging
import unittest
from unittest import mock

from tablegames_table import app as app_mod
from tablegames_table import viewer as viewer_mod
from tablegames_table.hosts import HostCheck
from tablegames_table.limits import CreationLimit, client_key

from raw_client import RawClient, text
from progress import STALL
from support import FakeTime, ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


class HostNames(unittest.TestCase):
    def test_loopback_server_answers_to_loopback_names_only(self):
        check = HostCheck("127.0.0.1")
        for host in ("127.0.0.1:8080", "localhost:8080", "LOCALHOST.", "[::1]:8080", "127.0.0.1"):
            self.assertTrue(check.allows(host), host)
        for host in ("evil.example:8080", "localhost.evil.example", "", None, "192.168.1.5:8080",
                     "::1", "[::1"):
            self.assertFalse(check.allows(host), host)

    def test_every_address_accepts_addresses_but_not_names(self):
        check = HostCheck("0.0.0.0", allowed=["games.example.org"])
        for host in ("192.168.1.5:8080", "[fe80::1]:8080", "games.example.org", "localhost"):
            self.assertTrue(check.allows(host), host)
        self.assertFalse(check.allows("evil.example:8080"))

    def test_a_named_address_and_allowed_names(self):
        check = HostCheck("192.168.1.5", allowed=["Table.Example."])
        self.assertTrue(check.allows("192.168.1.5:8080"))
        self.assertTrue(check.allows("table.example:443"))
        self.assertFalse(check.allows("192.168.1.6:8080"))


class RefusedHost(ServerTestCase):
    EVIL = {"Host": "evil.example:8080", "Origin": "http://evil.example:8080"}

    async def test_other_names_get_421_and_no_game_data(self):
        table_id, _ = await self.table_with("witches_dance", TWO)
        for path in ("/", "/api/games", "/t/%s" % table_id, "/static/js/table.js"):
            r = await self.client.get(path, headers=self.EVIL)
            self.assertEqual(r.status, 421, path)
            body = await r.json()
            self.assertEqual(body["error"], "unknown_host")
            self.assertNotIn("witches", (await r.text()).lower())
        before = await self.server.store.unfinished_tables()
        r = await self.client.post("/api/tables", json={"game": "witches_dance", "seats": TWO},
                                   headers=self.EVIL)
        self.assertEqual(r.status, 421)
        self.assertEqual(await self.server.store.unfinished_tables(), before)
        # The spectator view over a WebSocket: the upgrade itself is refused.
        with self.assertRaises(Exception) as caught:
            await self.connect(table_id, headers=self.EVIL)
        self.assertEqual(getattr(caught.exception, "status", None), 421)
        # The same requests under the server's own name are served.
        self.assertEqual((await self.client.get("/api/games")).status, 200)


class Flooding(ServerTestCase):
    """The message buckets' clock stands still, so what the server allows
    does not depend on how fast this machine sends."""

    def setUp(self):
        self.time = FakeTime()
        patcher = mock.patch.object(app_mod, "message_clock", self.time)
        patcher.start()
        self.addCleanup(patcher.stop)

    async def test_a_flooder_is_closed_and_the_others_are_served(self):
        table_id, keys = await self.table_with("witches_dance", TWO)
        bob, _, _ = await self.join(table_id, 1, keys[1])
        flooder = RawClient(self.client.port)
        await flooder.connect()
        await flooder.handshake(table_id)
        await flooder.send(text({"type": "hello", "seat": 0, "key": keys[0]}))
        await self.receive_raw_welcome(flooder)
        # Who is answered in which order (the server's own replies).
        answered = []
        reply = viewer_mod.Viewer.reply

        async def noting(viewer, message):
            answered.append(viewer.seat)
            await reply(viewer, message)
        patcher = mock.patch.object(viewer_mod.Viewer, "reply", noting)
        patcher.start()
        self.addCleanup(patcher.stop)
        # One burst of pings in a single write (aiohttp reads it in one go),
        # then Bob's ping: Bob is answered long before the burst is done,
        # the server does not read the flooder's frames without a pause.
        burst = int(app_mod.BURST)
        await flooder.send(text({"type": "ping"}) * burst)
        await bob.send_json({"type": "ping"})
        await self.receive(bob, "pong")
        self.assertLess(answered.index(1), burst // 2, answered.count(0))
        # Going on after slow_down closes the connection, clearly.
        try:
            for _ in range(100):
                await flooder.send(text({"type": "ping"}) * 10)
        except (ConnectionError, OSError):
            pass                # closed under its feet: what the test wants
        data = await flooder.read_until_closed(STALL)
        self.assertIn(b'"flooding"', data)
        self.assertIn(app_mod.CLOSE_FLOODING.to_bytes(2, "big") + b"flooding", data)
        # Bob plays on.
        await bob.send_json({"type": "ping"})
        await self.receive(bob, "pong")
        await bob.close()
        flooder.sock.close()

    async def receive_raw_welcome(self, raw):
        """Waits until the raw client's seat is joined (its welcome came)."""
        seen = b""
        while b'"welcome"' not in seen:
            chunk = await asyncio.wait_for(raw.loop.sock_recv(raw.sock, 65536), STALL)
            self.assertTrue(chunk)
            seen += chunk

    async def test_a_client_that_slows_down_stays(self):
        table_id, keys = await self.table_with("witches_dance", TWO)
        ann, _, _ = await self.join(table_id, 0, keys[0])
        sent = int(app_mod.BURST) + 10
        for _ in range(sent):
            await ann.send_json({"type": "ping"})
        codes = [(await ann.receive_json(timeout=STALL)).get("code") for _ in range(sent)]
        self.assertIn("slow_down", codes)
        self.assertLessEqual(codes.count("slow_down"), app_mod.OVERRUN_BURST)
        self.time.now += 1.0                # it waits: the bucket fills again
        await ann.send_json({"type": "ping"})
        self.assertEqual((await self.receive(ann))["type"], "pong")
        await ann.close()


class TablesPerAddress(ServerTestCase):
    time = FakeTime()
    server_options = {"creation": CreationLimit(per_client=(1.0, 3), overall=(600.0, 1000),
                                                clock=time)}

    async def test_an_address_makes_a_few_tables_then_waits(self):
        for _ in range(3):
            await self.table_with("witches_dance", TWO)
        before = await self.server.store.unfinished_tables()
        r = await self.client.post("/api/tables", json={"game": "witches_dance", "seats": TWO})
        self.assertEqual(r.status, 429)
        body = await r.json()
        self.assertEqual(body["error"], "too_many_tables")
        self.assertIn("your address", body["message"])
        self.assertEqual(r.headers["Retry-After"], "60")
        self.assertEqual(await self.server.store.unfinished_tables(), before)
        # A bad request is answered as such and takes nothing.
        await self.create({"game": "chess", "seats": TWO}, status=400)
        self.time.now += 60
        await self.table_with("witches_dance", TWO)
        await self.create({"game": "witches_dance", "seats": TWO}, status=429)


class TablesPerServer(ServerTestCase):
    time = FakeTime()
    server_options = {"creation": CreationLimit(per_client=(600.0, 1000), overall=(2.0, 2),
                                                clock=time)}

    async def test_the_server_makes_a_few_tables_a_minute(self):
        await self.table_with("witches_dance", TWO)
        await self.table_with("witches_dance", TWO)
        body = await self.create({"game": "witches_dance", "seats": TWO}, status=429)
        self.assertIn("this server", body["message"])
        self.time.now += 30
        await self.table_with("witches_dance", TWO)

    def test_many_addresses_keep_memory_bounded(self):
        limit = CreationLimit(per_client=(1.0, 1), overall=(1e9, 1e9), clock=FakeTime())
        limit.MAX_CLIENTS = 50
        for i in range(500):
            self.assertIsNone(limit.check("2001:db8:%x::1" % i))
        self.assertLessEqual(len(limit.clients), 50)
        self.assertIsNotNone(limit.check("2001:db8:%x::1" % 499))     # still remembered

    def test_one_key_per_ipv4_address_and_per_ipv6_network(self):
        self.assertEqual(client_key("192.0.2.7"), "192.0.2.7")
        self.assertEqual(client_key("::ffff:192.0.2.7"), "192.0.2.7")
        self.assertEqual(client_key("2001:db8:1:2:aaaa::1"), client_key("2001:db8:1:2:bbbb::9"))
        self.assertNotEqual(client_key("2001:db8:1:2::1"), client_key("2001:db8:1:3::1"))


class Names(ServerTestCase):
    async def name_of(self, name):
        reply = await self.create({"game": "witches_dance",
                                   "seats": [{"kind": "person", "name": name}, TWO[1]]})
        return reply["seats"][0]["name"]

    async def refused(self, name, word):
        reply = await self.create({"game": "witches_dance",
                                   "seats": [{"kind": "person", "name": name}, TWO[1]]},
                                  status=400)
        self.assertIn(word, reply["message"])

    async def test_joined_emoji_and_accents_are_names(self):
        for name in ("Mum \U0001F469\u200D\U0001F467", "\U0001F468\u200D\U0001F469\u200D"
                     "\U0001F467\u200D\U0001F466 family", "Opa \u2764\ufe0f",
                     "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F",
                     "Zo\u00eb", "\u0645\u0631\u064a\u0645", "x" * 32):
            self.assertEqual(await self.name_of(name), name)
        # Decomposed accents are stored composed (NFC): one name, one spelling.
        self.assertEqual(await self.name_of("Zoe\u0308"), "Zo\u00eb")

    async def test_control_and_bidi_characters_are_refused(self):
        for name in ("Ann\x00", "Ann\nBob", "Ann\u202Egnp.exe", "Ann\u2066", "A\u200Bnn",
                     "\ufeffAnn", "Ann\U000F0000"):
            await self.refused(name, "U+")
        await self.refused("x" * 33, "longer than 32")
        await self.refused("Za\u0301\u0302\u0303\u0304\u0305\u0306\u0307lgo", "marks")


class TablesNobodyJoined(ServerTestCase):
    """The attack of issue 30: many tables of hard computers whose one
    person never comes. They must not think, nor hold the places that
    people need."""
    table_limits = {"max_tables": 3, "idle_seconds": 60, "sweep_seconds": 0.05}
    HARD = [{"kind": "bot", "level": "hard"}] * 5 + [{"kind": "person", "name": "Nobody"}]

    async def test_unjoined_tables_neither_play_nor_shut_the_server(self):
        family, keys = await self.table_with("witches_dance", TWO)
        ann, _, _ = await self.join(family, 0, keys[0])
        made = [(await self.table_with("witches_dance", self.HARD))[0] for _ in range(10)]
        self.assertLessEqual(len(self.server.tables), 3)
        # Nothing was decided at those tables, no search was started.
        for table_id in made:
            self.assertEqual(await self.server.store.decisions(table_id), [])
        self.assertIsNone(self.server.runner._processes)
        # The family plays on, and a new family gets a table.
        await ann.send_json({"type": "ping"})
        await self.receive(ann, "pong")
        await self.table_with("witches_dance", TWO)
        await ann.close()

    async def test_computers_start_when_a_person_joins(self):
        seats = [{"kind": "bot", "level": "easy"}, {"kind": "person", "name": "Ann"}]
        table_id, keys = await self.table_with("creepy_cauldron", seats)
        watcher, _, state = await self.watch(table_id)      # a spectator starts nothing
        self.assertEqual(state["version"], 0)
        self.assertEqual(await self.server.store.decisions(table_id), [])
        ann, _, state = await self.join(table_id, 1, keys[1])
        await self.until(ann, state, lambda m: m["version"] > 0)
        await ann.close()
        await watcher.close()

    async def test_people_are_never_refused_spectators_may_be(self):
        made = [await self.table_with("witches_dance", TWO) for _ in range(4)]
        # Three families at three tables: memory is full of tables in use.
        socks = [(await self.join(t, 0, keys[0]))[0] for t, keys in made[:3]]
        await self.create({"game": "witches_dance", "seats": TWO}, status=503)
        # The fourth family's link opens all the same.
        table_id, keys = made[3]
        ws, _, state = await self.join(table_id, 1, keys[1])
        self.assertEqual(state["version"], 0)
        # A spectator is told to come back later.
        spectator = await self.connect(made[0][0])
        await spectator.send_json({"type": "hello", "watch": True})
        refusal = await self.receive(spectator)
        self.assertEqual((refusal["type"], refusal["code"]), ("error", "busy"))
        await spectator.receive(timeout=STALL)
        self.assertEqual(spectator.close_code, 1013)
        for s in socks + [ws]:
            await s.close()


class MalformedRequest(ServerTestCase):
    async def test_a_huge_url_is_one_warning_line(self):
        raw = RawClient(self.client.port)
        await raw.connect()
        with self.assertLogs("aiohttp.server", logging.DEBUG) as logs:
            await raw.send(b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = await raw.read_until_closed(20)
        self.assertTrue(answer.startswith(b"HTTP/1.0 400") or answer.startswith(b"HTTP/1.1 400"),
                        answer[:40])
        self.assertEqual([r.levelname for r in logs.records], ["WARNING"])
        self.assertIsNone(logs.records[0].exc_info)
        self.assertNotIn("aaaa", logs.output[0])
        raw.sock.close()


if __name__ == "__main__":
    unittest.main()
