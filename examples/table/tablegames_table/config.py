"""A table's configuration: which game, its options, who sits where.

A request to create a table is checked here piece by piece, each problem
named in a clear message (TableRequestError); the library then makes the
game from the options and refuses anything the catalogue's types cannot
express. The configuration is stored as plain JSON values (to_record).
"""

import dataclasses
import re
import unicodedata
from typing import Optional, Tuple

import tablegames

from . import seats, turn_clock

MAX_NAME = 32        # code points (a joined emoji counts as its parts: 👩‍👧 is 3)
MAX_MARKS = 4        # combining marks on one letter ("Zalgo" text spills over the page)
# Invisible format characters that belong in ordinary names: the joiners of
# emoji and scripts (ZWJ, ZWNJ) and the tags of flag emoji such as
# England's. Every other format character (bidi overrides and isolates,
# which can make a name read backwards, zero-width spaces, BOM) is refused.
_NAME_FORMAT = {0x200C, 0x200D} | set(range(0xE0020, 0xE0080))
_REFUSED_CATEGORIES = {"Cc", "Cs", "Co", "Cn", "Zl", "Zp"}
MAX_OPTION_VALUE = 16
BOT_LEVELS = ("easy", "medium", "hard")
_VALUE = re.compile(r"^[A-Za-z0-9._-]+$")


class TableRequestError(ValueError):
    """A request to create a table that cannot be honoured; the message
    says what to change."""


@dataclasses.dataclass(frozen=True)
class Seat:
    kind: str                        # "person" or "bot"
    name: str
    level: Optional[str] = None      # bots: one of BOT_LEVELS
    secret_hash: Optional[str] = None  # persons: seats.hash_secret(secret)

    @property
    def is_person(self):
        return self.kind == "person"


@dataclasses.dataclass(frozen=True)
class TableConfig:
    game_id: str
    options: str                     # the library's canonical options string
    seats: Tuple[Seat, ...]
    companion: bool                  # dice at the table: people enter chance outcomes
    clock: Optional[dict] = dataclasses.field(default=None, hash=False)  # turn_clock.py

    def to_record(self):
        rec = {"game": self.game_id, "options": self.options, "companion": self.companion,
               "seats": [dataclasses.asdict(s) for s in self.seats]}
        if self.clock is not None:
            rec["clock"] = dict(self.clock)
        return rec

    @classmethod
    def from_record(cls, rec):
        return cls(game_id=rec["game"], options=rec["options"], companion=bool(rec["companion"]),
                   seats=tuple(Seat(**s) for s in rec["seats"]), clock=rec.get("clock"))

    def public(self, game_name):
        """What every seat may know about the table (no secrets, no hashes)."""
        return {"game": self.game_id, "name": game_name, "options": self.options,
                "companion": self.companion, "clock": self.clock,
                "seats": [{"seat": i, "kind": s.kind, "name": s.name, "level": s.level}
                          for i, s in enumerate(self.seats)]}


def _name(value, what):
    """A person's or computer's name: any letters, digits, punctuation,
    spaces and emoji (joined emoji and variation selectors included), at
    most MAX_NAME code points; no control, private-use, unassigned or
    bidi characters."""
    if not isinstance(value, str):
        raise TableRequestError("%s must be text" % what)
    value = unicodedata.normalize("NFC", value.strip())
    if len(value) > MAX_NAME:
        raise TableRequestError("%s is longer than %d characters" % (what, MAX_NAME))
    marks = 0
    for ch in value:
        category = unicodedata.category(ch)
        if category in _REFUSED_CATEGORIES or (category == "Cf" and ord(ch) not in _NAME_FORMAT):
            raise TableRequestError("%s contains an invisible or control character (U+%04X)"
                                    % (what, ord(ch)))
        marks = marks + 1 if category in ("Mn", "Me") and ord(ch) not in (0xFE0E, 0xFE0F) else 0
        if marks > MAX_MARKS:
            raise TableRequestError("%s has more than %d marks on one letter" % (what, MAX_MARKS))
    return value


def _option_text(info, name, value):
    opt = info.option(name)
    if opt is None:
        known = ", ".join(o.name for o in info.options if o.name != "players")
        raise TableRequestError("%s has no option %r (it has: %s)" % (info.name, name, known))
    if isinstance(value, bool):
        value = "yes" if value else "no"
    elif isinstance(value, (int, float)):
        value = repr(value) if isinstance(value, float) else str(value)
    if not isinstance(value, str) or not _VALUE.match(value) or len(value) > MAX_OPTION_VALUE:
        raise TableRequestError("option %s: %r is not a value (allowed: %s)"
                                % (name, value, opt.allowed))
    return value


def _seat(index, raw):
    if not isinstance(raw, dict):
        raise TableRequestError("seat %d must be an object" % (index + 1))
    unknown = set(raw) - {"kind", "name", "level"}
    if unknown:
        raise TableRequestError("seat %d: unknown field %s" % (index + 1, sorted(unknown)[0]))
    kind = raw.get("kind")
    if kind not in ("person", "bot"):
        raise TableRequestError("seat %d: kind must be \"person\" or \"bot\"" % (index + 1))
    default = "Computer %d" % (index + 1) if kind == "bot" else "Player %d" % (index + 1)
    name = _name(raw.get("name") or default, "seat %d's name" % (index + 1)) or default
    level = None
    if kind == "bot":
        level = raw.get("level", "easy")
        if level not in BOT_LEVELS:
            raise TableRequestError("seat %d: level must be one of %s"
                                    % (index + 1, ", ".join(BOT_LEVELS)))
    elif "level" in raw:
        raise TableRequestError("seat %d: a person has no level" % (index + 1))
    return Seat(kind=kind, name=name, level=level)


def parse_request(body):
    """Checks a create-table request (a dict from JSON) and returns
    (TableConfig without secrets, tablegames.Game, [seat numbers of persons])."""
    if not isinstance(body, dict):
        raise TableRequestError("the request must be a JSON object")
    unknown = set(body) - {"game", "options", "seats", "companion", "clock"}
    if unknown:
        raise TableRequestError("unknown field %s" % sorted(unknown)[0])
    game_id = body.get("game")
    if not isinstance(game_id, str):
        raise TableRequestError("game must be a catalogue id such as \"witches_dance\"")
    try:
        info = tablegames.game_info(game_id)
    except (tablegames.UnknownGame, ValueError):
        ids = ", ".join(g.id for g in tablegames.games())
        raise TableRequestError("there is no game %r (games: %s)" % (game_id, ids)) from None
    raw_seats = body.get("seats")
    if not isinstance(raw_seats, list):
        raise TableRequestError("seats must be a list, one entry per player")
    if not info.min_players <= len(raw_seats) <= info.max_players:
        raise TableRequestError("%s is for %d to %d players, not %d"
                                % (info.name, info.min_players, info.max_players, len(raw_seats)))
    table_seats = [_seat(i, s) for i, s in enumerate(raw_seats)]
    if not any(s.is_person for s in table_seats):
        raise TableRequestError("at least one seat must be a person")
    options = body.get("options", {})
    if not isinstance(options, dict) or len(options) > len(info.options):
        raise TableRequestError("options must be an object of option names and values")
    pairs = ["players=%d" % len(table_seats)]
    for name, value in options.items():
        if name == "players":
            raise TableRequestError("players follows from the seats; leave it out")
        pairs.append("%s=%s" % (name, _option_text(info, name, value)))
    try:
        game = tablegames.Game(game_id, ",".join(pairs))
    except tablegames.BadOption as exc:
        raise TableRequestError("bad option: %s" % exc.message) from None
    companion = body.get("companion", False)
    if not isinstance(companion, bool):
        raise TableRequestError("companion must be true or false")
    clock = turn_clock.check_settings(body.get("clock"), TableRequestError)
    config = TableConfig(game_id=game_id, options=game.options_string,
                         seats=tuple(table_seats), companion=companion, clock=clock)
    return config, game, [i for i, s in enumerate(table_seats) if s.is_person]


def with_secrets(config):
    """The configuration with a fresh secret per person seat, and the
    secrets themselves (to hand out once, never stored)."""
    new_seats, secrets_by_seat = [], {}
    for i, seat in enumerate(config.seats):
        if seat.is_person:
            secret = seats.new_secret()
            secrets_by_seat[i] = secret
            seat = dataclasses.replace(seat, secret_hash=seats.hash_secret(secret))
        new_seats.append(seat)
    return dataclasses.replace(config, seats=tuple(new_seats)), secrets_by_seat


def catalogue_json():
    """The catalogue as the lobby shows it."""
    out = []
    for info in tablegames.games():
        out.append({
            "id": info.id, "name": info.name, "summary": info.summary,
            "min_players": info.min_players, "max_players": info.max_players,
            "options": [{"name": o.name, "type": o.type, "default": o.default,
                         "allowed": o.allowed, "description": o.description,
                         "min": o.min, "max": o.max, "choices": list(o.choices)}
                        for o in info.options if o.name != "players"],
        })
    return {"games": out, "bot_levels": list(BOT_LEVELS)}
