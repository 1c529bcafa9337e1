"""kill -9 in the middle of four games, then a restart: nothing that was
acknowledged is lost, every seat's link still opens its seat, and each
game goes on from exactly where it was (the referee replays the store and
checks every drawn die against the RNG)."""

import asyncio
import os
import random
import signal
import subprocess
import sys
import shutil
import tempfile
import unittest
import urllib.parse

import aiohttp

from referee import Referee

PERSON = {"kind": "person"}
TABLES = [
    ("witches_dance", [PERSON, PERSON], {"witches": 2}),
    ("bewitched", [PERSON, {"kind": "bot", "level": "medium"}], {}),
    ("creepy_cauldron", [PERSON, PERSON, {"kind": "bot", "level": "easy"}], {}),
    ("spinning_wishes", [PERSON, PERSON], {"princesses": "seat"}),
]


class ServerProcess:
    def __init__(self, db):
        self.db = db
        self.proc = None
        self.base = None

    async def start(self):
        env = dict(os.environ)
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tablegames_table", "--port", "0", "--db", self.db,
            "--pace", "0.02", "--seed", "11", "--quiet",
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        line = (await asyncio.wait_for(self.proc.stdout.readline(), 30)).decode()
        self.base = line.split("open ", 1)[1].split(" ", 1)[0].rstrip("/")

    async def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self):
        if self.proc and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 20)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()


class Seat:
    """A person's browser: plays random legal moves and remembers the last
    state the server acknowledged."""

    def __init__(self, base, table, seat, key, rng):
        self.base, self.table, self.seat, self.key, self.rng = base, table, seat, key, rng
        self.acked = None        # the last state message received

    async def play(self, session, stop, referee=None):
        async with session.ws_connect("%s/ws/%s" % (self.base, self.table)) as ws:
            await ws.send_json({"type": "hello", "seat": self.seat, "key": self.key})
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                m = msg.json()
                if m["type"] == "error" and m["code"] == "wrong_secret":
                    raise AssertionError("seat %d of %s refused" % (self.seat, self.table))
                if m["type"] != "state":
                    continue
                self.acked = m
                if m["turn"]["over"] or stop.is_set():
                    return
                if "moves" in m:
                    if referee is not None:     # after the restart: play to win
                        move = referee.suggest(self.table, self.seat)["move"]
                    else:
                        move = self.rng.choice(m["moves"])["id"]
                    await ws.send_json({"type": "move", "move": move, "version": m["version"]})


class KillAndRestart(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        asyncio.get_running_loop().slow_callback_duration = 30   # the referee blocks on purpose
        self.tmp = tempfile.mkdtemp(prefix="table-restart-")
        self.db = os.path.join(self.tmp, "tables.sqlite3")
        self.server = ServerProcess(self.db)

    async def asyncTearDown(self):
        await self.server.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)

    async def test_kill_9_mid_game_loses_nothing(self):
        await self.server.start()
        rng = random.Random(3)
        seats = []
        async with aiohttp.ClientSession() as session:
            for game, table_seats, options in TABLES:
                async with session.post(self.server.base + "/api/tables",
                                        json={"game": game, "seats": table_seats,
                                              "options": options}) as r:
                    reply = await r.json()
                    self.assertEqual(r.status, 201, reply)
                for link in reply["seats"]:
                    params = dict(urllib.parse.parse_qsl(link["link"].split("#", 1)[1]))
                    seats.append(Seat(self.server.base, reply["table"], int(params["seat"]),
                                      params["key"], rng))
            stop = asyncio.Event()
            players = [asyncio.ensure_future(s.play(session, stop)) for s in seats]
            await asyncio.sleep(2.5)
            await self.server.kill9()                   # mid-move, mid-thought
            await asyncio.gather(*players, return_exceptions=True)

        referee = Referee(self.db)
        stored = {}
        for s in seats:
            self.assertIsNotNone(s.acked)
            # KeyError if an acknowledged version was lost.
            self.assertEqual(referee.problems(s.table, s.seat, s.acked), [])
            stored[s.table] = referee.replay(s.table).version
        self.assertTrue(all(v > 2 for v in stored.values()), stored)

        await self.server.start()
        for s in seats:
            s.base = self.server.base    # a new port: the same links otherwise
        async with aiohttp.ClientSession() as session:
            # Each link opens its seat again, at the stored version.
            for s in seats:
                async with session.ws_connect("%s/ws/%s" % (self.server.base, s.table)) as ws:
                    await ws.send_json({"type": "hello", "seat": s.seat, "key": s.key})
                    welcome = await ws.receive_json(timeout=10)
                    self.assertEqual(welcome["type"], "welcome")
                    state = await ws.receive_json(timeout=10)
                    self.assertGreaterEqual(state["version"], stored[s.table])
                    self.assertEqual(Referee(self.db).problems(s.table, s.seat, state), [])
            # And every game plays on to its end.
            live = Referee(self.db)
            stop = asyncio.Event()
            await asyncio.wait_for(asyncio.gather(*(s.play(session, stop, live) for s in seats)),
                                   timeout=240)
        for s in seats:
            self.assertTrue(s.acked["turn"]["over"], s.table)
        final = Referee(self.db)
        for table in stored:
            self.assertTrue(final.views(table)["terminal"])
            self.assertTrue(final.views(table)["winners"], table)


if __name__ == "__main__":
    unittest.main()
