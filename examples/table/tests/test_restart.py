"""kill -9 in the middle of four games, then a restart: nothing that was
acknowledged is lost, every seat's link still opens its seat, and each
game goes on from exactly where it was (the referee replays the store and
checks every drawn die against the RNG)."""

import asyncio
import os
import random
import shutil
import tempfile
import unittest

import aiohttp

from devtools.server_process import ServerProcess
from players import Player, create_table
from progress import STALL, until, while_moving
from referee import Referee

PERSON = {"kind": "person"}
TABLES = [
    ("witches_dance", [PERSON, PERSON], {"witches": 2}),
    ("bewitched", [PERSON, {"kind": "bot", "level": "medium"}], {}),
    ("creepy_cauldron", [PERSON, PERSON, {"kind": "bot", "level": "easy"}], {}),
    ("spinning_wishes", [PERSON, PERSON], {"princesses": "seat"}),
]


class KillAndRestart(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        asyncio.get_running_loop().slow_callback_duration = 30   # the referee blocks on purpose
        self.tmp = tempfile.mkdtemp(prefix="table-restart-")
        self.db = os.path.join(self.tmp, "tables.sqlite3")
        self.server = ServerProcess(self.db, pace=0.02, seed=11)

    async def asyncTearDown(self):
        await self.server.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)

    async def test_kill_9_mid_game_loses_nothing(self):
        await self.server.start()
        rng = random.Random(3)
        seats = []
        killed = False
        async with aiohttp.ClientSession() as session:
            for game, table_seats, options in TABLES:
                table, keys = await create_table(session, self.server.base, game, table_seats,
                                                 options=options)
                seats += [Player([self.server.base], table, seat, key, rng)
                          for seat, key in keys.items()]
            players = [asyncio.ensure_future(s.play(session, lambda: killed)) for s in seats]
            # Until every game is a few decisions in (not for a fixed time:
            # under load a medium computer seat takes seconds a decision).
            def started():
                best = {}
                for s in seats:
                    best[s.table] = max(best.get(s.table, -1), s.version)
                return all(v > 2 for v in best.values())
            await until(started, lambda: sum(len(s.acked) for s in seats), "the games' start")
            await self.server.kill9()                   # mid-move, mid-thought
            killed = True
            await asyncio.gather(*players)

        referee = Referee(self.db)
        stored = {}
        for s in seats:
            self.assertTrue(s.acked)
            # KeyError if an acknowledged version was lost.
            self.assertEqual(referee.problems(s.table, s.seat, s.last), [])
            stored[s.table] = referee.replay(s.table).version
        self.assertTrue(all(v > 2 for v in stored.values()), stored)

        await self.server.start()
        for s in seats:
            s.bases = [self.server.base]    # a new port: the same links otherwise
        async with aiohttp.ClientSession() as session:
            # Each link opens its seat again, at the stored version.
            for s in seats:
                async with session.ws_connect("%s/ws/%s" % (self.server.base, s.table)) as ws:
                    await ws.send_json({"type": "hello", "seat": s.seat, "key": s.key})
                    welcome = await ws.receive_json(timeout=STALL)
                    self.assertEqual(welcome["type"], "welcome")
                    state = await ws.receive_json(timeout=STALL)
                    self.assertGreaterEqual(state["version"], stored[s.table])
                    self.assertEqual(Referee(self.db).problems(s.table, s.seat, state), [])
            # And every game plays on to its end.
            live = Referee(self.db)
            for s in seats:        # play to win, so the games end soon
                s.choose = lambda p, m: live.suggest(p.table, p.seat)["move"]
            # As long as the games move: a medium computer seat under
            # valgrind's load takes seconds a decision, and how many are
            # left depends on where the games stood at the kill.
            await while_moving(asyncio.gather(*(s.play(session, lambda: False) for s in seats)),
                               lambda: sum(len(s.acked) for s in seats), "the four games")
        for s in seats:
            self.assertTrue(s.over(), s.table)
        final = Referee(self.db)
        for table in stored:
            self.assertTrue(final.views(table)["terminal"])
            self.assertTrue(final.views(table)["winners"], table)


if __name__ == "__main__":
    unittest.main()
