"""Every bad request and message is refused with a clear error and
changes nothing (the table's binary save, RNG included, and the stored
decisions stay exactly as they were)."""

import asyncio
import json
import unittest

import aiohttp

import tablegames

from progress import STALL
from support import ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


class CreateRefusals(ServerTestCase):
    async def refused_create(self, body, words):
        before = await self.server.store.unfinished_tables()
        reply = await self.create(body, status=400)
        self.assertEqual(reply["error"], "bad_table")
        for word in words:
            self.assertIn(word, reply["message"])
        self.assertEqual(await self.server.store.unfinished_tables(), before)

    async def test_unknown_game(self):
        await self.refused_create({"game": "chess", "seats": TWO}, ["chess", "witches_dance"])

    async def test_unknown_option(self):
        await self.refused_create({"game": "witches_dance", "seats": TWO, "options": {"colour": "red"}},
                                  ["colour", "witches"])

    async def test_option_value_out_of_range(self):
        await self.refused_create({"game": "witches_dance", "seats": TWO, "options": {"witches": 9}},
                                  ["witches"])

    async def test_option_value_that_smuggles_another_option(self):
        await self.refused_create({"game": "witches_dance", "seats": TWO,
                                   "options": {"entry": "on,first=1"}}, ["entry"])

    async def test_players_is_not_an_option(self):
        await self.refused_create({"game": "bewitched", "seats": TWO, "options": {"players": 4}},
                                  ["players"])

    async def test_seat_count_outside_the_game(self):
        await self.refused_create({"game": "bewitched", "seats": TWO * 3}, ["2 to 4", "6"])
        await self.refused_create({"game": "bewitched", "seats": TWO[:1]}, ["2 to 4", "1"])

    async def test_seats_need_a_person_and_known_levels(self):
        await self.refused_create({"game": "bewitched", "seats": [{"kind": "bot"}] * 2}, ["person"])
        await self.refused_create({"game": "bewitched",
                                   "seats": [TWO[0], {"kind": "bot", "level": "genius"}]}, ["level"])
        await self.refused_create({"game": "bewitched", "seats": [TWO[0], {"kind": "dog"}]}, ["kind"])
        await self.refused_create({"game": "bewitched", "seats": [TWO[0], {"kind": "person",
                                                                          "name": "x" * 40}]},
                                  ["longer"])

    async def test_unknown_fields_and_types(self):
        await self.refused_create({"game": "bewitched", "seats": TWO, "rng": 1}, ["rng"])
        await self.refused_create({"game": "bewitched", "seats": TWO, "companion": "yes"},
                                  ["companion"])
        await self.refused_create({"game": 7, "seats": TWO}, ["game"])
        await self.refused_create([1, 2], ["object"])

    async def test_not_json_and_too_large(self):
        r = await self.client.post("/api/tables", data="{", headers={"Content-Type": "application/json"})
        self.assertEqual(r.status, 400)
        r = await self.client.post("/api/tables", data="game=x")
        self.assertEqual(r.status, 415)
        r = await self.client.post("/api/tables", data=json.dumps({"game": "x" * 20000}),
                                   headers={"Content-Type": "application/json"})
        self.assertEqual(r.status, 413)
        self.assertEqual(await self.server.store.unfinished_tables(), [])


class JoinRefusals(ServerTestCase):
    async def asyncSetUp(self):
        await super().asyncSetUp()
        self.table, self.keys = await self.table_with(
            "witches_dance", [TWO[0], {"kind": "bot", "level": "easy"}], companion=True)

    async def hello_refused(self, hello, code):
        ws = await self.connect(self.table)
        if isinstance(hello, str):
            await ws.send_str(hello)
        else:
            await ws.send_json(hello)
        reply = await self.receive(ws)
        self.assertEqual((reply["type"], reply["code"]), ("error", code), reply)
        closing = await ws.receive(timeout=STALL)
        self.assertIn(closing.type, (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED))
        await ws.close()
        return reply

    async def test_wrong_secret(self):
        before = await self.snapshot(self.table)
        wrong = self.keys[0][:-2] + ("AA" if not self.keys[0].endswith("AA") else "BB")
        reply = await self.hello_refused({"type": "hello", "seat": 0, "key": wrong}, "wrong_secret")
        self.assertNotIn(self.keys[0], json.dumps(reply))
        self.assertEqual(await self.snapshot(self.table), before)

    async def test_a_bot_seat_or_missing_seat_cannot_be_taken(self):
        await self.hello_refused({"type": "hello", "seat": 1, "key": self.keys[0]}, "wrong_secret")
        await self.hello_refused({"type": "hello", "seat": 5, "key": self.keys[0]}, "wrong_secret")
        await self.hello_refused({"type": "hello", "seat": 0, "key": "k" * 65}, "bad_message")

    async def test_first_message_must_be_hello(self):
        await self.hello_refused({"type": "move", "move": 1, "version": 0}, "not_joined")
        await self.hello_refused("not json", "bad_message")

    async def test_unknown_table(self):
        ws = await self.connect("nosuchtable")
        reply = await self.receive(ws)
        self.assertEqual(reply["code"], "no_table")

    async def test_a_spectator_watches_but_does_not_play(self):
        ws, welcome, state = await self.watch(self.table)
        self.assertEqual(welcome["seat"], tablegames.PUBLIC)
        self.assertNotIn("moves", state)
        await ws.send_json({"type": "move", "move": 0, "version": state["version"]})
        reply = await self.receive(ws, "error")
        self.assertEqual(reply["code"], "not_allowed")
        await ws.close()

    async def test_foreign_origin_is_refused(self):
        with self.assertRaises(aiohttp.WSServerHandshakeError) as ctx:
            await self.connect(self.table, headers={"Origin": "http://evil.example"})
        self.assertEqual(ctx.exception.status, 403)

    async def test_the_right_key_opens_the_seat_again_and_again(self):
        for _ in range(2):
            ws, welcome, state = await self.join(self.table, 0, self.keys[0])
            self.assertEqual(welcome["seat"], 0)
            self.assertEqual(state["version"], (await self.snapshot(self.table))[0])
            await ws.close()


class MessageRefusals(ServerTestCase):
    """Two people at Witches' Dance: Ann (seat 0) chooses a neutral colour
    first, so Bob is out of turn."""

    async def asyncSetUp(self):
        await super().asyncSetUp()
        self.table, keys = await self.table_with("witches_dance", TWO)
        self.ann, _, self.ann_state = await self.join(self.table, 0, keys[0])
        self.bob, _, self.bob_state = await self.join(self.table, 1, keys[1])
        self.assertEqual(self.ann_state["turn"]["player"], 0)
        self.assertIn("moves", self.ann_state)
        self.assertNotIn("moves", self.bob_state)
        self.version = self.ann_state["version"]
        self.legal = self.ann_state["moves"][0]["id"]

    async def unchanged_after(self, ws, message, code):
        before = await self.snapshot(self.table)
        reply = await self.refused(ws, message, code)
        self.assertEqual(await self.snapshot(self.table), before)
        return reply

    async def test_moving_out_of_turn(self):
        reply = await self.unchanged_after(
            self.bob, {"type": "move", "move": self.legal, "version": self.version}, "not_your_turn")
        self.assertIn("Ann", reply["message"])

    async def test_moving_for_another_seat(self):
        # A message cannot name a seat: the connection's seat is the mover.
        await self.unchanged_after(self.bob, {"type": "move", "move": self.legal,
                                              "version": self.version, "seat": 0}, "bad_message")
        await self.unchanged_after(self.bob, {"type": "hello", "seat": 0, "key": "x"}, "bad_message")

    async def test_illegal_move(self):
        legal = {m["id"] for m in self.ann_state["moves"]}
        illegal = next(m for m in range(93) if m not in legal)
        reply = await self.unchanged_after(
            self.ann, {"type": "move", "move": illegal, "version": self.version}, "illegal_move")
        self.assertIn(str(illegal), reply["message"])

    async def test_stale_version(self):
        await self.unchanged_after(
            self.ann, {"type": "move", "move": self.legal, "version": self.version + 3}, "stale")

    async def test_entering_dice_without_companion_mode(self):
        await self.unchanged_after(
            self.ann, {"type": "enter", "move": 0, "version": self.version}, "not_allowed")

    async def test_junk(self):
        for junk in ["", "{", "[1,2]", "null", '"move"', json.dumps({"type": "dance"}),
                     json.dumps({"move": 1}), json.dumps({"type": "move", "move": "1", "version": 0}),
                     json.dumps({"type": "move", "move": 1.0, "version": 0}),
                     json.dumps({"type": "move", "move": True, "version": 0}),
                     json.dumps({"type": "move", "move": -1, "version": 0}),
                     json.dumps({"type": "move", "move": 2 ** 40, "version": 0}),
                     json.dumps({"type": "move", "version": 0}),
                     "[" * 500 + "]" * 500, b"\x00\x01binary"]:
            with self.subTest(junk=junk[:40]):
                await self.unchanged_after(self.ann, junk, "bad_message")
        # The connection still works afterwards.
        await self.ann.send_json({"type": "move", "move": self.legal, "version": self.version})
        state = await self.receive(self.ann, "state")
        self.assertEqual(state["version"], self.version + 1)

    async def test_oversized_message_is_refused(self):
        big = json.dumps({"type": "move", "move": self.legal, "version": self.version,
                          "pad": "x" * 2000})
        reply = await self.unchanged_after(self.ann, big, "too_large")
        self.assertIn("1024", reply["message"])

    async def test_oversized_frame_closes_the_connection(self):
        before = await self.snapshot(self.table)
        await self.ann.send_str("x" * (70 * 1024))
        msg = await self.ann.receive(timeout=STALL)
        while msg.type == aiohttp.WSMsgType.TEXT:
            msg = await self.ann.receive(timeout=STALL)
        self.assertIn(msg.type, (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED))
        self.assertEqual(self.ann.close_code, aiohttp.WSCloseCode.MESSAGE_TOO_BIG)
        self.assertEqual(await self.snapshot(self.table), before)

    async def test_a_flood_is_slowed_down(self):
        from tablegames_table import app
        before = await self.snapshot(self.table)
        # The buckets' clock stands still: on a loaded machine the server
        # may take longer than the burst lasts at the real rate, and the
        # bucket would refill as fast as the flood is read. (Going on
        # after slow_down closes the connection: test_guards.)
        self.addCleanup(setattr, app, "message_clock", app.message_clock)
        app.message_clock = lambda: 0.0
        sent = int(app.BURST) + app.OVERRUN_BURST - 10
        for _ in range(sent):
            await self.ann.send_json({"type": "ping"})
        codes = set()
        for _ in range(sent):
            msg = await self.receive(self.ann)
            codes.add(msg.get("code", msg["type"]))
        self.assertIn("slow_down", codes)
        self.assertEqual(await self.snapshot(self.table), before)

    async def test_a_move_the_store_cannot_keep_is_not_acknowledged(self):
        from tablegames_table.store import StoreError

        async def disk_full(table_id, decision, waiting):
            raise StoreError("disk full")
        before = await self.snapshot(self.table)
        self.server.store.append, real = disk_full, self.server.store.append
        try:
            reply = await self.refused(self.ann, {"type": "move", "move": self.legal,
                                                  "version": self.version}, "unavailable")
        finally:
            self.server.store.append = real
        self.assertIn("nothing changed", reply["message"])
        with self.assertRaises(asyncio.TimeoutError):
            await self.receive(self.bob, "state", timeout=0.5)   # nobody was told of a move
        self.assertEqual(await self.snapshot(self.table), before)   # reloaded from the store

    async def test_a_legal_move_is_stored_then_shown_to_both(self):
        await self.ann.send_json({"type": "move", "move": self.legal, "version": self.version})
        for ws in (self.ann, self.bob):
            state = await self.receive(ws, "state")
            self.assertEqual(state["version"], self.version + 1)
        stored = await self.server.store.decisions(self.table)
        self.assertEqual([(d.move, d.kind, d.seat) for d in stored], [(self.legal, "move", 0)])


if __name__ == "__main__":
    unittest.main()
