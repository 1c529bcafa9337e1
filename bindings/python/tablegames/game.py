"""Game: one game of the catalogue with its options fixed."""

from __future__ import annotations

import ctypes
import json
from typing import TYPE_CHECKING, Any, Dict, Mapping, Optional, Tuple, Union

from . import _ffi
from ._handle import Handle, both_locked, c_int, c_text, out_text, serialized
from ._loader import Library, library
from .catalogue import GameInfo, info_from_pointer
from .errors import BadOption, InvalidArgument

if TYPE_CHECKING:
    from .state import State

# The value of one option: a number, a yes/no or a choice's name.
OptionValue = Union[int, float, bool, str]

_ERRBUF_SIZE = 512
# tg_game_format_version()'s layouts (TG_FORMAT_*), by the names
# Game.format_versions uses.
FORMAT_OBSERVATION_TENSOR, FORMAT_INFORMATION_KEY, FORMAT_OBSERVATION_JSON = 0, 1, 2
FORMAT_INFORMATION_TENSOR = 3  # 1.4
FORMATS = {"observation_tensor": FORMAT_OBSERVATION_TENSOR,
           "information_key": FORMAT_INFORMATION_KEY,
           "observation_json": FORMAT_OBSERVATION_JSON,
           "information_tensor": FORMAT_INFORMATION_TENSOR}
# How a game that ends with no winner is scored (TG_DRAW_*, 1.4): "zero"
# gives everyone 0 as State.returns does; "shared" gives each of n players
# 1/n, so that every game sums to 1 (constant-sum).
DRAWS = {"zero": 0, "shared": 1}


def c_index(value: object, what: str) -> int:
    """A Python int that fits a C uint32_t (an action or a move id)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be int, not %s" % (what, type(value).__name__))
    if not 0 <= value < 2 ** 32:
        raise InvalidArgument("%s %d is out of range" % (what, value))
    return value


def draw_arg(draw: str) -> int:
    try:
        return DRAWS[draw]
    except (KeyError, TypeError):
        raise InvalidArgument("draw must be one of %s, not %r" % (", ".join(DRAWS), draw)) \
            from None


def _option_value(key: str, value: object) -> str:
    if isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, (int, float, str)):
        text = str(value)
    else:
        raise TypeError("option %s: expected int, float, bool or str, not %s"
                        % (key, type(value).__name__))
    # A separator inside a value would smuggle in another option.
    if any(ch in text for ch in ",=\0"):
        raise BadOption("option %s: value %r contains ',', '=' or NUL" % (key, text))
    return text


def options_string(options: Union[str, Mapping[str, OptionValue], None] = None,
                   players: Optional[int] = None,
                   kwargs: Optional[Mapping[str, OptionValue]] = None) -> str:
    """The C options string. A str goes to C exactly as given, so that C
    refuses what the C API refuses (a key given twice, an empty item, a
    string over the length limit); players= and keywords are appended to
    it. A dict and keywords are joined, keywords overriding the dict."""
    pairs: Dict[str, Any] = {}
    text: Optional[str] = None
    if isinstance(options, str):
        text = c_text(options, "options", BadOption).decode("utf-8")
    elif isinstance(options, dict):
        pairs.update(options)
    elif options is not None:
        raise TypeError("options must be a str or dict, not %s" % type(options).__name__)
    if players is not None:
        pairs["players"] = players
    pairs.update(kwargs or {})
    parts = [] if not text else [text]
    for key, value in pairs.items():
        if not isinstance(key, str):
            raise TypeError("option names must be str")
        if not key or any(ch in key for ch in ",=\0"):
            raise BadOption("bad option name %r" % key)
        parts.append("%s=%s" % (key, _option_value(key, value)))
    return ",".join(parts)


@serialized
class Game(Handle):
    """A game with fixed options, e.g. Game("witches_dance", players=3).

    Options may also be passed as one string ("players=3,first=1") or a dict
    as the second positional argument. Immutable; close() or a with block
    releases it early, though states made from it keep working."""

    _free_function = "tg_game_free"
    _kind = "game"

    def __init__(self, game_id: str, options: Union[str, Mapping[str, OptionValue], None] = None,
                 /, *, players: Optional[int] = None, **kwargs: OptionValue) -> None:
        lib = library()
        opts = options_string(options, players, kwargs)
        out = _ffi.GameP()
        err = ctypes.create_string_buffer(_ERRBUF_SIZE)
        status = lib.dll.tg_game_new(c_text(game_id, "game id"), opts.encode("utf-8"),
                                     None, ctypes.byref(out), err, _ERRBUF_SIZE)
        lib.check(status, err.value.decode("utf-8", "replace"))
        super().__init__(lib, out)

    @classmethod
    def _of_borrowed(cls, lib: Library, game_ptr: Any) -> Game:
        """The very game behind a borrowed tg_game * (e.g. a loaded state's),
        held by a reference of its own (tg_game_ref)."""
        obj = cls.__new__(cls)
        Handle.__init__(obj, lib, lib.dll.tg_game_ref(game_ptr))
        return obj

    @property
    def id(self) -> str:
        return str(self._lib.dll.tg_game_id(self._handle()).decode("utf-8"))

    @property
    def info(self) -> GameInfo:
        """The catalogue entry (a tablegames.GameInfo)."""
        return info_from_pointer(self._lib, self._lib.dll.tg_game_get_info(self._handle()))

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def options_string(self) -> str:
        """Every option with its value, e.g. "players=3,first=0"."""
        return str(self._lib.dll.tg_game_options(self._handle()).decode("utf-8"))

    @property
    def options(self) -> Dict[str, str]:
        """Every option with its value, as a dict of strings."""
        text = self.options_string
        return dict(part.split("=", 1) for part in text.split(",") if part)

    @property
    def players(self) -> int:
        return int(self._lib.dll.tg_game_players(self._handle()))

    @property
    def move_count(self) -> int:
        return int(self._lib.dll.tg_game_move_count(self._handle()))

    @property
    def max_legal_moves(self) -> int:
        return int(self._lib.dll.tg_game_max_legal_moves(self._handle()))

    @property
    def max_chance_outcomes(self) -> int:
        return int(self._lib.dll.tg_game_max_chance_outcomes(self._handle()))

    @property
    def max_length(self) -> int:
        return int(self._lib.dll.tg_game_max_length(self._handle()))

    # ---- research calls (library 1.3) ----------------------------------------

    @property
    def player_move_count(self) -> int:
        """Ids of the move space a player's decision can be (OpenSpiel's
        num_distinct_actions); the rest are chance outcomes. Player ids are
        not contiguous in every game: size masks with move_count."""
        return int(self._lib.dll.tg_game_player_move_count(self._handle()))

    @property
    def chance_outcome_count(self) -> int:
        """Ids of the move space that are chance outcomes."""
        return int(self._lib.dll.tg_game_chance_outcome_count(self._handle()))

    def move_is_chance(self, move: int) -> bool:
        """Whether an id of the move space is a chance outcome (else a
        player's move, in every position); InvalidArgument beyond it."""
        if isinstance(move, bool) or not isinstance(move, int):
            raise TypeError("a move id is an int, not %s" % type(move).__name__)
        if not 0 <= move < self.move_count:
            raise InvalidArgument("move id %d is not below move_count %d"
                                  % (move, self.move_count))
        return bool(self._lib.check(self._lib.dll.tg_game_move_is_chance(self._handle(), move)))

    @property
    def observation_tensor_shape(self) -> Tuple[int, ...]:
        """The observation tensor's shape, outermost first (its product is
        the tensor's size); flat, (size,), for every game of 1.3."""
        cap, rank = 8, ctypes.c_size_t()
        shape = (ctypes.c_size_t * cap)()
        self._lib.check(self._lib.dll.tg_game_observation_tensor_shape(
            self._handle(), shape, cap, ctypes.byref(rank)))
        return tuple(int(d) for d in shape[:rank.value])

    @property
    def observation_tensor_size(self) -> int:
        return int(self._lib.dll.tg_game_observation_tensor_size(self._handle()))

    @property
    def length_bound(self) -> int:
        """A true upper bound on the decisions (moves and chance outcomes)
        of any game with these options, derived from the rules in each rule
        page; never above max_length, the cap at which the library ends a
        game, and equal to it for a game that can go round in circles."""
        return int(self._lib.dll.tg_game_length_bound(self._handle()))

    @property
    def utility_range(self) -> Tuple[float, float]:
        """(least, largest) value a player's return can take."""
        lo, hi = ctypes.c_double(), ctypes.c_double()
        self._lib.check(self._lib.dll.tg_game_utility_range(self._handle(), ctypes.byref(lo),
                                                            ctypes.byref(hi)))
        return (float(lo.value), float(hi.value))

    @property
    def has_hidden_information(self) -> bool:
        """Whether some state shows a player less than the referee sees."""
        return bool(self._lib.check(self._lib.dll.tg_game_has_hidden_information(
            self._handle())))

    # ---- research calls (library 1.4) ----------------------------------------

    @property
    def information_tensor_size(self) -> int:
        """Floats in an information-state tensor (State.information_tensor)."""
        return int(self._lib.dll.tg_game_information_tensor_size(self._handle()))

    def action_move(self, who: int, action: int) -> int:
        """The move id of a player's action (who a seat) or of a chance
        outcome (who CHANCE), in the one numbering of tablegames.actions."""
        out = _ffi.MoveId()
        self._lib.check(self._lib.dll.tg_game_action_move(
            self._handle(), c_int(who, "action_move: who"),
            c_index(action, "action_move: action"), ctypes.byref(out)))
        return int(out.value)

    def move_action(self, move: int) -> int:
        """The action (a player's id) or outcome number (a chance id) of a
        move id; move_is_chance() says which."""
        out = ctypes.c_uint32()
        self._lib.check(self._lib.dll.tg_game_move_action(
            self._handle(), c_index(move, "move_action: move"), ctypes.byref(out)))
        return int(out.value)

    def utility_sum(self, draw: str = "zero") -> Optional[float]:
        """The sum of every finished game's utilities when games are scored
        with draw (State.utilities), or None when it is not the same in
        every game (with "zero", a game with no winner sums to 0)."""
        total = ctypes.c_double()
        constant = self._lib.check(self._lib.dll.tg_game_utility_sum(
            self._handle(), draw_arg(draw), ctypes.byref(total)))
        return float(total.value) if constant else None

    def format_version(self, layout: int) -> int:
        """The format number of a stored layout: FORMAT_OBSERVATION_TENSOR,
        FORMAT_INFORMATION_KEY or FORMAT_OBSERVATION_JSON."""
        if isinstance(layout, bool) or not isinstance(layout, int):
            raise TypeError("a layout is an int, not %s" % type(layout).__name__)
        if layout not in FORMATS.values():
            raise InvalidArgument("unknown layout %d (known: %s)" % (
                layout, ", ".join("%s %d" % kv for kv in FORMATS.items())))
        return int(self._lib.check(self._lib.dll.tg_game_format_version(self._handle(),
                                                                        layout)))

    @property
    def format_versions(self) -> Dict[str, int]:
        """Every layout's format number, by name: {"observation_tensor": 1, ...}."""
        return {name: self.format_version(layout) for name, layout in FORMATS.items()}

    @property
    def state_size(self) -> int:
        return int(self._lib.dll.tg_game_state_size(self._handle()))

    def board(self) -> Dict[str, Any]:
        """The board's layout for drawing it, as a dict."""
        board: Dict[str, Any] = json.loads(out_text(self._lib, self._lib.dll.tg_game_board_json,
                                   self._handle()))
        return board

    def new_state(self, seed: int = 0) -> State:
        """The initial state; the same seed gives the same game."""
        from .state import State
        return State(self, seed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        with both_locked(self, other):
            return self.id == other.id and self.options_string == other.options_string

    def __hash__(self) -> int:
        return hash((self.id, self.options_string))

    def __repr__(self) -> str:
        if self.closed:
            return "<tablegames.Game closed>"
        return "Game(%r, %r)" % (self.id, self.options_string)
