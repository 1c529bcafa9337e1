"""One browser connection: its seat and a bounded queue of messages to send.

Tables hand messages to a viewer without waiting (under the table's lock);
a writer task sends them. A client that stops reading fills its queue and
is dropped, so it can never hold up a table or grow the server's memory.
Answers to the client's own messages wait for room instead (for a while).

Dropping such a client must not wait for it either: a close frame is
written like any other, and a peer that reads nothing never makes room
for it, so after CLOSE_WAIT seconds the connection is cut (abort).
"""

import asyncio
import logging

log = logging.getLogger("tablegames_table")
QUEUE_LIMIT = 256
CLOSE_SLOW = 4008            # the client did not read its messages
CLOSE_RELOAD = 4012          # the table is reloaded; reconnect
CLOSE_WAIT = 2.0             # seconds a closing handshake may take before the socket is cut
REPLY_WAIT = 10.0            # seconds an answer waits for room before the client is dropped


class Viewer:
    def __init__(self, ws, seat, abort=None, budget=None):
        self.ws = ws
        self.budget = budget                 # cpu_budget.ConnectionBudget: what writing costs
        self.seat = seat                     # seat number, or the spectator viewer
        self._abort = abort                  # cuts the connection (the transport's abort)
        self._queue = asyncio.Queue(QUEUE_LIMIT)
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self._closing = None
        self._closer = None

    def send(self, message):
        if self._closing is not None:
            return
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            log.warning("dropping a client that does not read (seat %s)", self.seat)
            self._close(CLOSE_SLOW, "too slow")

    async def reply(self, message):
        """An answer to the client's own message: waits for room in the
        queue, so a client that sends faster than it reads is slowed down
        (its messages wait in the socket) instead of dropped. Answers use
        half the queue at most, leaving the rest to the table's news."""
        deadline = asyncio.get_running_loop().time() + REPLY_WAIT
        while self._closing is None and self._queue.qsize() >= QUEUE_LIMIT // 2:
            if asyncio.get_running_loop().time() > deadline:
                log.warning("dropping a client that sends but does not read (seat %s)",
                            self.seat)
                self._close(CLOSE_SLOW, "too slow")
                return
            await asyncio.sleep(0.01)
        if self._closing is None:
            self._queue.put_nowait(message)

    def cut(self):
        """Ends the connection without a closing handshake."""
        if self._abort is not None:
            self._abort()

    def close_for_reload(self):
        self._close(CLOSE_RELOAD, "table reloaded")

    def _close(self, code, reason):
        if self._closing is None:
            self._closing = (code, reason)
            self._writer.cancel()
            self._closer = asyncio.get_running_loop().create_task(self._close_or_cut(code, reason))

    async def _close_or_cut(self, code, reason):
        try:
            await asyncio.wait_for(self.ws.close(code=code, message=reason.encode()), CLOSE_WAIT)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            self.cut()

    async def _write(self):
        try:
            while True:
                message = await self._queue.get()
                if self.budget is None:
                    await self._send(message)
                else:
                    # (aiohttp's send yields only to a client whose buffer is
                    # full: what is measured is this send's work.)
                    with self.budget.measure():
                        await self._send(message)
        except (ConnectionError, RuntimeError):
            pass

    async def _send(self, message):
        if isinstance(message, str):        # JSON made already (app.py, replay.py)
            await self.ws.send_str(message)
        else:
            await self.ws.send_json(message)

    async def finish(self):
        """Sends what is queued (briefly) and stops the writer."""
        if self._closing is None:
            try:
                await asyncio.wait_for(self._drain(), timeout=2)
            except asyncio.TimeoutError:
                pass
        self._writer.cancel()
        try:
            await self._writer
        except (asyncio.CancelledError, Exception):
            pass
        if self._closer is not None:
            await asyncio.gather(self._closer, return_exceptions=True)

    async def _drain(self):
        while not self._queue.empty() and not self.ws.closed:
            await asyncio.sleep(0.01)
