"""Computer seats: each thinks on a worker thread with a time budget.

ctypes releases the GIL during the library's calls, so a search runs on a
pool thread while the event loop goes on serving every other table; a
table with a slow bot shows "thinking" meanwhile. A bot thinks on a copy
of the state and never sees more than its seat may (the library's bots
redraw everything hidden from their seat before they search).
"""

import asyncio
import concurrent.futures
import hashlib
import os
import time

import tablegames

# Seconds a search may take per decision; easy bots follow a rule of
# thumb and answer at once.
BUDGET = {"easy": 0.0, "medium": 1.5, "hard": 4.0}


class BotRunner:
    def __init__(self, pace=0.7, workers=None, budget=None):
        self.pace = pace            # seconds a bot's move takes at least, so people can follow
        self.budget = dict(BUDGET, **(budget or {}))
        self._pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=workers or max(1, min(4, os.cpu_count() or 1)),
            thread_name_prefix="bot")
        self._bots = {}             # (table id, seat) -> tablegames.Bot

    def _bot(self, table, seat):
        key = (table.table_id, seat)
        bot = self._bots.get(key)
        if bot is None:
            level = table.config.seats[seat].level
            digest = hashlib.sha256(("%s/%d" % key).encode()).digest()
            bot = tablegames.Bot(table.state.game, seat, level,
                                 seconds=self.budget[level],
                                 seed=int.from_bytes(digest[:8], "little"))
            self._bots[key] = bot
        return bot

    async def choose(self, table, seat, snapshot):
        """The bot's move for seat in snapshot (a copy the caller owns)."""
        bot = self._bot(table, seat)
        start = time.monotonic()
        move = await asyncio.get_running_loop().run_in_executor(self._pool, bot.choose, snapshot)
        rest = self.pace - (time.monotonic() - start)
        if rest > 0:
            await asyncio.sleep(rest)
        return move

    def stop_table(self, table):
        for (table_id, _), bot in list(self._bots.items()):
            if table_id == table.table_id:
                bot.stop()

    def forget(self, table):
        for key in [k for k in self._bots if k[0] == table.table_id]:
            self._bots.pop(key).close()

    def close(self):
        for bot in self._bots.values():
            bot.stop()
        self._pool.shutdown(wait=True, cancel_futures=True)
        for bot in self._bots.values():
            bot.close()
        self._bots.clear()
