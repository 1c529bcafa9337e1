"""python3 -m loadgen: many tables playing at once against our own servers.

Starts the servers itself, on loopback only (SQLite: one server; or a
private PostgreSQL cluster and one or more servers), keeps --tables
tables playing for --seconds (each game that ends is replaced by a new
one), and reports what docs/table.md shows: decisions per second, the
latency from a person's move to the next state arriving, server memory
and CPU. Then it stops the servers and checks the store: no table may
have fewer decisions than its people were shown, and every history must
replay through the library. Bounded: at most 2000 tables, an hour.

Tables cycle through the four games and four seatings: two people; a
person and an easy computer; a person and a hard computer (a search
of 3000 playouts: Bewitched's take about a second of CPU each, so the bot
workers are always busy); a person and two easy computers. People think
--think seconds per move.
With several servers, the people of a table use different servers.
"""

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import sys
import tempfile
import time
import urllib.parse

import aiohttp

from devtools.server_process import ServerProcess
from tablegames_table import connections as server_connections
from tablegames_table import cpu_budget

from .person import Person
from .stats import Figures
from .verify import verify

PERSON = {"kind": "person"}
EASY = {"kind": "bot", "level": "easy"}
HARD = {"kind": "bot", "level": "hard"}
GAMES = [("witches_dance", {}), ("bewitched", {}), ("creepy_cauldron", {}),
         ("spinning_wishes", {"princesses": "seat"})]
SEATINGS = [[PERSON, PERSON], [PERSON, EASY], [PERSON, HARD], [PERSON, EASY, EASY]]


def table_plan(index):
    game, options = GAMES[index % len(GAMES)]
    return game, options, SEATINGS[(index // len(GAMES)) % len(SEATINGS)]


class Run:
    def __init__(self, opts, bases, session):
        self.opts = opts
        self.bases = bases
        self.session = session
        self.think = opts.think
        self.figures = Figures()
        self.stopping = False
        self.draining = False       # no new moves or tables: the run waits for answers
        self.measuring = False
        self.people = set()         # the people playing now
        self.rng = random.Random(opts.seed)
        self.tables = {}            # table id -> highest version any of its people saw
        self._sent = {}             # (table, version a move makes) -> (server, time sent)

    # ---- what the people report ----------------------------------------------

    def saw(self, person, version, now):
        t = person.table_id
        if version > self.tables.get(t, -1):
            self.tables[t] = version
        sent = self._sent.get((t, version))
        if sent is not None and sent[0] != person.base:
            del self._sent[(t, version)]
            if self.measuring:
                self.figures.crossings.append(now - sent[1])

    def moved(self, person, version, sent):
        if len(self.bases) > 1:
            self._sent[(person.table_id, version + 1)] = (person.base, sent)

    def answered(self, latency):
        if self.measuring:
            self.figures.latencies.append(latency)

    # ---- tables --------------------------------------------------------------

    async def create(self, index):
        game, options, seats = table_plan(index)
        base = self.bases[index % len(self.bases)]
        async with self.session.post(base + "/api/tables",
                                     json={"game": game, "seats": seats,
                                           "options": options}) as r:
            reply = await r.json()
            if r.status != 201:
                self.figures.error("create: %s" % reply.get("error"))
                return None
        self.figures.tables_made += 1
        people = []
        for link in reply["seats"]:
            seat = link["seat"]
            key = dict(urllib.parse.parse_qsl(link["link"].split("#", 1)[1]))["key"]
            server = self.bases[(index + seat) % len(self.bases)]
            people.append(Person(self, reply["table"], seat, key, server,
                                 random.Random(self.rng.random())))
        self.tables.setdefault(reply["table"], 0)
        return people

    async def slot(self, number):
        """Keeps one table playing: a new game when one ends."""
        await asyncio.sleep(self.opts.ramp * number / self.opts.tables)
        index = number
        while not self.stopping and not self.draining:
            people = await self.create(index)
            if people is None:
                await asyncio.sleep(1)
                continue
            self.people.update(people)
            ended = await asyncio.gather(*(p.play() for p in people))
            self.people.difference_update(people)
            if any(ended):
                self.figures.games_finished += 1
            index += self.opts.tables


async def sample_memory(run, servers):
    while not run.stopping:
        run.figures.memory_kib.append(sum(s.memory_kib() for s in servers))
        await asyncio.sleep(1.0)


async def sample_lag(run):
    """How late the load generator's own event loop wakes up: a latency
    figure includes this much of the generator's (not the server's) delay."""
    loop = asyncio.get_running_loop()
    while not run.stopping:
        due = loop.time() + 0.05
        await asyncio.sleep(0.05)
        if run.measuring:
            run.figures.client_lag.append(loop.time() - due)


def cpu_pressure_us():
    """Linux's CPU pressure (PSI): microseconds so far during which some
    runnable task of the machine waited for a CPU; None where unsupported."""
    try:
        with open("/proc/pressure/cpu") as f:
            return int(f.readline().rsplit("total=", 1)[1])
    except (OSError, IndexError, ValueError):
        return None


def cpu_of(servers):
    server = sum(s.cpu()[0] for s in servers)
    workers = sum(s.cpu()[1] for s in servers)
    return server, workers


async def run_load(opts):
    """Runs the load; returns the report (a dict)."""
    tmp = tempfile.mkdtemp(prefix="tablegames-load-")
    cluster = None
    servers = []
    try:
        if opts.db:
            db = opts.db
        elif opts.store == "postgres":
            from devtools.private_postgres import PrivateCluster
            cluster = PrivateCluster().start()
            db = cluster.create_database("load")
        else:
            db = os.path.join(tmp, "load.sqlite3")
        # All its people come from one address: lift the limits on new tables
        # and on connections (a WebSocket per person, up to 6 a table, and
        # HTTP beside them; as many as the descriptors allow), and give that
        # address the CPU of as many families as there are tables.
        connections = min(8 * opts.tables + 64, server_connections.most_connections())
        extra = ["--max-tables", str(max(1000, 2 * opts.tables)),
                 "--tables-per-address", "100000", "--tables-per-server", "100000",
                 "--connections-per-address", str(connections),
                 "--max-connections", str(connections),
                 "--address-cpu", repr(cpu_budget.ADDRESS[0] * opts.tables)]
        if opts.bot_workers:
            extra += ["--bot-workers", str(opts.bot_workers)]
        if opts.bot_niceness is not None:
            extra += ["--bot-niceness", str(opts.bot_niceness)]
        for _ in range(opts.servers):
            servers.append(await ServerProcess(db, pace=opts.pace, extra=extra,
                                               own_session=not opts.same_session).start())
        gc.freeze()       # the collector's passes would pause the people (and the timings)
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            run = Run(opts, [s.base for s in servers], session)
            slots = [asyncio.ensure_future(run.slot(n)) for n in range(opts.tables)]
            samplers = [asyncio.ensure_future(sample_memory(run, servers)),
                        asyncio.ensure_future(sample_lag(run))]
            load_before = os.getloadavg()
            await asyncio.sleep(opts.warmup)
            run.measuring = True
            started, cpu0, own0 = time.monotonic(), cpu_of(servers), time.process_time()
            pressure0 = cpu_pressure_us()
            decisions0 = sum(run.tables.values())
            await asyncio.sleep(opts.seconds)
            await at_least(run, decisions0, opts.at_least)
            seconds, cpu1 = time.monotonic() - started, cpu_of(servers)
            own1, pressure1 = time.process_time(), cpu_pressure_us()
            decisions = sum(run.tables.values()) - decisions0
            run.measuring = False
            await drain(run)
            run.stopping = True
            await asyncio.gather(*slots, *samplers)
        for s in servers:
            await s.stop()
        cpu = {"server_percent_of_a_core": round(100 * (cpu1[0] - cpu0[0]) / seconds, 1),
               "bot_workers_percent_of_a_core": round(100 * (cpu1[1] - cpu0[1]) / seconds, 1),
               "load_generator_percent_of_a_core": round(100 * (own1 - own0) / seconds, 1),
               "cores": os.cpu_count(),
               "machine_cpu_pressure_percent":
                   None if pressure0 is None or pressure1 is None
                   else round((pressure1 - pressure0) / 1e4 / seconds, 1),
               "load_average_before": [round(x, 2) for x in load_before],
               "load_average_after": [round(x, 2) for x in os.getloadavg()]}
        report = run.figures.summary(seconds, decisions, cpu)
        report["options"] = {k: v for k, v in vars(opts).items() if k != "json"}
        report["store_check"] = await verify(db, run.tables)
        report["table_ids"] = sorted(run.tables)
        return report
    finally:
        for s in servers:
            await s.stop()
        if cluster is not None:
            cluster.remove()
        shutil.rmtree(tmp, ignore_errors=True)


STALL = 90.0     # seconds without a decision after which --at-least stops waiting


async def drain(run):
    """Stops new moves and tables, then waits for the answers to the moves
    sent, as long as the games move (a fixed wait would count a slow
    machine's late answers as missing); a move still pending after STALL
    seconds without a decision anywhere is unanswered."""
    run.draining = True
    last, since = None, time.monotonic()
    while any(p.pending is not None for p in run.people):
        seen = sum(run.tables.values())
        if seen != last:
            last, since = seen, time.monotonic()
        elif time.monotonic() - since > STALL:
            return
        await asyncio.sleep(0.05)


async def at_least(run, decisions0, wanted):
    """Goes on measuring until wanted decisions were made (a test's work
    must not depend on the machine's speed), as long as decisions come."""
    last, since = None, time.monotonic()
    while True:
        made = sum(run.tables.values()) - decisions0
        if made >= wanted:
            return
        if made != last:
            last, since = made, time.monotonic()
        elif time.monotonic() - since > STALL:
            return           # the report shows how few; the caller judges
        await asyncio.sleep(0.1)


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python3 -m loadgen", description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=200, help="tables playing at once (1..2000)")
    p.add_argument("--seconds", type=float, default=60, help="measured seconds (1..3600)")
    p.add_argument("--at-least", type=int, default=0, metavar="N",
                   help="measure on after --seconds until N decisions were made (tests: "
                        "a fixed amount of work, however slow the machine)")
    p.add_argument("--warmup", type=float, default=10,
                   help="seconds of play before measuring (tables start meanwhile)")
    p.add_argument("--ramp", type=float, default=5, help="seconds over which the tables start")
    p.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--db", help="the store to use, a SQLite file or a PostgreSQL URL on this "
                                "machine (default: a new SQLite file, or a private PostgreSQL "
                                "cluster, in a temporary folder)")
    p.add_argument("--servers", type=int, default=1, help="server processes (PostgreSQL: 1..4)")
    p.add_argument("--pace", type=float, default=0.7,
                   help="the servers' --pace: seconds a computer's move takes at least")
    p.add_argument("--think", default="0.5,2.0",
                   help="seconds a simulated person thinks per move: MIN,MAX")
    p.add_argument("--bot-workers", type=int, default=None, help="the servers' --bot-workers")
    p.add_argument("--bot-niceness", type=int, default=None,
                   help="the servers' --bot-niceness (0: bots compete with people)")
    p.add_argument("--same-session", action="store_true",
                   help="run the servers in the generator's session (by default each has its "
                        "own, as a server on its own machine would: Linux's autogroup "
                        "scheduler would otherwise share one program's CPU among them all)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", help="also write the report to this file")
    opts = p.parse_args(argv)
    if not 1 <= opts.tables <= 2000:
        p.error("--tables must be 1..2000")
    if not 1 <= opts.seconds <= 3600 or not 0 <= opts.warmup <= 600 or opts.ramp < 0:
        p.error("--seconds must be 1..3600, --warmup 0..600")
    if opts.db and opts.db.startswith(("postgresql://", "postgres://")):
        opts.store = "postgres"
    if not 1 <= opts.servers <= 4 or (opts.servers > 1 and opts.store != "postgres"):
        p.error("--servers must be 1..4, and more than one needs --store postgres")
    try:
        low, high = (float(x) for x in opts.think.split(","))
    except ValueError:
        p.error("--think is MIN,MAX")
    if not 0 <= low <= high <= 60:
        p.error("--think must be 0 <= MIN <= MAX <= 60")
    opts.think = (low, high)
    return opts


def main(argv=None):
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    report = asyncio.run(run_load(opts))
    text = json.dumps({k: v for k, v in report.items() if k != "table_ids"}, indent=2)
    print(text)
    if opts.json:
        with open(opts.json, "w") as f:
            f.write(text + "\n")
    ok = not report["errors"] and not report["unanswered"] and report["store_check"]["ok"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
