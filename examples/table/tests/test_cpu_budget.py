"""What the replay and the CPU budgets promise, without a load test
(test_replay_attack.py has that):

- a replay step costs the same wherever it is: at most `every - 1`
  applies from the nearest checkpoint, whatever step was asked before,
  and the same answer as replaying the whole game from its root;
- a step asked for again costs no apply at all (its answer is kept);
- work is charged to the connection and its address (and to the shared
  bucket for spectators and replays); a bucket in debt makes the
  connection wait, and pays itself back at its rate;
- a connection in debt is not read: a spectator that asks for replay
  steps as fast as it may is told in words, its requests wait in its
  socket, and the seated people of another address are not slowed;
- an address deep in debt gets no new WebSocket (503) and no new
  connection at all.
"""

import asyncio
import itertools
import json
import random
import unittest
from unittest import mock

import aiohttp

import tablegames

from tablegames_table import app as app_mod
from tablegames_table import cpu_budget
from tablegames_table.cpu_budget import ConnectionBudget, CpuBudget
from tablegames_table.replay import ReplayBook
from tablegames_table.store import Decision

from support import FakeTime, ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def random_game(game_id, players, seed):
    """(root save, decisions) of a random game to its end."""
    state = tablegames.Game(game_id, players=players).new_state(seed)
    root, rng, decisions = state.save(), random.Random(seed), []
    while not state.is_terminal:
        move = int(state.sample_chance()) if state.is_chance \
            else int(rng.choice(state.legal_moves()))
        state.apply_id(move)
        decisions.append(Decision(seq=len(decisions) + 1, move=move, kind="move", seat=0,
                                  at=0.0))
    return root, decisions


class CountedApplies:
    """Counts tablegames.State.apply_id calls while it is in force."""

    def __init__(self):
        self.count = 0
        original = tablegames.State.apply_id

        def counted(state, move):
            self.count += 1
            return original(state, move)
        self.patch = mock.patch.object(tablegames.State, "apply_id", counted)

    def __enter__(self):
        self.patch.start()
        return self

    def __exit__(self, *exc):
        self.patch.stop()


class Book(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        asyncio.get_running_loop().slow_callback_duration = 30   # building blocks on purpose

    async def test_every_step_is_the_game_replayed_and_costs_little(self):
        root, decisions = random_game("bewitched", 3, 4)
        self.assertGreater(len(decisions), 500)
        book = ReplayBook(decisions, reveal=True)
        await book._build(root)
        self.addCleanup(book.close)
        self.assertLessEqual(len(book._checkpoints), 66)
        truth = tablegames.State.load(root)
        self.addCleanup(truth.close)
        steps = list(range(0, len(decisions) + 1, 7)) + [len(decisions), 0, len(decisions)]
        for step in sorted(set(steps)):
            while truth.history_length < step:
                truth.apply_id(decisions[truth.history_length].move)
            with CountedApplies() as applies:
                frame = json.loads(book.frame(step, 0))
            # One checkpoint copied, fewer than `every` decisions played on.
            self.assertLess(applies.count, book.every, step)
            self.assertEqual(frame["observation"], truth.observation(tablegames.OMNISCIENT), step)
            self.assertEqual(frame["events"], truth.events(tablegames.OMNISCIENT) if step else [])
        # The start and the end in turn, as the attack asked: answers kept.
        with CountedApplies() as applies:
            for _ in range(50):
                book.frame(0, 1)
                book.frame(len(decisions), 1)
        self.assertEqual(applies.count, 0)

    async def test_a_table_that_keeps_its_secrets_keeps_them_per_viewer(self):
        root, decisions = random_game("witches_dance", 2, 3)
        book = ReplayBook(decisions, reveal=False)
        await book._build(root)
        self.addCleanup(book.close)
        step = len(decisions) // 2
        truth = tablegames.State.load(root)
        self.addCleanup(truth.close)
        for d in decisions[:step]:
            truth.apply_id(d.move)
        for viewer in (0, 1, tablegames.PUBLIC):
            frame = json.loads(book.frame(step, viewer))
            self.assertEqual(frame["observation"], truth.observation(viewer), viewer)
            self.assertFalse(frame["revealed"])


class Buckets(unittest.TestCase):
    def setUp(self):
        self.clock, self.cpu = FakeTime(), FakeTime()
        self.budget = CpuBudget(connection=(0.01, 0.05), address=(0.02, 0.1), shared=(0.03, 0.05),
                                clock=self.clock, cpu=self.cpu)

    def work(self, connection, seconds, replay=False):
        with connection.measure(replay=replay):
            self.cpu.now += seconds

    def test_work_is_measured_and_charged_to_connection_and_address(self):
        one = self.budget.for_connection("10.0.0.1")
        other = self.budget.for_connection("10.0.0.1")
        self.work(one, 0.04)
        self.assertAlmostEqual(one.used, 0.04)
        self.assertEqual(one.wait(), 0)
        self.work(one, 0.02)                   # the connection's burst is spent: 0.01 in debt
        self.assertAlmostEqual(one.wait(), 1.0)
        self.assertEqual(other.wait(), 0)       # its address still has 0.04
        self.work(other, 0.05)                  # now the address is 0.01 in debt
        self.assertAlmostEqual(other.wait(), 0.5)
        self.clock.now += 0.5                   # paid back at the address's rate
        self.assertEqual(other.wait(), 0)
        self.assertAlmostEqual(self.budget.address_debt("10.0.0.1"), 0)
        self.assertEqual(self.budget.for_connection("10.0.0.2").wait(), 0)

    def test_spectators_and_replays_share_one_bucket_seats_do_not(self):
        watcher = self.budget.for_connection("10.0.0.1", spectator=True)
        seat = self.budget.for_connection("10.0.0.2")
        self.work(watcher, 0.06)                # the shared bucket: 0.01 in debt
        other_watcher = self.budget.for_connection("10.0.0.3", spectator=True)
        self.assertGreater(other_watcher.wait(), 0)
        self.assertEqual(seat.wait(), 0)        # a seat's play is not held by strangers
        self.assertGreater(seat.wait(replay=True), 0)   # ... its replay steps are

    def test_many_addresses_keep_memory_bounded(self):
        with mock.patch.object(cpu_budget, "MAX_ADDRESSES", 50):
            for i in range(500):
                self.budget.for_connection("10.1.%d.%d" % (i // 250, i % 250))
            self.assertLessEqual(len(self.budget.addresses), 50)


class Attacked(ServerTestCase):
    """A spectator that asks for replay steps without end, at once: it is
    told in words, then not read; a seat at another address plays on."""

    server_options = {"budget": None}    # the server's own budgets

    async def finished_table(self):
        table_id, keys = await self.table_with("witches_dance", TWO, options={"witches": 1})
        table = self.server.tables.live(table_id)
        socks = {s: (await self.join(table_id, s, keys[s]))[0] for s in keys}
        while not table.is_over:
            if table.driving:
                await asyncio.sleep(0.01)
                continue
            seat, version = table.state.current_player, table.version
            move = self.server.runner.easy_move(table, seat, table.state)
            await socks[seat].send_json({"type": "move", "move": move, "version": version})
            await self.state_where(socks[seat], lambda m: m["version"] > version)
        return table_id, keys, socks

    async def test_a_replay_flood_is_told_and_not_read(self):
        table_id, keys, socks = await self.finished_table()
        # The message limit's clock runs a second a call: only the budgets hold it back.
        ticks = itertools.count()
        patcher = mock.patch.object(app_mod, "message_clock", lambda: float(next(ticks)))
        patcher.start()
        self.addCleanup(patcher.stop)
        built = []                       # replay steps built or taken from the book
        frame = ReplayBook.frame
        patcher = mock.patch.object(ReplayBook, "frame",
                                    lambda book, *a: built.append(a) or frame(book, *a))
        patcher.start()
        self.addCleanup(patcher.stop)
        budget = self.server.app[app_mod.BUDGET_KEY]
        clock = FakeTime()               # debts are paid back only when the test says
        budget.clock = budget.shared.clock = clock
        budget.shared.last = clock()
        # The spectator comes from an address of its own.
        session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(
            local_addr=("127.0.0.2", 0)))
        self.addCleanup(session.close)
        watcher = await session.ws_connect(self.client.make_url("/ws/%s" % table_id))
        self.addCleanup(watcher.close)
        await watcher.send_json({"type": "hello", "watch": True})
        self.assertEqual((await self.receive(watcher))["type"], "welcome")
        await self.receive(watcher, "state")
        for step in range(3000):         # the start and the end in turn, as fast as it can
            await watcher.send_str('{"type": "replay", "step": %d}' % (step % 2 * 100000))
        answers = {"replay": 0}
        while True:                      # steps shown, until the budget runs out: told in words
            msg = await self.receive(watcher)
            if msg["type"] != "replay":
                break
            answers["replay"] += 1
        self.assertEqual(msg["type"], "error")
        self.assertIn(msg["code"], ("replay_busy", "over_budget"))
        self.assertRegex(msg["message"], r"\d+ seconds?")
        # Cut off by the budget (the two codes above come only from a
        # debt), after however many steps its burst of CPU buys: that
        # number is the machine's speed (a bound of 1,000 failed one run in
        # four on a fast one), so all that is held is that the flood is
        # never answered in full.
        self.assertLess(answers["replay"], 3000)
        # In debt, nothing more is worked on; the seats, at another
        # address, are answered meanwhile.
        shown = len(built)
        table = self.server.tables.live(table_id)
        for _ in range(5):
            for seat in (0, 1):
                await socks[seat].send_json({"type": "ping"})
                self.assertEqual((await self.receive(socks[seat], "pong"))["version"],
                                 table.version)
        self.assertEqual(len(built), shown)
        # Paid back (an hour later): it is read again and shown steps.
        clock.now += 3600
        while True:
            msg = await self.receive(watcher)
            if msg["type"] == "replay":
                break


if __name__ == "__main__":
    unittest.main()
