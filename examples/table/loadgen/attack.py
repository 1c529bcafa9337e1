"""python3 -m loadgen.attack: a seated family plays while strangers attack
the replay of a long finished game; how long the family waits.

Starts a server on a fresh SQLite store (its default limits: nothing is
lifted for the attackers), stores the longest finished game it makes
(long_game.py: Bewitched, thousands of decisions), and lets a family of
two people play on 127.0.0.1 (loadgen's Person: a random legal move
after --think seconds; a game that ends is replaced). Then, for at least
--seconds and until the family made --moves moves meanwhile, two attacks
at once, each from processes of their own (attackers.py):

- --spectators WebSockets from 127.0.0.2 (the server's limit per
  address is 32) asking for the replay's start and end in turn at
  --spectator-rate messages a second each (the limit is 100);
- --flooder-addresses addresses (127.0.0.10, .11, ...) with
  --flooders WebSockets each, asking for the end at --flood-rate
  messages a second (above the limit: the server closes them) and
  reconnecting at once.

Then the attackers stop, and GRACE seconds later the family is measured
again for --after seconds: the work must stop with the attack. The
report gives, before, during and after the attack, the family's move
latency (p50, p99, max), the latency of a probe's pings from a seat of
another table (the server's event loop alone, no store), how late the
family's own client woke, the server's CPU and how long it waited for a
CPU (Linux schedstat: the machine's share of the latencies); and what
the attackers sent and got. Nothing waits a fixed time for the family: the attack
lasts until the family has made its moves, however slow the machine,
and the run fails when the family makes no move for STALL seconds.
"""

import argparse
import asyncio
import gc
import json
import os
import shutil
import sys
import tempfile
import time

import aiohttp

from devtools.server_process import ServerProcess
from tablegames_table.server import make_store

from .__main__ import Run, parse_args as family_args
from .long_game import store_long_game
from .stats import ms, percentile

STALL = 90.0     # seconds without a family move after which the run fails
PROBE = 0.1      # seconds between two pings of the probe
GRACE = 3.0      # seconds after the attack before "after" is measured


def waited(pid):
    """Seconds the process's threads so far waited for a CPU while they
    could run (Linux schedstat): how much the machine, not the server's
    own work, made it late."""
    total = 0
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                total += int(f.read().split()[1])
    except (OSError, IndexError, ValueError):
        pass
    return total / 1e9


def first(pid):
    """Gives the server's session the CPU share of ten (Linux autogroups:
    its nice -10; root only), as if it ran on cores of its own: on a shared
    test machine the other programs (and the attackers, which would be
    elsewhere) do not take its turns. False where that is not allowed."""
    try:
        with open("/proc/%d/autogroup" % pid, "w") as f:
            f.write("-10")
        os.setpriority(os.PRIO_PROCESS, pid, -10)   # (where autogroups are off)
        return True
    except OSError:
        return False


class Attackers:
    """One attacker process (attackers.py) and its latest counters."""

    def __init__(self, args):
        self.args = args
        self.proc = None
        self.counters = {}
        self._reader = None

    async def start(self):
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "loadgen.attackers", *self.args,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            # A session of its own, as a program on another machine: its
            # CPU is not taken from the family's client (autogroups).
            start_new_session=True)
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self):
        async for line in self.proc.stdout:
            try:
                self.counters = json.loads(line)
            except ValueError:
                pass

    async def stop(self):
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.stdin.close()          # it closes its connections and says its last counters
        try:
            await asyncio.wait_for(self.proc.wait(), STALL)
        except asyncio.TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        await asyncio.gather(self._reader, return_exceptions=True)


def latency(samples):
    return {"p50": ms(percentile(samples, 50)), "p99": ms(percentile(samples, 99)),
            "max": ms(max(samples) if samples else None), "samples": len(samples)}


async def family_moves(run, wanted, at_least_seconds, what):
    """Waits at_least_seconds and until the family made wanted moves;
    AssertionError when it makes none for STALL seconds."""
    start = time.monotonic()
    first, last, since = run.figures.moves_sent, None, time.monotonic()
    while True:
        made = run.figures.moves_sent - first
        if made >= wanted and time.monotonic() - start >= at_least_seconds:
            return
        if made != last:
            last, since = made, time.monotonic()
        elif time.monotonic() - since > STALL:
            raise AssertionError("%s: the family made no move for %d s (%d of %d made)"
                                 % (what, STALL, made, wanted))
        await asyncio.sleep(0.05)


class Window:
    """What the family, the probe and the server went through between
    its start and its end: latencies, the server's CPU and its waits
    for a CPU."""

    def __init__(self, run, server):
        self.run, self.server = run, server
        self.first = len(run.figures.latencies), len(run.pings), len(run.lag)
        self.cpu, self.waited = server.cpu()[0], waited(server.pid)
        self.started = time.monotonic()

    def end(self):
        run, seconds = self.run, time.monotonic() - self.started
        return {"seconds": round(seconds, 1),
                "moves": latency(run.figures.latencies[self.first[0]:]),
                "pings": latency(run.pings[self.first[1]:]),
                "client_lag": latency(run.lag[self.first[2]:]),
                "server_cpu_percent": round(100 * (self.server.cpu()[0] - self.cpu) / seconds, 1),
                "server_waited_for_a_cpu_percent":
                    round(100 * (waited(self.server.pid) - self.waited) / seconds, 1)}


async def probe(session, base, samples, slow, stopping):
    """Pings from a seat of a table of its own, every PROBE seconds: how
    long the server's event loop takes to answer (no store, no game)."""
    async with session.post(base + "/api/tables", json={
            "game": "witches_dance", "seats": [{"kind": "person"}, {"kind": "person"}]}) as r:
        link = (await r.json())["seats"][0]["link"]
    key = link.split("key=", 1)[1]
    async with session.ws_connect("%s/ws/%s" % (base, link.split("/")[2].split("#")[0]),
                                  heartbeat=None) as ws:
        await ws.send_json({"type": "hello", "seat": 0, "key": key})
        while not stopping.is_set():
            sent = time.monotonic()
            await ws.send_str('{"type": "ping"}')
            while True:
                msg = await ws.receive()
                if msg.type != aiohttp.WSMsgType.TEXT:
                    return
                if msg.data.startswith('{"type": "pong"'):
                    break
            samples.append(time.monotonic() - sent)
            slow.append((round(sent, 2), round(samples[-1] * 1000)))
            await asyncio.sleep(PROBE)


async def client_lag(samples, stopping):
    """How late this process's own event loop wakes: a share of every
    latency measured here that is the client's, not the server's."""
    loop = asyncio.get_running_loop()
    while not stopping.is_set():
        due = loop.time() + 0.05
        await asyncio.sleep(0.05)
        samples.append(loop.time() - due)


async def run_attack(opts):
    tmp = tempfile.mkdtemp(prefix="tablegames-attack-")
    server, attackers = None, []
    try:
        db = os.path.join(tmp, "attack.sqlite3")
        store = make_store(db)
        await store.open()
        try:
            table, steps = await store_long_game(store, opts.game_length)
        finally:
            await store.close()
        server = await ServerProcess(db, pace=0.05, own_session=True).start()
        if opts.server_first:
            first(server.pid)
        gc.freeze()
        family = family_args(["--tables", "1", "--think", opts.think, "--ramp", "0",
                              "--seed", "1"])
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            run = Run(family, [server.base], session)
            run.measuring = True
            run.pings, run.lag, run.slow, stopping = [], [], [], asyncio.Event()
            helpers = [asyncio.ensure_future(run.slot(0)),
                       asyncio.ensure_future(probe(session, server.base, run.pings, run.slow,
                                                                 stopping)),
                       asyncio.ensure_future(client_lag(run.lag, stopping))]
            try:
                report = await _phases(opts, run, server, table, attackers)
            finally:
                run.stopping = True
                stopping.set()
                await asyncio.gather(*helpers, return_exceptions=True)
        report.update({"game_length": steps, "errors": dict(run.figures.errors),
                       "family_moves": run.figures.moves_sent,
                       "options": {k: v for k, v in vars(opts).items() if k != "json"}})
        return report
    finally:
        for a in attackers:
            await a.stop()
        if server is not None:
            await server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def attacker_common(base, table):
    """The attackers' server and table, each joined to its option by "=":
    a table id is URL-safe base64 and starts with "-" one time in 64,
    which argparse would take for an option of its own."""
    return ["--base=" + base, "--table=" + table]


async def _phases(opts, run, server, table, attackers):
    window = Window(run, server)
    await family_moves(run, opts.moves_before, opts.after, "before the attack")
    before = window.end()
    flooders = ",".join("127.0.0.%d" % (10 + i) for i in range(opts.flooder_addresses))
    common = attacker_common(server.base, table)
    attackers.append(await Attackers(common + [
        "--kind", "spectators", "--addresses", "127.0.0.2", "--connections",
        str(opts.spectators), "--rate", str(opts.spectator_rate)]).start())
    attackers.append(await Attackers(common + [
        "--kind", "flooders", "--addresses", flooders, "--connections", str(opts.flooders),
        "--rate", str(opts.flood_rate), "--reconnect-after", str(opts.reconnect_after)]).start())
    window = Window(run, server)
    run.attack_start = window.started
    await family_moves(run, opts.moves, opts.seconds, "under attack")
    under_attack = window.end()
    for a in attackers:
        await a.stop()
    # The server notices that a connection it does not read is gone when
    # it next looks (app.PAUSE: within 1.5 s); then nothing is left to do.
    await asyncio.sleep(GRACE)
    window = Window(run, server)
    await family_moves(run, opts.moves_after, opts.after, "after the attack")
    after = window.end()
    return {
        "family": {"before": before, "under_attack": under_attack, "after": after},
        "spectators": attackers[0].counters, "flooders": attackers[1].counters,
        "slowest_pings_under_attack": [
            (round(at - run.attack_start, 1), latency_ms)
            for at, latency_ms in sorted(run.slow, key=lambda x: -x[1])
            if run.attack_start <= at <= run.attack_start + under_attack["seconds"]][:8],
        "server_first": opts.server_first,
        "cores": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python3 -m loadgen.attack",
                                description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=20, help="the attack lasts at least this")
    p.add_argument("--moves", type=int, default=150,
                   help="... and until the family made this many moves under it")
    p.add_argument("--moves-before", type=int, default=20)
    p.add_argument("--moves-after", type=int, default=10)
    p.add_argument("--after", type=float, default=5,
                   help="seconds measured (at least) before and after the attack")
    p.add_argument("--think", default="0.05,0.2", help="the family's seconds a move: MIN,MAX")
    p.add_argument("--game-length", type=int, default=5000,
                   help="decisions of the finished game attacked (at least, when a game "
                        "that long is found)")
    p.add_argument("--spectators", type=int, default=32, help="replay spectators (one address)")
    p.add_argument("--spectator-rate", type=float, default=90.0)
    p.add_argument("--flooder-addresses", type=int, default=10)
    p.add_argument("--flooders", type=int, default=2, help="flooding connections per address")
    p.add_argument("--flood-rate", type=float, default=300.0)
    p.add_argument("--reconnect-after", type=int, default=250,
                   help="messages a flooder sends before it drops its connection and opens "
                        "another")
    p.add_argument("--server-first", action="store_true",
                   help="give the server the CPU share of ten sessions (root; see first())")
    p.add_argument("--json", help="also write the report to this file")
    opts = p.parse_args(argv)
    if not 1 <= opts.flooder_addresses <= 200:
        p.error("--flooder-addresses must be 1..200")
    return opts


def main(argv=None):
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    report = asyncio.run(run_attack(opts))
    text = json.dumps(report, indent=2)
    print(text)
    if opts.json:
        with open(opts.json, "w") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
