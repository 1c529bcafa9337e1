"""Group commit: appends that arrive while a commit is under way share the
next one, so a busy server pays one sync for many tables and a quiet one
does not wait for company.

A batch holds at most one append per table: appends of one table follow
each other anyway (its lock), and two racing for the same table (a test,
or a bug) must be decided one after the other, not in one statement.
"""

import asyncio


class GroupCommit:
    def __init__(self, commit):
        """commit(batch) is a coroutine that stores a list of items, each
        (table_id, ...), and returns a list of the same length: None for
        each item stored, or the exception for each refused."""
        self._commit = commit
        self._pending = []          # (item, future)
        self._flusher = None

    async def append(self, item):
        done = asyncio.get_running_loop().create_future()
        self._pending.append((item, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        await done

    def _take(self):
        batch, rest, tables = [], [], set()
        for entry in self._pending:
            if entry[0][0] in tables:
                rest.append(entry)
            else:
                tables.add(entry[0][0])
                batch.append(entry)
        self._pending = rest
        return batch

    async def _flush(self):
        while self._pending:
            batch = self._take()
            try:
                results = await self._commit([item for item, _ in batch])
            except Exception as exc:   # the commit failed: nothing of the batch is stored
                results = [exc] * len(batch)
            for (_, done), result in zip(batch, results):
                if done.done():
                    continue
                if result is None:
                    done.set_result(None)
                else:
                    done.set_exception(result)

    async def close(self):
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
