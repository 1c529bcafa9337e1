"""The replay, tried as a cheater would: refused to everyone before the
end, and no frame before the end carries more than the viewer's own view;
after it, every step a seat or a spectator asks for is the omniscient view
of that step (the default, "replay": "reveal": the family shows its
secrets), or, at a table made with "replay": "own", exactly that viewer's
own view of that step and never more. The referee replays the store
through the library for the truth. The option is validated, stored, and
survives a restart; a table stored before the option existed reveals."""

import asyncio
import itertools
import json
import sqlite3
import unittest
from unittest import mock

import aiohttp

import tablegames

from tablegames_table import app as app_mod
from tablegames_table.cpu_budget import CpuBudget

import progress
from referee import Referee
from support import ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
REPLAY_FIELDS = {"type", "step", "steps", "observation", "events", "turn", "decision", "revealed"}


class Answers:
    """Reads a connection all the time (a game of hundreds of decisions
    would fill its queue otherwise) and keeps what is not a state."""

    def __init__(self, ws):
        self.ws = ws
        self.queue = asyncio.Queue()
        self.states = []                 # the state frames, to hold against the referee
        self.task = asyncio.ensure_future(self._read())

    async def _read(self):
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            msg = frame.json()
            if msg["type"] == "state":
                self.states.append(msg)
            else:
                self.queue.put_nowait(msg)

    async def ask(self, message):
        await self.ws.send_json(message)
        return await asyncio.wait_for(self.queue.get(), progress.STALL)

    async def close(self):
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        await self.ws.close()


class ReplayLeaks(ServerTestCase):
    def setUp(self):
        # The CPU budgets do not run out either: this test asks for every
        # step of whole games at once (test_cpu_budget.py tries the budgets).
        unlimited = (1e9, 1e9)
        self.server_options = {"budget": CpuBudget(connection=unlimited, address=unlimited,
                                                   shared=unlimited)}
        # The message buckets' clock runs a second a call: stepping through
        # hundreds of steps is never told to slow down.
        ticks = itertools.count()
        patcher = mock.patch.object(app_mod, "message_clock", lambda: float(next(ticks)))
        patcher.start()
        self.addCleanup(patcher.stop)

    async def play_to_the_end(self, table_id, socks, watcher):
        """The person to move plays the easy computer's move, until the end;
        before it, nobody gets a replay."""
        table = self.server.tables.live(table_id)
        asked = False
        while not table.is_over:
            await progress.until(lambda: not table.driving, lambda: table.version, "the dice")
            if table.is_over:
                break
            if table.version >= 3 and not asked:
                asked = True
                for ws in list(socks.values()) + [watcher]:
                    refusal = await ws.ask({"type": "replay", "step": 0})
                    self.assertEqual((refusal["type"], refusal["code"]), ("error", "not_over"))
            seat, version = table.state.current_player, table.version
            move = self.server.runner.easy_move(table, seat, table.state)
            await socks[seat].ws.send_json({"type": "move", "move": move, "version": version})
            await progress.until(lambda: table.version > version, lambda: 0, "the move")
        self.assertTrue(asked)

    async def finished_table(self, game, options, **extra):
        """A table of two people and a spectator, played to its end; every
        state frame anyone got on the way is that viewer's own view."""
        table_id, keys = await self.table_with(game, TWO, options=options, **extra)
        socks = {s: Answers((await self.join(table_id, s, keys[s]))[0]) for s in keys}
        watcher = Answers((await self.watch(table_id))[0])
        await self.play_to_the_end(table_id, socks, watcher)
        referee = Referee(self.db)
        self.assertTrue(referee.replay(table_id).state.is_terminal)
        for viewer, ws in self.viewers(socks, watcher):
            self.assertTrue(ws.states)
            for frame in ws.states:
                truth = referee.views(table_id, frame["version"])
                own = truth["public"] if viewer == tablegames.PUBLIC else truth["seats"][viewer]
                self.assertEqual(frame["observation"], own["observation"],
                                 (viewer, frame["version"]))
        return table_id, keys, socks, watcher

    @staticmethod
    def viewers(socks, watcher):
        return [(s, socks[s]) for s in socks] + [(tablegames.PUBLIC, watcher)]

    async def check_replays(self, table_id, socks, watcher, reveal, steps_asked=None):
        """Every step each viewer asks for: the omniscient view (reveal) or
        the viewer's own, never more."""
        referee = Referee(self.db)
        final = referee.replay(table_id)
        steps = final.version
        # Forward through every step, then back to a few (a step back
        # replays from the root).
        if steps_asked is None:
            steps_asked = list(range(steps + 1)) + [steps // 2, 0, steps, steps + 5]
        hidden = 0
        for viewer, ws in self.viewers(socks, watcher):
            for step in steps_asked:
                msg = await ws.ask({"type": "replay", "step": step})
                self.assertEqual(msg["type"], "replay", msg)
                shown = min(step, steps)
                truth = referee.views(table_id, shown)
                own = truth["public"] if viewer == tablegames.PUBLIC else truth["seats"][viewer]
                if reveal:
                    expect = {"observation": truth["omniscient"],
                              "events": truth["omniscient_events"]}
                else:
                    expect = own
                self.assertEqual(set(msg) - REPLAY_FIELDS, set())
                self.assertEqual((msg["step"], msg["steps"], msg["revealed"]),
                                 (shown, steps, reveal))
                self.assertEqual(msg["observation"], expect["observation"], (viewer, shown))
                self.assertEqual(msg["events"], expect["events"] if shown else [], (viewer, shown))
                self.assertEqual(msg["turn"]["player"],
                                 truth["current_player"] if truth["current_player"] >= 0
                                 else None)
                if shown:
                    d = final.decisions[shown - 1]
                    self.assertEqual(msg["decision"], {"kind": d["kind"], "seat": d["seat"]})
                if truth["omniscient"] != own["observation"]:
                    hidden += 1
                    # Revealed, the step shows what the viewer did not see;
                    # kept, it never shows the omniscient view.
                    if reveal:
                        self.assertNotEqual(msg["observation"], own["observation"])
                    else:
                        self.assertNotEqual(msg["observation"], truth["omniscient"])
        # The game hid something from someone, so the test told the two apart.
        self.assertGreater(hidden, 0)
        return steps

    async def close_all(self, socks, watcher):
        for ws in list(socks.values()) + [watcher]:
            await ws.close()

    async def check_game(self, game, options, **extra):
        table_id, _, socks, watcher = await self.finished_table(game, options, **extra)
        await self.check_replays(table_id, socks, watcher,
                                 reveal=extra.get("replay", "reveal") == "reveal")
        await self.close_all(socks, watcher)

    async def test_witches_dance_revealed(self):
        await self.check_game("witches_dance", {"witches": 1})

    async def test_spinning_wishes_revealed(self):
        await self.check_game("spinning_wishes", {"princesses": "seat"})

    async def test_witches_dance_kept_secret(self):
        await self.check_game("witches_dance", {"witches": 1}, replay="own")

    async def test_spinning_wishes_kept_secret(self):
        await self.check_game("spinning_wishes", {"princesses": "seat"}, replay="own")

    async def rejoin(self, table_id, keys):
        socks = {s: Answers((await self.join(table_id, s, keys[s]))[0]) for s in keys}
        return socks, Answers((await self.watch(table_id))[0])

    async def test_the_option_survives_a_restart(self):
        table_id, keys, socks, watcher = await self.finished_table(
            "witches_dance", {"witches": 1}, replay="own")
        await self.close_all(socks, watcher)
        await self.stop_server()
        await self.start_server()
        socks, watcher = await self.rejoin(table_id, keys)
        steps = await self.check_replays(table_id, socks, watcher, reveal=False,
                                         steps_asked=[0, 1, 2, 10 ** 6])
        await self.close_all(socks, watcher)
        # A table stored before the option existed has no "replay" in its
        # configuration: it loads with the default and reveals.
        await self.stop_server()
        db = sqlite3.connect(self.db)
        with db:
            (text,) = db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
            config = json.loads(text)
            self.assertEqual(config.pop("replay"), "own")
            db.execute("UPDATE tables SET config = ? WHERE id = ?", (json.dumps(config), table_id))
        db.close()
        await self.start_server()
        socks, watcher = await self.rejoin(table_id, keys)
        self.assertEqual(self.server.tables.live(table_id).config.replay, "reveal")
        await self.check_replays(table_id, socks, watcher, reveal=True,
                                 steps_asked=[0, 1, steps // 2, steps])
        await self.close_all(socks, watcher)

    async def test_bad_replay_options_are_refused(self):
        for value in ("all", "", None, True, ["own"], {"reveal": True}):
            reply = await self.create({"game": "witches_dance", "seats": TWO, "replay": value},
                                      status=400)
            self.assertEqual(reply["error"], "bad_table")
            self.assertIn("replay must be", reply["message"])
        self.assertEqual(list(await self.server.store.unfinished_tables()), [])
        for value in ("reveal", "own"):
            table_id, _ = await self.table_with("witches_dance", TWO, replay=value)
            self.assertEqual(self.server.tables.live(table_id).config.replay, value)

    async def test_bad_replay_requests(self):
        table_id, keys = await self.table_with("witches_dance", TWO)
        ws, _, _ = await self.join(table_id, 0, keys[0])
        await self.refused(ws, {"type": "replay"}, "bad_message")
        await self.refused(ws, {"type": "replay", "step": -1}, "bad_message")
        await self.refused(ws, {"type": "replay", "step": "0"}, "bad_message")
        await ws.close()


if __name__ == "__main__":
    unittest.main()
