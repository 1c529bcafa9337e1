"""The tables a server process holds in memory, loaded from the store.

The store holds every table; memory holds the ones in use. A table is
loaded when a person comes (or when the server has to play its computer
seats or draw its dice) and leaves memory when nobody is connected, the
server has nothing to decide and it has been idle for idle_seconds
(finished_seconds once the game is over); when memory is full, the table
idle longest leaves first. So a database of any number of tables needs
only as much memory as the tables being played, and a server never has
to refuse a new table because of old ones; only max_tables tables all
busy at once make it say it is busy.

Several server processes may share a database. Only one plays a table's
computer seats (store.claim); the others apply its decisions when the
store tells them (on_change). Every sweep_seconds the server also looks
for tables that wait for a server and have stored nothing for a while: a
process that died (kill -9) leaves such tables, and the next sweep of a
live one claims them and plays on. A table whose store write failed is
dropped and loaded again from the store, which is the truth.
"""

import asyncio
import contextlib
import logging
import secrets
import time

from . import config as config_mod
from . import seats as seats_mod
from .live import LiveTable
from .store import StoredTable, StoreError

log = logging.getLogger("tablegames_table")


class Busy(Exception):
    """max_tables tables are in use at once; none can leave memory."""


class Tables:
    def __init__(self, store, runner, seed=None, max_tables=1000, idle_seconds=300.0,
                 finished_seconds=30.0, sweep_seconds=2.0, orphan_seconds=3.0, clock=None):
        self.store = store
        self.runner = runner
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.finished_seconds = finished_seconds
        self.sweep_seconds = sweep_seconds
        self.orphan_seconds = orphan_seconds   # no decision for this long: its server may be gone
        self._seed = seed            # tests only: predictable setups
        self.clock = clock           # the turn clocks' time (tests move it by hand)
        self._count = 0
        self._live = {}
        self._loading = {}
        self._janitor = None
        self._unloadable = set()     # tables whose stored decisions do not replay
        self.evicted = 0             # how many tables left memory (for tests and reports)

    def _new_seed(self):
        if self._seed is None:
            return secrets.randbits(64)
        self._count += 1
        return (self._seed * 1000003 + self._count) % (1 << 64)

    def __len__(self):
        return len(self._live)

    def live(self, table_id):
        """The table if it is in memory, else None (no loading)."""
        return self._live.get(table_id)

    # ---- making, loading and using tables ----------------------------------

    async def create(self, body):
        """Makes a table from a request; returns (table, {seat: secret})."""
        cfg, game, _ = config_mod.parse_request(body)
        await self._make_room()
        cfg, secrets_by_seat = config_mod.with_secrets(cfg)
        state = game.new_state(self._new_seed())
        table_id = seats_mod.new_table_id()
        table = LiveTable(table_id, cfg, state, self.store, self.runner, joined=False,
                          clock=self.clock)
        await self.store.create_table(StoredTable(
            table_id=table_id, config=cfg.to_record(), root=state.save(),
            created=time.time(), finished=False, waiting=table.waiting))
        self._live[table_id] = table
        table.kick()
        return table, secrets_by_seat

    async def get(self, table_id, over_limit=False):
        """The live table (loading it from the store); UnknownTable if none,
        Busy when memory is full of tables in use, unless over_limit: a
        connection loads its table even then (app.py refuses spectators
        and wrong keys after the hello, never the table's people)."""
        table = self._live.get(table_id)
        if table is not None and not table.broken:
            return table
        if table is not None:
            await self._drop(table)
        pending = self._loading.get(table_id)
        if pending is None:
            await self._make_room(strict=not over_limit)
            pending = asyncio.ensure_future(LiveTable.load(self.store, table_id, self.runner,
                                                           self.clock))
            self._loading[table_id] = pending
        try:
            table = await asyncio.shield(pending)
        finally:
            self._loading.pop(table_id, None)
        if table_id not in self._live:
            self._live[table_id] = table
            # Another process may have stored a decision while this one
            # loaded (its notice found no table here): read it now.
            await table.catch_up()
        return self._live[table_id]

    @contextlib.asynccontextmanager
    async def use(self, table_id, over_limit=False):
        """The live table, kept in memory until the block ends."""
        table = await self.get(table_id, over_limit)
        table.pins += 1
        try:
            yield table
        finally:
            table.pins -= 1
            table.touched = time.monotonic()

    # ---- leaving memory ----------------------------------------------------------

    @staticmethod
    def _in_use(table):
        return table.viewers or table.pins or table.driving

    def _evictable(self):
        """Tables not in use, in the order they leave: those nobody has
        joined first, then the longest idle."""
        return sorted((t for t in self._live.values() if not self._in_use(t)),
                      key=lambda t: (t.joined, t.touched))

    @property
    def full(self):
        """More tables in memory than max_tables (connections may load
        their table beyond it; see get)."""
        return len(self._live) + len(self._loading) > self.max_tables

    async def _make_room(self, strict=True):
        """Evicts idle tables until one more fits: first those nobody has
        joined, then the longest idle. Busy when that is not enough,
        unless not strict (then the table is loaded beyond the limit)."""
        spare = self.max_tables - len(self._live) - len(self._loading)
        if spare > 0:
            return
        idle = self._evictable()
        if len(idle) < 1 - spare and strict:
            raise Busy("this server has %d tables in use, its limit" % self.max_tables)
        for table in idle[:1 - spare]:
            await self._evict(table)

    async def _evict(self, table):
        if self._live.get(table.table_id) is table:
            del self._live[table.table_id]
        await table.stop()
        self.runner.forget(table)
        self.evicted += 1
        try:
            await self.store.release(table.table_id)
        except StoreError:
            pass

    async def _drop(self, table):
        await self._evict(table)
        for viewer in list(table.viewers):
            viewer.close_for_reload()

    def _idle_too_long(self, table, now):
        if self._in_use(table):
            return False
        limit = self.finished_seconds if table.is_over else self.idle_seconds
        return now - table.touched >= limit

    async def evict_idle(self):
        """Evicts the tables idle too long, and drops the broken ones (a
        store write failed): their people reconnect and get the table
        again from the store, once it answers."""
        now = time.monotonic()
        for table in [t for t in self._live.values() if t.broken]:
            await self._drop(table)
        for table in [t for t in self._live.values() if self._idle_too_long(t, now)]:
            await self._evict(table)
        # Connections may have loaded tables beyond max_tables: back to it
        # as soon as they are not in use.
        over = len(self._live) - self.max_tables
        if over > 0:
            for table in self._evictable()[:over]:
                await self._evict(table)

    # ---- tables that wait for a server -------------------------------------------

    async def drive_waiting(self, idle_seconds):
        """Plays on the tables that wait for a server and have stored
        nothing for idle_seconds, where this process can claim them."""
        for table_id in await self.store.tables_to_drive(idle_seconds):
            table = self._live.get(table_id)
            if table is not None:
                if not table.driving:
                    table.kick()
                continue
            if len(self._live) >= self.max_tables:
                return
            if table_id in self._unloadable or not await self.store.claim(table_id):
                continue              # another live process plays it
            try:
                await self.get(table_id)
            except Busy:
                await self.store.release(table_id)
                return
            except StoreError:
                await self.store.release(table_id)
                raise
            except Exception:          # a table that does not replay: say it once
                log.exception("table %s cannot be loaded; it is left alone", table_id)
                self._unloadable.add(table_id)
                await self.store.release(table_id)

    async def start(self):
        """Resumes the games that wait for the server, then sweeps."""
        try:
            await self.drive_waiting(0)
        except Exception:
            log.exception("resuming the tables failed")
        self._janitor = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self):
        while True:
            await asyncio.sleep(self.sweep_seconds)
            try:
                await self.evict_idle()
                await self.drive_waiting(self.orphan_seconds)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the sweep of the tables failed; trying again later")

    # ---- news from other processes ------------------------------------------------

    async def on_change(self, table_id, version):
        """Another process stored a decision (store.listen)."""
        table = self._live.get(table_id)
        if table is not None and version > table.version:
            try:
                await table.catch_up(version)
            except StoreError:
                log.warning("table %s: catching up failed; it is reloaded on next use", table_id)
                table.broken = True

    async def on_reconnect(self):
        """The store's connection came back: notices may have been missed
        and claims were lost, so every table catches up and claims again."""
        for table in list(self._live.values()):
            try:
                await table.catch_up()
            except StoreError:
                table.broken = True

    async def close(self):
        if self._janitor is not None:
            self._janitor.cancel()
            await asyncio.gather(self._janitor, return_exceptions=True)
        for table in list(self._live.values()):
            await table.stop()
        self._live.clear()
