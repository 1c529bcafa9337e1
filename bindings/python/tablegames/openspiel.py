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

Actions are numbered as OpenSpiel numbers them: a player's actions
0 .. num_distinct_actions()-1 and chance outcomes 0 .. max_chance_outcomes()-1,
each the rank of a library move id among the player ids or the chance ids
(the library's move space mixes both: Witches' Dance numbers its die first).
Action.move_id() / action_of() convert. information_state_string() is the
128-bit information key in hex (equal exactly when the player cannot tell
two states apart, at any length of history in constant time); the
canonical JSON for people is information_state_json().

Not provided, as no game here offers it: information_state_tensor() (the
observation tensor is not a perfect-recall information state: use
observation_tensor() with the information key), simultaneous moves, and
serialization in OpenSpiel's format (State.save() of the library is at
state.native).
"""

from __future__ import annotations

import enum
import re
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from .errors import IllegalMove, InvalidArgument
from .game import Game as NativeGame
from .game import OptionValue
from .state import State as NativeState
from .viewers import OMNISCIENT


class PlayerId(enum.IntEnum):
    """pyspiel.PlayerId's values."""

    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


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

    def __init__(self, game: NativeGame) -> None:
        info = game.info
        self.short_name = game.id
        self.long_name = info.name
        self.dynamics = GameType.Dynamics.SEQUENTIAL
        self.chance_mode = GameType.ChanceMode.EXPLICIT_STOCHASTIC
        self.information = (GameType.Information.IMPERFECT_INFORMATION
                            if _hidden(game) else GameType.Information.PERFECT_INFORMATION)
        # 1 shared among the winners, 0 otherwise; a game may end without a
        # winner (a cap, Bewitched's hat_put=no), so the sum is not constant.
        self.utility = GameType.Utility.GENERAL_SUM
        self.reward_model = GameType.RewardModel.TERMINAL
        self.max_num_players = info.max_players
        self.min_num_players = info.min_players
        self.provides_information_state_string = True
        self.provides_information_state_tensor = False
        self.provides_observation_string = True
        self.provides_observation_tensor = True
        self.parameter_specification = {o.name: o.default for o in info.options}

    def __repr__(self) -> str:
        return "<GameType %s %s %s>" % (self.short_name, self.information.name,
                                        self.utility.name)


def _hidden(game: NativeGame) -> bool:
    try:
        return game.has_hidden_information
    except AttributeError:  # a 1.2 library: every game here hides something
        return True


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
    load_game("bewitched", {"players": 2})."""
    game_id, parsed = _parse_name(name)
    parsed.update(params or {})
    return Game(NativeGame(game_id, dict(parsed)))


class _Actions:
    """The library's move ids split into player actions and chance
    outcomes, each numbered densely (see the module's text)."""

    def __init__(self, game: NativeGame) -> None:
        n = game.move_count
        try:
            chance = [game.move_is_chance(m) for m in range(n)]
        except AttributeError:  # a 1.2 library: one space for both
            chance = None
        if chance is None:
            self.player_ids = self.chance_ids = list(range(n))
        else:
            self.player_ids = [m for m in range(n) if not chance[m]]
            self.chance_ids = [m for m in range(n) if chance[m]]
        self.player_of = {m: a for a, m in enumerate(self.player_ids)}
        self.chance_of = {m: a for a, m in enumerate(self.chance_ids)}


class Game:
    """pyspiel.Game over a tablegames.Game (at .native)."""

    def __init__(self, native: NativeGame) -> None:
        self.native = native
        self._actions = _Actions(native)
        self._type = GameType(native)

    def get_type(self) -> GameType:
        return self._type

    def get_parameters(self) -> Dict[str, str]:
        return self.native.options

    def new_initial_state(self, seed: int = 0) -> State:
        """The initial state; seed drives sample_chance() and resampling."""
        return State(self, self.native.new_state(seed))

    def num_players(self) -> int:
        return self.native.players

    def num_distinct_actions(self) -> int:
        return len(self._actions.player_ids)

    def max_chance_outcomes(self) -> int:
        return len(self._actions.chance_ids)

    def max_game_length(self) -> int:
        """A true bound on a game's length (Game.length_bound, which counts
        chance outcomes too, so it bounds the player decisions as well)."""
        try:
            return self.native.length_bound
        except AttributeError:
            return self.native.max_length

    max_history_length = max_game_length

    def min_utility(self) -> float:
        return self._utility_range()[0]

    def max_utility(self) -> float:
        return self._utility_range()[1]

    def _utility_range(self) -> Tuple[float, float]:
        try:
            return self.native.utility_range
        except AttributeError:
            return (0.0, 1.0)  # 1.2: 1 shared among the winners, 0 otherwise

    def utility_sum(self) -> Optional[float]:
        return None  # general sum (see GameType)

    def observation_tensor_shape(self) -> List[int]:
        return [self.native.observation_tensor_size]

    def observation_tensor_size(self) -> int:
        return self.native.observation_tensor_size

    def information_state_tensor_shape(self) -> List[int]:
        raise NotImplementedError(_NO_INFOSTATE_TENSOR)

    information_state_tensor_size = information_state_tensor_shape

    def action_to_move_id(self, player: int, action: int) -> int:
        """The library's move id of an action of player (or of chance)."""
        ids = self._actions.chance_ids if player == PlayerId.CHANCE else self._actions.player_ids
        if not 0 <= action < len(ids):
            raise IllegalMove("action %d is not an action of %s (0..%d)" % (
                action, "chance" if player == PlayerId.CHANCE else "a player", len(ids) - 1))
        return ids[action]

    def __str__(self) -> str:
        return "%s(%s)" % (self.native.id, self.native.options_string)

    __repr__ = __str__


_NO_INFOSTATE_TENSOR = ("information_state_tensor: no perfect-recall tensor is offered; use "
                        "observation_tensor() and information_state_string() (the key)")


class State:
    """pyspiel.State over a tablegames.State (at .native)."""

    def __init__(self, game: Game, native: NativeState) -> None:
        self._game = game
        self.native = native
        self._actions = game._actions

    def get_game(self) -> Game:
        return self._game

    # ---- whose turn ---------------------------------------------------------

    def current_player(self) -> int:
        p = self.native.current_player
        if p >= 0:
            return int(p)
        return PlayerId.CHANCE if p == -1 else PlayerId.TERMINAL

    def is_chance_node(self) -> bool:
        return self.native.is_chance

    def is_terminal(self) -> bool:
        return self.native.is_terminal

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def is_simultaneous_node(self) -> bool:
        return False

    def num_players(self) -> int:
        return self._game.num_players()

    def move_number(self) -> int:
        return self.native.move_number

    # ---- actions ------------------------------------------------------------

    def _of(self, move_id: int) -> int:
        table = self._actions.chance_of if self.native.is_chance else self._actions.player_of
        return table[move_id]

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal actions, increasing (at a chance node: the outcomes);
        [] for a player who is not to move, as OpenSpiel answers."""
        if player is not None and player != self.current_player():
            return []
        if self.native.is_terminal:
            return []
        return sorted(self._of(m) for m in self.native.legal_move_ids())

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        """1 per legal action, num_distinct_actions() entries
        (max_chance_outcomes() at a chance node)."""
        chance = self.native.is_chance
        mask = [0] * (self._game.max_chance_outcomes() if chance
                      else self._game.num_distinct_actions())
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """[(action, probability)] at a chance node, [] elsewhere."""
        if not self.native.is_chance:
            return []
        return [(self._actions.chance_of[int(m)], p) for m, p in self.native.chance_outcomes()]

    def apply_action(self, action: int) -> None:
        chance = self.native.is_chance
        move = self._game.action_to_move_id(PlayerId.CHANCE if chance else 0, action)
        self.native.apply_id(move)

    def child(self, action: int) -> State:
        c = self.clone()
        c.apply_action(action)
        return c

    def action_to_string(self, player: int, action: Optional[int] = None) -> str:
        """The notation of an action here ("player" may be left out, as
        pyspiel allows)."""
        if action is None:
            player, action = self.current_player(), player
        move = self._game.action_to_move_id(player, action)
        try:
            return self.native.any_move_text(move)
        except AttributeError:
            return self.native.move_text(move)

    def string_to_action(self, text: str) -> int:
        return self._of(int(self.native.parse_move(text)))

    def history(self) -> List[int]:
        """The actions since the root, as OpenSpiel numbers them."""
        out = []
        for m in self.native.history:
            a = self._actions.player_of.get(m)
            out.append(self._actions.chance_of[m] if a is None else a)
        return out

    def full_history(self) -> List[Tuple[int, int]]:
        """[(player, action)], chance as PlayerId.CHANCE."""
        players = self.native.history_players()
        return [(PlayerId.CHANCE if p < 0 else int(p), a)
                for p, a in zip(players, self.history())]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.history())

    # ---- results ------------------------------------------------------------

    def returns(self) -> List[float]:
        return self.native.returns

    def rewards(self) -> List[float]:
        """Rewards come at the end only (RewardModel.TERMINAL)."""
        return self.native.returns

    def player_return(self, player: int) -> float:
        return self.native.returns[player]

    # ---- what a player knows --------------------------------------------------

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
        raise NotImplementedError(_NO_INFOSTATE_TENSOR)

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
        return c

    # ---- copies and text --------------------------------------------------------

    def clone(self) -> State:
        return State(self._game, self.native.clone())

    def __str__(self) -> str:
        return self.native.to_text(OMNISCIENT)

    def __repr__(self) -> str:
        return "<openspiel.State %s move %d>" % (self._game, self.move_number())


def random_outcome(outcomes: Sequence[Tuple[int, float]], u: float) -> int:
    """The outcome a uniform u in [0, 1) picks from chance_outcomes()."""
    for action, p in outcomes:
        u -= p
        if u < 0:
            return action
    return outcomes[-1][0]


__all__ = ["load_game", "Game", "State", "GameType", "PlayerId", "random_outcome"]

# Keep pyspiel's spellings of the enums at module level too.
Dynamics, ChanceMode = GameType.Dynamics, GameType.ChanceMode
Information, Utility = GameType.Information, GameType.Utility
