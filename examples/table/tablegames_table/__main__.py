"""python3 -m tablegames_table [--host H] [--port P] [--db FILE or postgresql://...]

Starts the table server and prints the link to open. Stops on Ctrl-C or
SIGTERM; whatever was acknowledged is in the store either way (kill -9
included), and the next start resumes every game.
"""

import argparse
import asyncio
import gc
import logging
import os
import signal
import sys

from . import connections, cpu_budget, limits, server


def default_db():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return os.path.join(base, "tablegames", "table.sqlite3")


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python3 -m tablegames_table",
                                description="Play libtablegames' games in the browser.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; "
                        "0.0.0.0 lets other devices of the network join)")
    p.add_argument("--port", type=int, default=8080, help="port (default 8080; 0 picks one)")
    p.add_argument("--db", default=None,
                   help="where the tables are kept: a SQLite file (default %s) or a "
                        "PostgreSQL URL, postgresql://USER@HOST/DATABASE, which several "
                        "servers may share" % default_db())
    p.add_argument("--pace", type=float, default=0.7,
                   help="seconds a computer's move takes at least, so people can follow "
                        "(default 0.7)")
    p.add_argument("--seed", type=int, default=None,
                   help="for tests only: derive every table's hidden setup from this "
                        "number, so it is predictable")
    p.add_argument("--bot-workers", type=int, default=None,
                   help="processes that run medium and hard computer seats' searches "
                        "(default: one per core)")
    p.add_argument("--bot-niceness", type=int, default=10,
                   help="how much lower the search processes' CPU priority is than the "
                        "server's (default 10, so people are served first; 0 to compare)")
    p.add_argument("--max-tables", type=int, default=1000,
                   help="tables held in memory at once (default 1000; idle ones leave "
                        "memory first, the store keeps them all)")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="a host name the server answers to besides the --host address "
                        "(the public name when it runs behind a reverse proxy); may be "
                        "given several times. Requests for other names are refused (421)")
    p.add_argument("--tables-per-address", type=float, default=5.0, metavar="N",
                   help="new tables one address (an IPv6 /64) may make per minute, "
                        "up to 4 N at once (default 5)")
    p.add_argument("--tables-per-server", type=float, default=60.0, metavar="N",
                   help="new tables the whole server makes per minute, up to 2 N at once "
                        "(default 60)")
    p.add_argument("--connections-per-address", type=int, default=connections.PER_ADDRESS,
                   metavar="N",
                   help="WebSockets (open table pages) one address (an IPv6 /64) may hold "
                        "at once, and %d more plain HTTP connections (default %d; a page "
                        "beyond it is told why and tries again by itself in %d s). Behind "
                        "a reverse proxy every client has the proxy's address: raise it there"
                        % (connections.HTTP_PER_ADDRESS, connections.PER_ADDRESS,
                           connections.RETRY_SECONDS))
    p.add_argument("--max-connections", type=int, default=None, metavar="N",
                   help="connections the server holds at once, HTTP and WebSocket, an eighth "
                        "of them kept for page loads (default: what the file descriptor "
                        "limit allows, at most %d; now %d). Connections that send no "
                        "request within %d s, or nothing for %d s between two, are closed"
                        % (connections.MAX_DEFAULT, connections.default_max_connections(),
                           connections.HEAD_SECONDS, connections.KEEPALIVE_SECONDS))
    p.add_argument("--address-cpu", type=float, default=cpu_budget.ADDRESS[0], metavar="SHARE",
                   help="the share of one core the pages at one address (an IPv6 /64) may "
                        "use on average, five seconds' worth at once; beyond it their "
                        "messages wait (default %g: a family's pages on a desktop machine). "
                        "Raise it on a slow server, or behind a reverse proxy, where every "
                        "client has the proxy's address" % cpu_budget.ADDRESS[0])
    p.add_argument("--db-wait", type=float, default=server.DB_WAIT, metavar="SECONDS",
                   help="PostgreSQL only: how long a move waits for a database that went "
                        "away (restarted, failed over) before it is refused as unavailable "
                        "(default %.0f)" % server.DB_WAIT)
    p.add_argument("--quiet", action="store_true", help="log warnings only")
    args = p.parse_args(argv)
    if not 0 <= args.port <= 65535:
        p.error("--port must be 0..65535")
    if args.pace < 0:
        p.error("--pace must not be negative")
    if args.bot_workers is not None and not 1 <= args.bot_workers <= 64:
        p.error("--bot-workers must be 1..64")
    if not 0 <= args.bot_niceness <= 19:
        p.error("--bot-niceness must be 0..19")
    if not args.db_wait > 0:
        p.error("--db-wait must be more than 0")
    if args.max_tables < 1:
        p.error("--max-tables must be at least 1")
    if not args.tables_per_address > 0 or not args.tables_per_server > 0:
        p.error("--tables-per-address and --tables-per-server must be more than 0")
    if not 0 < args.address_cpu <= 1000:
        p.error("--address-cpu must be more than 0 (and at most 1000)")
    if args.connections_per_address < 1:
        p.error("--connections-per-address must be at least 1")
    if args.max_connections is not None:
        if args.max_connections < 2:
            p.error("--max-connections must be at least 2")
        needed = connections.descriptors_for(args.max_connections)
        if needed is not None:
            p.error("--max-connections %d needs %d file descriptors; the hard limit is lower "
                    "(raise it: ulimit -Hn, or LimitNOFILE= in a systemd unit)"
                    % (args.max_connections, needed))
    return args


async def run(args):
    db = args.db or default_db()
    if db != ":memory:" and not server.is_postgres(db):
        os.makedirs(os.path.dirname(os.path.abspath(db)), exist_ok=True)
    srv = server.Server(db, pace=args.pace, seed=args.seed, bot_workers=args.bot_workers,
                        bot_niceness=args.bot_niceness, max_tables=args.max_tables,
                        allowed_hosts=args.allowed_host, db_wait=args.db_wait,
                        connections_per_address=args.connections_per_address,
                        max_connections=args.max_connections,
                        budget=cpu_budget.CpuBudget(address=(args.address_cpu,
                                                             5 * args.address_cpu)),
                        creation=limits.CreationLimit(
                            per_client=(args.tables_per_address, 4 * args.tables_per_address),
                            overall=(args.tables_per_server, 2 * args.tables_per_server)))
    await srv.start(args.host, args.port)
    # What exists now (modules, the web app, resumed tables) lives as long
    # as the server: keep it out of the garbage collector's full passes,
    # whose pauses would otherwise grow with it.
    gc.freeze()
    host = "[%s]" % args.host if ":" in args.host else args.host
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "") else host
    where = "PostgreSQL" if server.is_postgres(db) else db    # a URL may carry a password
    print("Table server ready: open http://%s:%d/ (tables in %s)" % (shown, srv.port, where),
          flush=True)
    if args.seed is not None:
        print("warning: --seed makes every hidden setup predictable; use it for tests only",
              file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await srv.stop()


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(run(args))
    except server.StartError as exc:
        print("tablegames_table: %s" % exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
