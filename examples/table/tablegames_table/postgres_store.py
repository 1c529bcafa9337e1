"""The store on PostgreSQL: several server processes on one database.

Driver: asyncpg (Debian's python3-asyncpg). It is a coroutine library, as
the store interface is, so queries run on the server's event loop with no
thread in between; it has LISTEN/NOTIFY built in (add_listener) and a
connection pool. psycopg2 blocks: every call would need a thread, and its
notifications must be polled.

Tables are the same as SQLite's, plus a version column per table. append()
is one statement, so one transaction: an UPDATE that moves the version
from n - 1 to n (the row lock makes a second transaction wait, then find
the version moved and change nothing: VersionConflict), the decision's
INSERT under the primary key (table, seq), and a NOTIFY that PostgreSQL
delivers to the other processes when the transaction commits. Appends
that arrive while one commits go together into the next statement
(group_commit.py): one WAL flush for many tables. A commit is durable on return
(PostgreSQL's defaults: fsync and synchronous_commit on; commits of
concurrent connections share a WAL flush).

The database may go away (restarted, failed over). Every call retries on
a lost connection for up to retry_seconds, then raises StoreError; the
server's table lock holds the decision meanwhile, so nobody is told of a
move that is not stored. An append whose COMMIT may have gone through
before the connection broke is checked on retry: finding exactly its own
row at its number counts as stored.

One connection more, outside the pool, LISTENs, and holds the session
advisory locks that are the claims on tables (PostgreSQL drops them when
the session ends, so a process that dies - kill -9 included - frees its
tables at once). When it breaks, it is opened again; claims are gone then
and notices may have been missed, so the server is told (on_reconnect).
"""

import asyncio
import hashlib
import json
import logging
import time
from typing import List, Sequence

import asyncpg

from .group_commit import GroupCommit
from .store import (Decision, WAIT_NOBODY, Store, StoredTable, StoreError, UnknownTable,
                    VersionConflict, check_append, check_waiting)

log = logging.getLogger("tablegames_table")

SCHEMA_VERSION = 1
CHANNEL = "tablegames_decisions"
_SCHEMA_LOCK = 0x7461626C65        # an advisory lock while two servers create the schema
_SCHEMA = """
CREATE TABLE IF NOT EXISTS store_meta (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    root BYTEA NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    waiting TEXT NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0)
);
CREATE TABLE IF NOT EXISTS decisions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL CHECK (seq > 0),
    move INTEGER NOT NULL CHECK (move >= 0),
    kind TEXT NOT NULL,
    seat INTEGER,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX IF NOT EXISTS tables_waiting_for_the_server ON tables (updated)
    WHERE NOT finished AND waiting = 'server';
"""

# Stores a batch of decisions, at most one per table, in one statement:
# each table's version moves only if it was seq - 1, each row is inserted
# only if its table moved, each notice is sent only for a row inserted.
_APPEND_BATCH = """
WITH batch AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::float8[], $5::bool[],
                         $6::int[], $7::text[], $8::int[])
        AS b(id, seq, waiting, at, finished, move, kind, seat)
), moved AS (
    UPDATE tables t SET version = b.seq, waiting = b.waiting, updated = b.at,
                        finished = b.finished
    FROM batch b WHERE t.id = b.id AND t.version = b.seq - 1
    RETURNING t.id
), stored AS (
    INSERT INTO decisions (table_id, seq, move, kind, seat, at)
    SELECT b.id, b.seq, b.move, b.kind, b.seat, b.at FROM batch b JOIN moved USING (id)
    RETURNING table_id, seq
)
SELECT table_id, pg_notify($9, table_id || ' ' || seq) FROM stored
"""

# asyncpg looks up the array types of the batch statement once per
# connection; with PostgreSQL's JIT compiler on, that query takes seconds
# (asyncpg's documentation advises turning JIT off). Our queries are small.
_SETTINGS = {"jit": "off", "application_name": "tablegames_table"}

# What a lost or restarting database looks like to asyncpg: the socket
# (refused, reset, missing while the server is down), the server saying it
# shuts down or starts up, or a connection that closed under a query.
# Two servers' batches may also lock the same tables in opposite orders:
# PostgreSQL then rolls one back (a deadlock), and it is tried again.
_TRANSIENT = (OSError, asyncio.TimeoutError, asyncpg.PostgresConnectionError,
              asyncpg.OperatorInterventionError, asyncpg.InterfaceError,
              asyncpg.TransactionRollbackError)


def lock_key(table_id):
    """The table's advisory lock: 64 bits of a hash of its id."""
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


class PostgresStore(Store):
    def __init__(self, dsn, retry_seconds=30.0, pool_size=20, query_timeout=15.0):
        self.dsn = dsn
        self.retry_seconds = retry_seconds
        self.pool_size = pool_size
        self.query_timeout = query_timeout
        self._pool = None
        self._closed = False
        self._listener = None            # the LISTEN and claims connection
        self._listener_lock = asyncio.Lock()
        self._claimed = set()
        self._on_change = None
        self._on_reconnect = None
        self._watch = None
        self._tasks = set()
        self._group = GroupCommit(self._commit)

    # ---- connections and retries ------------------------------------------

    async def _retry(self, what, attempt):
        """attempt(retrying) until it returns, a lost connection being
        retried with a growing pause for up to retry_seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.retry_seconds
        delay, retrying = 0.05, False
        while True:
            if self._closed:
                raise StoreError("the store is closed")
            try:
                return await attempt(retrying)
            except StoreError:
                raise
            except _TRANSIENT as exc:
                if loop.time() + delay > deadline:
                    raise StoreError("PostgreSQL did not answer for %.0f s (%s): %s"
                                     % (self.retry_seconds, what, exc)) from None
                if not retrying:
                    log.warning("PostgreSQL %s failed (%s); retrying", what, exc)
                retrying = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
            except asyncpg.PostgresError as exc:
                raise StoreError("PostgreSQL refused %s: %s" % (what, exc)) from None

    async def _query(self, what, run):
        """run(connection) on a pooled connection, with retries."""
        async def attempt(_retrying):
            async with self._pool.acquire(timeout=self.query_timeout) as conn:
                return await run(conn)
        return await self._retry(what, attempt)

    async def open(self):
        async def connect(_retrying):
            self._pool = await asyncpg.create_pool(
                self.dsn, min_size=1, max_size=self.pool_size,
                command_timeout=self.query_timeout, timeout=self.query_timeout,
                server_settings=_SETTINGS)
        try:
            await self._retry("connecting", connect)
        except ValueError as exc:         # a malformed DSN
            raise StoreError("bad PostgreSQL address: %s" % exc) from None
        await self._query("creating the schema", self._create_schema)
        await self._retry("listening", lambda _r: self._connect_listener())
        self._watch = asyncio.get_running_loop().create_task(self._watch_listener())

    async def _create_schema(self, conn):
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _SCHEMA_LOCK)
            await conn.execute(_SCHEMA)
            version = await conn.fetchval(
                "SELECT value FROM store_meta WHERE name = 'schema_version'")
            if version is None:
                await conn.execute("INSERT INTO store_meta VALUES ('schema_version', $1)",
                                   SCHEMA_VERSION)
            elif version != SCHEMA_VERSION:
                raise StoreError("the database has schema version %d; this server knows %d"
                                 % (version, SCHEMA_VERSION))

    async def close(self):
        await self._group.close()
        self._closed = True
        if self._watch is not None:
            self._watch.cancel()
            await asyncio.gather(self._watch, return_exceptions=True)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._listener is not None:
            self._listener.terminate()    # its claims go with the session
            self._listener = None
        self._claimed.clear()
        if self._pool is not None:
            try:
                await asyncio.wait_for(self._pool.close(), 5)
            except (asyncio.TimeoutError, *_TRANSIENT):
                self._pool.terminate()
            self._pool = None

    # ---- tables ------------------------------------------------------------------

    async def create_table(self, t):
        check_waiting(t.waiting)

        async def run(conn):
            try:
                await conn.execute(
                    "INSERT INTO tables (id, config, root, created, waiting, updated) "
                    "VALUES ($1, $2, $3, $4, $5, $4)",
                    t.table_id, json.dumps(t.config, sort_keys=True), t.root, t.created,
                    t.waiting)
            except asyncpg.UniqueViolationError:
                raise StoreError("a table %r exists already" % t.table_id) from None
        await self._query("creating a table", run)

    async def load_table(self, table_id):
        row = await self._query("loading a table", lambda conn: conn.fetchrow(
            "SELECT config, root, created, finished, waiting FROM tables WHERE id = $1",
            table_id))
        if row is None:
            raise UnknownTable(table_id)
        return StoredTable(table_id=table_id, config=json.loads(row["config"]),
                           root=bytes(row["root"]), created=row["created"],
                           finished=row["finished"], waiting=row["waiting"])

    async def decisions(self, table_id, after=0) -> List[Decision]:
        rows = await self._query("reading decisions", lambda conn: conn.fetch(
            "SELECT seq, move, kind, seat, at FROM decisions "
            "WHERE table_id = $1 AND seq > $2 ORDER BY seq", table_id, after))
        return [Decision(seq=r["seq"], move=r["move"], kind=r["kind"], seat=r["seat"],
                         at=r["at"]) for r in rows]

    async def append(self, table_id, d, waiting):
        check_append(d, waiting)
        await self._group.append((table_id, d, waiting))

    async def _commit(self, batch):
        """Stores a batch (GroupCommit); a result per item."""
        columns = list(zip(*[(t, d.seq, w, d.at, w == WAIT_NOBODY, d.move, d.kind, d.seat)
                             for t, d, w in batch]))

        async def attempt(retrying):
            async with self._pool.acquire(timeout=self.query_timeout) as conn:
                rows = await conn.fetch(_APPEND_BATCH, *[list(c) for c in columns], CHANNEL)
                stored = {r["table_id"] for r in rows}
                missed = [t for t, _, _ in batch if t not in stored]
                versions = dict(await conn.fetch(
                    "SELECT id, version FROM tables WHERE id = ANY($1::text[])", missed)) \
                    if missed else {}
                results = []
                for table_id, d, _ in batch:
                    if table_id in stored:
                        results.append(None)
                    elif table_id not in versions:
                        results.append(UnknownTable(table_id))
                    elif retrying and await self._is_stored(conn, table_id, d):
                        # The commit went through before the connection
                        # broke last time: this very row is stored.
                        results.append(None)
                    else:
                        results.append(VersionConflict("table %s is at version %d, not %d" % (
                            table_id, versions[table_id], d.seq - 1)))
                return results
        try:
            return await self._retry("storing decisions", attempt)
        except StoreError as exc:
            return [exc] * len(batch)

    @staticmethod
    async def _is_stored(conn, table_id, d):
        row = await conn.fetchrow("SELECT move, kind, seat, at FROM decisions "
                                  "WHERE table_id = $1 AND seq = $2", table_id, d.seq)
        return row is not None and tuple(row) == (d.move, d.kind, d.seat, d.at)

    async def unfinished_tables(self) -> Sequence[str]:
        rows = await self._query("listing tables", lambda conn: conn.fetch(
            "SELECT id FROM tables WHERE NOT finished ORDER BY created"))
        return [r["id"] for r in rows]

    async def tables_to_drive(self, idle_seconds):
        rows = await self._query("listing tables", lambda conn: conn.fetch(
            "SELECT id FROM tables WHERE NOT finished AND waiting = 'server' "
            "AND updated <= $1 ORDER BY updated", time.time() - idle_seconds))
        return [r["id"] for r in rows]

    # ---- claims and notices (the listening connection) ------------------------

    async def claim(self, table_id):
        if table_id in self._claimed:
            return True
        async with self._listener_lock:
            conn = self._listener
            if conn is None or conn.is_closed():
                return False              # the watcher reconnects; try again later
            try:
                got = await conn.fetchval("SELECT pg_try_advisory_lock($1)", lock_key(table_id),
                                          timeout=self.query_timeout)
            except (*_TRANSIENT, asyncpg.PostgresError):
                return False
            if got:
                self._claimed.add(table_id)
            return bool(got)

    async def release(self, table_id):
        if table_id not in self._claimed:
            return
        self._claimed.discard(table_id)
        async with self._listener_lock:
            conn = self._listener
            if conn is None or conn.is_closed():
                return                    # the session and its locks are gone anyway
            try:
                await conn.fetchval("SELECT pg_advisory_unlock($1)", lock_key(table_id),
                                    timeout=self.query_timeout)
            except (*_TRANSIENT, asyncpg.PostgresError):
                pass

    async def listen(self, on_change, on_reconnect=None):
        self._on_change, self._on_reconnect = on_change, on_reconnect

    async def _connect_listener(self):
        conn = await asyncpg.connect(self.dsn, timeout=self.query_timeout,
                                     command_timeout=self.query_timeout,
                                     server_settings=_SETTINGS)
        try:
            await conn.add_listener(CHANNEL, self._notified)
        except BaseException:
            conn.terminate()
            raise
        self._listener = conn

    def _spawn(self, coro):
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _notified(self, _conn, _pid, _channel, payload):
        table_id, _, seq = payload.rpartition(" ")
        if table_id and seq.isdigit() and self._on_change is not None:
            self._spawn(self._on_change(table_id, int(seq)))

    async def _watch_listener(self):
        """Checks the listening connection every second; opens it again
        when it broke, then tells the server (claims lost, notices
        perhaps missed)."""
        while not self._closed:
            await asyncio.sleep(1.0)
            conn = self._listener
            alive = conn is not None and not conn.is_closed()
            if alive:
                try:
                    async with self._listener_lock:
                        await conn.fetchval("SELECT 1", timeout=5)
                    continue
                except (*_TRANSIENT, asyncpg.PostgresError):
                    pass
            async with self._listener_lock:
                if self._listener is not None:
                    self._listener.terminate()
                    self._listener = None
                self._claimed.clear()
            log.warning("the PostgreSQL listening connection broke; reconnecting")
            delay = 0.1
            while not self._closed:
                try:
                    await self._connect_listener()
                    break
                except (*_TRANSIENT, asyncpg.PostgresError):
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 1.0)
            if self._on_reconnect is not None and not self._closed:
                log.warning("the PostgreSQL listening connection is back")
                self._spawn(self._on_reconnect())
