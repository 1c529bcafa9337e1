"""Shared set-up of the server tests: a server on a fresh SQLite file,
aiohttp's test client, and helpers to join seats and watch messages."""

import asyncio
import os
import shutil
import tempfile
import unittest
import urllib.parse

from aiohttp.test_utils import TestClient, TestServer

from tablegames_table import cpu_budget
from tablegames_table.server import RUNNER_OPTIONS, Server

from progress import STALL

# How long a wait for the next message may see nothing: the stall bound,
# not a guess at how fast the server answers on a loaded machine.
TIMEOUT = STALL


def link_parts(link):
    """(table id, seat, key) from a join link "/t/ID#seat=N&key=K"."""
    path, _, fragment = link.partition("#")
    params = dict(urllib.parse.parse_qsl(fragment))
    return path.rsplit("/", 1)[1], int(params["seat"]), params["key"]


class FakeTime:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class ServerTestCase(unittest.IsolatedAsyncioTestCase):
    pace = 0.0
    seed = 7
    bot_budget = None
    table_limits = {}        # Tables(max_tables=..., idle_seconds=...) for the memory tests
    server_options = {}      # Server(creation=..., allowed_hosts=...) for the guards' tests

    async def asyncSetUp(self):
        # unittest runs the loop in debug mode; the referee's replays are
        # meant to block it, so do not report them as slow callbacks.
        asyncio.get_running_loop().slow_callback_duration = 30
        self.tmp = tempfile.mkdtemp(prefix="table-test-")
        self.db = os.path.join(self.tmp, "tables.sqlite3")
        await self.start_server()

    async def start_server(self):
        # Every person of a test comes from 127.0.0.1, as if several
        # households shared one address: that address gets the CPU budget
        # of ten (cpu_budget.ADDRESS each), or a loaded machine's slower
        # answers put the test's own people in debt. A test of the budgets
        # passes its own ("budget": None for the server's defaults).
        options = dict(self.server_options)
        options.setdefault("budget", cpu_budget.CpuBudget(
            address=tuple(10 * x for x in cpu_budget.ADDRESS)))
        self.server = Server(self.db, pace=self.pace, seed=self.seed, **options,
                             **self.table_limits)
        if self.bot_budget:
            self.server.runner.budget.update(self.bot_budget)
        await self.server.open()
        self.client = TestClient(TestServer(self.server.app, **RUNNER_OPTIONS))
        await self.client.start_server()
        self.server.attach(self.client.server.runner)

    async def stop_server(self):
        await self.client.close()
        await self.server.stop()

    async def asyncTearDown(self):
        await self.stop_server()
        shutil.rmtree(self.tmp, ignore_errors=True)

    # ---- tables and seats -------------------------------------------------

    async def create(self, body, status=201):
        response = await self.client.post("/api/tables", json=body)
        reply = await response.json()
        self.assertEqual(response.status, status, reply)
        return reply

    async def table_with(self, game, seats, **extra):
        reply = await self.create(dict(game=game, seats=seats, **extra))
        return reply["table"], {s["seat"]: link_parts(s["link"])[2] for s in reply["seats"]}

    async def connect(self, table_id, **kwargs):
        return await self.client.ws_connect("/ws/%s" % table_id, **kwargs)

    async def join(self, table_id, seat, key):
        """A WebSocket joined to a seat, with its welcome and first state."""
        ws = await self.connect(table_id)
        await ws.send_json({"type": "hello", "seat": seat, "key": key})
        welcome = await self.receive(ws)
        self.assertEqual(welcome["type"], "welcome", welcome)
        state = await self.receive(ws, "state")
        return ws, welcome, state

    async def watch(self, table_id):
        """A spectator's WebSocket, with its welcome and first state."""
        ws = await self.connect(table_id)
        await ws.send_json({"type": "hello", "watch": True})
        welcome = await self.receive(ws)
        self.assertEqual(welcome["type"], "welcome", welcome)
        state = await self.receive(ws, "state")
        return ws, welcome, state

    async def receive(self, ws, kind=None, timeout=TIMEOUT):
        """The next message (of type kind, skipping others)."""
        while True:
            msg = await ws.receive_json(timeout=timeout)
            if kind is None or msg["type"] == kind:
                return msg
            if msg["type"] == "error":
                raise AssertionError("refused while waiting for %s: %s" % (kind, msg))

    async def state_where(self, ws, predicate, timeout=TIMEOUT):
        """The first state message that satisfies predicate; fails when no
        state came for timeout seconds (not after a fixed total: the
        states before it may be many)."""
        while True:
            msg = await self.receive(ws, "state", timeout)
            if predicate(msg):
                return msg

    async def until(self, ws, current, predicate, timeout=TIMEOUT):
        """current if it satisfies predicate, else the next state that does."""
        if predicate(current):
            return current
        return await self.state_where(ws, predicate, timeout)

    async def refused(self, ws, message, code):
        """Sends a message and checks that it is refused with code."""
        if isinstance(message, (bytes, bytearray)):
            await ws.send_bytes(message)
        elif isinstance(message, str):
            await ws.send_str(message)
        else:
            await ws.send_json(message)
        reply = await self.receive(ws, "error")
        self.assertEqual(reply["code"], code, reply)
        self.assertTrue(reply["message"])
        return reply

    # ---- what the server holds ----------------------------------------------

    async def snapshot(self, table_id):
        """Everything a refused message must leave alone: the live state's
        binary save (position, history and RNG) and the stored decisions."""
        table = await self.server.tables.get(table_id)
        async with table.lock:
            save = table.state.save()
            version = table.version
        stored = await self.server.store.decisions(table_id)
        return version, save, [(d.seq, d.move, d.kind, d.seat) for d in stored]
