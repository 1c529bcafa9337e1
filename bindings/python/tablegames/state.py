"""State: a position of one game, its decisions, chance, undo and views."""

from __future__ import annotations

import ctypes
import json
import weakref
from array import array
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Protocol, Tuple, Union

from . import _ffi
from ._handle import (Handle, both_locked, c_int, c_seed, c_text, out_buffer, out_text,
                      own_locking, serialized)
from ._loader import Library, library
from .errors import IllegalMove, InvalidArgument, Mismatch, ParseError
from .game import Game, draw_arg
from .step import DRAWN, PLAIN_INT_LIMIT, StepView, new_view
from .buffers import c_bytes, c_floats, checked_view, refuse_buffer, require_numpy
from .viewers import CHANCE, OMNISCIENT, TURNS, viewer_arg

BUFFER_TOO_SMALL = -6
_ERRBUF_SIZE = 512
_MOVE_LIMIT = 2 ** 32
TABLE_SEATS = 8  # TG_MAX_PLAYERS, frozen for 1.x

# A move as the methods take it: an id (a Move is one), or its notation.
MoveLike = Union[int, str, bytes, bytearray]
# What observation() and events() return: parsed JSON, described per game in
# docs/rules/<game>.md.
Json = Dict[str, Any]


class RandomSource(Protocol):
    """Anything with random() -> [0, 1), e.g. random.Random."""

    def random(self) -> float: ...


class Move(int):
    """A move id that also carries its notation: Move(14, "14").

    It can be passed wherever an id is expected: it hashes as its id and
    compares equal to the int it is; str() gives the notation. The same id
    can mean another move in another position (Bewitched's ids depend on
    the dice), so a Move a state hands out is made for that position
    (``origin``): apply() and step() refuse it in another position
    (IllegalMove: a list kept from before a roll, a clone that went its own
    way) or game (Mismatch), and two Moves made for different positions are
    not equal, so ``move in state.legal_moves()`` is False for a stale or
    foreign Move. A Move made by hand (no origin) is refused only when its
    notation differs from what its id means where it is played. A plain int
    stays the raw API: it is taken as the id it is."""

    text: str
    origin: Optional[MoveOrigin]

    def __new__(cls, move_id: int, text: str, origin: Optional[MoveOrigin] = None) -> Move:
        obj = int.__new__(cls, move_id)
        obj.text = text
        obj.origin = origin
        return obj

    def __getnewargs__(self) -> Tuple[int, str]:  # type: ignore[override]
        return (int(self), self.text)

    def __repr__(self) -> str:
        return "Move(%d, %r)" % (int(self), self.text)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move) and not _same_origin(self.origin, other.origin):
            return False
        return int.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = int.__hash__

    def __str__(self) -> str:
        return self.text


class MoveOrigin(NamedTuple):
    """Where a Move was made: the state (by id(), for messages: the object
    is not kept alive), its move number and history length then, and since
    1.4 the game (its name and options) and the position's key
    (tg_state_position_key(): a digest of hidden facts too, so repr()
    leaves it out; do not show it to a player)."""

    state: int
    move_number: int
    history_length: int
    game: str = ""
    key: Optional[int] = None

    def describe(self) -> str:
        return "state 0x%x at move %d (history length %d)" % (
            self.state, self.move_number, self.history_length)

    def __repr__(self) -> str:
        return "MoveOrigin(state=0x%x, move_number=%d, history_length=%d, game=%r)" % (
            self.state, self.move_number, self.history_length, self.game)


def _same_origin(a: Optional[MoveOrigin], b: Optional[MoveOrigin]) -> bool:
    """Whether two Moves' origins are one position (or either is unknown)."""
    if a is None or b is None or a.key is None or b.key is None:
        return True
    return a.key == b.key and a.game == b.game


def _move_id(move: object) -> int:
    if isinstance(move, bool) or not isinstance(move, int):
        raise TypeError("a move is an int id or its text, not %s" % type(move).__name__)
    if not 0 <= move < _MOVE_LIMIT:
        raise IllegalMove("move id %d is out of range" % move)
    return move


def _last_error(lib: Library, ptr: Any) -> str:
    return str(lib.dll.tg_state_last_error(ptr).decode("utf-8", "replace"))


def _step_refusal(lib: Library, ptr: Any) -> Callable[[int], int]:
    """What the C view calls for a failed step: State._check without the
    State (the view refers to nothing that refers back to it)."""
    def fail(status: int) -> int:
        return lib.check(status, lambda: _last_error(lib, ptr))
    return fail


def _has_observe_calls(lib: Library) -> bool:
    """Whether the library has every call State.observe() makes (1.3)."""
    return all(hasattr(lib.dll, name) for name in (
        "tg_state_observation_tensor", "tg_state_legal_mask", "tg_state_information_key"))


def _save_bytes(data: object) -> Tuple[Any, int]:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("saved data must be bytes, not %s" % type(data).__name__)
    data = bytes(data)
    return (ctypes.c_ubyte * len(data)).from_buffer_copy(data), len(data)


@serialized
class State(Handle):
    """A position with its RNG and undo history: State(game, seed=0)."""

    _free_function = "tg_state_free"
    _kind = "state"

    def __init__(self, game: Game, seed: int = 0) -> None:
        if not isinstance(game, Game):
            raise TypeError("State() needs a tablegames.Game, not %s" % type(game).__name__)
        lib = library()
        out = _ffi.StateP()
        with game._lock:
            lib.check(lib.dll.tg_state_new(game._handle(), c_seed(seed), ctypes.byref(out)))
        super().__init__(lib, out)
        self._game: Optional[Game] = game
        self._ids: Optional[Tuple[Any, int, ctypes.c_size_t]] = None
        self._view: Optional[StepView] = None
        self._c_step: Optional[Callable[..., StepView]] = None
        self._c_observe: Optional[Callable[[object, Any, Any], int]] = None
        self._identity: Optional[str] = None

    @classmethod
    def _adopt(cls, lib: Library, ptr: Any, game: Optional[Game] = None) -> State:
        obj = cls.__new__(cls)
        Handle.__init__(obj, lib, ptr)
        obj._game = game
        obj._ids = None
        obj._view = None
        obj._c_step = None
        obj._c_observe = None
        obj._identity = None
        return obj

    # ---- calls and errors ------------------------------------------------

    def _fail_message(self) -> str:
        return _last_error(self._lib, self._ptr)

    def _check(self, status: int) -> int:
        """Checks a call on this state: every failing one leaves its message
        in the state (tg_state_last_error), read-only calls included."""
        return self._lib.check(status, self._fail_message)

    def _moves(self, fill: Callable[[Any, int, Any], int], cap: int) -> Tuple[Any, int]:
        """Runs a tg_state_* call that fills a move array, growing it when
        the library reports that it needs more room."""
        count = ctypes.c_size_t()
        while True:
            buf = (_ffi.MoveId * max(cap, 1))()
            status = fill(buf, cap, ctypes.byref(count))
            if status == BUFFER_TOO_SMALL and count.value > cap:
                cap = count.value
                continue
            self._check(status)
            return buf, count.value

    # ---- the game and who is to play -------------------------------------

    @property
    def game(self) -> Game:
        """The Game this state belongs to; for a loaded state, the very game
        the library made for it (with its allocator), not an equal one."""
        ptr = self._handle()
        if self._game is None or self._game.closed:
            self._game = Game._of_borrowed(self._lib, self._lib.dll.tg_state_game(ptr))
        return self._game

    def _game_ptr(self) -> Any:
        return self._lib.dll.tg_state_game(self._handle())

    @property
    def players(self) -> int:
        return int(self._lib.dll.tg_game_players(self._game_ptr()))

    @property
    def current_player(self) -> int:
        """0..players-1, CHANCE or TERMINAL. The two sentinels compare as
        -1 and -2 but are refused as viewers (see tablegames.viewers)."""
        player = int(self._lib.dll.tg_state_current_player(self._handle()))
        return TURNS.get(player, player)

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    @property
    def is_terminal(self) -> bool:
        return bool(self._lib.dll.tg_state_is_terminal(self._handle()))

    @property
    def move_number(self) -> int:
        return int(self._lib.dll.tg_state_move_number(self._handle()))

    @property
    def winners(self) -> List[int]:
        """The winning players' numbers (empty while playing or without winner)."""
        mask = ctypes.c_uint32()
        self._check(self._lib.dll.tg_state_winners(self._handle(), ctypes.byref(mask)))
        return [p for p in range(32) if mask.value >> p & 1]

    @property
    def returns(self) -> List[float]:
        """Each player's result: 1 shared among the winners, 0 otherwise."""
        h, count = self._handle(), ctypes.c_size_t()
        out = (ctypes.c_double * TABLE_SEATS)()
        self._check(self._lib.dll.tg_state_returns_v2(h, out, TABLE_SEATS, ctypes.byref(count)))
        return list(out[:count.value])

    def utilities(self, draw: str = "zero") -> List[float]:
        """Each player's utility (1.4): 0 before the end; 1 shared among
        the winners, 0 for the others; a game over with no winner (stopped
        by the length cap, or by a rule that names none) gives 0 each with
        draw="zero" (exactly returns) or 1/n each with draw="shared"."""
        h, count = self._handle(), ctypes.c_size_t()
        out = (ctypes.c_double * TABLE_SEATS)()
        self._check(self._lib.dll.tg_state_utilities(h, draw_arg(draw), out, TABLE_SEATS,
                                                     ctypes.byref(count)))
        return list(out[:count.value])

    @property
    def is_truncated(self) -> bool:
        """Whether the game is over because the library's length cap
        (Game.max_length) stopped it, not by its rules (1.4)."""
        return bool(self._check(self._lib.dll.tg_state_is_truncated(self._handle())))

    @property
    def last_error(self) -> str:
        """The library's message for this state's last failed call ("" if none)."""
        return str(self._lib.dll.tg_state_last_error(self._handle()).decode("utf-8", "replace"))

    # ---- moves ------------------------------------------------------------

    def _id_buffer(self) -> Tuple[Any, int, ctypes.c_size_t]:
        """A move buffer kept for the state's life: every list of the game
        fits (max_legal_moves), and calls run under the state's lock, so
        one buffer serves them all without an allocation per call."""
        if self._ids is None:
            cap = max(self._lib.dll.tg_game_max_legal_moves(self._game_ptr()), 1)
            self._ids = ((_ffi.MoveId * cap)(), cap, ctypes.c_size_t())
        return self._ids

    def legal_move_ids(self) -> List[int]:
        """The legal moves (or chance outcomes) as plain ints, increasing."""
        h = self._handle()
        buf, cap, count = self._id_buffer()
        self._check(self._lib.dll.tg_state_legal_moves(h, buf, cap, ctypes.byref(count)))
        ids: List[int] = buf[:count.value]
        return ids

    def legal_moves(self) -> List[Move]:
        """The legal moves (or chance outcomes) as Move objects with their
        text and origin (this state, here)."""
        origin = self._origin()
        return [Move(m, self.move_text(m), origin) for m in self.legal_move_ids()]

    def _origin(self) -> MoveOrigin:
        h = self._handle()
        return MoveOrigin(id(self), int(self._lib.dll.tg_state_move_number(h)),
                          int(self._lib.dll.tg_state_history_length(h)),
                          self._game_identity(), self._position_key())

    def _position_key(self) -> int:
        key = ctypes.c_uint64()
        self._check(self._lib.dll.tg_state_position_key(self._handle(), ctypes.byref(key)))
        return int(key.value)

    def _game_identity(self) -> str:
        """The game as a Move's origin names it: its name and options."""
        if self._identity is None:
            game = self.game
            options = game.options_string
            self._identity = "%s (%s)" % (game.name, options) if options else game.name
        return self._identity

    def _check_move(self, move: Move, call: str) -> None:
        """Refuses a Move made for another game (Mismatch) or position
        (IllegalMove), or made by hand with a notation that is not what its
        id means here; the state is not touched."""
        mid = int(move)
        origin = move.origin
        if origin is None or origin.key is None:
            self._foreign(move, self.move_text(mid) if self.is_legal(mid) else "", call)
            return
        game = self._game_identity()
        take = ("Take the move from this state (legal_moves(), parse_move()) or pass its"
                " id or text")
        if origin.game != game:
            mine, theirs = origin.game.split(" (")[0], game.split(" (")[0]
            if mine == theirs:  # the options differ: name them
                mine, theirs = origin.game, game
            raise Mismatch("%s: Move %r (id %d) was made for %s; this state plays %s. %s"
                           % (call, move.text, mid, mine, theirs, take))
        if origin.key == self._position_key():
            return
        number = int(self._lib.dll.tg_state_move_number(self._handle()))
        then = ("another position at move %d" % number if origin.move_number == number
                else "the position at move %d" % origin.move_number)
        here = ("means %r" % self.move_text(mid) if self._lib.dll.tg_state_is_legal(
            self._handle(), mid) == 0 else "is not a legal move")
        raise IllegalMove("%s: Move %r (id %d) was made for %s; here, at move %d, id %d %s. %s"
                          % (call, move.text, mid, then, number, mid, here, take))

    def _foreign(self, move: Move, text: str, call: str) -> None:
        """Refuses a Move whose notation says another move than its id
        means here (text: the id's notation here, "" when it is illegal
        here, which the library refuses itself)."""
        if not text or not move.text or move.text.startswith("#") or move.text == text:
            return
        where = ("from %s" % move.origin.describe() if move.origin is not None
                 else "made by hand")
        raise IllegalMove(
            "%s: Move %r (id %d) is %s; in this position id %d means %r. Take the move"
            " from this state (legal_moves(), parse_move()) or pass its text"
            % (call, move.text, int(move), where, int(move), text))

    def is_legal(self, move: MoveLike) -> bool:
        """Whether a move (id, Move or text) can be played now; False for a
        Move made for another position or game."""
        if isinstance(move, (str, bytes, bytearray)):
            try:
                self.parse_move(move)
            except ParseError:
                return False
            return True
        if isinstance(move, Move) and move.origin is not None and move.origin.key is not None:
            try:
                self._check_move(move, "is_legal")
            except (IllegalMove, Mismatch):
                return False
        return bool(self._lib.dll.tg_state_is_legal(self._handle(), _move_id(move)) == 0)

    def move_text(self, move: int) -> str:
        """The notation of a legal move."""
        return self._text_of(self._lib.dll.tg_state_move_text, move)

    def _text_of(self, call: Callable[..., int], move: int) -> str:
        """Runs tg_state_move_text or tg_state_any_move_text, growing the
        buffer when the notation needs more room."""
        h, m = self._handle(), _move_id(move)
        cap, need = 32, ctypes.c_size_t()
        while True:
            buf = ctypes.create_string_buffer(cap)
            status = call(h, m, buf, cap, ctypes.byref(need))
            if status == BUFFER_TOO_SMALL and need.value + 1 > cap:
                cap = need.value + 1
                continue
            self._check(status)
            return str(buf.value.decode("utf-8"))

    def parse_move(self, text: Union[str, bytes, bytearray]) -> Move:
        """The Move whose notation is text ("#17" names a move by id)."""
        out = ctypes.c_uint32()
        self._check(self._lib.dll.tg_state_parse_move(
            self._handle(), c_text(text, "move text", ParseError), ctypes.byref(out)))
        return Move(out.value, self.move_text(out.value), self._origin())

    def apply(self, move: MoveLike) -> Move:
        """Plays a move given as an id, a Move or its text; returns the Move
        (made for the position it was played in). At a chance point this
        applies the outcome that happened. A Move made for another position
        is refused with IllegalMove, one of another game with Mismatch, the
        state unchanged; a plain int is taken as the id it is."""
        if isinstance(move, (str, bytes, bytearray)):
            played = self.parse_move(move)
        else:
            mid = _move_id(move)
            if isinstance(move, Move):
                self._check_move(move, "apply")
            if isinstance(move, Move) and move.origin is not None and move.origin.key is not None:
                played = move
            else:
                legal = self._lib.dll.tg_state_is_legal(self._handle(), mid) == 0
                played = Move(mid, self.move_text(mid) if legal else "", self._origin())
        self._check(self._lib.dll.tg_state_apply(self._handle(), int(played)))
        return played

    def _step_move_id(self, move: object) -> int:
        """step()'s check of a move that is not a plain int: _move_id's,
        and for a Move, that it was made for this position (see apply())."""
        mid = _move_id(move)
        if isinstance(move, Move):
            self._check_move(move, "step")
        return mid

    def chance_outcomes(self) -> List[Tuple[Move, float]]:
        """At a chance point: [(Move, probability), ...]; WrongPhase otherwise."""
        h = self._handle()
        game = self._game_ptr()
        cap = max(self._lib.dll.tg_game_max_chance_outcomes(game),
                  self._lib.dll.tg_game_max_legal_moves(game))
        probs: List[Any] = []

        def fill(buf: Any, c: int, cnt: Any) -> int:
            p = (ctypes.c_double * max(c, 1))()
            probs[:] = [p]
            return int(self._lib.dll.tg_state_chance_outcomes(h, buf, p, c, cnt))

        buf, n = self._moves(fill, cap)
        origin = self._origin()
        return [(Move(buf[i], self._text_or_id(buf[i]), origin), probs[0][i])
                for i in range(n)]

    def chance_weights(self) -> Tuple[List[Tuple[Move, int]], int]:
        """At a chance point: ([(Move, weight), ...], total), the integer
        weights the library draws by; outcome i happens with probability
        exactly weight / total (fractions.Fraction(weight, total) keeps it
        exact). WrongPhase otherwise."""
        h = self._handle()
        cap = max(int(self._lib.dll.tg_game_max_chance_outcomes(self._game_ptr())), 1)
        weights: List[Any] = []
        total = ctypes.c_uint64()

        def fill(buf: Any, c: int, cnt: Any) -> int:
            w = (ctypes.c_uint32 * max(c, 1))()
            weights[:] = [w]
            return int(self._lib.dll.tg_state_chance_weights(h, buf, w, c, cnt,
                                                             ctypes.byref(total)))

        buf, n = self._moves(fill, cap)
        origin = self._origin()
        return ([(Move(buf[i], self._text_or_id(buf[i]), origin), int(weights[0][i]))
                 for i in range(n)],
                int(total.value))

    def _text_or_id(self, move: int) -> str:
        try:
            return self.move_text(move)
        except IllegalMove:
            return "#%d" % move

    def sample_chance(self, rng: Optional[RandomSource] = None) -> Move:
        """Draws a chance outcome without applying it: with the state's own
        RNG, or with rng (anything with a random() method, e.g.
        random.Random) by the outcomes' probabilities."""
        if rng is None:
            out = ctypes.c_uint32()
            self._check(self._lib.dll.tg_state_sample_chance(self._handle(),
                                                              ctypes.byref(out)))
            return Move(out.value, self._text_or_id(out.value), self._origin())
        outcomes = self.chance_outcomes()
        x = rng.random()
        for move, prob in outcomes:
            x -= prob
            if x < 0:
                return move
        return outcomes[-1][0]  # rounding left a sliver above the last outcome

    def apply_chance(self, notation: bool = True) -> Union[Move, int]:
        """Draws a chance outcome with the state's RNG and applies it;
        returns the outcome (a Move, or with notation=False its plain id,
        which saves the call that renders it)."""
        if not notation:
            out = ctypes.c_uint32()
            self._check(self._lib.dll.tg_state_apply_chance(self._handle(), ctypes.byref(out)))
            return int(out.value)
        outcome = self.sample_chance()
        self._check(self._lib.dll.tg_state_apply(self._handle(), int(outcome)))
        return outcome

    def apply_id(self, move_id: int) -> None:
        """Plays a move given as a plain int id, with one call into C and no
        notation (apply() also renders the move it returns)."""
        self._check(self._lib.dll.tg_state_apply(self._handle(), _move_id(move_id)))

    def playout(self, max_decisions: Optional[int] = None) -> int:
        """Plays random decisions with the state's RNG (chance by its
        probabilities, moves uniformly) until the game ends or max_decisions
        were made; returns how many were made. The whole run is one call into
        C, the fast way to play many random games from Python; the decisions
        are recorded in the history like apply()."""
        if max_decisions is None:
            limit = _MOVE_LIMIT - 1
        elif isinstance(max_decisions, bool) or not isinstance(max_decisions, int):
            raise TypeError("max_decisions must be int or None, not %s"
                            % type(max_decisions).__name__)
        elif not 0 <= max_decisions < _MOVE_LIMIT:
            raise InvalidArgument("max_decisions %d is outside 0 .. 2**32-1" % max_decisions)
        else:
            limit = max_decisions
        made = ctypes.c_uint32()
        self._check(self._lib.dll.tg_state_playout(self._handle(), limit, ctypes.byref(made)))
        return int(made.value)

    # ---- one call per decision ---------------------------------------------

    def _step_buffers(self) -> StepView:
        """The state's StepView, made on first use; ClosedError once closed."""
        h = self._handle()
        if self._view is None:
            cap = self._lib.dll.tg_game_max_legal_moves(self._lib.dll.tg_state_game(h))
            me = weakref.ref(self)

            def move_id(move: object) -> int:  # no reference back to the state
                state = me()
                return _move_id(move) if state is None else state._step_move_id(move)
            def seat(player: object) -> int:
                state = me()
                if state is None:
                    raise self._closed_error()
                return state._seat(player, "observe")
            game = self._lib.dll.tg_state_game(h)
            observe = {"tensor_size": int(self._lib.dll.tg_game_observation_tensor_size(game)),
                       "mask_size": int(self._lib.dll.tg_game_move_count(game)),
                       "players": int(self._lib.dll.tg_game_players(game)),
                       "seat": seat, "bad_buffer": refuse_buffer}
            view = new_view(self._lib, h, cap, self._lock, move_id,
                            _step_refusal(self._lib, h), self._closed_error(), observe)
            if type(view) is not StepView:
                # The C view's own step is State.step(); it takes this
                # state's lock itself. So does its _observe, where the
                # library had the calls it makes.
                self._c_step = view._step
                if observe.get("tensor_size") and hasattr(view, "_observe") and \
                        _has_observe_calls(self._lib):
                    self._c_observe = view._observe
            self._view = view
        return self._view

    def _closing(self) -> None:
        if self._view is not None:
            self._view._detach()

    def step_view(self) -> StepView:
        """The StepView of the decision the state is at now (who decides and
        the legal moves or chance outcomes): the view step() rewrites, read
        here for a loop's first decision or after other calls changed the
        state."""
        view = self._step_buffers()
        h = self._ptr
        player = self._lib.dll.tg_state_current_player(h)
        count = ctypes.c_size_t()
        self._check(self._lib.dll.tg_state_legal_moves(h, view._ids, len(view._ids),
                                                       ctypes.byref(count)))
        view._fill(player, count.value)
        return view

    @own_locking
    def step(self, move: Optional[int] = None) -> StepView:
        """Plays a decision and returns the StepView of the next one, in one
        call into C: move (an id) for the player to move or the chance
        outcome that happened, or None at a chance point to draw the outcome
        with the state's RNG as apply_chance() does. The view is the same
        object every time, rewritten by each step (list(view) keeps a copy),
        so a loop of random games is one call per decision:

            view = state.step_view()
            while view.player != TERMINAL:
                state.step(None if view.player == CHANCE
                           else view[rng.randrange(len(view))])

        A refused decision (IllegalMove, or WrongPhase for None away from a
        chance point) changes neither the state nor the view."""
        c_step = self._c_step
        if c_step is not None:  # the C view's step (see _step_buffers)
            return c_step(move)
        if move is not None and (type(move) is not int or not 0 <= move < PLAIN_INT_LIMIT):
            move = int(self._step_move_id(move))
        # acquire/release rather than a with block, and the call written out
        # here rather than in a method of the view: each saves a tenth of
        # the Python work around the step.
        lock = self._lock
        lock.acquire()
        try:
            view = self._view
            if view is None or self._ptr is None:  # first step, or closed
                view = self._step_buffers()
                if self._c_step is not None:
                    return self._c_step(move)
            if move is None:
                status = view._step_chance(view._address, view._applied_ref, view._player_ref,
                                           view._ids_arg, view._cap_arg, view._count_ref)
                applied = DRAWN
            elif move < PLAIN_INT_LIMIT:  # see step.py: a plain int is a C int
                status = view._step(view._address, move, view._player_ref, view._ids_arg,
                                    view._cap_arg, view._count_ref)
                applied = move
            else:
                status = view._step_checked(view._ptr, move, view._player_ref, view._ids,
                                            view._cap.value, view._count_ref)
                applied = move
            if status:
                self._check(status)
            view._last = applied
            view.player = view._player.value
            view._n = view._count.value
            return view
        finally:
            lock.release()

    def undo(self) -> None:
        """Takes back the last decision; NothingToUndo at the root. By
        default the RNG is not rewound, so a chance outcome taken back may
        come out differently when drawn again (a re-roll): see
        undo_rewinds_rng."""
        self._check(self._lib.dll.tg_state_undo(self._handle()))

    @property
    def undo_rewinds_rng(self) -> bool:
        """Whether undo() rewinds the RNG (False by default); set it to True
        to forbid re-rolls. Then taking back a chance outcome sets the RNG
        back to before it was drawn, so drawing again gives the same
        outcome, and undo refuses (NothingToUndo) an outcome made before it
        was set or loaded from a save. Clones and copies carry it; a loaded
        state starts without it."""
        return bool(self._lib.dll.tg_state_undo_rewinds_rng(self._handle()))

    @undo_rewinds_rng.setter
    def undo_rewinds_rng(self, rewind: bool) -> None:
        if not isinstance(rewind, bool):
            raise TypeError("undo_rewinds_rng is a bool, not %s" % type(rewind).__name__)
        self._check(self._lib.dll.tg_state_set_undo_rewinds_rng(self._handle(), int(rewind)))

    @property
    def history(self) -> List[int]:
        """The decisions since the root, oldest first, as ints."""
        h = self._handle()
        buf, n = self._moves(lambda b, c, cnt: int(self._lib.dll.tg_state_history(h, b, c, cnt)),
                             self._lib.dll.tg_state_history_length(h))
        return list(buf[:n])

    @property
    def history_length(self) -> int:
        return int(self._lib.dll.tg_state_history_length(self._handle()))

    # ---- copies and seeds -------------------------------------------------

    def clone(self) -> State:
        out = _ffi.StateP()
        self._check(self._lib.dll.tg_state_clone(self._handle(), ctypes.byref(out)))
        return State._adopt(self._lib, out, self._game)

    __copy__ = clone

    def __deepcopy__(self, memo: object) -> State:
        return self.clone()

    @own_locking
    def copy_from(self, other: State) -> None:
        """Makes this state a copy of other (same or equal game)."""
        if not isinstance(other, State):
            raise TypeError("copy_from() needs a State, not %s" % type(other).__name__)
        with both_locked(self, other):
            self._check(self._lib.dll.tg_state_copy(self._handle(), other._handle()))

    def reset(self, seed: int = 0) -> None:
        """Back to the initial position with an empty history."""
        self._check(self._lib.dll.tg_state_reset(self._handle(), c_seed(seed)))

    def seed(self, seed: int) -> None:
        """Re-seeds the state's RNG."""
        self._check(self._lib.dll.tg_state_seed(self._handle(), c_seed(seed)))

    def __eq__(self, other: object) -> bool:
        """Same position (the RNG and history are not compared)."""
        if not isinstance(other, State):
            return NotImplemented
        with both_locked(self, other):
            return bool(self._lib.dll.tg_state_equal(self._handle(), other._handle()))

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    # ---- views ------------------------------------------------------------

    def _viewer(self, player: int, call: str, seats_only: bool = False) -> int:
        """A viewer of this game: a seat, OMNISCIENT or PUBLIC (by name:
        CHANCE, TERMINAL and plain negative numbers are refused). The
        refusal is worded here, naming the call, the viewer and the range
        (the library's own message names neither the call nor the range)."""
        viewer = c_int(player, "%s: viewer" % call)
        return viewer_arg(viewer, self.players, call, seats_only)

    def observation(self, player: int) -> Json:
        """What player (or OMNISCIENT) sees, as a dict."""
        seen: Json = json.loads(out_text(self._lib, self._lib.dll.tg_state_observation_json,
                                         self._handle(), self._viewer(player, "observation"),
                                         message=self._fail_message))
        return seen

    def events(self, player: int) -> List[Json]:
        """What the last decision did, as player (or OMNISCIENT) saw it: a list of dicts."""
        events: List[Json] = json.loads(out_text(self._lib, self._lib.dll.tg_state_events_json,
                                                 self._handle(), self._viewer(player, "events"),
                                                 message=self._fail_message))
        return events

    def to_text(self, player: int = OMNISCIENT) -> str:
        """The board drawn in text as player sees it."""
        return out_text(self._lib, self._lib.dll.tg_state_to_text,
                        self._handle(), self._viewer(player, "to_text"),
                        message=self._fail_message)

    def tensor_size(self) -> int:
        """Floats in this game's observation tensor (fixed per game and options)."""
        return int(self._lib.dll.tg_game_observation_tensor_size(self._game_ptr()))

    def observation_tensor(self, player: int, out: Any = None, *, numpy: bool = False) -> Any:
        """What player (OMNISCIENT or PUBLIC too) sees, as a flat array('f')
        of tensor_size() floats laid out as the game's rule page says, or
        with numpy=True a numpy float32 array. Pass out (a C-contiguous
        float32 buffer of at least that size: array('f'), a numpy float32
        array, ...) to fill it in place instead; it is returned. Any other
        buffer (float64, array('d'), strided) raises TypeError."""
        n = self.tensor_size()
        if out is None:
            out = require_numpy("observation_tensor").zeros(n, "float32") if numpy \
                else array("f", bytes(4 * n))
        view = checked_view(out, "observation_tensor", "out", floats=True)
        if view.nbytes < 4 * n:
            raise InvalidArgument("observation_tensor: out holds %d floats, the tensor %d"
                                  % (view.nbytes // 4, n))
        self._tensor_into(player, c_floats(view, 0, n), n, "observation_tensor")
        return out

    def _tensor_into(self, player: int, buf: Any, n: int, call: str) -> None:
        """Writes player's tensor into n C floats at buf (checked by the caller)."""
        self._check(self._lib.dll.tg_state_observation_tensor(
            self._handle(), self._viewer(player, call), buf, n))

    def legal_mask(self, out: Any = None, *, numpy: bool = False) -> Any:
        """One byte per id of the game's move space (Game.move_count): 1
        where the id is legal for the player to move (or a possible outcome
        at a chance point), else 0; all 0 once the game is over. A new
        bytearray, a numpy uint8 array with numpy=True, or out filled in
        place (a C-contiguous buffer of one-byte items: bytearray,
        array('B'), numpy uint8/int8/bool; TypeError for anything else)."""
        n = int(self._lib.dll.tg_game_move_count(self._game_ptr()))
        return self._mask("legal_mask", "move ids", n, out, numpy, self._fill_mask)

    def action_mask(self, out: Any = None, *, numpy: bool = False) -> Any:
        """One byte per action of the player to move (Game.player_move_count
        of them, in the numbering of tablegames.actions, 1.4): 1 where legal;
        all 0 at a chance point and at the end. A new bytearray, a numpy
        uint8 array with numpy=True, or out (a byte buffer as legal_mask()
        takes) filled in place."""
        n = int(self._lib.dll.tg_game_player_move_count(self._game_ptr()))
        return self._mask("action_mask", "actions", n, out, numpy,
                          lambda buf, size: self._check(
                              self._lib.dll.tg_state_action_mask(self._handle(), buf, size)))

    def _mask(self, name: str, what: str, n: int, out: Any, numpy: bool, fill: Any) -> Any:
        """A mask of n bytes made (bytearray, or numpy uint8) or checked
        (out), then filled by fill(buffer, n); the legal and action masks."""
        if out is None:
            out = require_numpy(name).zeros(n, "uint8") if numpy else bytearray(n)
        view = checked_view(out, name, "out", floats=False)
        if view.nbytes < n:
            raise InvalidArgument("%s: out holds %d bytes, the game has %d %s"
                                  % (name, view.nbytes, n, what))
        fill(c_bytes(view, n), n)
        return out

    def information_tensor(self, player: int, out: Any = None, *, numpy: bool = False) -> Any:
        """player's information-state tensor (1.4; Game.information_tensor_size
        floats, laid out in include/boardgames/observe.h): equal for two
        states exactly when player cannot tell them apart. A new array('f'),
        a numpy float32 array with numpy=True, or out (a float32 buffer as
        observation_tensor() takes) filled in place."""
        n = int(self._lib.dll.tg_game_information_tensor_size(self._game_ptr()))
        if out is None:
            out = require_numpy("information_tensor").zeros(n, "float32") if numpy \
                else array("f", bytes(4 * n))
        view = checked_view(out, "information_tensor", "out", floats=True)
        if view.nbytes < 4 * n:
            raise InvalidArgument("information_tensor: out holds %d floats, the tensor %d"
                                  % (view.nbytes // 4, n))
        seat = self._viewer(player, "information_tensor", seats_only=True)
        self._check(self._lib.dll.tg_state_information_tensor(self._handle(), seat,
                                                              c_floats(view, 0, n), n))
        return out

    def _fill_mask(self, buf: Any, n: int) -> None:
        """tg_state_legal_mask, or where the library predates it (1.2) the
        same bytes made from the legal moves."""
        if hasattr(self._lib.dll, "tg_state_legal_mask"):
            self._check(self._lib.dll.tg_state_legal_mask(self._handle(), buf, n))
            return
        ctypes.memset(buf, 0, n)
        if not self._lib.dll.tg_state_is_terminal(self._handle()):
            for m in self.legal_move_ids():
                buf[m] = 1

    def _seat(self, player: object, call: str) -> int:
        """A seat of this game (CHANCE, TERMINAL, OMNISCIENT, PUBLIC and
        numbers beyond the seats refused, with the call's name)."""
        seat = viewer_arg(c_int(player, "%s: player" % call), self.players, call,
                          seats_only=True)
        if not 0 <= seat < self.players:
            raise InvalidArgument("%s: player %d is not a seat of this %d-player game (0..%d)"
                                  % (call, seat, self.players, self.players - 1))
        return seat

    @own_locking
    def observe(self, player: int, tensor: Any = None, mask: Any = None) -> int:
        """The data loop's call per decision: fills tensor (a caller's
        float32 buffer, as observation_tensor() takes) with player's
        observation tensor and mask (a caller's byte buffer, as legal_mask()
        takes) with the legal mask, and returns player's information key;
        either buffer may be None. player is a seat. With the C module this
        is one call into C, as step() is; a refused call writes nothing."""
        c_observe = self._c_observe
        if c_observe is not None:
            return c_observe(player, tensor, mask)
        with self._lock:
            if self._view is None and self._ptr is not None:
                self._step_buffers()  # sets _c_observe where the C view has it
                if self._c_observe is not None:
                    return self._c_observe(player, tensor, mask)
            seat = self._seat(player, "observe")
            h = self._handle()
            game = self._game_ptr()
            n, m = (int(self._lib.dll.tg_game_observation_tensor_size(game)),
                    int(self._lib.dll.tg_game_move_count(game)))
            tview = mview = None
            if tensor is not None:
                tview = checked_view(tensor, "observe", "tensor", floats=True)
                if tview.nbytes < 4 * n:
                    refuse_buffer(tensor, True, n)
            if mask is not None:
                mview = checked_view(mask, "observe", "mask", floats=False)
                if mview.nbytes < m:
                    refuse_buffer(mask, False, m)
            if tview is not None:
                self._check(self._lib.dll.tg_state_observation_tensor(
                    h, seat, c_floats(tview, 0, n), n))
            if mview is not None:
                self._fill_mask(c_bytes(mview, m), m)
            out = (ctypes.c_uint64 * 2)()
            self._check(self._lib.dll.tg_state_information_key(h, seat, out))
            return int(out[0]) | int(out[1]) << 64

    def information_json(self, player: int) -> str:
        """player's information state, as the canonical JSON text (a str):
        the observation with what player knows, and player's own decisions
        since the root of the history."""
        return out_text(self._lib, self._lib.dll.tg_state_information_json, self._handle(),
                        self._viewer(player, "information_json", seats_only=True),
                        message=self._fail_message)

    def information_key(self, player: int) -> int:
        """The 128-bit key of player's information state, as an int: equal
        exactly when player cannot tell two states apart."""
        out = (ctypes.c_uint64 * 2)()
        self._check(self._lib.dll.tg_state_information_key(
            self._handle(), self._viewer(player, "information_key", seats_only=True), out))
        return int(out[0]) | int(out[1]) << 64

    def any_move_text(self, move: int) -> str:
        """The notation of any id of the game's move space here, legal now
        or not (history printing, messages); InvalidArgument beyond the space."""
        return self._text_of(self._lib.dll.tg_state_any_move_text, move)

    def history_player(self, index: int) -> int:
        """Who made history entry index: a seat, or CHANCE."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError("history index must be int, not %s" % type(index).__name__)
        if not 0 <= index < _MOVE_LIMIT:
            raise InvalidArgument("history index %d is out of range" % index)
        out = ctypes.c_int()
        self._check(self._lib.dll.tg_state_history_player(self._handle(), index,
                                                          ctypes.byref(out)))
        return TURNS.get(out.value, out.value)

    def history_players(self) -> List[int]:
        """Who made each entry of history, oldest first (seats and CHANCE)."""
        return [self.history_player(i) for i in range(self.history_length)]

    def resample(self, player: int) -> None:
        """Redraws everything player cannot know; clears the history."""
        self._check(self._lib.dll.tg_state_resample(
            self._handle(), self._viewer(player, "resample", seats_only=True)))

    # ---- saving -----------------------------------------------------------

    def save(self) -> bytes:
        """The compact binary form, as bytes."""
        return out_buffer(self._lib, self._lib.dll.tg_state_save, self._handle(),
                          item=ctypes.c_ubyte, message=self._fail_message)

    @classmethod
    def load(cls, data: Union[bytes, bytearray, memoryview]) -> State:
        """A state from save() bytes; CorruptData (and kin) for bad input."""
        lib = library()
        buf, n = _save_bytes(data)
        out = _ffi.StateP()
        err = ctypes.create_string_buffer(_ERRBUF_SIZE)
        status = lib.dll.tg_state_load(buf, n, None, ctypes.byref(out), err, _ERRBUF_SIZE)
        lib.check(status, err.value.decode("utf-8", "replace"))
        return cls._adopt(lib, out)

    def to_json(self) -> str:
        """The JSON save form, as str."""
        return out_text(self._lib, self._lib.dll.tg_state_to_json, self._handle(),
                        message=self._fail_message)

    @classmethod
    def from_json(cls, text: Union[str, bytes, bytearray, Json]) -> State:
        """A state from the JSON save form, given as str, bytes or a dict."""
        if isinstance(text, dict):
            text = json.dumps(text)
        if isinstance(text, str):
            text = text.encode("utf-8")
        if not isinstance(text, (bytes, bytearray)):
            raise TypeError("from_json() needs str, bytes or dict, not %s"
                            % type(text).__name__)
        lib = library()
        out = _ffi.StateP()
        err = ctypes.create_string_buffer(_ERRBUF_SIZE)
        data = bytes(text)
        status = lib.dll.tg_state_from_json(data, len(data), None, ctypes.byref(out),
                                            err, _ERRBUF_SIZE)
        lib.check(status, err.value.decode("utf-8", "replace"))
        return cls._adopt(lib, out)

    def __reduce__(self) -> Tuple[Callable[[bytes], State], Tuple[bytes]]:
        return (State.load, (self.save(),))

    # ---- display ----------------------------------------------------------

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        if self.closed:
            return "<tablegames.State closed>"
        player = self.current_player
        turn = {-1: "chance", -2: "over, winners %s" % self.winners}.get(
            int(player), "player %d to move" % player)
        return "<tablegames.State %s move %d, %s>\n%s" % (
            self._lib.dll.tg_game_id(self._game_ptr()).decode("utf-8"),
            self.move_number, turn, self.to_text())

