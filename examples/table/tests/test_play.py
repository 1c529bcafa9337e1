"""Playing through the server: each seat sees its own view and nothing
else, a spectator the public view and nothing else, dice at the table wait
for a person, bots think without blocking other tables, and a reconnecting
seat gets its game and log back."""

import asyncio
import json
import random
import unittest

import tablegames


from referee import Referee
import progress
from progress import STALL
from support import ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


class SeatsSeeOnlyTheirOwnView(ServerTestCase):
    async def play_and_check(self, game, options, limit=400):
        """Two people play random moves while a spectator watches; every
        state message each receives is compared with the referee's replay of
        the store (the spectator's with the public view)."""
        table, keys = await self.table_with(game, TWO, options=options)
        referee = Referee(self.db)
        socks, latest = {}, {}
        for s in (0, 1):
            socks[s], _, latest[s] = await self.join(table, s, keys[s])
            self.check_frame(referee, table, s, latest[s])
        watcher, welcome, first = await self.watch(table)
        self.assertEqual(welcome["seat"], tablegames.PUBLIC)
        watched = [first]

        async def watch():
            while not watched[-1]["turn"]["over"]:
                watched.append(await self.receive(watcher, "state"))
        watching = asyncio.get_running_loop().create_task(watch())

        async def advance(s):
            latest[s] = await self.receive(socks[s], "state")
            self.check_frame(referee, table, s, latest[s])

        def settled(m):
            return m["turn"]["over"] or m["turn"]["player"] is not None

        rng = random.Random(5)
        for _ in range(limit):
            while not (settled(latest[0]) and settled(latest[1])
                       and latest[0]["version"] == latest[1]["version"]):
                behind = min((0, 1), key=lambda s: (settled(latest[s]), latest[s]["version"]))
                await advance(behind)
            if latest[0]["turn"]["over"]:
                break
            mover = latest[0]["turn"]["player"]
            move = rng.choice(latest[mover]["moves"])["id"]
            await socks[mover].send_json({"type": "move", "move": move,
                                          "version": latest[mover]["version"]})
            await advance(0)
            await advance(1)
        for ws in socks.values():
            await ws.close()
        if latest[0]["turn"]["over"]:
            await asyncio.wait_for(watching, STALL)
        watching.cancel()
        await watcher.close()
        self.assertGreater(len(watched), 1)
        for msg in watched:
            self.check_frame(referee, table, tablegames.PUBLIC, msg)

    def check_frame(self, referee, table, seat, msg):
        self.assertEqual(referee.problems(table, seat, msg), [])
        text = json.dumps(msg)
        for secret in ("rng", "history", "root", "presents"):
            self.assertNotIn('"%s"' % secret, text)

    async def test_witches_dance_hats_stay_black(self):
        await self.play_and_check("witches_dance", {"witches": 1})

    async def test_bewitched_pages_and_snakes_stay_hidden(self):
        await self.play_and_check("bewitched", {}, limit=120)

    async def test_spinning_wishes_presents_stay_hidden(self):
        await self.play_and_check("spinning_wishes", {"princesses": "seat"}, limit=150)

    async def test_creepy_cauldron(self):
        await self.play_and_check("creepy_cauldron", {}, limit=60)

    async def test_the_other_seats_view_differs_where_the_rules_hide(self):
        # A check that the comparison above can fail: in Bewitched each
        # seat's view of the same moment differs from the omniscient one.
        table, keys = await self.table_with("bewitched", TWO)
        ws, _, state = await self.join(table, 0, keys[0])
        truth = Referee(self.db).views(table, state["version"])
        self.assertNotEqual(truth["omniscient"], state["observation"])
        self.assertEqual(truth["seats"][0]["observation"], state["observation"])
        await ws.close()


class DiceAtTheTable(ServerTestCase):
    async def test_public_dice_wait_for_a_person_hidden_setup_is_drawn(self):
        table, keys = await self.table_with("bewitched", TWO, companion=True)
        ann, _, state = await self.join(table, 0, keys[0])
        state = await self.until(ann, state, lambda m: "chance" in m)
        # Bewitched's setup (prince book, plain frogs, deadly snakes) is
        # hidden: the server drew it; the first roll of the dice waits.
        self.assertTrue(state["turn"]["chance"])
        self.assertIn("chance", state)
        texts = [o["text"] for o in state["chance"]["outcomes"]]
        self.assertEqual(len(texts), 21)
        self.assertTrue(all(t.startswith("roll:") for t in texts))
        stored = await self.server.store.decisions(table)
        self.assertTrue(stored and all(d.kind == "drawn" for d in stored))
        before = await self.snapshot(table)
        await self.refused(ann, {"type": "enter", "move": 5, "version": state["version"]},
                           "illegal_move")
        await self.refused(ann, {"type": "move", "move": 0, "version": state["version"]},
                           "not_your_turn")
        self.assertEqual(await self.snapshot(table), before)
        six_six = next(o for o in state["chance"]["outcomes"] if o["text"] == "roll:6-6")
        await ann.send_json({"type": "enter", "move": six_six["id"], "version": state["version"]})
        after = await self.receive(ann, "state")
        self.assertEqual(after["observation"]["dice"], [6, 6])
        self.assertEqual(after["entered_by"], 0)
        last = (await self.server.store.decisions(table))[-1]
        self.assertEqual((last.kind, last.seat, last.move), ("entered", 0, six_six["id"]))
        await ann.close()

    async def test_another_person_at_the_table_may_enter_the_roll(self):
        table, keys = await self.table_with("witches_dance", TWO, companion=True,
                                            options={"witches": 1})
        ann, _, ann_state = await self.join(table, 0, keys[0])
        bob, _, bob_state = await self.join(table, 1, keys[1])
        # Both choose a neutral colour (two-player setup), then the die waits.
        ann_state = await self.until(ann, ann_state, lambda m: "moves" in m)
        await ann.send_json({"type": "move", "move": ann_state["moves"][0]["id"],
                             "version": ann_state["version"]})
        bob_state = await self.until(bob, bob_state, lambda m: "moves" in m)
        await bob.send_json({"type": "move", "move": bob_state["moves"][0]["id"],
                             "version": bob_state["version"]})
        rolled = await self.state_where(bob, lambda m: "chance" in m)
        self.assertEqual([o["text"] for o in rolled["chance"]["outcomes"]],
                         ["roll%d" % i for i in range(1, 7)])
        await bob.send_json({"type": "enter", "move": 3, "version": rolled["version"]})
        after = await self.state_where(ann, lambda m: m["version"] == rolled["version"] + 1)
        self.assertEqual(after["observation"]["die"], 4)
        await ann.close()
        await bob.close()


class BotsDoNotBlock(ServerTestCase):
    # A search longer than any test: Ann's answer coming while it still
    # runs shows the server serving her during it, however slow the
    # machine (no time limit to guess). Stopping the server ends it.
    bot_budget = {"hard": 600.0}

    async def test_a_person_is_served_while_a_bot_thinks(self):
        slow, slow_keys = await self.table_with(
            "bewitched", [TWO[0], {"kind": "bot", "level": "hard"}])
        fast, fast_keys = await self.table_with("witches_dance", TWO)
        watcher, _, state = await self.join(slow, 0, slow_keys[0])
        # Play Ann's turns at the slow table until the hard bot thinks.
        while True:
            msg = await self.receive(watcher)
            if msg["type"] == "thinking" and msg["seat"] == 1:
                break
            if msg["type"] == "state" and "moves" in msg:
                await watcher.send_json({"type": "move", "move": msg["moves"][0]["id"],
                                         "version": msg["version"]})
        ann, _, state = await self.join(fast, 0, fast_keys[0])
        await ann.send_json({"type": "move", "move": state["moves"][0]["id"],
                             "version": state["version"]})
        reply = await self.receive(ann, "state")
        self.assertEqual(reply["version"], state["version"] + 1)
        table = await self.server.tables.get(slow)
        self.assertEqual(table.thinking_seat, 1)   # the search is still running
        await ann.close()
        await watcher.close()


class ComingBack(ServerTestCase):
    async def test_reload_returns_the_same_seat_and_its_log(self):
        table, keys = await self.table_with(
            "spinning_wishes", [TWO[0], {"kind": "bot", "level": "easy"}])
        ws, _, state = await self.join(table, 0, keys[0])
        for _ in range(6):
            state = await self.until(ws, state, lambda m: "moves" in m)
            await ws.send_json({"type": "move", "move": state["moves"][-1]["id"],
                                "version": state["version"]})
            state = await self.receive(ws, "state")
        await ws.close()
        # The computer's moves after Ann's last one are made (however long
        # they take here), so that the version she comes back to is final.
        live = self.server.tables.live(table)
        await progress.until(lambda: not live.driving and live.waiting != "server",
                             lambda: live.version, "the computer's moves")
        again, welcome, back = await self.join(table, 0, keys[0])
        self.assertEqual(welcome["seat"], 0)
        live = await self.server.tables.get(table)
        self.assertEqual(back["version"], live.version)
        self.assertTrue(back["log"])
        truth = Referee(self.db)
        for entry in back["log"]:
            self.assertEqual(entry["events"], truth.views(table, entry["version"])["seats"][0]["events"])
        await again.close()


    async def test_a_spectator_gets_the_public_history(self):
        # Presents stay hidden in Spinning Wishes: a spectator's history
        # is the public events of each decision, never a seat's.
        table, keys = await self.table_with(
            "spinning_wishes", [TWO[0], {"kind": "bot", "level": "easy"}])
        ws, _, state = await self.join(table, 0, keys[0])
        for _ in range(8):
            state = await self.until(ws, state, lambda m: "moves" in m)
            await ws.send_json({"type": "move", "move": state["moves"][-1]["id"],
                                "version": state["version"]})
            state = await self.receive(ws, "state")
        watcher, _, seen = await self.watch(table)
        truth = Referee(self.db)
        self.assertGreater(len(seen["log"]), 5)
        self.assertEqual(truth.problems(table, tablegames.PUBLIC, seen), [])
        for entry in seen["log"]:
            public = truth.views(table, entry["version"])["public"]["events"]
            self.assertEqual(entry["events"], public)
        # The deal is in it, without the presents.
        deals = [e for entry in seen["log"] for e in entry["events"] if e["type"] == "deal"]
        self.assertTrue(deals)
        self.assertTrue(all("presents" not in e for e in deals))
        await watcher.close()
        await ws.close()


class StoreReplaysExactly(ServerTestCase):
    async def test_a_reloaded_table_is_byte_for_byte_the_live_one(self):
        for game in ("witches_dance", "bewitched", "creepy_cauldron", "spinning_wishes"):
            with self.subTest(game=game):
                table_id, keys = await self.table_with(
                    game, [TWO[0], {"kind": "bot", "level": "easy"}])
                ws, _, state = await self.join(table_id, 0, keys[0])
                for _ in range(15):
                    state = await self.until(ws, state, lambda m: "moves" in m or m["turn"]["over"])
                    if state["turn"]["over"]:
                        break
                    await ws.send_json({"type": "move", "move": state["moves"][0]["id"],
                                        "version": state["version"]})
                    state = await self.receive(ws, "state")
                await ws.close()
                live = await self.server.tables.get(table_id)
                # The bot and the dice until a person is next (failing when
                # they stop moving, instead of waiting for ever).
                await progress.until(lambda: not live.driving, lambda: live.version,
                                     "the computer's moves")
                async with live.lock:
                    save, version = live.state.save(), live.version
                from tablegames_table.live import LiveTable
                reloaded = await LiveTable.load(self.server.store, table_id, self.server.runner)
                self.assertEqual(reloaded.version, version)
                self.assertEqual(reloaded.state.save(), save)   # position, history and RNG
                self.assertTrue(reloaded.state == live.state)


if __name__ == "__main__":
    unittest.main()
