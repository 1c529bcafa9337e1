"""The replay, tried as a cheater would: refused to everyone before the
end; after it, every step a seat or a spectator asks for is exactly that
viewer's own view at that step (the referee replays the store through the
library) - never another seat's secrets, never the omniscient view."""

import asyncio
import itertools
import unittest
from unittest import mock

import aiohttp

import tablegames

from tablegames_table import app as app_mod

import progress
from referee import Referee
from support import ServerTestCase

TWO = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
REPLAY_FIELDS = {"type", "step", "steps", "observation", "events", "turn", "decision"}


class Answers:
    """Reads a connection all the time (a game of hundreds of decisions
    would fill its queue otherwise) and keeps what is not a state."""

    def __init__(self, ws):
        self.ws = ws
        self.queue = asyncio.Queue()
        self.task = asyncio.ensure_future(self._read())

    async def _read(self):
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            msg = frame.json()
            if msg["type"] != "state":
                self.queue.put_nowait(msg)

    async def ask(self, message):
        await self.ws.send_json(message)
        return await asyncio.wait_for(self.queue.get(), progress.STALL)

    async def close(self):
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        await self.ws.close()


class ReplayLeaks(ServerTestCase):
    def setUp(self):
        # The message buckets' clock runs a second a call: stepping through
        # hundreds of steps is never told to slow down.
        ticks = itertools.count()
        patcher = mock.patch.object(app_mod, "message_clock", lambda: float(next(ticks)))
        patcher.start()
        self.addCleanup(patcher.stop)

    async def play_to_the_end(self, table_id, socks, watcher):
        """The person to move plays the easy computer's move, until the end;
        before it, nobody gets a replay."""
        table = self.server.tables.live(table_id)
        asked = False
        while not table.is_over:
            await progress.until(lambda: not table.driving, lambda: table.version, "the dice")
            if table.is_over:
                break
            if table.version >= 3 and not asked:
                asked = True
                for ws in list(socks.values()) + [watcher]:
                    refusal = await ws.ask({"type": "replay", "step": 0})
                    self.assertEqual((refusal["type"], refusal["code"]), ("error", "not_over"))
            seat, version = table.state.current_player, table.version
            move = self.server.runner.easy_move(table, seat, table.state)
            await socks[seat].ws.send_json({"type": "move", "move": move, "version": version})
            await progress.until(lambda: table.version > version, lambda: 0, "the move")
        self.assertTrue(asked)

    async def check_replays(self, game, options):
        table_id, keys = await self.table_with(game, TWO, options=options)
        socks = {s: Answers((await self.join(table_id, s, keys[s]))[0]) for s in keys}
        watcher = Answers((await self.watch(table_id))[0])
        await self.play_to_the_end(table_id, socks, watcher)
        referee = Referee(self.db)
        final = referee.replay(table_id)
        steps = final.version
        self.assertTrue(final.state.is_terminal)
        viewers = [(s, socks[s]) for s in socks] + [(tablegames.PUBLIC, watcher)]
        for viewer, ws in viewers:
            # Forward through every step, then back to a few (a step back
            # replays from the root).
            for step in list(range(steps + 1)) + [steps // 2, 0, steps, steps + 5]:
                msg = await ws.ask({"type": "replay", "step": step})
                self.assertEqual(msg["type"], "replay", msg)
                shown = min(step, steps)
                truth = referee.views(table_id, shown)
                own = truth["public"] if viewer == tablegames.PUBLIC else truth["seats"][viewer]
                self.assertEqual(set(msg) - REPLAY_FIELDS, set())
                self.assertEqual((msg["step"], msg["steps"]), (shown, steps))
                self.assertEqual(msg["observation"], own["observation"], (viewer, shown))
                self.assertEqual(msg["events"], own["events"] if shown else [], (viewer, shown))
                self.assertEqual(msg["turn"]["player"],
                                 truth["current_player"] if truth["current_player"] >= 0
                                 else None)
                if shown:
                    d = final.decisions[shown - 1]
                    self.assertEqual(msg["decision"], {"kind": d["kind"], "seat": d["seat"]})
                # And it is not more than the viewer's own: the omniscient
                # view differs wherever the game hides something.
                if truth["omniscient"] != own["observation"]:
                    self.assertNotEqual(msg["observation"], truth["omniscient"])
        for ws in list(socks.values()) + [watcher]:
            await ws.close()
        return steps

    async def test_witches_dance(self):
        await self.check_replays("witches_dance", {"witches": 1})

    async def test_spinning_wishes(self):
        await self.check_replays("spinning_wishes", {"princesses": "seat"})

    async def test_bad_replay_requests(self):
        table_id, keys = await self.table_with("witches_dance", TWO)
        ws, _, _ = await self.join(table_id, 0, keys[0])
        await self.refused(ws, {"type": "replay"}, "bad_message")
        await self.refused(ws, {"type": "replay", "step": -1}, "bad_message")
        await self.refused(ws, {"type": "replay", "step": "0"}, "bad_message")
        await ws.close()


if __name__ == "__main__":
    unittest.main()
