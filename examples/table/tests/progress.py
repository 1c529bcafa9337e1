"""Waiting without guessing the machine's speed.

A test that plays games waits for them as long as they move: it fails
when nothing moved for STALL seconds, never because a fixed time ran out
(CI shares two cores with valgrind; a computer seat's decision takes ten
times longer there than on an idle machine). Progress is any value that
changes while the work goes on, usually the number of states seen."""

import asyncio
import time

STALL = 90.0          # seconds without any progress before a test gives up
POLL = 0.01


async def while_moving(awaitable, progress, what, stall=STALL):
    """awaitable's result; AssertionError when progress() stayed the same
    for stall seconds (the work is cancelled then)."""
    task = asyncio.ensure_future(awaitable)
    last, since = progress(), time.monotonic()
    while True:
        done, _ = await asyncio.wait({task}, timeout=POLL)
        if done:
            return task.result()
        now = progress()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since > stall:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            raise AssertionError("%s: nothing moved for %d s (at %r)" % (what, stall, now))


async def until(condition, progress, what, stall=STALL):
    """Waits until condition() is true, failing when progress() stayed the
    same for stall seconds first."""
    async def wait():
        while not condition():
            await asyncio.sleep(POLL)
    await while_moving(wait(), progress, what, stall)
