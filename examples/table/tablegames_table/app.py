"""The aiohttp application: pages, the catalogue, tables and WebSockets.

HTTP serves the lobby and the table page (static files: plain ES modules
and SVG, nothing from elsewhere), the catalogue and table creation. Play
runs over one WebSocket per page, whose first message names the seat and
its key (the key travels in the link's #fragment, which browsers never
send in a request, so it stays out of access logs and Referer headers).
"""

import asyncio
import json
import logging
import os
import pathlib
import random
import socket
import time
import urllib.parse

from aiohttp import WSMsgType, web

from . import config as config_mod
from . import connections as connections_mod
from . import cpu_budget
from . import protocol, seats, views
from .hosts import HostCheck
from .limits import Bucket, CreationLimit
from .live import LiveTable, Refused
from .replay import NotOver
from .store import StoreError, UnknownTable
from .tables import Busy
from .viewer import CLOSE_WAIT, Viewer

log = logging.getLogger("tablegames_table")
STATIC = pathlib.Path(__file__).with_name("static")
# The tablegames npm package (bindings/js: its ES modules and the .wasm),
# served under /static/offline/pkg/ for "Play on this device"
# (static/offline/): inside the scope of the page's service worker, which
# a Worker's script must be for the service worker to answer it offline.
# TABLEGAMES_JS names another copy of the package.
JS_PACKAGE = pathlib.Path(os.environ.get("TABLEGAMES_JS")
                          or pathlib.Path(__file__).resolve().parents[3] / "bindings" / "js")
JS_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm"}
JS_HIDDEN = ("node_modules", "test", "tests")
HELLO_TIMEOUT = 15
MAX_REQUEST = 16 * 1024
RATE = 100.0         # messages per second a connection may send on average (a person sends a few)
BURST = 200.0
# A client told to slow down that goes on anyway is closed: it may be
# refused OVERRUN_BURST messages at once, OVERRUN_RATE a second after that.
OVERRUN_RATE = 2.0
OVERRUN_BURST = 50
CLOSE_FLOODING = 4029        # the client kept sending after slow_down
message_clock = time.monotonic   # the message buckets' clock (tests stop it)
SEND_BUFFER = 64 * 1024      # bytes of kernel send buffer per WebSocket
RECEIVE_BUFFER = 16 * 1024   # ... and of receive buffer
CLOSE_REFUSED = 4003
CLOSE_TRY_AGAIN = 1013       # the server is full or its store is away: the page reconnects later
# CPU budgets (cpu_budget.py): a join in debt waits until it is paid, up
# to JOIN_WAIT seconds (beyond, "busy": the page comes back later).
JOIN_WAIT = 10.0
PAUSE = (0.25, 1.0)          # seconds a connection in debt sleeps before it looks again

TABLES_KEY = web.AppKey("tables", object) if hasattr(web, "AppKey") else "tables"
BOARDS_KEY = web.AppKey("boards", dict) if hasattr(web, "AppKey") else "boards"
HOSTS_KEY = web.AppKey("hosts", HostCheck) if hasattr(web, "AppKey") else "hosts"
CREATION_KEY = web.AppKey("creation", CreationLimit) if hasattr(web, "AppKey") else "creation"
CONNECTIONS_KEY = (web.AppKey("connections", connections_mod.ConnectionCount)
                   if hasattr(web, "AppKey") else "connections")
BUDGET_KEY = web.AppKey("budget", cpu_budget.CpuBudget) if hasattr(web, "AppKey") else "budget"

_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
# The offline page and the package's bot Worker compile the WebAssembly
# library, which the CSP must allow (it allows no JavaScript eval).
_CSP_WASM = _CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
_WASM_PATH = "/static/offline/"


@web.middleware
async def security_headers(request, handler):
    response = await handler(request)
    wasm = request.path.startswith(_WASM_PATH)
    response.headers.setdefault("Content-Security-Policy", _CSP_WASM if wasm else _CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("Cache-Control", "no-store")
    return response


@web.middleware
async def known_host(request, handler):
    """Answers only to the names the server was started for (hosts.py):
    anything else gets 421 and no page, table or game data."""
    if not request.app[HOSTS_KEY].allows(request.headers.get("Host")):
        return _error(421, "unknown_host",
                      "this server does not answer to that host name; start it with "
                      "--allowed-host NAME to serve it under that name")
    return await handler(request)


def _error(status, code, message, headers=None):
    return web.json_response({"error": code, "message": message}, status=status,
                             headers=headers)


async def index(request):
    return web.FileResponse(STATIC / "index.html")


async def offline_page(request):
    """The folder of "Play on this device" is its page (a static folder
    would answer 403)."""
    raise web.HTTPFound("/static/offline/play.html")


async def table_page(request):
    return web.FileResponse(STATIC / "table.html")


def _js_servable(parts):
    return (JS_TYPES.get(pathlib.PurePosixPath(parts[-1]).suffix) is not None
            and not any(p.startswith(".") or p in JS_HIDDEN for p in parts))


async def js_package(request):
    """A module or the .wasm of the package (bindings/js, its dist/ too):
    nothing hidden, nothing of node_modules or the tests, nothing outside."""
    parts = request.match_info["path"].split("/")
    path = JS_PACKAGE.joinpath(*parts)
    if not _js_servable(parts) or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers={"Content-Type": JS_TYPES[path.suffix]})


async def js_package_files(request):
    """What js_package serves, for the offline page's service worker to keep."""
    files = []
    for folder, dirs, names in os.walk(JS_PACKAGE):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in JS_HIDDEN]
        rel = pathlib.Path(folder).relative_to(JS_PACKAGE).parts
        files += ["/".join(rel + (n,)) for n in names if _js_servable(rel + (n,))]
    return web.json_response({"files": sorted(files)})


async def games(request):
    return web.json_response(config_mod.catalogue_json())


def _too_many(scope, wait):
    seconds = max(1, int(wait + 0.999))
    who = ("tables were made from your address" if scope == "address"
           else "tables were made on this server")
    return _error(429, "too_many_tables", "too many %s just now; try again in %d seconds"
                  % (who, seconds), headers={"Retry-After": str(seconds)})


async def create_table(request):
    if request.content_type != "application/json":
        return _error(415, "bad_request", "send the table as application/json")
    try:
        # A body sent a byte at a time must not hold the connection for ever.
        body = await asyncio.wait_for(request.json(), connections_mod.BODY_SECONDS)
    except ValueError:
        return _error(400, "bad_request", "the request is not JSON")
    except asyncio.TimeoutError:
        return _error(408, "slow_request", "the request's body did not come in time")
    try:
        config_mod.parse_request(body)      # a bad request costs no place in the limit
    except config_mod.TableRequestError as exc:
        return _error(400, "bad_table", str(exc))
    limited = request.app[CREATION_KEY].check(request.remote)
    if limited is not None:
        return _too_many(*limited)
    try:
        table, secrets_by_seat = await request.app[TABLES_KEY].create(body)
    except config_mod.TableRequestError as exc:
        return _error(400, "bad_table", str(exc))
    except Busy as exc:
        return _error(503, "busy", str(exc))
    except StoreError:
        log.exception("creating a table failed")
        return _error(503, "unavailable", "the server could not store the table")
    links = []
    for seat, secret in sorted(secrets_by_seat.items()):
        fragment = urllib.parse.urlencode({"seat": seat, "key": secret})
        links.append({"seat": seat, "name": table.config.seats[seat].name,
                      "link": "/t/%s#%s" % (table.table_id, fragment)})
    return web.json_response({
        "table": table.table_id,
        "seats": links,
        "spectator_link": "/t/%s#watch" % table.table_id,
        "spectating": views.spectating_available(),
    }, status=201)


def _origin_ok(request):
    origin = request.headers.get("Origin")
    if origin is None:
        return True             # not a browser: nothing to forge on a user's behalf
    parts = urllib.parse.urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc == request.host


def _board(app, table):
    key = (table.config.game_id, table.config.options)
    boards = app[BOARDS_KEY]
    if key not in boards:
        boards[key] = table.state.game.board()
    return boards[key]


async def _send_refusal(ws, code, message, close=False, close_code=CLOSE_REFUSED):
    await ws.send_json({"type": "error", "code": code, "message": message})
    if close:
        await ws.close(code=close_code, message=code.encode())


async def _hello(ws, table):
    """Waits for the hello and checks it: the seat number, or None for a
    spectator. Refuses (and closes) on anything else."""
    try:
        msg = await ws.receive(timeout=HELLO_TIMEOUT)
    except asyncio.TimeoutError:
        await _send_refusal(ws, "no_hello", "say hello first", close=True)
        return False, None
    if msg.type != WSMsgType.TEXT:
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
            return False, None
        await _send_refusal(ws, "bad_message", "messages are JSON text, not binary", close=True)
        return False, None
    try:
        hello = protocol.parse(msg.data)
    except protocol.BadMessage as exc:
        await _send_refusal(ws, exc.code, exc.message, close=True)
        return False, None
    if hello["type"] != "hello":
        await _send_refusal(ws, "not_joined", "the first message must be a hello", close=True)
        return False, None
    if hello.get("watch"):
        if not views.spectating_available():
            await _send_refusal(ws, "spectating_unavailable",
                                "spectating is not available yet", close=True)
            return False, None
        return True, views.SPECTATOR_VIEWER
    seat = hello["seat"]
    seats_cfg = table.config.seats
    if seat >= len(seats_cfg) or not seats_cfg[seat].is_person \
            or not seats.secret_matches(hello["key"], seats_cfg[seat].secret_hash):
        # One answer for every failure, so a guess learns nothing.
        await _send_refusal(ws, "wrong_secret",
                            "this link does not open a seat at this table", close=True)
        return False, None
    return True, seat


def _refusal(code, message, version):
    return {"type": "error", "code": code, "message": message, "version": version}


async def _replay_step(request, table, viewer, budget, step):
    """A replay step for the viewer, from the table's book (replay.py).
    Over the shared budget of replays it is refused at once (nothing
    waits to be worked on) and the connection is read no more until the
    debt is paid."""
    if budget.wait(replay=True) > 0:
        await _pay_debt(request, table, viewer, budget, replay=True)
        return                 # (shed: the step asked for in debt is not shown)
    try:
        book, cost = await table.replay_book()
    except NotOver:
        raise Refused("not_over", "the replay opens when the game is over") from None
    except StoreError:
        raise Refused("unavailable", "the server could not load the game; "
                      "try again") from None
    budget.charge(cost, replay=True)       # the book's building, charged to who asked first
    with budget.measure(replay=True):
        frame = book.frame(step, viewer.seat)
    await viewer.reply(frame)


def _seconds(wait):
    seconds = max(1, int(wait + 0.999))
    return "%d second%s" % (seconds, "" if seconds == 1 else "s")


async def _pay_debt(request, table, viewer, budget, replay=False):
    """While the connection's budgets are in debt it is not read, not even
    by aiohttp (which would otherwise parse what comes in until its queue
    is full, each time the server takes a message out): what the client
    sends waits in its socket, the client is slowed down, nothing is
    worked on. Said once per debt, in words."""
    wait = budget.wait(replay)
    if wait <= 0:
        return
    if replay:
        await viewer.reply(_refusal("replay_busy", "replays take much of the server's time "
                                    "just now; step again in %s" % _seconds(wait),
                                    table.version))
    else:
        await viewer.reply(_refusal("over_budget", "this page and the others at your address "
                                    "asked for much of the server's time just now; what they "
                                    "send waits about %s" % _seconds(wait), table.version))
    request.protocol.pause_reading()
    try:
        while wait > 0:
            # (Spread: the connections of one address, or the spectators,
            # paid up at the same moment would all be read at once.)
            await asyncio.sleep(max(PAUSE[0], min(wait, PAUSE[1])) * random.uniform(1.0, 1.5))
            if _client_gone(request):
                _abort(request)()       # its place and its work end now, not when paid up
                return
            wait = budget.wait(replay)
    finally:
        request.protocol.resume_reading()


_TCP_ESTABLISHED = 1


def _client_gone(request):
    """Whether the client closed or reset the connection. A connection
    that is not read does not hear of it (asyncio watches only what it
    reads), so the kernel's TCP state is asked (Linux; elsewhere only a
    transport already lost counts)."""
    transport = request.transport
    if transport is None:
        return True
    sock = transport.get_extra_info("socket")
    if sock is None or not hasattr(socket, "TCP_INFO"):
        return False
    try:
        return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0] != _TCP_ESTABLISHED
    except OSError:
        return True


async def _messages(request, ws, table, viewer, budget):
    def clock():             # looked up at each message, so a test may stop it any time
        return message_clock()
    bucket = Bucket(RATE, BURST, clock)
    overrun = Bucket(OVERRUN_RATE, OVERRUN_BURST, clock)
    async for msg in ws:
        # aiohttp hands over frames already read without giving the loop
        # back: a client sending as fast as it can would keep the others
        # waiting. One message, then everyone else's turn.
        await asyncio.sleep(0)
        await _pay_debt(request, table, viewer, budget)
        if msg.type == WSMsgType.ERROR or request.transport is None:
            break            # (a client gone: what it sent before is not worked on)
        with budget.measure():
            m = _read(msg, bucket, overrun)
        if m is FLOODING:
            log.warning("closing a connection that kept flooding (seat %s)", viewer.seat)
            await _close_flooder(ws, viewer)
            break
        if isinstance(m, protocol.BadMessage):
            await viewer.reply(_refusal(m.code, m.message, table.version))
            continue
        kind = m["type"]
        try:
            if kind == "ping":
                await viewer.reply({"type": "pong", "version": table.version})
            elif kind == "hello":
                raise Refused("bad_message", "already joined")
            elif kind == "replay":
                await _replay_step(request, table, viewer, budget, m["step"])
            elif viewer.seat is None or viewer.seat < 0:
                raise Refused("not_allowed", "spectators watch; they do not play")
            elif kind == "move":
                await table.move(viewer.seat, m["move"], m["version"])
            elif kind == "enter":
                await table.enter_outcome(viewer.seat, m["move"], m["version"])
        except Refused as exc:
            await viewer.reply(_refusal(exc.code, exc.message, table.version))


FLOODING = object()


def _read(msg, bucket, overrun):
    """A message as protocol.parse has it, or BadMessage to answer, or
    FLOODING when the connection must be closed."""
    if msg.type != WSMsgType.TEXT:
        return protocol.BadMessage("bad_message", "messages are JSON text, not binary")
    if not bucket.take():
        if not overrun.take():
            return FLOODING
        return protocol.BadMessage("slow_down", "too many messages; wait a moment")
    try:
        return protocol.parse(msg.data)
    except protocol.BadMessage as exc:
        return exc


async def _close_flooder(ws, viewer):
    try:
        await asyncio.wait_for(_send_refusal(ws, "flooding", "too many messages after "
                                             "slow_down; the connection is closed",
                                             close=True, close_code=CLOSE_FLOODING),
                               CLOSE_WAIT)
    except (asyncio.TimeoutError, ConnectionError, RuntimeError):
        viewer.cut()         # it does not read either: no handshake


async def websocket(request):
    if not _origin_ok(request):
        return _error(403, "bad_origin", "this page comes from another site")
    ws = web.WebSocketResponse(max_msg_size=protocol.MAX_FRAME, heartbeat=30)
    debt = request.app[BUDGET_KEY].address_debt(request.remote)
    if debt > cpu_budget.REFUSE_WEBSOCKET:
        seconds = max(1, int(debt + 0.999))
        return _error(503, "busy", "your address asked this server for too much work just "
                      "now; try again in %d seconds" % seconds,
                      headers={"Retry-After": str(seconds)})
    connections = request.app[CONNECTIONS_KEY]
    full = connections.enter(request.remote)
    if full is not None:
        await _too_many_connections(request, ws, full, connections.per_client)
        return ws
    reading = cpu_budget.MeasuredReading.of(request.transport)
    if reading is None:          # (an app without the server's connection guard: tests)
        cpu_budget.MeasuredReading.install(request.transport,
                                           request.app[BUDGET_KEY].for_connection(request.remote))
        reading = cpu_budget.MeasuredReading.of(request.transport)
    budget = reading.budget if reading is not None else \
        request.app[BUDGET_KEY].for_connection(request.remote)
    if reading is not None:
        reading.pause_in_debt = True
    try:
        await _websocket(request, ws, budget)
    finally:
        connections.leave(request.remote)
    return ws


async def _too_many_connections(request, ws, scope, per_client):
    """The upgrade is made all the same, so that the page can say why
    (a browser sees nothing of a refused upgrade); the page tries again
    after RETRY_SECONDS. A client that does not answer the close is cut."""
    wait = connections_mod.RETRY_SECONDS
    if scope == "address":
        message = ("too many connections from your network are open on this server (at most "
                   "%d); close this table in the tabs or devices that do not need it. This page "
                   "tries again by itself in %d seconds" % (per_client, wait))
    else:
        message = ("this server holds as many connections as it can just now; this page tries "
                   "again by itself in %d seconds" % wait)
    try:
        await asyncio.wait_for(_refuse_early(request, ws, "too_many_connections", message,
                                             connections_mod.CLOSE_TOO_MANY), CLOSE_WAIT)
    except (asyncio.TimeoutError, ConnectionError, RuntimeError):
        _abort(request)()


async def _websocket(request, ws, budget):
    try:
        tables = request.app[TABLES_KEY]
        async with tables.use(request.match_info["table_id"], over_limit=True) as table:
            if request.transport is None:
                return           # the client left while its table loaded: nobody to answer
            _bound_buffers(request)
            await ws.prepare(request)
            await _serve(request, ws, table, tables, budget)
    except UnknownTable:
        await _refuse_early(request, ws, "no_table", "there is no such table", CLOSE_REFUSED)
    except Busy:
        await _refuse_early(request, ws, "busy", "the server is full; try again in a while",
                            CLOSE_TRY_AGAIN)
    except StoreError:
        log.exception("loading a table failed")
        await _refuse_early(request, ws, "unavailable", "the server could not load the table",
                            CLOSE_TRY_AGAIN)


async def _refuse_early(request, ws, code, message, close_code):
    if not ws.prepared:
        if request.transport is None:
            return               # the client is gone already
        await ws.prepare(request)
    if not ws.closed:
        await _send_refusal(ws, code, message, close=True, close_code=close_code)


def _bound_buffers(request):
    """Caps the kernel's buffers of the connection. Sending: with the
    asyncio transport's 64 KiB and the viewer's queue, what one client
    that does not read can make the server hold is bounded (Linux would
    otherwise grow the buffer to tcp_wmem's maximum, 4 MiB by default).
    Receiving: a connection that is not read for a while (its budget is
    in debt) holds back at most this much of what its client sends, so
    the client is slowed down at once and little is left to read when it
    goes (tcp_rmem's maximum is 6 MiB: a quarter of a million messages)."""
    sock = request.transport.get_extra_info("socket") if request.transport else None
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
        except OSError:
            pass


def _abort(request):
    def abort():
        if request.transport is not None:
            request.transport.abort()
    return abort


async def _serve(request, ws, table, tables, budget):
    ok, seat = await _hello(ws, table)
    if not ok:
        return
    if seat == views.SPECTATOR_VIEWER and tables.full:
        # The table's people are always let in, beyond max_tables if need
        # be; a spectator is not, when memory is over the limit.
        await _send_refusal(ws, "busy", "the server is full; try again in a while",
                            close=True, close_code=CLOSE_TRY_AGAIN)
        return
    budget.spectator = not LiveTable.is_seat(seat)
    viewer = Viewer(ws, seat, abort=_abort(request), budget=budget)
    if not await _join(request, ws, table, viewer, budget):
        await viewer.finish()
        return
    try:
        await _messages(request, ws, table, viewer, budget)
    finally:
        table.remove_viewer(viewer)
        await viewer.finish()


async def _join(request, ws, table, viewer, budget):
    """Welcomes the viewer once its budgets are out of debt (waiting up
    to JOIN_WAIT seconds; the connection keeps its place meanwhile), one
    join at a time, so that each sees the debts of the joins before it
    (many connections opened at once would otherwise all find the
    budgets full). False when it was refused ("busy")."""
    deadline = asyncio.get_running_loop().time() + JOIN_WAIT
    budgets = request.app[BUDGET_KEY]
    while True:
        wait = budget.wait()
        if asyncio.get_running_loop().time() + wait > deadline:
            await _send_refusal(ws, "busy", "this server is busy with the pages of your "
                                "address or with spectators just now; this page tries again "
                                "by itself", close=True, close_code=CLOSE_TRY_AGAIN)
            return False
        if wait > 0:
            await asyncio.sleep(min(wait, PAUSE[1]))
            if _client_gone(request):
                return False
            continue
        async with budgets.joins:
            if budget.wait() > 0:
                continue
            async with table.lock:
                with budget.measure():
                    clock_changed = table.add_viewer(viewer)
                    viewer.send(_json({"type": "welcome", "seat": viewer.seat,
                                       "table": table.config.public(table.game_name),
                                       "board": _board(request.app, table)}))
                    viewer.send(_json(views.state_message(table, viewer.seat,
                                                          log=table.log_for(viewer.seat))))
                if clock_changed:
                    table.broadcast(skip=viewer)
        return True


def _json(message):
    """A message as the text sent (made here, so that its cost is measured
    with the work that made it)."""
    return json.dumps(message, separators=(",", ":"))


def make_app(tables, hosts=None, creation=None, connections=None, budget=None):
    app = web.Application(middlewares=[security_headers, known_host],
                          client_max_size=MAX_REQUEST)
    app[TABLES_KEY] = tables
    app[HOSTS_KEY] = hosts or HostCheck()
    app[CREATION_KEY] = creation or CreationLimit()
    app[CONNECTIONS_KEY] = connections or connections_mod.ConnectionCount(
        connections_mod.PER_ADDRESS, connections_mod.websocket_total(
            connections_mod.default_max_connections()))
    app[BUDGET_KEY] = budget or cpu_budget.CpuBudget()
    app[BOARDS_KEY] = {}
    app.router.add_get("/", index)
    app.router.add_get("/t/{table_id}", table_page)
    app.router.add_get("/api/games", games)
    app.router.add_post("/api/tables", create_table)
    app.router.add_get("/ws/{table_id}", websocket)
    app.router.add_get("/static/offline/pkg-files.json", js_package_files)   # before /static/
    app.router.add_get("/static/offline/", offline_page)
    app.router.add_get("/static/offline", offline_page)
    app.router.add_get("/static/offline/pkg/{path:.+}", js_package)
    app.router.add_static("/static/", STATIC, follow_symlinks=False)
    return app

