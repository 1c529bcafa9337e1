"""The store interface's promises, one suite run on SQLite and on PostgreSQL.

Each test gets a fresh store (a new SQLite file, or a new database in the
run's private PostgreSQL cluster). What only a shared database can do -
two stores at once, as two server processes - is tested where the store
allows it: SQLite refuses a second process instead."""

import asyncio
import shutil
import tempfile
import time
import unittest

from tablegames_table.sqlite_store import SQLiteStore
from tablegames_table.store import (Decision, StoredTable, StoreError, UnknownTable,
                                    VersionConflict, WAIT_NOBODY, WAIT_PERSON, WAIT_SERVER)

import stores
from progress import STALL

CONFIG = {"game": "witches_dance", "options": "", "companion": False,
          "seats": [{"kind": "person", "name": "Ann", "secret_hash": "ab" * 32}]}


def table(table_id, waiting=WAIT_PERSON, created=None):
    return StoredTable(table_id=table_id, config=CONFIG, root=b"\x00root\xffbytes",
                       created=created if created is not None else time.time(), finished=False,
                       waiting=waiting)


def decision(seq, move=10, kind="move", seat=0, at=None):
    return Decision(seq=seq, move=move, kind=kind, seat=seat,
                    at=at if at is not None else time.time())


class StoreContract:
    """The tests; a subclass says how to make a store (and a second one on
    the same data, when the store can have several processes)."""

    shared = False        # whether two stores (processes) may use one database

    async def asyncSetUp(self):
        asyncio.get_running_loop().slow_callback_duration = 30   # PostgreSQL's set-up takes a while
        self.tmp = tempfile.mkdtemp(prefix="table-store-")
        try:
            self.where = self.new_location()
        except unittest.SkipTest:
            shutil.rmtree(self.tmp, ignore_errors=True)
            raise
        self.stores = []
        self.store = await self.open_store()

    async def asyncTearDown(self):
        for store in self.stores:
            await store.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    async def open_store(self):
        store = self.make_store(self.where)
        self.stores.append(store)
        await store.open()
        return store

    async def reopen(self):
        self.stores.remove(self.store)
        await self.store.close()
        self.store = await self.open_store()

    # ---- tables ------------------------------------------------------------

    async def test_a_table_comes_back_as_it_was_stored(self):
        t = table("t1", waiting=WAIT_SERVER)
        await self.store.create_table(t)
        await self.reopen()
        back = await self.store.load_table("t1")
        self.assertEqual(back, t)
        self.assertIsInstance(back.root, bytes)

    async def test_an_id_is_taken_once(self):
        await self.store.create_table(table("t1"))
        with self.assertRaises(StoreError) as caught:
            await self.store.create_table(table("t1"))
        self.assertNotIsInstance(caught.exception, UnknownTable)

    async def test_an_unknown_table(self):
        with self.assertRaises(UnknownTable):
            await self.store.load_table("nope")
        with self.assertRaises(UnknownTable):
            await self.store.append("nope", decision(1), WAIT_PERSON)
        self.assertEqual(await self.store.decisions("nope"), [])

    async def test_bad_kinds_and_waits_are_refused(self):
        await self.store.create_table(table("t1"))
        with self.assertRaises(StoreError):
            await self.store.append("t1", decision(1, kind="cheat"), WAIT_PERSON)
        with self.assertRaises(StoreError):
            await self.store.append("t1", decision(1), "everyone")
        with self.assertRaises(StoreError):
            await self.store.create_table(table("t2", waiting="soon"))
        self.assertEqual(await self.store.decisions("t1"), [])

    # ---- decisions ---------------------------------------------------------------

    async def test_decisions_come_back_in_order_and_survive_a_reopen(self):
        await self.store.create_table(table("t1"))
        stored = [decision(1, 5, "move", 0, 1.5), decision(2, 3, "drawn", None, 2.25),
                  decision(3, 4, "entered", 1, 3.125)]
        for d in stored:
            await self.store.append("t1", d, WAIT_PERSON)
        await self.reopen()
        self.assertEqual(await self.store.decisions("t1"), stored)
        self.assertEqual(await self.store.decisions("t1", after=1), stored[1:])
        self.assertEqual(await self.store.decisions("t1", after=3), [])

    async def test_only_the_next_number_is_stored(self):
        await self.store.create_table(table("t1"))
        await self.store.append("t1", decision(1, 87), WAIT_PERSON)
        for seq in (1, 3, 0):
            with self.assertRaises(VersionConflict):
                await self.store.append("t1", decision(seq, 88), WAIT_PERSON)
        self.assertEqual([d.move for d in await self.store.decisions("t1")], [87])

    async def test_racing_appends_end_with_exactly_one(self):
        await self.store.create_table(table("t1"))
        others = [await self.open_store() for _ in range(2)] if self.shared else []
        contenders = [self.store] + others
        for seq in range(1, 6):
            tries = [contenders[i % len(contenders)].append("t1", decision(seq, 100 + i),
                                                           WAIT_PERSON)
                     for i in range(8)]
            results = await asyncio.gather(*tries, return_exceptions=True)
            won = [i for i, r in enumerate(results) if r is None]
            self.assertEqual(len(won), 1, results)
            self.assertTrue(all(isinstance(r, VersionConflict) for r in results if r is not None))
            last = (await self.store.decisions("t1", after=seq - 1))[0]
            self.assertEqual(last.move, 100 + won[0])
        self.assertEqual([d.seq for d in await self.store.decisions("t1")], [1, 2, 3, 4, 5])

    async def test_tables_do_not_mix(self):
        for t in ("a", "b"):
            await self.store.create_table(table(t))
        await self.store.append("a", decision(1, 1), WAIT_PERSON)
        await self.store.append("b", decision(1, 2), WAIT_PERSON)
        await self.store.append("b", decision(2, 3), WAIT_PERSON)
        self.assertEqual([d.move for d in await self.store.decisions("a")], [1])
        self.assertEqual([d.move for d in await self.store.decisions("b")], [2, 3])

    # ---- what the games wait for ----------------------------------------------------

    async def test_waiting_and_finished(self):
        old = time.time() - 100
        await self.store.create_table(table("person", WAIT_PERSON, old))
        await self.store.create_table(table("server", WAIT_SERVER, old))
        await self.store.create_table(table("fresh", WAIT_SERVER))
        await self.store.create_table(table("over", WAIT_PERSON, old))
        await self.store.append("over", decision(1, at=old), WAIT_NOBODY)
        self.assertTrue((await self.store.load_table("over")).finished)
        self.assertEqual(sorted(await self.store.unfinished_tables()),
                         ["fresh", "person", "server"])
        self.assertEqual(await self.store.tables_to_drive(50), ["server"])
        self.assertEqual(sorted(await self.store.tables_to_drive(0)), ["fresh", "server"])
        # A decision moves the table on: it waits for a person now.
        await self.store.append("server", decision(1, seat=None, kind="drawn"), WAIT_PERSON)
        self.assertEqual(await self.store.tables_to_drive(0), ["fresh"])
        self.assertEqual((await self.store.load_table("server")).waiting, WAIT_PERSON)

    async def test_a_refused_append_changes_nothing_of_the_table(self):
        await self.store.create_table(table("t1", WAIT_PERSON))
        with self.assertRaises(VersionConflict):
            await self.store.append("t1", decision(2), WAIT_NOBODY)
        back = await self.store.load_table("t1")
        self.assertEqual((back.waiting, back.finished), (WAIT_PERSON, False))

    async def test_many_tables(self):
        for i in range(300):
            await self.store.create_table(table("t%03d" % i, WAIT_SERVER if i % 3 else WAIT_PERSON,
                                                created=1000.0 + i))
        self.assertEqual(len(await self.store.unfinished_tables()), 300)
        self.assertEqual(len(await self.store.tables_to_drive(0)), 200)
        self.assertEqual((await self.store.load_table("t299")).created, 1299.0)

    # ---- claims and notices (several processes) ----------------------------------------

    async def test_claims(self):
        self.assertTrue(await self.store.claim("t1"))
        self.assertTrue(await self.store.claim("t1"))          # it holds it already
        if not self.shared:
            return
        other = await self.open_store()
        self.assertTrue(await self.store.claim("t1"))
        self.assertFalse(await other.claim("t1"))
        self.assertTrue(await other.claim("t2"))
        await self.store.release("t1")
        self.assertTrue(await other.claim("t1"))
        # A process that goes away (its connection closes) frees its claims.
        self.assertFalse(await self.store.claim("t2"))
        self.stores.remove(other)
        await other.close()
        self.assertTrue(await self.store.claim("t2"))

    async def test_another_process_hears_of_each_decision(self):
        heard = asyncio.Queue()

        async def on_change(table_id, version):
            await heard.put((table_id, version))
        await self.store.create_table(table("t1"))
        other = await self.open_store() if self.shared else self.store
        await other.listen(on_change)
        for seq in (1, 2):
            await self.store.append("t1", decision(seq), WAIT_PERSON)
        if not self.shared:      # one process: nobody else to tell
            with self.assertRaises(asyncio.TimeoutError):
                await asyncio.wait_for(heard.get(), 0.3)
            return
        self.assertEqual(await asyncio.wait_for(heard.get(), STALL), ("t1", 1))
        self.assertEqual(await asyncio.wait_for(heard.get(), STALL), ("t1", 2))


class OnSQLite(StoreContract, unittest.IsolatedAsyncioTestCase):
    def new_location(self):
        return stores.new_sqlite_file(self.tmp)

    def make_store(self, where):
        return SQLiteStore(where)

    async def test_a_second_process_is_refused(self):
        other = SQLiteStore(self.where)
        with self.assertRaises(StoreError):
            await other.open()
        await other.close()

    async def test_a_version_1_file_is_upgraded(self):
        import sqlite3
        await self.store.close()
        self.stores.remove(self.store)
        path = stores.new_sqlite_file(self.tmp)
        db = sqlite3.connect(path)
        db.executescript("""
            CREATE TABLE tables (id TEXT PRIMARY KEY, config TEXT NOT NULL, root BLOB NOT NULL,
                created REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE decisions (table_id TEXT NOT NULL REFERENCES tables(id),
                seq INTEGER NOT NULL CHECK (seq > 0), move INTEGER NOT NULL CHECK (move >= 0),
                kind TEXT NOT NULL, seat INTEGER, at REAL NOT NULL,
                PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
            INSERT INTO tables VALUES ('old', '{}', x'00', 1.0, 0);
            INSERT INTO tables VALUES ('done', '{}', x'00', 2.0, 1);
            PRAGMA user_version = 1;""")
        db.close()
        store = SQLiteStore(path)
        self.stores.append(store)
        await store.open()
        # Unfinished tables of version 1 resume as before: all of them.
        self.assertEqual(await store.tables_to_drive(0), ["old"])
        await store.append("old", decision(1), WAIT_PERSON)
        self.assertEqual(await store.tables_to_drive(0), [])


class OnPostgres(StoreContract, unittest.IsolatedAsyncioTestCase):
    shared = True

    def new_location(self):
        return stores.new_postgres_database()

    def make_store(self, where):
        from tablegames_table.postgres_store import PostgresStore
        return PostgresStore(where, retry_seconds=5)

    async def test_a_store_that_cannot_connect_says_so(self):
        from tablegames_table.postgres_store import PostgresStore
        store = PostgresStore("postgresql://nobody@/none?host=%s/missing" % self.tmp,
                              retry_seconds=0.3)
        with self.assertRaises(StoreError):
            await store.open()
        await store.close()

    async def test_an_append_that_committed_before_the_connection_broke_counts(self):
        # The retry after a lost connection finds its own row and succeeds;
        # a different decision at that number is still a conflict.
        await self.store.create_table(table("t1"))
        d = decision(1, 42)
        await self.store.append("t1", d, WAIT_PERSON)
        async with self.store._pool.acquire() as conn:
            self.assertTrue(await self.store._is_stored(conn, "t1", d))
            self.assertFalse(await self.store._is_stored(conn, "t1", decision(1, 43)))


if __name__ == "__main__":
    unittest.main()
