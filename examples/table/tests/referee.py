"""The tests' referee: replays a table from the store and tells the truth.

The server never shows anyone the omniscient view; the tests need it, to
check that what each seat was shown is exactly its own view and nothing
more. The referee reads the store directly - a SQLite file read-only (WAL
lets it read while the server writes), or a snapshot of any store taken
through the store interface - replays each table's decisions through the
library and answers per version: the omniscient observation and each
seat's observation and events. It also plays for the tests: an easy bot's
suggestion for a seat (fair, like every library bot), and a random outcome
for dice entered at the table.

Used as a module by the Python tests and as a process by the browser test:
    python3 referee.py --db FILE     (one JSON request per line on stdin,
                                       one JSON answer per line on stdout)
"""

import argparse
import json
import random
import sqlite3
import sys

import tablegames

class SQLiteSource:
    """The rows of a SQLite store, read-only (WAL lets the server write on)."""

    def __init__(self, path):
        self.db = sqlite3.connect("file:%s?mode=ro" % path, uri=True, isolation_level=None)

    def table(self, table_id):
        row = self.db.execute("SELECT config, root FROM tables WHERE id = ?",
                              (table_id,)).fetchone()
        if row is None:
            raise KeyError("no table %s" % table_id)
        return json.loads(row[0]), bytes(row[1])

    def decisions(self, table_id, after):
        return self.db.execute("SELECT seq, move, kind, seat FROM decisions WHERE table_id = ? "
                               "AND seq > ? ORDER BY seq", (table_id, after)).fetchall()


class SnapshotSource:
    """The rows of any store, read through the store interface beforehand
    (PostgreSQL: the tests read it with the server's own store class)."""

    def __init__(self, tables, decisions):
        self.tables, self.rows = tables, decisions

    @classmethod
    async def take(cls, store, table_ids):
        tables, rows = {}, {}
        for table_id in table_ids:
            stored = await store.load_table(table_id)
            tables[table_id] = (stored.config, stored.root)
            rows[table_id] = [(d.seq, d.move, d.kind, d.seat)
                              for d in await store.decisions(table_id)]
        return cls(tables, rows)

    def table(self, table_id):
        if table_id not in self.tables:
            raise KeyError("no table %s" % table_id)
        return self.tables[table_id]

    def decisions(self, table_id, after):
        return [r for r in self.rows.get(table_id, []) if r[0] > after]


def own_observation(views, viewer):
    """A viewer's observation in a version's views: a seat's, the public
    one, or the omniscient one (what the replay after the end shows)."""
    if viewer == tablegames.OMNISCIENT:
        return views["omniscient"]
    if viewer == tablegames.PUBLIC:
        return views["public"]["observation"]
    if not 0 <= viewer < len(views["seats"]):
        raise ValueError("no viewer %r" % viewer)
    return views["seats"][viewer]["observation"]


class Replay:
    """One table replayed from its stored decisions, with a view per version."""

    def __init__(self, source, table_id):
        self.source, self.table_id = source, table_id
        self.config, root = source.table(table_id)
        self.state = tablegames.State.load(root)
        self.players = self.state.players
        self.version = 0
        self.views = {0: self._view()}
        self.decisions = []

    def _view(self):
        s = self.state
        view = {
            "version": self.version,
            "current_player": s.current_player,
            "terminal": s.is_terminal,
            "winners": s.winners,
            "omniscient": s.observation(tablegames.OMNISCIENT),
            "omniscient_events": s.events(tablegames.OMNISCIENT),
            "seats": [{"observation": s.observation(p), "events": s.events(p)}
                      for p in range(self.players)],
            "public": {"observation": s.observation(tablegames.PUBLIC),
                       "events": s.events(tablegames.PUBLIC)},
        }
        if not s.is_terminal and not s.is_chance:
            view["moves"] = [{"id": int(m), "text": m.text} for m in s.legal_moves()]
        return view

    def advance(self):
        for seq, move, kind, seat in self.source.decisions(self.table_id, self.version):
            assert seq == self.version + 1, (seq, self.version)
            if kind == "drawn":
                drawn = self.state.sample_chance()
                assert int(drawn) == move, "drawn %d, stored %d" % (int(drawn), move)
            self.state.apply(move)
            self.version = seq
            self.decisions.append({"seq": seq, "move": move, "kind": kind, "seat": seat})
            self.views[seq] = self._view()
        return self.version


# Every field a state message may have (views.state_message).
STATE_FIELDS = {"type", "version", "observation", "events", "turn", "thinking", "moves",
                "chance", "log", "entered_by", "clock", "timed_out", "ran_out"}


def _joined(values):
    return ",".join(str(v) for v in values)


def knowledge_marks(game, obs):
    """Every knowledge mark an observation carries, as the board draws it:
    one per piece on the board that the viewer knows something about."""
    marks = {}
    if game == "witches_dance":
        for i, colour in enumerate(obs["known_color"]):
            if obs["circle"][i] and colour:
                marks["hat:%d" % i] = colour
    elif game == "bewitched":
        for book in obs["books"]:      # every book lies somewhere on the board
            if book["page"]:
                marks["page:%d" % book["book"]] = book["page"]
            if book["seen_by"]:
                marks["read:%d" % book["book"]] = _joined(book["seen_by"])
        for snake in obs["snakes"]:
            if snake["in_play"] and snake["deadly"]:
                marks["deadly:%d" % snake["snake"]] = "deadly"
            if snake["in_play"] and snake["touched_by"]:
                marks["touched:%d" % snake["snake"]] = _joined(snake["touched_by"])
        for i, frog in enumerate(obs["frogs"]):
            if frog["at"] is not None and frog["magnetic"]:
                marks["magnetic:%d" % i] = "magnetic"
    elif game == "spinning_wishes":
        for t, tower in enumerate(obs["towers"]):
            if tower["present"]:
                marks["present:%d" % t] = tower["present"]
            if tower["not_for"]:
                marks["not_for:%d" % t] = _joined(tower["not_for"])
    return marks


class Referee:
    def __init__(self, db, seed=12345):
        """db: a SQLite file's path, or a source (SnapshotSource)."""
        self.db = SQLiteSource(db) if isinstance(db, str) else db
        self.replays = {}
        self.bots = {}
        self.rng = random.Random(seed)

    def replay(self, table_id):
        if table_id not in self.replays:
            self.replays[table_id] = Replay(self.db, table_id)
        r = self.replays[table_id]
        r.advance()
        return r

    def views(self, table_id, version=None):
        r = self.replay(table_id)
        if version is None:
            version = r.version
        if version not in r.views:
            raise KeyError("table %s has no version %d (it is at %d)" % (table_id, version, r.version))
        return r.views[version]

    def problems(self, table_id, seat, msg):
        """What is wrong with a state message a seat (or the spectator,
        tablegames.PUBLIC) received: anything that is not exactly that
        viewer's own view at that version."""
        out = []
        if set(msg) - STATE_FIELDS:
            out.append("unexpected fields %s" % sorted(set(msg) - STATE_FIELDS))
        truth = self.views(table_id, msg["version"])
        own = truth["public"] if seat == tablegames.PUBLIC else truth["seats"][seat]
        if msg["observation"] != own["observation"]:
            out.append("observation is not the viewer's own")
        if msg["events"] != own["events"]:
            out.append("events are not the viewer's own")
        out += self._log_problems(table_id, seat, msg)
        if seat == tablegames.PUBLIC:
            for key in ("moves", "chance"):
                if msg.get(key):
                    out.append("%s sent to a spectator" % key)
            return out
        if truth["current_player"] == seat:
            if msg.get("moves") != truth["moves"]:
                out.append("moves differ from the legal moves")
        elif "moves" in msg:
            out.append("moves sent to a seat that is not to move")
        return out

    def _log_problems(self, table_id, viewer, msg):
        """Each log entry must be what that viewer (a seat, or the public
        viewer for a spectator) saw at that version, and a time that ran
        out a seat's (public: whose)."""
        out = []
        seats = len(self.replay(table_id).config["seats"])
        for entry in msg.get("log", []):
            truth = self.views(table_id, entry.get("version", -1)) \
                if 0 < entry.get("version", -1) <= msg["version"] else None
            own = None if truth is None else \
                truth["public"] if viewer == tablegames.PUBLIC else truth["seats"][viewer]
            if set(entry) - {"timed_out"} != {"version", "events"} or own is None \
                    or entry["events"] != own["events"] \
                    or entry.get("timed_out", 0) not in range(seats):
                out.append("log entry %s is not the viewer's own" % entry.get("version"))
        return out

    def welcome_problems(self, table_id, seat, msg):
        """What is wrong with a welcome: it must say the seat, the public
        table (no key, no hash) and the library's board, nothing else."""
        r = self.replay(table_id)
        out = []
        if set(msg) != {"type", "seat", "table", "board"}:
            out.append("unexpected fields %s" % sorted(set(msg)))
        if msg.get("seat") != seat:
            out.append("welcome names seat %r" % msg.get("seat"))
        if msg.get("board") != r.state.game.board():
            out.append("board is not the library's")
        for s in msg.get("table", {}).get("seats", []):
            if set(s) != {"seat", "kind", "name", "level"}:
                out.append("seat entry with fields %s" % sorted(s))
        return out

    def dom_facts(self, table_id, seat, version):
        """The board's hidden-fact attributes as this seat (or the public
        viewer, or the omniscient one: the replay after the end) must see them:
        [{selector, attr, expect, secret}], where secret is the truth when
        the seat may not know it (seeing it in the page would be a leak)."""
        v = self.views(table_id, version)
        mine, omni = own_observation(v, seat), v["omniscient"]
        game = self.replay(table_id).config["game"]
        facts = []

        def fact(selector, attr, expect, truth):
            facts.append({"selector": selector, "attr": attr, "expect": expect,
                          "secret": truth if truth != expect else None})

        if game == "witches_dance":
            for i, hat in enumerate(mine["circle"]):
                if hat:
                    fact('.pieces .hat[data-key="space:%d"]' % i, "data-colour",
                         mine["known_color"][i] or "unknown", omni["circle"][i])
        elif game == "bewitched":
            word = {True: "yes", False: "no", None: "unknown"}
            for i, f in enumerate(mine["frogs"]):
                if f["at"] is not None:
                    fact('[data-key="frog:%d"]' % i, "data-magnetic", word[f["magnetic"]],
                         word[omni["frogs"][i]["magnetic"]])
            for n, snake in enumerate(mine["snakes"]):
                if snake["in_play"]:
                    fact('[data-snake="%d"]' % n, "data-deadly", word[snake["deadly"]],
                         word[omni["snakes"][n]["deadly"]])
            for b, book in enumerate(mine["books"]):
                if book["where"] != "gone":
                    fact('[data-book="%d"]' % book["book"], "data-page", book["page"] or "unknown",
                         omni["books"][b]["page"] or "unknown")
        elif game == "spinning_wishes":
            for t, tower in enumerate(mine["towers"]):
                fact('[data-tower="%d"]' % t, "data-present", tower["present"] or "unknown",
                     omni["towers"][t]["present"] or "unknown")
        return facts

    def marks(self, table_id, viewer, version):
        """The knowledge marks the board must draw for viewer (a seat or
        tablegames.PUBLIC) at version, {data-known: data-value}, read from
        that viewer's own observation (knowledge.js draws them)."""
        v = self.views(table_id, version)
        return knowledge_marks(self.replay(table_id).config["game"], own_observation(v, viewer))

    def suggest(self, table_id, seat):
        r = self.replay(table_id)
        if r.state.current_player != seat:
            raise ValueError("seat %d is not to move (player %d)" % (seat, r.state.current_player))
        key = (table_id, seat)
        if key not in self.bots:
            self.bots[key] = tablegames.Bot(r.state.game, seat, "easy",
                                            seed=self.rng.randrange(2 ** 32))
        move = self.bots[key].choose(r.state)
        return {"version": r.version, "move": int(move), "text": move.text}

    def outcome(self, table_id):
        r = self.replay(table_id)
        move = r.state.sample_chance(self.rng)
        return {"version": r.version, "move": int(move), "text": move.text}

    def decisions(self, table_id):
        return self.replay(table_id).decisions

    def answer(self, request):
        cmd = request.get("cmd")
        if cmd == "views":
            return self.views(request["table"], request.get("version"))
        if cmd == "suggest":
            return self.suggest(request["table"], request["seat"])
        if cmd == "outcome":
            return self.outcome(request["table"])
        if cmd == "problems":
            return self.problems(request["table"], request["seat"], request["msg"])
        if cmd == "welcome_problems":
            return self.welcome_problems(request["table"], request["seat"], request["msg"])
        if cmd == "dom_facts":
            return self.dom_facts(request["table"], request["seat"], request["version"])
        if cmd == "marks":
            return self.marks(request["table"], request["viewer"], request["version"])
        if cmd == "decisions":
            return self.decisions(request["table"])
        raise ValueError("unknown command %r" % cmd)


def serve(answer):
    """Answers one JSON request per line of stdin on stdout, as a process."""
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = {"ok": True, "result": answer(json.loads(line))}
        except Exception as exc:  # the test prints it; the referee keeps serving
            reply = {"ok": False, "error": "%s: %s" % (type(exc).__name__, exc)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--db", required=True)
    args = p.parse_args()
    serve(Referee(args.db).answer)


if __name__ == "__main__":
    main()
