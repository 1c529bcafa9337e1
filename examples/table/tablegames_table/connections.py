"""How many connections the server holds, per client and in total.

Every open connection costs a file descriptor and memory, so one client
opening thousands of them would shut the server for every family. Two
layers count them, both per client as limits.client_key counts (an IPv4
address, an IPv6 /64) and in total:

- WebSockets (app.py): a page holds one. Over the limit the upgrade is
  still made so that the page can show why: an error frame
  `too_many_connections` and the close code CLOSE_TOO_MANY, after which
  the page tries again by itself, slowly.
- TCP connections (ConnectionGuard, every HTTP request and WebSocket):
  a wider limit, beyond which a new connection is closed at once, and a
  deadline for a connection's first request head, so a client that
  connects and sends nothing (or a header a byte a minute) does not hold
  its place for ever. After the first request aiohttp's keep-alive
  time-out closes idle connections. What reading each connection costs
  is charged to its address's CPU budget (cpu_budget.py), and an
  address deep in debt gets no new connection.
"""

import asyncio
import resource

from . import cpu_budget
from .limits import client_key

CLOSE_TOO_MANY = 4013        # too many connections: the page tries again later
RETRY_SECONDS = 30           # how long the page waits before it tries again
PER_ADDRESS = 32             # WebSockets per address: a big family on one NAT, spectators, tabs
HTTP_PER_ADDRESS = 32        # TCP connections per address beside those: page loads (a browser
                             # opens up to 6 at once, kept 15 s) of a few devices at a time
HEAD_SECONDS = 10.0          # a new connection's first request head arrives within this
KEEPALIVE_SECONDS = 15.0     # an idle connection between two requests is closed after this
BODY_SECONDS = 10.0          # a request's body (a new table) arrives within this
MAX_DEFAULT = 4096           # the default total, whatever the descriptors allow
FDS_OTHER = 100              # descriptors kept for the store, the bot workers, logs, the loop


def _fd_limit():
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def default_max_connections():
    """The default total of connections: half of the descriptors left
    beside FDS_OTHER (a response sending a file holds a second one), at
    most MAX_DEFAULT (memory: each WebSocket holds buffers and a queue)."""
    soft, _ = _fd_limit()
    if soft == resource.RLIM_INFINITY:
        return MAX_DEFAULT
    return max(16, min(MAX_DEFAULT, (soft - FDS_OTHER) // 2))


def descriptors_for(max_connections):
    """Raises the soft descriptor limit, up to the hard one, so that
    max_connections fit; the descriptors needed when they do not."""
    needed = 2 * max_connections + FDS_OTHER
    soft, hard = _fd_limit()
    if soft != resource.RLIM_INFINITY and soft < needed:
        if hard == resource.RLIM_INFINITY or hard >= needed:
            resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
        else:
            return needed
    return None


def most_connections():
    """The largest total the hard descriptor limit allows."""
    _, hard = _fd_limit()
    return 1 << 20 if hard == resource.RLIM_INFINITY else max(2, (hard - FDS_OTHER) // 2)


def websocket_total(max_connections):
    """WebSockets the server holds: an eighth of the connections stays for
    page loads, and for the refusals that tell a page why."""
    return max(1, max_connections - max(1, max_connections // 8))


class ConnectionCount:
    """Open connections per client and in total. enter() takes a place
    when there is one, leave() gives it back."""

    def __init__(self, per_client, total):
        self.per_client, self.total = per_client, total
        self.clients = {}            # key -> open connections (only keys with some)
        self.open = 0

    def enter(self, address):
        """None when the connection has its place (count it), else the
        scope that is full: "address" or "server"."""
        key = client_key(address)
        if self.clients.get(key, 0) >= self.per_client:
            return "address"
        if self.open >= self.total:
            return "server"
        self.clients[key] = self.clients.get(key, 0) + 1
        self.open += 1
        return None

    def leave(self, address):
        key = client_key(address)
        left = self.clients.get(key, 0) - 1
        if left < 0:
            return
        self.open -= 1
        if left:
            self.clients[key] = left
        else:
            del self.clients[key]


class ConnectionGuard:
    """The TCP layer: counts the connections of an aiohttp web.Server
    (attach), closes new ones beyond the limits at once and those whose
    first request head does not come within head_seconds."""

    def __init__(self, per_client, total, head_seconds=HEAD_SECONDS, budget=None):
        self.count = ConnectionCount(per_client, total)
        self.budget = budget         # cpu_budget.CpuBudget: every connection's reading is charged
        self.head_seconds = head_seconds
        self.refused = 0             # connections closed at once (for the tests and logs)
        self.timed_out = 0           # connections closed for want of a request head
        self._deadlines = {}         # handler -> the timer of its first request head
        self._addresses = {}         # handler -> the address it was counted for
        self.call_later = None       # (delay, callback, *args) -> handle; the loop's by default

    def attach(self, server):
        """Hooks into server (aiohttp's low-level web.Server, the protocol
        factory of the listening socket; AppRunner.server): its calls when
        a connection is made or lost, and when a request head is complete."""
        made, lost, factory = server.connection_made, server.connection_lost, \
            server.request_factory

        def connection_made(handler, transport):
            made(handler, transport)
            self._made(handler, transport)

        def connection_lost(handler, exc=None):
            self._lost(handler)
            lost(handler, exc)

        def request_factory(message, payload, protocol, writer, task):
            timer = self._deadlines.pop(protocol, None)
            if timer is not None:
                timer.cancel()
            return factory(message, payload, protocol, writer, task)

        server.connection_made, server.connection_lost = connection_made, connection_lost
        server.request_factory = request_factory

    def _made(self, handler, transport):
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else None
        if self.budget is not None and \
                self.budget.address_debt(address) > cpu_budget.REFUSE_CONNECTION:
            self.refused += 1
            transport.abort()        # an address deep in debt: nothing is read or answered
            return
        if self.count.enter(address) is not None:
            self.refused += 1
            transport.abort()        # nothing to read, nothing to answer: the place is not there
            return
        if self.budget is not None:
            cpu_budget.MeasuredReading.install(transport, self.budget.for_connection(address))
        self._addresses[handler] = address
        call_later = self.call_later or asyncio.get_running_loop().call_later
        self._deadlines[handler] = call_later(self.head_seconds, self._no_head, transport)

    def _no_head(self, transport):
        self.timed_out += 1
        transport.abort()

    def _lost(self, handler):
        timer = self._deadlines.pop(handler, None)
        if timer is not None:
            timer.cancel()
        if handler in self._addresses:
            self.count.leave(self._addresses.pop(handler))
