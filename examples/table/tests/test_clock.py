"""The turn clock: every viewer sees the time left of the person to move;
when it runs out the server decides for that seat (the easy computer's
move, or a pass where the game has one), stores it like any decision and
says so. The clock's time is moved by hand: nothing waits for real time."""

import asyncio
import unittest

import tablegames

import progress
from referee import Referee
from support import ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


class ManualClock:
    """The turn clocks' time source, moved by the test."""

    def __init__(self):
        self.t = 100.0
        self._sleepers = []

    def now(self):
        return self.t

    async def sleep_until(self, when):
        while self.t < when:
            waiter = asyncio.get_running_loop().create_future()
            self._sleepers.append(waiter)
            await waiter

    async def advance(self, seconds):
        self.t += seconds
        sleepers, self._sleepers = self._sleepers, []
        for waiter in sleepers:
            if not waiter.done():
                waiter.set_result(None)
        for _ in range(5):            # let the woken clocks run
            await asyncio.sleep(0)


class TurnClock(ServerTestCase):
    def setUp(self):
        self.clock = ManualClock()
        self.table_limits = {"clock": self.clock}

    async def clocked(self, game, seats, seconds=30, on_timeout="computer", **extra):
        return await self.table_with(game, seats, clock={"seconds": seconds,
                                                         "on_timeout": on_timeout}, **extra)

    async def quiet(self, ws):
        """A ping's answer: everything the server had to say came before."""
        await ws.send_json({"type": "ping"})
        await self.receive(ws, "pong")

    async def test_everyone_sees_the_clock_and_it_decides_when_it_runs_out(self):
        table_id, keys = await self.clocked("witches_dance", TWO, options={"witches": 2})
        ann, welcome, state = await self.join(table_id, 0, keys[0])
        self.assertEqual(welcome["table"]["clock"], {"seconds": 30, "on_timeout": "computer"})
        bob, _, _ = await self.join(table_id, 1, keys[1])
        watcher, _, seen = await self.watch(table_id)
        self.assertEqual(seen["clock"], {"seat": 0, "left": 30.0, "seconds": 30})
        await self.clock.advance(10)
        await self.quiet(ann)
        _, _, late = await self.watch(table_id)       # a late spectator sees the time left
        self.assertEqual(late["clock"]["left"], 20.0)
        await self.clock.advance(19.9)
        await self.quiet(ann)
        self.assertEqual(await self.server.store.decisions(table_id), [])
        await self.clock.advance(0.1)
        for ws in (watcher, ann, bob):
            after = await self.receive(ws, "state")
            self.assertEqual(after["version"], 1)
            self.assertEqual(after["timed_out"], 0)
            self.assertEqual(after["clock"], {"seat": 1, "left": 30.0, "seconds": 30})
        [decision] = await self.server.store.decisions(table_id)
        self.assertEqual((decision.kind, decision.seat), ("move", 0))
        self.assertIn(decision.move, [m["id"] for m in state["moves"]])
        # Bob moves in time: no timed_out, Ann's clock starts whole.
        await bob.send_json({"type": "move", "move": after["moves"][0]["id"], "version": 1})
        rolled = await self.state_where(ann, lambda m: m["version"] == 2)
        self.assertNotIn("timed_out", rolled)
        # (The die is next: nobody's clock runs while the server rolls.)
        nxt = await self.until(ann, rolled, lambda m: m["turn"]["player"] == 0)
        self.assertEqual(nxt["clock"], {"seat": 0, "left": 30.0, "seconds": 30})
        for ws in (ann, bob, watcher):
            await ws.close()

    async def test_pass_where_the_game_has_one(self):
        table_id, keys = await self.clocked("creepy_cauldron", TWO, on_timeout="pass")
        socks = {s: (await self.join(table_id, s, keys[s]))[0] for s in (0, 1)}
        heard = {s: [] for s in socks}
        readers = [asyncio.ensure_future(self.read_all(ws, heard[s])) for s, ws in socks.items()]
        table = self.server.tables.live(table_id)
        # Each person plays the first move that is not a pass until a pass
        # is one of the moves (the dice are drawn between).
        for _ in range(300):
            await progress.until(lambda: not table.driving, lambda: table.version, "the dice")
            seat = table.state.current_player
            moves = {m.text: int(m) for m in table.state.legal_moves()}
            if "pass" in moves:
                break
            version = table.version
            await socks[seat].send_json({"type": "move", "move": next(iter(moves.values())),
                                         "version": version})
            await progress.until(lambda: table.version > version, lambda: 0, "the move")
        else:
            self.fail("no pass came up")
        version = table.version
        await self.clock.advance(30)
        await progress.until(lambda: table.version > version, lambda: 0, "the clock's pass")
        decision = (await self.server.store.decisions(table_id))[version]
        self.assertEqual((decision.move, decision.seat), (moves["pass"], seat))
        await progress.until(lambda: any(m.get("timed_out") == seat for m in heard[1 - seat]),
                             lambda: len(heard[1 - seat]), "the news")
        for r in readers:
            r.cancel()
        for ws in socks.values():
            await ws.close()

    @staticmethod
    async def read_all(ws, into):
        while True:
            into.append(await ws.receive_json())

    async def test_the_clock_runs_only_while_a_person_is_here(self):
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "easy"}]
        table_id, keys = await self.clocked("witches_dance", seats, seconds=20)
        watcher, _, seen = await self.watch(table_id)
        self.assertEqual(seen["clock"], {"seconds": 20, "waiting_for": [0]})
        await self.clock.advance(60)          # nobody joined: nothing is decided
        self.assertEqual(await self.server.store.decisions(table_id), [])
        ann, _, state = await self.join(table_id, 0, keys[0])
        self.assertEqual(state["clock"], {"seat": 0, "left": 20.0, "seconds": 20})
        told = await self.receive(watcher, "state")       # the spectator sees it start
        self.assertEqual(told["clock"]["seat"], 0)
        await self.clock.advance(15)
        await self.quiet(ann)
        # Ann leaves: the clock stops (the spectator is told), nothing is
        # decided however long she is away, and she gets the whole time
        # back.
        await ann.close()
        stopped = await self.receive(watcher, "state")
        self.assertNotIn("clock", stopped)
        await self.clock.advance(600)
        await self.quiet(watcher)
        self.assertEqual(await self.server.store.decisions(table_id), [])
        ann, _, state = await self.join(table_id, 0, keys[0])
        self.assertEqual((state["version"], state["clock"]["left"]), (0, 20.0))
        await ann.close()
        await watcher.close()

    async def test_whole_time_after_a_restart(self):
        table_id, keys = await self.clocked("witches_dance", TWO, seconds=20)
        ann, _, _ = await self.join(table_id, 0, keys[0])
        bob, _, _ = await self.join(table_id, 1, keys[1])
        await self.clock.advance(15)
        await self.quiet(ann)
        await ann.close()
        await bob.close()
        await self.stop_server()
        await self.start_server()
        # The deadline is not stored: after a restart the person gets the
        # whole time again (once both are back: nobody has decided yet).
        ann, _, state = await self.join(table_id, 0, keys[0])
        self.assertEqual(state["clock"], {"seconds": 20, "waiting_for": [1]})
        bob, _, _ = await self.join(table_id, 1, keys[1])
        state = await self.receive(ann, "state")
        self.assertEqual((state["version"], state["clock"]["left"]), (0, 20.0))
        await ann.close()
        await bob.close()

    async def test_the_clock_waits_until_everyone_has_joined(self):
        table_id, keys = await self.clocked("witches_dance", TWO + [{"kind": "person", "name": "Cat"}],
                                            seconds=10, options={"witches": 1})
        ann, _, state = await self.join(table_id, 0, keys[0])
        self.assertEqual(state["clock"], {"seconds": 10, "waiting_for": [1, 2]})
        watcher, _, seen = await self.watch(table_id)
        self.assertEqual(seen["clock"], {"seconds": 10, "waiting_for": [1, 2]})
        await self.clock.advance(60)               # Ann's time does not run meanwhile
        await self.quiet(ann)
        decided = await self.server.store.decisions(table_id)
        self.assertEqual([d for d in decided if d.kind != "drawn"], [])
        bob, _, state = await self.join(table_id, 1, keys[1])
        self.assertEqual(state["clock"], {"seconds": 10, "waiting_for": [2]})
        await bob.close()                          # joined once: that is enough
        cat, _, state = await self.join(table_id, 2, keys[2])
        self.assertEqual(state["clock"], {"seat": 0, "left": 10.0, "seconds": 10})
        started = await self.state_where(ann, lambda m: "seat" in m.get("clock", {}))
        self.assertEqual(started["clock"], {"seat": 0, "left": 10.0, "seconds": 10})
        await self.clock.advance(10)
        timed = await self.state_where(watcher, lambda m: "timed_out" in m)
        self.assertEqual(timed["timed_out"], 0)
        for ws in (ann, cat, watcher):
            await ws.close()

    async def test_a_time_that_ran_out_is_said_until_a_person_decides(self):
        seats = [TWO[0], {"kind": "bot", "level": "easy"}, TWO[1]]
        table_id, keys = await self.clocked("witches_dance", seats, seconds=10,
                                            options={"witches": 1})
        ann, _, _ = await self.join(table_id, 0, keys[0])
        bob, _, _ = await self.join(table_id, 2, keys[2])
        table = self.server.tables.live(table_id)
        await progress.until(lambda: not table.driving and table.state.current_player == 0,
                             lambda: table.version, "Ann's turn")
        out_at = table.version + 1
        await self.clock.advance(10)               # Ann's time runs out
        # The computer (and any die) decide next: Bob's turn still says it.
        state = await self.state_where(bob, lambda m: "moves" in m)
        self.assertGreater(state["version"], out_at)
        self.assertEqual(state["ran_out"], {"seat": 0, "version": out_at})
        self.assertNotIn("timed_out", state)
        # A page that comes back hears it too, and its log says it.
        watcher, _, seen = await self.watch(table_id)
        self.assertEqual(seen["ran_out"], {"seat": 0, "version": out_at})
        self.assertEqual([e.get("timed_out") for e in seen["log"] if e["version"] == out_at], [0])
        again, _, back = await self.join(table_id, 2, keys[2])
        self.assertEqual([e.get("timed_out") for e in back["log"] if e["version"] == out_at], [0])
        self.assertEqual(Referee(self.db).problems(table_id, tablegames.PUBLIC, seen), [])
        self.assertEqual(Referee(self.db).problems(table_id, 2, back), [])
        # Bob decides: no longer said.
        await bob.send_json({"type": "move", "move": state["moves"][0]["id"],
                             "version": state["version"]})
        after = await self.state_where(watcher, lambda m: m["version"] == state["version"] + 1)
        self.assertNotIn("ran_out", after)
        for ws in (ann, bob, again, watcher):
            await ws.close()

    async def test_bad_clocks_are_refused(self):
        for clock, word in (({"seconds": 2}, "5 to 3600"), ({"seconds": "30"}, "whole"),
                            ({"seconds": 30, "on_timeout": "resign"}, "on_timeout"),
                            ({"seconds": 30, "minutes": 1}, "clock must be"), (30, "clock must be")):
            reply = await self.create({"game": "witches_dance", "seats": TWO, "clock": clock},
                                      status=400)
            self.assertIn(word, reply["message"])


if __name__ == "__main__":
    unittest.main()
