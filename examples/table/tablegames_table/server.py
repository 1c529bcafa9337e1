"""The server's parts put together: store, bots, tables and the web app."""

import logging

from aiohttp import web

from .app import make_app
from .bots import BotRunner
from .sqlite_store import SQLiteStore
from .store import StoreError
from .tables import Tables

log = logging.getLogger("tablegames_table")


class StartError(Exception):
    """The server cannot start (the store or the port is not available)."""


class Server:
    def __init__(self, db, pace=0.7, seed=None, store=None, bot_workers=None):
        self.store = store or SQLiteStore(db)
        self.runner = BotRunner(pace=pace, workers=bot_workers)
        self.tables = Tables(self.store, self.runner, seed=seed)
        self.app = make_app(self.tables)
        self._web = None
        self.port = None

    async def open(self):
        """Opens the store and resumes every unfinished game."""
        try:
            await self.store.open()
        except StoreError as exc:
            raise StartError(str(exc)) from None
        await self.store.listen(self.tables.on_change)
        await self.tables.resume_all()

    async def start(self, host, port):
        await self.open()
        self._web = web.AppRunner(self.app, access_log=None)
        await self._web.setup()
        site = web.TCPSite(self._web, host, port, shutdown_timeout=2.0)
        try:
            await site.start()
        except OSError as exc:
            await self.stop()
            raise StartError("cannot listen on %s:%d: %s" % (host, port, exc.strerror)) from None
        self.port = self._web.addresses[0][1]

    async def stop(self):
        if self._web is not None:
            await self._web.cleanup()
            self._web = None
        await self.tables.close()
        self.runner.close()
        await self.store.close()
