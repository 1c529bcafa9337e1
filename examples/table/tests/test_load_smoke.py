"""A short, bounded run of the load generator (examples/table/loadgen):
tables with people and computer seats on SQLite and on two servers
sharing PostgreSQL. No timing is asserted (docs/table.md has the figures
and the command); the run must end with no refusal, no unanswered move,
no dropped connection, and nothing its people saw missing from the store."""

import asyncio
import os
import shutil
import tempfile
import unittest

from loadgen.__main__ import parse_args, run_load
from tablegames_table.server import make_store

import stores
from history import check_histories

# At least 6 seconds and 150 decisions: the work does not shrink on a
# slow machine (the run measures on until it is done).
SHORT = ["--tables", "16", "--seconds", "6", "--at-least", "150", "--warmup", "1", "--ramp", "1",
         "--think", "0.05,0.3", "--pace", "0.05"]


class ShortLoad(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        asyncio.get_running_loop().slow_callback_duration = 30   # the checks replay on purpose
        self.tmp = tempfile.mkdtemp(prefix="table-load-")

    async def asyncTearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    async def run_and_check(self, *args):
        opts = parse_args(SHORT + list(args))
        report = await run_load(opts)
        self.assertEqual(report["errors"], {})
        self.assertEqual((report["unanswered"], report["disconnects"]), (0, 0))
        self.assertTrue(report["store_check"]["ok"], report["store_check"])
        self.assertGreaterEqual(report["tables_made"], 16)
        self.assertGreater(report["decisions"], 100)
        self.assertGreater(report["latency_ms"]["samples"], 20)
        store = make_store(opts.db)
        await store.open()
        try:
            await check_histories(self, store, report["table_ids"])
        finally:
            await store.close()
        return report

    async def test_sqlite(self):
        await self.run_and_check("--db", os.path.join(self.tmp, "load.sqlite3"))

    async def test_two_servers_on_postgresql(self):
        report = await self.run_and_check("--db", stores.new_postgres_database(),
                                          "--servers", "2")
        self.assertGreater(report["other_server_ms"]["samples"], 0)


if __name__ == "__main__":
    unittest.main()
