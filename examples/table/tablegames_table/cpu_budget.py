"""CPU budgets: how much of the server's one event-loop thread a
connection, an address, and the spectators and replays together may use.

The message limits count messages, but what a message costs differs: a
ping is little, a join (the board, the state, the log) a millisecond or
more, a replay step once tens of milliseconds. Thirty-two spectators
asking for replay steps within the message limit made a seated family
wait seconds for its moves. So the work done for a connection is
measured as it is done - time.thread_time() (this thread's CPU, not its
waits) around the synchronous code that reads a message and answers it,
that makes its join, that builds a replay step and that writes its
frames - and charged to token buckets of CPU seconds:

- its connection's (CONNECTION: rate, burst): one page;
- its address's (ADDRESS; limits.client_key: an IPv4 address or an IPv6
  /64), which outlives its connections: reconnecting at once starts
  from the same debt;
- SHARED, one for the whole server, for the work of spectators and of
  every replay step (a seat's too): strangers at many addresses
  together cannot take more than that. A seat's play is not in it: a
  family's moves never wait for strangers' debts.

Reading is measured too (MeasuredReading: the CPU of aiohttp's parsing
of what the connection's socket delivers, whether or not the server
gets round to the messages), so a client that sends much pays for it.
What is not measured is the event loop's own turns between tasks, about
as much again for small messages: the budgets below are set with that
in mind.

The work is done first and charged after (its cost is known only then),
so a bucket may go below zero: a debt, paid back at its rate. While a
connection's buckets are in debt it is not read: the page is told once
in words, its messages wait in its socket (the sender is slowed down,
nothing is worked on meanwhile) and a join waits before it is made.
"""

import asyncio
import time

from .limits import Bucket, client_key

# (CPU seconds a second, CPU seconds at once). A join measures about a
# millisecond, a replay step at most one, a ping or a state a tenth of
# one: a page stepping through a replay ten steps a second stays within
# its connection's rate, a family's pages within their address's.
CONNECTION = (0.01, 0.05)
ADDRESS = (0.02, 0.1)        # a family behind one router: many pages at once
SHARED = (0.03, 0.05)        # all spectators and replays of the server
# An address this many seconds in debt gets no new WebSocket (503 before
# the upgrade: a page sees no reason but tries again later), and this
# many no new connection at all (closed as soon as it is made: the
# cheapest refusal there is, for a client that reconnects without end).
REFUSE_WEBSOCKET = 1.0
REFUSE_CONNECTION = 5.0
# Bytes read from a WebSocket at once (asyncio's default is 256 KiB): a
# client's messages are at most 1 KiB, and a client in debt is stopped
# after one such read, so what its flood costs when it is let in again
# is a couple of milliseconds, not the parsing of a whole socket buffer.
READ_SIZE = 2048
MAX_ADDRESSES = 10000        # buckets kept; full ones are forgotten first


def _bucket(limits, clock):
    return Bucket(limits[0], limits[1], clock, least=0.0)


class CpuBudget:
    """The server's budgets; clock and cpu are functions (tests pass their own)."""

    def __init__(self, connection=CONNECTION, address=ADDRESS, shared=SHARED,
                 clock=time.monotonic, cpu=time.thread_time):
        self.connection_limits, self.address_limits = connection, address
        self.clock, self.cpu = clock, cpu
        self.shared = _bucket(shared, clock)
        self.addresses = {}
        self.joins = asyncio.Lock()  # joins go one at a time (app.py)

    def address(self, address):
        key = client_key(address)
        bucket = self.addresses.get(key)
        if bucket is None:
            if len(self.addresses) >= MAX_ADDRESSES:
                self.addresses = {k: b for k, b in self.addresses.items() if not b.full}
            while len(self.addresses) >= MAX_ADDRESSES:
                del self.addresses[next(iter(self.addresses))]
            bucket = _bucket(self.address_limits, self.clock)
            self.addresses[key] = bucket
        return bucket

    def for_connection(self, address, spectator=False):
        return ConnectionBudget(self, self.address(address), spectator)

    def address_debt(self, address):
        """Seconds until the address's debt is paid (0: none)."""
        return self.address(address).debt_wait()


class ConnectionBudget:
    """One connection's bucket, with its address's and the shared one."""

    def __init__(self, budget, address_bucket, spectator):
        self.budget = budget
        self.own = _bucket(budget.connection_limits, budget.clock)
        self.address = address_bucket
        self.spectator = spectator      # set once the hello says (app.py)
        self.used = 0.0              # CPU seconds charged so far (tests, logs)

    def measure(self, replay=False):
        """A context manager that charges the CPU used inside it (to the
        shared bucket too when it is a replay's)."""
        return _Measure(self, replay)

    def charge(self, seconds, replay=False):
        self.used += seconds
        self.own.spend(seconds)
        self.address.spend(seconds)
        if replay or self.spectator:
            self.budget.shared.spend(seconds)

    def wait(self, replay=False):
        """Seconds before more work may be done for this connection (0: now)."""
        wait = max(self.own.debt_wait(), self.address.debt_wait())
        if replay or self.spectator:
            wait = max(wait, self.budget.shared.debt_wait())
        return wait


class _Measure:
    def __init__(self, budget, replay):
        self.budget, self.replay = budget, replay

    def __enter__(self):
        self.start = self.budget.budget.cpu()
        return self

    def __exit__(self, *exc):
        self.budget.charge(max(0.0, self.budget.budget.cpu() - self.start), self.replay)
        return False


class MeasuredReading:
    """Stands between a connection's transport and aiohttp's protocol, so
    that what aiohttp spends on the bytes the client sends (parsing its
    frames, unmasking them) is charged to the connection, and it reads no
    more once the connection is in debt: the protocol's
    own object has no room for a wrapped method (__slots__), and
    transports forward every call to whatever protocol is set."""

    def __init__(self, protocol, budget):
        self._protocol, self._budget = protocol, budget
        # Only a WebSocket's reading stops in debt (app.py resumes it once
        # paid); an HTTP connection is measured, never paused (nothing
        # would resume it).
        self.pause_in_debt = False

    def data_received(self, data):
        with self._budget.measure():
            self._protocol.data_received(data)
        if self.pause_in_debt and self._budget.wait() > 0:
            # In debt: no more is read (aiohttp resumes when the server
            # next takes a message, which app.py does only once the debt
            # is paid), so a client that sends fast costs a chunk, not
            # the whole of aiohttp's queue.
            self._protocol.pause_reading()

    def __getattr__(self, name):
        return getattr(self._protocol, name)

    @classmethod
    def install(cls, transport, budget):
        """Measures transport's reading from now on (nothing without one),
        READ_SIZE bytes at a time."""
        if transport is not None and hasattr(transport, "set_protocol"):
            transport.set_protocol(cls(transport.get_protocol(), budget))
            if hasattr(transport, "max_size"):
                transport.max_size = READ_SIZE

    @classmethod
    def of(cls, transport):
        """The connection's MeasuredReading, or None."""
        protocol = transport.get_protocol() if transport is not None else None
        return protocol if isinstance(protocol, cls) else None

    @property
    def budget(self):
        return self._budget
