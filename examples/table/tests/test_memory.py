"""Tables leave memory and come back from the store: a server holds the
tables in use, not every table it ever had, so the store may hold
thousands while memory holds a few; new tables are refused only while
every table in memory is in use."""

import asyncio
import random
import time
import unittest

import tablegames

from tablegames_table.store import Decision, WAIT_NOBODY, WAIT_PERSON

from history import check_histories
from referee import Referee
from progress import STALL
from support import ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


async def eventually(predicate, timeout=STALL):
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("not within %s s" % timeout)
        await asyncio.sleep(0.02)


class MemoryHoldsTheTablesInUse(ServerTestCase):
    table_limits = {"max_tables": 3, "idle_seconds": 60, "sweep_seconds": 0.1}

    async def test_more_tables_than_memory_holds(self):
        made = [await self.table_with("witches_dance", TWO) for _ in range(12)]
        self.assertLessEqual(len(self.server.tables), 3)
        self.assertGreaterEqual(self.server.tables.evicted, 9)
        referee = Referee(self.db)
        # Every link still opens its seat: the table is loaded on demand.
        for table_id, keys in made:
            ws, _, state = await self.join(table_id, 1, keys[1])
            self.assertEqual(referee.problems(table_id, 1, state), [])
            await ws.close()
        self.assertLessEqual(len(self.server.tables), 3)
        await check_histories(self, self.server.store, [t for t, _ in made])

    async def test_busy_only_while_every_table_is_in_use(self):
        made = [await self.table_with("witches_dance", TWO) for _ in range(3)]
        socks = [(await self.join(t, 0, keys[0]))[0] for t, keys in made]
        reply = await self.create({"game": "witches_dance", "seats": TWO}, status=503)
        self.assertEqual(reply["error"], "busy")
        self.assertEqual(len(await self.server.store.unfinished_tables()), 3)   # nothing stored
        # One table less in use: a new one fits (the idle one leaves memory).
        await socks[0].close()
        await eventually(lambda: not self.server.tables.live(made[0][0]).viewers)
        extra, extra_keys = await self.table_with("witches_dance", TWO)
        socks[0] = (await self.join(extra, 0, extra_keys[0]))[0]
        # All in use again: a stored table's spectator is told to try again
        # later (not that the link is wrong); its people are let in all the
        # same (test_guards.TablesNobodyJoined).
        ws = await self.connect(made[0][0])
        await ws.send_json({"type": "hello", "watch": True})
        refusal = await self.receive(ws)
        self.assertEqual((refusal["type"], refusal["code"]), ("error", "busy"))
        await ws.receive(timeout=STALL)
        self.assertEqual(ws.close_code, 1013)
        for s in socks:
            await s.close()
        await eventually(lambda: all(not t.viewers for t in self.server.tables._live.values()))
        again, _, state = await self.join(made[0][0], 0, made[0][1][0])
        self.assertEqual(state["version"], 0)
        await again.close()


class IdleTablesLeave(ServerTestCase):
    table_limits = {"idle_seconds": 0.3, "finished_seconds": 0.1, "sweep_seconds": 0.05}

    async def test_an_idle_table_leaves_and_comes_back_the_same(self):
        table_id, keys = await self.table_with("creepy_cauldron",
                                               [TWO[0], {"kind": "bot", "level": "easy"}])
        ws, _, state = await self.join(table_id, 0, keys[0])
        for _ in range(4):
            state = await self.until(ws, state, lambda m: "moves" in m)
            await ws.send_json({"type": "move", "move": state["moves"][0]["id"],
                                "version": state["version"]})
            state = await self.receive(ws, "state")
        state = await self.until(ws, state, lambda m: "moves" in m)
        live = self.server.tables.live(table_id)
        async with live.lock:
            save = live.state.save()
        await ws.close()
        await eventually(lambda: self.server.tables.live(table_id) is None)
        again, _, back = await self.join(table_id, 0, keys[0])
        self.assertEqual(back["version"], state["version"])
        self.assertEqual(self.server.tables.live(table_id).state.save(), save)
        await again.close()


class FinishedTablesLeaveSooner(ServerTestCase):
    """A finished game leaves memory after finished_seconds, long before
    an unfinished one idle as long (so finished tables never pile up)."""
    table_limits = {"idle_seconds": 60, "finished_seconds": 0.1, "sweep_seconds": 0.05}

    async def test_a_finished_game_leaves_memory(self):
        waiting, waiting_keys = await self.table_with("witches_dance", TWO)
        table_id, keys = await self.table_with("witches_dance", TWO, options={"witches": 1})
        # Out of memory (as after a restart), played to its end in the
        # store, as another process would.
        await self.server.tables._evict(self.server.tables.live(table_id))
        store = self.server.store
        state = tablegames.State.load((await store.load_table(table_id)).root)
        rng, seq = random.Random(2), 0
        while not state.is_terminal:
            seq += 1
            if state.is_chance:
                move, kind, seat = int(state.sample_chance()), "drawn", None
            else:
                move, kind, seat = int(rng.choice(state.legal_moves())), "move", state.current_player
            state.apply(move)
            await store.append(table_id, Decision(seq, move, kind, seat, time.time()),
                               WAIT_NOBODY if state.is_terminal else WAIT_PERSON)
        self.assertNotIn(table_id, await store.unfinished_tables())
        # Both seen by a person, then left alone.
        for t, k in ((waiting, waiting_keys), (table_id, keys)):
            ws, _, latest = await self.join(t, 0, k[0])
            await ws.close()
        self.assertTrue(latest["turn"]["over"])
        self.assertEqual(latest["version"], seq)
        await eventually(lambda: self.server.tables.live(table_id) is None)
        self.assertIsNotNone(self.server.tables.live(waiting))    # idle, not finished: stays
        # Gone from memory, not from the store: its link still shows the end.
        ws, _, again = await self.join(table_id, 1, keys[1])
        self.assertEqual((again["version"], again["turn"]["over"]), (seq, True))
        await ws.close()
        await check_histories(self, store, [table_id])


class ARestartLoadsOnlyWhatWaitsForTheServer(ServerTestCase):
    pace = 30.0      # the computer seat thinks long, so it is still to move at the stop

    async def test_person_tables_stay_in_the_store(self):
        people = [(await self.table_with("witches_dance", TWO))[0] for _ in range(5)]
        bot_first, keys = await self.table_with("spinning_wishes",
                                                [{"kind": "bot", "level": "easy"}, TWO[0]])
        # Nobody has joined the computer's table yet: it waits for a person.
        self.assertEqual((await self.server.store.load_table(bot_first)).waiting, WAIT_PERSON)
        self.assertEqual((await self.server.store.load_table(people[0])).waiting, WAIT_PERSON)
        await self.stop_server()
        await self.start_server()
        self.assertEqual(len(self.server.tables), 0)
        # Its person comes: the computer starts thinking.
        ws, _, _ = await self.join(bot_first, 1, keys[1])
        self.assertTrue(self.server.tables.live(bot_first).driving)
        await ws.close()


if __name__ == "__main__":
    unittest.main()
