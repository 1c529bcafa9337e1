"""The store interface: what the server keeps so that nothing is lost.

A table is stored as its configuration (game, options, seats with the
hashes of their secrets, companion mode), the library's binary save of its
root position (which carries the secret setup's RNG), and one row per
decision since the root, numbered 1, 2, 3... The number of decisions is the
table's version. Appending decision n succeeds only when the stored version
is n - 1, checked in the same transaction as the insert (a primary key on
(table, n) in SQL): two servers racing for the same decision cannot both
win, which is what several server processes on one database need.

Why the root save plus decisions rather than a binary save per decision: a
save carries the whole history, so rewriting it after every decision costs
O(length) per decision and O(length^2) per game (Bewitched runs to
thousands of decisions), while a decision row is a few bytes appended; the
replay on load is one tg_state_apply per row in C. The same rows also give
a seat its log after a reconnect.

Every method is a coroutine, so a store over a network database
(PostgreSQL with asyncpg) fits the same interface; the SQLite store runs
its blocking calls on one thread of its own.
"""

import abc
import dataclasses
from typing import Awaitable, Callable, List, Optional, Sequence


class StoreError(Exception):
    """The store could not do what was asked (disk full, database gone)."""


class VersionConflict(StoreError):
    """Another decision was stored first: the caller's version is stale."""


class UnknownTable(StoreError):
    """No table with that id is stored."""


# What a decision is: a seat's move, an outcome drawn by the server with
# the state's RNG, or an outcome entered by a person (dice at the table).
KIND_MOVE = "move"
KIND_DRAWN = "drawn"
KIND_ENTERED = "entered"
DECISION_KINDS = (KIND_MOVE, KIND_DRAWN, KIND_ENTERED)


@dataclasses.dataclass(frozen=True)
class Decision:
    seq: int                 # 1 for the first decision after the root: the version it makes
    move: int                # the library's move id (or chance outcome id)
    kind: str                # one of DECISION_KINDS
    seat: Optional[int]      # who made or entered it; None for a drawn outcome
    at: float                # time.time() when it was stored


@dataclasses.dataclass(frozen=True)
class StoredTable:
    table_id: str
    config: dict             # TableConfig.to_record(): plain JSON values
    root: bytes              # tg_state_save() of the root position
    created: float
    finished: bool


# Called with (table_id, version) when another process stored a decision.
ChangeListener = Callable[[str, int], Awaitable[None]]


class Store(abc.ABC):
    """Where tables and their decisions live. Implementations must make an
    append durable before it returns: the server acknowledges a decision
    only after append() returned."""

    @abc.abstractmethod
    async def open(self) -> None:
        """Connects and creates the schema when it is missing."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Releases connections; further calls fail."""

    @abc.abstractmethod
    async def create_table(self, table: StoredTable) -> None:
        """Stores a new table (StoreError when the id exists)."""

    @abc.abstractmethod
    async def load_table(self, table_id: str) -> StoredTable:
        """The table's configuration and root; UnknownTable when absent."""

    @abc.abstractmethod
    async def decisions(self, table_id: str, after: int = 0) -> List[Decision]:
        """The decisions with seq > after, in order."""

    @abc.abstractmethod
    async def append(self, table_id: str, decision: Decision) -> None:
        """Stores decision.seq, which must be the stored version + 1
        (VersionConflict otherwise; nothing is stored then)."""

    @abc.abstractmethod
    async def mark_finished(self, table_id: str) -> None:
        """Notes that the game is over, so a restart need not resume it."""

    @abc.abstractmethod
    async def unfinished_tables(self) -> Sequence[str]:
        """Ids of tables whose game is not over (resumed at start-up)."""

    async def listen(self, listener: ChangeListener) -> None:
        """Calls listener when another server process stores a decision.
        A single-process store never calls it (the default); a PostgreSQL
        store would LISTEN on a channel that append() NOTIFYs."""
        return None
