"""Computer seats: a rule of thumb at once, searches in other processes.

An easy bot answers in microseconds (the library's rule of thumb: 10 to 50
us measured in each game), less than handing it to a thread would cost,
so it runs on the event loop.

Medium and hard bots search for their whole budget, and a busy site has
more of them thinking than it has cores. They run in a pool of worker
processes at a lower CPU priority (nice +10): when every core is busy
thinking, the server process still gets a core the moment a person's move
arrives, so people are never starved by bots (docs/table.md shows the
measurement). A worker gets the state as the library's binary save and
the bot's seat, level, budget and a seed; it cannot see more than the
seat may (the library's bots redraw everything hidden from their seat
before they search) and it keeps nothing between decisions.
"""

import asyncio
import concurrent.futures
import ctypes
import hashlib
import logging
import multiprocessing
import os
import signal
import time

import tablegames

log = logging.getLogger("tablegames_table")

# Seconds a search may take per decision; easy bots follow a rule of
# thumb and answer at once.
BUDGET = {"easy": 0.0, "medium": 1.5, "hard": 4.0}
WORKER_NICENESS = 10
PR_SET_PDEATHSIG = 1             # <sys/prctl.h>


def _own_autogroup(niceness):
    """Linux's autogroup scheduler shares the CPU between sessions first
    and applies nice only within a session: in the server's session, busy
    workers would use up the session's share and the server would wait
    for it. In a session of its own, lowered as a whole, a worker competes
    as a low-priority program (it still dies with the server)."""
    try:
        os.setsid()
        with open("/proc/self/autogroup", "w") as f:
            f.write("%d\n" % niceness)
    except OSError:           # no autogroup (a kernel without it): nice alone does
        pass


def _worker_setup(parent, niceness):
    """In a new worker: a lower priority; gone when the server goes, even
    by kill -9 (Linux's parent-death signal, checked once in case the
    server died already); stdout not held, so whoever reads the server's
    output sees it end with the server."""
    try:
        os.nice(niceness)
    except OSError:
        pass
    if niceness > 0:
        _own_autogroup(niceness)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    os.close(devnull)


def search(save, seat, level, seconds, seed):
    """In a worker process: the bot's move for seat in the saved state."""
    state = tablegames.State.load(save)
    try:
        with tablegames.Bot(state.game, seat, level, seconds=seconds, seed=seed) as bot:
            return int(bot.choose(state))
    finally:
        state.close()


class BotRunner:
    def __init__(self, pace=0.7, workers=None, budget=None, niceness=WORKER_NICENESS):
        self.pace = pace            # seconds a bot's move takes at least, so people can follow
        self.budget = dict(BUDGET, **(budget or {}))
        self.workers = workers or max(1, os.cpu_count() or 1)
        self.niceness = niceness    # how much lower the workers' CPU priority is
        self._processes = None      # started at the first search
        self._bots = {}             # (table id, seat) -> tablegames.Bot (easy ones)

    def _seed(self, table, seat):
        digest = hashlib.sha256(("%s/%d/%d" % (table.table_id, seat, table.version)).encode())
        return int.from_bytes(digest.digest()[:8], "little")

    def _easy_bot(self, table, seat):
        key = (table.table_id, seat)
        bot = self._bots.get(key)
        if bot is None:
            bot = tablegames.Bot(table.state.game, seat, "easy", seed=self._seed(table, seat))
            self._bots[key] = bot
        return bot

    def _pool(self):
        if self._processes is None:
            self._processes = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_setup, initargs=(os.getpid(), self.niceness))
        return self._processes

    async def _search(self, table, seat, snapshot):
        level = table.config.seats[seat].level
        args = (snapshot.save(), seat, level, self.budget[level], self._seed(table, seat))
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            try:
                return await loop.run_in_executor(self._pool(), search, *args)
            except concurrent.futures.process.BrokenProcessPool:
                # A worker died (killed, out of memory): start new ones once.
                log.warning("the bot workers stopped; starting new ones")
                self._processes.shutdown(wait=False, cancel_futures=True)
                self._processes = None
                if attempt == 2:
                    raise
        raise AssertionError("not reached")

    def easy_move(self, table, seat, state):
        """The easy computer's move for seat (also a person's when the
        turn clock runs out)."""
        return int(self._easy_bot(table, seat).choose(state))

    async def choose(self, table, seat, snapshot):
        """The bot's move for seat in snapshot (a copy the caller owns)."""
        start = time.monotonic()
        if table.config.seats[seat].level == "easy":
            move = self.easy_move(table, seat, snapshot)
        else:
            move = await self._search(table, seat, snapshot)
        rest = self.pace - (time.monotonic() - start)
        if rest > 0:
            await asyncio.sleep(rest)
        return int(move)

    def forget(self, table):
        for key in [k for k in self._bots if k[0] == table.table_id]:
            self._bots.pop(key).close()

    def close(self):
        if self._processes is not None:
            pool, self._processes = self._processes, None
            # A search may have seconds of budget left; nobody waits for
            # it. (The executor has no public way to stop its workers
            # before Python 3.14's terminate_workers.)
            workers = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:
                process.terminate()
            for process in workers:
                process.join(5)
        for bot in self._bots.values():
            bot.close()
        self._bots.clear()
