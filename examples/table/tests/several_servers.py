"""Set-up shared by the tests that run server processes on one PostgreSQL
database: the servers, a store of the test's own on the same database,
and the checks that follow every test (each seat saw exactly its own
view of stored versions; every history replays)."""

import asyncio
import random
import unittest

import aiohttp

from devtools.server_process import ServerProcess

import stores
from history import check_histories
from players import Player, create_table
from referee import Referee, SnapshotSource


class ServersOnOneDatabase(unittest.IsolatedAsyncioTestCase):
    servers = 2
    pace = 0.02
    server_args = ()        # more command-line options for every server

    async def asyncSetUp(self):
        asyncio.get_running_loop().slow_callback_duration = 30   # the referee blocks on purpose
        self.dsn = stores.new_postgres_database()       # SkipTest without PostgreSQL
        from tablegames_table.postgres_store import PostgresStore   # needs asyncpg
        self.procs = [ServerProcess(self.dsn, pace=self.pace, extra=self.server_args,
                                    stderr=None) for _ in range(self.servers)]
        for proc in self.procs:
            await proc.start()
        self.store = PostgresStore(self.dsn)
        await self.store.open()
        self.session = aiohttp.ClientSession()
        self.rng = random.Random(9)
        self.tables = []

    async def asyncTearDown(self):
        await self.session.close()
        for proc in self.procs:
            await proc.stop()
        await self.store.close()

    @property
    def bases(self):
        return [p.base for p in self.procs]

    async def table(self, game, seats, on=0, **extra):
        table_id, keys = await create_table(self.session, self.bases[on], game, seats, **extra)
        self.tables.append(table_id)
        return table_id, keys

    def player(self, table_id, seat, key, first):
        """A person who connects to server number first, then the others."""
        bases = self.bases[first:] + self.bases[:first]
        return Player(bases, table_id, seat, key, random.Random(self.rng.random()))

    async def check_everything(self, players):
        """Each message every player got is its seat's view of a stored
        version; every table's history replays to one state. The servers
        stop first (their bots would go on), so the store is the state."""
        for proc in self.procs:
            await proc.stop()
        referee = Referee(await SnapshotSource.take(self.store, self.tables))
        for p in players:
            self.assertTrue(p.acked, (p.table, p.seat))
            for msg in p.acked:
                self.assertEqual(referee.problems(p.table, p.seat, msg), [],
                                 (p.table, p.seat, msg["version"]))
        return await check_histories(self, self.store, self.tables)
