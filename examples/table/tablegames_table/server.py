"""The server's parts put together: store, bots, tables and the web app."""

import logging

from aiohttp import http_exceptions, web

from .app import make_app
from . import connections, cpu_budget
from .bots import BotRunner
from .hosts import HostCheck
from .limits import CreationLimit
from .store import StoreError
from .tables import Tables

log = logging.getLogger("tablegames_table")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
# aiohttp closes a connection idle between two requests after 75 s by
# default; a page's browser comes back within seconds or opens a new one.
RUNNER_OPTIONS = {"keepalive_timeout": connections.KEEPALIVE_SECONDS}


class _MalformedRequests(logging.Filter):
    """aiohttp answers a request it cannot parse (a 20,000-character URL,
    a broken header) with 400 and logs the parser's traceback as an error.
    A client sent nonsense; the server is fine: one warning line, without
    the request's text."""

    def filter(self, record):
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, http_exceptions.HttpProcessingError):
            record.msg, record.args = "refused a malformed request: %s (%d)", (
                type(exc).__name__, exc.code)
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def _quiet_malformed_requests():
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, _MalformedRequests) for f in server_log.filters):
        server_log.addFilter(_MalformedRequests())


class StartError(Exception):
    """The server cannot start (the store or the port is not available)."""


def is_postgres(db):
    return db.startswith(POSTGRES_SCHEMES)


DB_WAIT = 30.0      # seconds a call waits for a lost PostgreSQL (--db-wait)


def make_store(db, db_wait=DB_WAIT):
    """The store a --db value names: a PostgreSQL URL, or a SQLite file.
    db_wait: how long PostgreSQL calls retry a lost database."""
    if is_postgres(db):
        try:
            from .postgres_store import PostgresStore
        except ImportError:
            raise StartError("PostgreSQL needs python3-asyncpg (apt-get install "
                             "python3-asyncpg)") from None
        return PostgresStore(db, retry_seconds=db_wait)
    from .sqlite_store import SQLiteStore
    return SQLiteStore(db)


class Server:
    def __init__(self, db, pace=0.7, seed=None, store=None, bot_workers=None,
                 bot_niceness=None, allowed_hosts=(), creation=None, db_wait=DB_WAIT,
                 connections_per_address=connections.PER_ADDRESS, max_connections=None,
                 head_seconds=connections.HEAD_SECONDS, budget=None, **table_limits):
        _quiet_malformed_requests()
        self.store = store or make_store(db, db_wait)
        self.runner = BotRunner(pace=pace, workers=bot_workers,
                                **({} if bot_niceness is None else {"niceness": bot_niceness}))
        self.tables = Tables(self.store, self.runner, seed=seed, **table_limits)
        self.hosts = HostCheck(allowed=allowed_hosts)     # start() adds the --host address
        # WebSockets (a page each) and, wider, TCP connections (HTTP and
        # WebSocket together): per address and in total (connections.py).
        total = max_connections or connections.default_max_connections()
        self.websockets = connections.ConnectionCount(connections_per_address,
                                                      connections.websocket_total(total))
        self.budget = budget or cpu_budget.CpuBudget()      # tests may give another
        self.guard = connections.ConnectionGuard(
            connections_per_address + connections.HTTP_PER_ADDRESS, total, head_seconds,
            budget=self.budget)
        self.app = make_app(self.tables, self.hosts, creation or CreationLimit(),
                            self.websockets, budget=self.budget)
        self._web = None
        self.port = None

    async def open(self):
        """Opens the store and resumes the games that wait for the server."""
        try:
            await self.store.open()
            await self.store.listen(self.tables.on_change, self.tables.on_reconnect)
        except StoreError as exc:
            await self.store.close()
            raise StartError(str(exc)) from None
        await self.tables.start()

    async def start(self, host, port):
        await self.open()
        self.hosts.listen(host)
        self._web = web.AppRunner(self.app, access_log=None, **RUNNER_OPTIONS)
        await self._web.setup()
        self.attach(self._web)
        site = web.TCPSite(self._web, host, port, shutdown_timeout=2.0)
        try:
            await site.start()
        except OSError as exc:
            await self.stop()
            raise StartError("cannot listen on %s:%d: %s" % (host, port, exc.strerror)) from None
        self.port = self._web.addresses[0][1]

    def attach(self, runner):
        """Counts and times the connections of an AppRunner set up with
        RUNNER_OPTIONS (start() does it; tests call it for their runner)."""
        self.guard.attach(runner.server)

    async def stop(self):
        if self._web is not None:
            await self._web.cleanup()
            self._web = None
        await self.tables.close()
        self.runner.close()
        await self.store.close()
