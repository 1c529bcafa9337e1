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

Each table also records what its game waits for (a person, the server
- a computer seat or a die the server draws - or nobody, when it is over)
and when its last decision was stored. A server starts only the tables
that wait for it, not every unfinished one, and finds tables whose server
went away (tables_to_drive); everything else is loaded when a person comes.

Several server processes on one database (PostgreSQL) share the tables:
claim() makes sure one process at a time plays a table's computer seats
and draws its dice (the version check would catch a second one, but not
before it had thought for nothing), and listen() tells a process of the
decisions the others stored.

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

# What a game waits for after its latest decision.
WAIT_PERSON = "person"     # a person's move or a roll entered at the table
WAIT_SERVER = "server"     # a computer seat's move or a die the server draws
WAIT_NOBODY = "over"       # the game is over
WAITING = (WAIT_PERSON, WAIT_SERVER, WAIT_NOBODY)


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
    waiting: str = WAIT_SERVER


def check_append(decision, waiting):
    """What every store refuses before it writes (StoreError)."""
    if decision.kind not in DECISION_KINDS:
        raise StoreError("unknown decision kind %r" % decision.kind)
    check_waiting(waiting)


def check_waiting(waiting):
    if waiting not in WAITING:
        raise StoreError("unknown waiting %r" % waiting)


# Called with (table_id, version) when another process stored a decision.
ChangeListener = Callable[[str, int], Awaitable[None]]
# Called after the store lost its connection and got it back: notices may
# have been missed and claims were lost.
ReconnectListener = Callable[[], Awaitable[None]]


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
    async def append(self, table_id: str, decision: Decision, waiting: str) -> None:
        """Stores decision.seq, which must be the stored version + 1
        (VersionConflict otherwise; nothing is stored then), and what the
        game waits for after it (WAITING; WAIT_NOBODY marks it finished),
        in one transaction."""

    @abc.abstractmethod
    async def unfinished_tables(self) -> Sequence[str]:
        """Ids of every table whose game is not over."""

    @abc.abstractmethod
    async def tables_to_drive(self, idle_seconds: float) -> Sequence[str]:
        """Ids of unfinished tables that wait for the server and have not
        stored a decision for idle_seconds: at start-up (0) the games whose
        computer seats should carry on; later, those whose server died."""

    async def claim(self, table_id: str) -> bool:
        """True when this process may play the table's computer seats and
        draw its dice: no other process does. Kept until release() or the
        store's connection ends (a process that dies loses its claims).
        A single-process store always says yes."""
        return True

    async def release(self, table_id: str) -> None:
        """Gives up a claim (the table left this process's memory)."""
        return None

    async def listen(self, on_change: ChangeListener,
                     on_reconnect: Optional[ReconnectListener] = None) -> None:
        """Calls on_change when another server process stores a decision,
        and on_reconnect after a lost connection came back. A
        single-process store never calls them (the default); the
        PostgreSQL store LISTENs on a channel that append() NOTIFYs."""
        return None
