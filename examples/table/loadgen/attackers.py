"""python3 -m loadgen.attackers: clients that attack a table's replay.

Run as a process of its own by attack.py (so that the attackers' own
work does not slow the family's client down), from loopback source
addresses of their own (127.0.0.0/8 all reaches lo on Linux: the server
sees each as another address). Two kinds:

- spectators: --connections WebSockets per address, each watching the
  table and asking for replay steps at --rate messages a second (under
  the server's 100), step 0 and the end in turn, reading what comes;
- flooders: --connections WebSockets per address, each watching the
  table and asking for the end of the replay at --rate messages a
  second (above the limit), dropping the connection after
  --reconnect-after messages or when the server closes it, and opening
  a new one at once.

Every second it prints its counters as a JSON line; it stops on SIGTERM
or when its standard input closes, and leaves its connections to the
kernel to close.
"""

import argparse
import asyncio
import json
import os
import signal
import sys
import time

import aiohttp

END = 2 ** 31 - 1     # any step past the end: the server answers the last


class Counters:
    def __init__(self):
        self.sent = 0          # replay requests sent
        self.frames = 0        # replay steps received
        self.refused = 0       # refusals received (replay_busy, slow_down, ...)
        self.connections = 0   # WebSockets opened (and said hello on)
        self.failed = 0        # connections refused or lost before the hello

    def line(self):
        return json.dumps(vars(self))


async def _read(ws, counters):
    async for msg in ws:
        if msg.type != aiohttp.WSMsgType.TEXT:
            break
        head = msg.data[:40]
        if head.startswith('{"type":"replay"') or head.startswith('{"type": "replay"'):
            counters.frames += 1
        elif '"error"' in head:
            counters.refused += 1


async def one_connection(address, url, opts, counters, steps, stopping):
    """Watches the table and sends replay requests at --rate until the
    server closes the connection, the attack stops or (flooders) it has
    sent --reconnect-after of them; then it drops the connection at once
    (a session of its own: closing it closes the socket, with no closing
    handshake to wait for)."""
    connector = aiohttp.TCPConnector(limit=0, local_addr=(address, 0))
    limit = opts.reconnect_after if opts.kind == "flooders" else None
    try:
        async with aiohttp.ClientSession(connector=connector) as session:
            ws = await session.ws_connect(url, heartbeat=None, max_msg_size=1 << 22)
            await ws.send_str('{"type": "hello", "watch": true}')
            counters.connections += 1
            reader = asyncio.ensure_future(_read(ws, counters))
            interval, due, i = 1.0 / opts.rate, time.monotonic(), 0
            try:
                while not stopping.is_set() and not ws.closed and not reader.done() \
                        and (limit is None or i < limit):
                    await ws.send_str('{"type": "replay", "step": %d}' % steps[i % len(steps)])
                    counters.sent += 1
                    i += 1
                    due += interval
                    delay = due - time.monotonic()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    elif delay < -1.0:
                        due = time.monotonic()     # fallen behind: do not burst to catch up
                    else:
                        await asyncio.sleep(0)
            finally:
                reader.cancel()
                await asyncio.gather(reader, return_exceptions=True)
    except (aiohttp.ClientError, ConnectionError, asyncio.TimeoutError, RuntimeError):
        counters.failed += 1


async def attacker(address, url, opts, counters, steps, stopping):
    while not stopping.is_set():
        await one_connection(address, url, opts, counters, steps, stopping)
        if opts.kind == "spectators":
            # A spectator that was dropped comes back after a moment;
            # a flooder at once.
            await asyncio.sleep(0.5)


async def run(opts):
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    loop.add_reader(sys.stdin.fileno(), lambda: sys.stdin.read(1) or stopping.set())
    counters = Counters()
    steps = [0, END] if opts.kind == "spectators" else [END]
    url = "%s/ws/%s" % (opts.base, opts.table)
    tasks = [asyncio.ensure_future(attacker(address, url, opts, counters, steps, stopping))
             for address in opts.addresses.split(",") for _ in range(opts.connections)]
    try:
        while not stopping.is_set():
            print(counters.line(), flush=True)
            try:
                await asyncio.wait_for(stopping.wait(), 1.0)
            except asyncio.TimeoutError:
                pass
    finally:
        print(counters.line(), flush=True)
        # Gone at once, as an attacker that stops: no closing handshakes
        # (each would wait for a server that reads it no more).
        os._exit(0)


def parser():
    p = argparse.ArgumentParser(prog="python3 -m loadgen.attackers",
                                description=__doc__.split("\n")[0])
    p.add_argument("--base", required=True, help="the server, http://HOST:PORT")
    p.add_argument("--table", required=True, help="the finished table to attack")
    p.add_argument("--kind", choices=("spectators", "flooders"), required=True)
    p.add_argument("--addresses", required=True, help="source addresses, comma-separated")
    p.add_argument("--connections", type=int, default=1, help="connections per address")
    p.add_argument("--rate", type=float, default=90.0, help="messages a second per connection")
    p.add_argument("--reconnect-after", type=int, default=250, metavar="N",
                   help="flooders: drop the connection after N messages and open a new one "
                        "(250: when the server closes a flooder that goes on after slow_down)")
    return p


def main(argv=None):
    asyncio.run(run(parser().parse_args(argv)))


if __name__ == "__main__":
    main()
