"""The tables a server process holds in memory, loaded from the store.

A table is loaded on first use and stays in memory; at start-up every
unfinished table is loaded so its bots and drawn dice carry on. A table
whose store write failed is dropped and loaded again from the store, which
is the truth.
"""

import asyncio
import logging
import secrets
import time

from . import config as config_mod
from . import seats as seats_mod
from .live import LiveTable
from .store import StoredTable, UnknownTable

log = logging.getLogger("tablegames_table")


class Tables:
    def __init__(self, store, runner, seed=None, max_tables=1000):
        self.store = store
        self.runner = runner
        self.max_tables = max_tables
        self._seed = seed            # tests only: predictable setups
        self._count = 0
        self._live = {}
        self._loading = {}

    def _new_seed(self):
        if self._seed is None:
            return secrets.randbits(64)
        self._count += 1
        return (self._seed * 1000003 + self._count) % (1 << 64)

    async def create(self, body):
        """Makes a table from a request; returns (table, {seat: secret})."""
        if len(self._live) >= self.max_tables:
            raise config_mod.TableRequestError("this server holds %d tables, its limit"
                                               % self.max_tables)
        cfg, game, _ = config_mod.parse_request(body)
        cfg, secrets_by_seat = config_mod.with_secrets(cfg)
        state = game.new_state(self._new_seed())
        table_id = seats_mod.new_table_id()
        await self.store.create_table(StoredTable(
            table_id=table_id, config=cfg.to_record(), root=state.save(),
            created=time.time(), finished=False))
        table = LiveTable(table_id, cfg, state, self.store, self.runner)
        self._live[table_id] = table
        table.kick()
        return table, secrets_by_seat

    async def get(self, table_id):
        """The live table (loading it from the store); UnknownTable if none."""
        table = self._live.get(table_id)
        if table is not None and not table.broken:
            return table
        if table is not None:
            await self._drop(table)
        pending = self._loading.get(table_id)
        if pending is None:
            pending = asyncio.ensure_future(LiveTable.load(self.store, table_id, self.runner))
            self._loading[table_id] = pending
        try:
            table = await asyncio.shield(pending)
        finally:
            self._loading.pop(table_id, None)
        if table_id not in self._live:
            self._live[table_id] = table
            table.kick()
        return self._live[table_id]

    async def _drop(self, table):
        self._live.pop(table.table_id, None)
        await table.stop()
        self.runner.forget(table)
        for viewer in list(table.viewers):
            viewer.close_for_reload()

    async def resume_all(self):
        for table_id in await self.store.unfinished_tables():
            try:
                await self.get(table_id)
            except UnknownTable:
                pass
            except Exception:
                log.exception("table %s could not be resumed", table_id)

    async def on_change(self, table_id, version):
        """Another process stored a decision (store.listen)."""
        table = self._live.get(table_id)
        if table is not None and version > table.version:
            await table.catch_up()

    async def close(self):
        for table in list(self._live.values()):
            await table.stop()
        self._live.clear()
