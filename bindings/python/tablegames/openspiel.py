"""The games through the names an OpenSpiel (pyspiel) user knows, so that
textbook algorithms written against them run unchanged:

    from tablegames import openspiel as pyspiel
    game = pyspiel.load_game("witches_dance(players=2,witches=1)")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(random.choices(actions, probs)[0])
        else:
            state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

Actions are numbered as every learning surface of the package numbers
them (tablegames.actions, the library's 1.4 numbering): a player's actions
0 .. num_distinct_actions()-1 and chance outcomes 0 .. max_chance_outcomes()-1,
each the rank of a library move id among the player ids or the chance ids.
Game.action_to_move_id() converts. information_state_string() is the
128-bit information key in hex (equal exactly when the player cannot tell
two states apart, at any length of history in constant time);
information_state_tensor() is the library's perfect-recall tensor (equal
exactly when the key is); the canonical JSON for people is
information_state_json().

A parameter the library does not have, draw, scores a game that ends with
no winner (stopped by the length cap): draw=zero (the default, 0 for
everyone) or draw=shared (1/n each, which makes every game constant-sum:
get_type().utility is then CONSTANT_SUM and utility_sum() 1.0), e.g.
load_game("bewitched(players=2,draw=shared)").

States and games pickle and deep-copy (a state through the library's
save format, RNG and history included); serialize() / deserialize_state()
use the library's JSON save form.

Not provided, as no game here offers it: simultaneous moves, mean-field
games.
"""

from __future__ import annotations

import ctypes
import enum
import json
import re
import threading
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from . import _ffi
from .actions import Actions
from .buffers import numpy as _numpy
from .errors import IllegalMove, InvalidArgument
from .game import DRAWS, draw_arg
from .game import Game as NativeGame
from .game import OptionValue
from .state import State as NativeState
from .viewers import OMNISCIENT

# The adapter's own parameter (see the module's text).
DRAW_PARAMETER = "draw"


class PlayerId(enum.IntEnum):
    """pyspiel.PlayerId's values."""

    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


class StateType(enum.IntEnum):
    """pyspiel.StateType: what State.get_type() answers."""

    TERMINAL = 0
    CHANCE = 1
    DECISION = 2
    MEAN_FIELD = 3


class TensorLayout(enum.IntEnum):
    """pyspiel.TensorLayout; every tensor here is flat, reported as CHW."""

    HWC = 0
    CHW = 1


class PlayerAction(NamedTuple):
    """An item of State.full_history(), as pyspiel's has them."""

    player: int
    action: int


class GameType:
    """pyspiel.GameType: what kind of game this is."""

    class Dynamics(enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1
        MEAN_FIELD = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    def __init__(self, game: NativeGame, draw: str) -> None:
        info = game.info
        self.short_name = game.id
        self.long_name = info.name
        self.dynamics = GameType.Dynamics.SEQUENTIAL
        self.chance_mode = GameType.ChanceMode.EXPLICIT_STOCHASTIC
        self.information = (GameType.Information.IMPERFECT_INFORMATION
                            if game.has_hidden_information
                            else GameType.Information.PERFECT_INFORMATION)
        # 1 shared among the winners, 0 otherwise: constant-sum only when a
        # game without winner is a shared draw (the library says which).
        total = game.utility_sum(draw)
        self.utility = (GameType.Utility.GENERAL_SUM if total is None else
                        GameType.Utility.ZERO_SUM if total == 0 else
                        GameType.Utility.CONSTANT_SUM)
        self.reward_model = GameType.RewardModel.TERMINAL
        self.max_num_players = info.max_players
        self.min_num_players = info.min_players
        self.provides_information_state_string = True
        self.provides_information_state_tensor = True
        self.provides_observation_string = True
        self.provides_observation_tensor = True
        self.provides_factored_observation_string = False
        self.default_loadable = True
        self.parameter_specification: Dict[str, Any] = {
            o.name: o.default for o in info.options}
        self.parameter_specification[DRAW_PARAMETER] = "zero"

    def __repr__(self) -> str:
        return "<GameType %s %s %s>" % (self.short_name, self.information.name,
                                        self.utility.name)


def _parse_name(text: str) -> Tuple[str, Dict[str, OptionValue]]:
    """"name(k=v,k=v)" as OpenSpiel writes a game with parameters."""
    m = re.fullmatch(r"\s*([A-Za-z0-9_]+)\s*(?:\((.*)\))?\s*", text)
    if m is None:
        raise InvalidArgument("load_game: cannot read %r (name or name(key=value,...))" % text)
    params: Dict[str, OptionValue] = {}
    for part in filter(None, (m.group(2) or "").split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise InvalidArgument("load_game: parameter %r has no '='" % part)
        params[key.strip()] = value.strip()
    return m.group(1), params


def load_game(name: str, params: Optional[Mapping[str, OptionValue]] = None) -> Game:
    """A game by OpenSpiel's spelling: load_game("bewitched(players=2)") or
    load_game("bewitched", {"players": 2}); draw=zero|shared is the
    adapter's own parameter (see the module's text)."""
    game_id, parsed = _parse_name(name)
    parsed.update(params or {})
    draw = str(parsed.pop(DRAW_PARAMETER, "zero"))
    draw_arg(draw)
    return Game(NativeGame(game_id, dict(parsed)), draw)


class _ChanceReader:
    """tg_state_chance_outcomes() into one buffer per thread, kept for the
    game's life, called the way State.step() calls the library (no
    per-call ctypes objects). Turning the C arrays into Python objects
    costs more than the call, and a game's chance points repeat (a die
    has six faces), so the list is kept per exact bytes the library wrote
    (ids, probabilities and the count): always what this call returned."""

    CACHE_LIMIT = 1 << 14

    def __init__(self, native: NativeGame) -> None:
        self._cap = max(native.max_chance_outcomes, 1)
        self._fn = native._lib.gil_dll["tg_state_chance_outcomes"]
        self._fn.restype = _ffi.Status
        self._local = threading.local()
        self._cache: Dict[bytes, List[Tuple[int, float]]] = {}

    def _buffers(self) -> Tuple[Any, Any, Tuple[Any, ...]]:
        cap = self._cap
        offset = (4 * cap + 7) // 8 * 8  # the doubles after the ids, aligned
        raw = (ctypes.c_char * (offset + 8 * cap + 8))()
        base = ctypes.addressof(raw)
        ids = (_ffi.MoveId * cap).from_address(base)
        probs = (ctypes.c_double * cap).from_address(base + offset)
        count = ctypes.c_size_t.from_address(base + offset + 8 * cap)
        args = (ctypes.c_void_p.from_param(base), ctypes.c_void_p.from_param(base + offset),
                ctypes.c_size_t.from_param(cap),
                ctypes.c_void_p.from_param(base + offset + 8 * cap))
        self._local.buffers = found = (raw, (ids, probs, count), args)
        return found

    def read(self, native: NativeState, of: List[int]) -> List[Tuple[int, float]]:
        try:
            raw, arrays, args = self._local.buffers
        except AttributeError:
            raw, arrays, args = self._buffers()
        lock = native._lock
        lock.acquire()
        try:
            ptr = native._ptr
            if ptr is None:
                raise native._closed_error()
            status = self._fn(ptr, *args)
        finally:
            lock.release()
        if status:
            native._check(status)
        key = raw.raw
        found = self._cache.get(key)
        if found is None:
            ids, probs, count = arrays
            n = count.value
            found = list(zip(map(of.__getitem__, ids[:n]), probs[:n]))
            if len(self._cache) >= self.CACHE_LIMIT:
                self._cache.clear()
            self._cache[key] = found
        return list(found)


class Game:
    """pyspiel.Game over a tablegames.Game (at .native)."""

    def __init__(self, native: NativeGame, draw: str = "zero") -> None:
        self.native = native
        self.draw = draw
        self.actions = Actions(native)
        self._type = GameType(native, draw)
        self._chance = _ChanceReader(native)

    # ---- what the game is ----------------------------------------------------

    def get_type(self) -> GameType:
        return self._type

    def get_parameters(self) -> Dict[str, str]:
        params = self.native.options
        if self.draw != "zero":
            params[DRAW_PARAMETER] = self.draw
        return params

    def new_initial_state(self, seed: int = 0) -> State:
        """The initial state; seed drives sample_chance() and resampling."""
        return State(self, self.native.new_state(seed))

    def num_players(self) -> int:
        return self.native.players

    def num_distinct_actions(self) -> int:
        return self.actions.action_count

    def max_chance_outcomes(self) -> int:
        return self.actions.outcome_count

    def policy_tensor_shape(self) -> List[int]:
        return [self.actions.action_count]

    def max_game_length(self) -> int:
        """A true bound on a game's length (Game.length_bound, which counts
        chance outcomes too, so it bounds the player decisions as well)."""
        return self.native.length_bound

    max_history_length = max_game_length

    def max_move_number(self) -> int:
        """The largest move number a state can reach: the library's cap."""
        return self.native.max_length

    def min_utility(self) -> float:
        return self.native.utility_range[0]

    def max_utility(self) -> float:
        return self.native.utility_range[1]

    def utility_sum(self) -> Optional[float]:
        """The sum of every terminal state's returns, or None where it is
        not constant (draw=zero: a game stopped with no winner sums to 0)."""
        return self.native.utility_sum(self.draw)

    # ---- tensors ----------------------------------------------------------

    def observation_tensor_shape(self) -> List[int]:
        return [self.native.observation_tensor_size]

    def observation_tensor_size(self) -> int:
        return self.native.observation_tensor_size

    def observation_tensor_layout(self) -> TensorLayout:
        return TensorLayout.CHW

    def information_state_tensor_shape(self) -> List[int]:
        return [self.native.information_tensor_size]

    def information_state_tensor_size(self) -> int:
        return self.native.information_tensor_size

    def information_state_tensor_layout(self) -> TensorLayout:
        return TensorLayout.CHW

    def make_observer(self, iig_obs_type: Optional[IIGObservationType] = None,
                      params: Optional[Mapping[str, Any]] = None) -> Observation:
        """An observer (open_spiel.python.observation's make_observation):
        perfect_recall gives the information-state tensor, else the
        observation tensor."""
        return make_observation(self, iig_obs_type, params)

    # ---- actions, saving ------------------------------------------------------

    def action_to_move_id(self, player: int, action: int) -> int:
        """The library's move id of an action of player (or of chance)."""
        ids = self.actions.outcome_moves if player == PlayerId.CHANCE else \
            self.actions.action_moves
        if not 0 <= action < len(ids):
            raise IllegalMove("action %d is not an action of %s (0..%d)" % (
                action, "chance" if player == PlayerId.CHANCE else "a player", len(ids) - 1))
        return ids[action]

    def deserialize_state(self, text: str) -> State:
        """The state State.serialize() wrote (of this game)."""
        native = NativeState.from_json(text)
        if native.game != self.native:
            raise InvalidArgument("deserialize_state: the text is a state of %r, not of %r"
                                  % (native.game, self.native))
        return State(self, native)

    def __str__(self) -> str:
        params = self.native.options_string
        if self.draw != "zero":
            params += ",%s=%s" % (DRAW_PARAMETER, self.draw)
        return "%s(%s)" % (self.native.id, params)

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and str(other) == str(self)

    def __hash__(self) -> int:
        return hash(str(self))

    def __reduce__(self) -> Tuple[Callable[[str], Game], Tuple[str]]:
        return (load_game, (str(self),))

    def __deepcopy__(self, memo: Dict[int, Any]) -> Game:
        return self  # immutable, as pyspiel's games are shared


class State:
    """pyspiel.State over a tablegames.State (at .native).

    The decision the state is at is read from the native state's StepView,
    which every apply_action() rewrites in its one call into C, so the
    questions a loop asks per decision (current_player, is_terminal,
    legal_actions) cross into C not at all."""

    __slots__ = ("_game", "native", "_view", "_of", "_moves", "_outcomes", "_step")

    def __init__(self, game: Game, native: NativeState) -> None:
        self._game = game
        self.native = native
        self._view = native.step_view()
        # The C view's own step where the build has it (State.step() calls
        # it too, one Python call later), else State.step().
        self._step = native._c_step or native.step
        actions = game.actions
        self._of = actions.of_move
        self._moves = actions.action_moves
        self._outcomes = actions.outcome_moves

    def _refresh(self) -> None:
        """After a change that was not a step (undo, resample)."""
        self._view = self.native.step_view()

    def get_game(self) -> Game:
        return self._game

    def get_type(self) -> StateType:
        p = self._view.player
        return StateType.DECISION if p >= 0 else \
            StateType.CHANCE if p == -1 else StateType.TERMINAL

    # ---- whose turn ---------------------------------------------------------

    def current_player(self) -> int:
        p = self._view.player
        if p >= 0:
            return int(p)
        return PlayerId.CHANCE if p == -1 else PlayerId.TERMINAL

    def is_chance_node(self) -> bool:
        return self._view.player == -1

    def is_terminal(self) -> bool:
        return self._view.player == -2

    def is_player_node(self) -> bool:
        return self._view.player >= 0

    def is_simultaneous_node(self) -> bool:
        return False

    def is_mean_field_node(self) -> bool:
        return False

    def is_initial_state(self) -> bool:
        return self.native.history_length == 0

    def num_players(self) -> int:
        return self._game.num_players()

    def move_number(self) -> int:
        return self.native.move_number

    # ---- actions ------------------------------------------------------------

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal actions, increasing (at a chance node: the outcomes);
        [] for a player who is not to move, as OpenSpiel answers."""
        if player is not None and player != self.current_player():
            return []
        return list(map(self._of.__getitem__, self._view))

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        """1 per legal action, num_distinct_actions() entries
        (max_chance_outcomes() at a chance node): the library's action
        mask (tg_state_action_mask) for a player."""
        p = self._view.player
        if p == -1:
            mask = [0] * self._game.max_chance_outcomes()
            for a in self.legal_actions(player):
                mask[a] = 1
            return mask
        if player is not None and player != p:
            return [0] * self._game.num_distinct_actions()
        return list(self.native.action_mask())

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """[(outcome, probability)] at a chance node, [] elsewhere."""
        if self._view.player != -1:
            return []
        return self._game._chance.read(self.native, self._of)

    def apply_action(self, action: int) -> None:
        """Plays an action (or at a chance node an outcome) in one call into
        C; IllegalMove, the state unchanged, for one that is not legal."""
        table = self._outcomes if self._view.player == -1 else self._moves
        try:
            if action < 0:
                raise IndexError
            move = table[action]
        except (IndexError, TypeError):
            raise IllegalMove("apply_action: %r is not an action here (0..%d)"
                              % (action, len(table) - 1)) from None
        self._view = self._step(move)

    def apply_action_with_legality_check(self, action: int) -> None:
        """apply_action(), which checks legality already."""
        self.apply_action(action)

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last decision, which must be action of player
        (InvalidArgument otherwise, the state unchanged)."""
        n = self.native.history_length
        last: Optional[Tuple[int, int]] = None
        if n:
            who = self.native.history_player(n - 1)
            last = (PlayerId.CHANCE if who < 0 else int(who), self._of[self.native.history[-1]])
        if last is None or last != (player, action):
            raise InvalidArgument("undo_action(%d, %d): the last decision was %s"
                                  % (player, action, last or "none"))
        self.native.undo()
        self._refresh()

    def child(self, action: int) -> State:
        c = self.clone()
        c.apply_action(action)
        return c

    def action_to_string(self, player: int, action: Optional[int] = None) -> str:
        """The notation of an action here ("player" may be left out, as
        pyspiel allows)."""
        if action is None:
            player, action = self.current_player(), player
        return self.native.any_move_text(self._game.action_to_move_id(player, action))

    def string_to_action(self, text: str) -> int:
        return self._of[int(self.native.parse_move(text))]

    def history(self) -> List[int]:
        """The actions and outcomes since the root, as OpenSpiel numbers them."""
        of = self._of
        return [of[m] for m in self.native.history]

    def full_history(self) -> List[PlayerAction]:
        """[PlayerAction(player, action)], chance as PlayerId.CHANCE."""
        players = self.native.history_players()
        return [PlayerAction(PlayerId.CHANCE if p < 0 else int(p), a)
                for p, a in zip(players, self.history())]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.history())

    # ---- results ------------------------------------------------------------

    def returns(self) -> List[float]:
        """Each player's result, scored with the game's draw parameter."""
        return self.native.utilities(self._game.draw)

    def rewards(self) -> List[float]:
        """Rewards come at the end only (RewardModel.TERMINAL)."""
        return self.returns()

    def player_return(self, player: int) -> float:
        return self.returns()[self._seat(player, "player_return")]

    def player_reward(self, player: int) -> float:
        return self.rewards()[self._seat(player, "player_reward")]

    # ---- what a player knows --------------------------------------------------

    def _seat(self, player: int, call: str) -> int:
        if not 0 <= player < self.num_players():
            raise InvalidArgument("%s: player %d is not a seat (0..%d)"
                                  % (call, player, self.num_players() - 1))
        return int(player)

    def _player(self, player: Optional[int], call: str) -> int:
        p = self.current_player() if player is None else player
        if not 0 <= p < self.num_players():
            raise InvalidArgument("%s: player %d is not a seat (0..%d); at a chance or"
                                  " terminal node pass the player" % (call, p,
                                                                      self.num_players() - 1))
        return int(p)

    def information_state_string(self, player: Optional[int] = None) -> str:
        return "%032x" % self.native.information_key(
            self._player(player, "information_state_string"))

    def information_state_json(self, player: Optional[int] = None) -> str:
        return self.native.information_json(self._player(player, "information_state_json"))

    def information_state_tensor(self, player: Optional[int] = None) -> List[float]:
        """The library's perfect-recall tensor (Game.information_state_tensor_size())."""
        return list(self.native.information_tensor(
            self._player(player, "information_state_tensor")))

    def observation_string(self, player: Optional[int] = None) -> str:
        return self.native.to_text(self._player(player, "observation_string"))

    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        return list(self.native.observation_tensor(self._player(player, "observation_tensor")))

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Optional[Callable[[], float]] = None
                                ) -> State:
        """A state the player cannot tell from this one, everything hidden
        from them redrawn; probability_sampler (uniform in [0, 1)) seeds the
        draw, else the state's RNG does. This state is left unchanged."""
        c = self.clone()
        if probability_sampler is not None:
            c.native.seed(int(probability_sampler() * 2 ** 53))
        c.native.resample(self._player(player_id, "resample_from_infostate"))
        c._refresh()
        return c

    # ---- copies, saving and text ------------------------------------------------

    def clone(self) -> State:
        return State(self._game, self.native.clone())

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> State:
        return self.clone()

    def serialize(self) -> str:
        """The state, RNG and history included, as the library's JSON save
        form; Game.deserialize_state() reads it back."""
        return self.native.to_json()

    def __reduce__(self) -> Tuple[Callable[[str, bytes], State], Tuple[str, bytes]]:
        return (_unpickle_state, (str(self._game), self.native.save()))

    def __str__(self) -> str:
        return self.native.to_text(OMNISCIENT)

    def to_string(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return "<openspiel.State %s move %d>" % (self._game, self.move_number())


def _unpickle_state(game: str, saved: bytes) -> State:
    return State(load_game(game), NativeState.load(saved))


def serialize_game_and_state(game: Game, state: State) -> str:
    """pyspiel.serialize_game_and_state: both in one text."""
    return json.dumps({"game": str(game), "state": json.loads(state.serialize())})


def deserialize_game_and_state(text: str) -> Tuple[Game, State]:
    data = json.loads(text)
    game = load_game(data["game"])
    return game, game.deserialize_state(json.dumps(data["state"]))


# ---- observers (open_spiel.python.observation) -----------------------------------

class IIGObservationType(NamedTuple):
    """pyspiel.IIGObservationType; perfect_recall selects the tensor."""

    perfect_recall: bool = False
    public_info: bool = True
    private_info: int = 1  # PrivateInfoType.SINGLE_PLAYER


class Observation:
    """open_spiel.python.observation's observation object: set_from()
    fills tensor (a numpy float32 array where numpy is installed, else an
    array('f')) in place; dict names it "observation" (or
    "info_state" with perfect recall)."""

    def __init__(self, game: Game, iig_obs_type: IIGObservationType) -> None:
        self._game = game
        self.perfect_recall = iig_obs_type.perfect_recall
        size = game.native.information_tensor_size if self.perfect_recall \
            else game.native.observation_tensor_size
        np = _numpy()
        if np is not None:
            self.tensor: Any = np.zeros(size, np.float32)
        else:
            from array import array
            self.tensor = array("f", bytes(4 * size))
        self.dict = {"info_state" if self.perfect_recall else "observation": self.tensor}

    def set_from(self, state: State, player: int) -> None:
        if self.perfect_recall:
            state.native.information_tensor(player, self.tensor)
        else:
            state.native.observation_tensor(player, self.tensor)

    def string_from(self, state: State, player: int) -> str:
        return state.information_state_string(player) if self.perfect_recall \
            else state.observation_string(player)


def make_observation(game: Game, imperfect_information_observation_type:
                     Optional[IIGObservationType] = None,
                     params: Optional[Mapping[str, Any]] = None) -> Observation:
    if params:
        raise InvalidArgument("make_observation: no observation parameters here, got %r"
                              % dict(params))
    return Observation(game, imperfect_information_observation_type or IIGObservationType())


def random_outcome(outcomes: Sequence[Tuple[int, float]], u: float) -> int:
    """The outcome a uniform u in [0, 1) picks from chance_outcomes()."""
    for action, p in outcomes:
        u -= p
        if u < 0:
            return action
    return outcomes[-1][0]


__all__ = ["load_game", "Game", "State", "GameType", "PlayerId", "StateType", "TensorLayout",
           "PlayerAction", "IIGObservationType", "Observation", "make_observation",
           "serialize_game_and_state", "deserialize_game_and_state", "random_outcome",
           "DRAWS"]

# Keep pyspiel's spellings of the enums at module level too.
Dynamics, ChanceMode = GameType.Dynamics, GameType.ChanceMode
Information, Utility = GameType.Information, GameType.Utility
