"""Servers and the database failing under play: kill -9 of one of two
servers (the other keeps serving; its people reconnect and resume, its
computer seats are taken over), and PostgreSQL restarted - by a crash -
while games go on (the servers wait and retry; nothing acknowledged is
lost). After each, every message a seat got is its own view of a stored
version, and every stored history replays to one state."""

import asyncio
import unittest

import progress as progress_mod
from several_servers import ServersOnOneDatabase
import stores

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}
TABLES = [  # game, seats, options, server of each person (by seat)
    ("witches_dance", [PERSON, PERSON], {"witches": 2}, {0: 0, 1: 1}),
    ("bewitched", [PERSON, EASY], {}, {0: 0}),
    ("creepy_cauldron", [PERSON, PERSON, EASY], {}, {0: 0, 1: 1}),
    ("spinning_wishes", [PERSON, EASY, PERSON], {"princesses": "seat"}, {0: 1, 2: 0}),
]


class UnderPlay(ServersOnOneDatabase):
    async def start_games(self):
        """The four games, each made on server 0 (which plays their
        computer seats first), people on both servers."""
        self.players = []
        for game, seats, options, where in TABLES:
            table, keys = await self.table(game, seats, options=options)
            self.players += [self.player(table, seat, keys[seat], first=server)
                             for seat, server in where.items()]
        self.stop_at = None
        self.play_task = asyncio.gather(*(p.play(self.session, self.done)
                                          for p in self.players))

    def versions(self):
        out = {}
        for p in self.players:
            out[p.table] = max(out.get(p.table, -1), p.version)
        return out

    def done(self):
        if self.stop_at is None:
            return False
        now = self.versions()
        return all(now[t] >= self.stop_at[t] or self.over(t) for t in now)

    def over(self, table):
        return any(p.over() for p in self.players if p.table == table)

    def progress(self):
        return sum(self.versions().values()), sum(p.connections for p in self.players)

    async def played(self, decisions, stall=progress_mod.STALL):
        """Waits until every table went decisions further (or ended), as
        long as the games move or people reconnect."""
        start = self.versions()

        def there():
            self.assertFalse(self.play_task.done() and self.play_task.exception())
            return all(self.versions()[t] >= start[t] + decisions or self.over(t) for t in start)
        await progress_mod.until(there, self.progress, "the games from %s" % start, stall)

    async def finish(self, decisions):
        now = self.versions()
        self.stop_at = {t: v + decisions for t, v in now.items()}
        await progress_mod.while_moving(asyncio.shield(self.play_task), self.progress,
                                        "the last decisions")


class KillOneOfTwoServers(UnderPlay):
    async def test_the_other_server_carries_every_game_on(self):
        await self.start_games()
        await self.played(8)
        killed = self.procs[0]
        await killed.kill9()                      # mid-move, mid-thought, mid-commit
        # Its people reconnect (to the other server) and every game goes
        # on, the computer seats it played too.
        await self.played(15)
        await self.finish(5)
        for p in self.players:
            if p.home == killed.base:
                self.assertGreaterEqual(p.connections, 2, (p.table, p.seat))
            else:     # the other server kept serving its people throughout
                self.assertEqual(p.connections, 1, (p.table, p.seat))
        versions = await self.check_everything(self.players)
        self.assertTrue(all(v >= 23 or self.over(t) for t, v in versions.items()), versions)


class DatabaseRestart(UnderPlay):
    # The servers wait for the database for as long as the restart takes:
    # a crash recovery under load has taken longer than the default
    # --db-wait of 30 s, and a refusal then would say nothing about the
    # servers. What bounds the test is progress: the restart fails when
    # PostgreSQL shows none for a while (devtools/private_postgres.py), and
    # played() when the games stop moving once it is back.
    server_args = ("--db-wait", "inf")

    async def test_servers_wait_for_the_database_and_lose_nothing(self):
        await self.start_games()
        await self.played(8)
        before = self.versions()
        # A crash (no checkpoint: recovery replays the WAL), then up again.
        await asyncio.to_thread(stores.cluster().restart, "immediate")
        await self.played(15)
        await self.finish(5)
        # The servers waited for the database: no move was refused for it.
        self.assertEqual([c for p in self.players for c in p.refusals if c == "unavailable"], [])
        versions = await self.check_everything(self.players)
        for table, version in versions.items():
            self.assertGreaterEqual(version, before[table] + 15, table)


if __name__ == "__main__":
    unittest.main()
