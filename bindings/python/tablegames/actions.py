"""The one numbering of decisions every learning surface of the package
uses (the environments, the OpenSpiel adapter, the masks and the batch):

- a player's actions are 0 .. action_count-1: the ids of the game's move
  space that are a player's (Game.move_is_chance() false), in increasing
  order of id, the same for every player;
- chance outcomes are 0 .. outcome_count-1: the chance ids, likewise.

This is the library's own numbering since 1.4 (tg_game_action_move(),
tg_game_move_action(), tg_state_action_mask(), tg_batch_step()) and
OpenSpiel's (num_distinct_actions(), max_chance_outcomes()). The order is
kept, so a sorted list of legal moves maps to a sorted list of actions.
Move ids stay the numbering of State's own calls (apply, step, history).
"""

from __future__ import annotations

from typing import Any, Iterable, List

from .buffers import numpy as _numpy
from .game import Game


class Actions:
    """A game's numbering tables, made once per game (one C call per id
    of the move space) so that converting costs a list index."""

    __slots__ = ("action_moves", "outcome_moves", "of_move", "action_count",
                 "outcome_count", "move_count", "_gather")

    def __init__(self, game: Game) -> None:
        n = game.move_count
        chance = [game.move_is_chance(m) for m in range(n)]
        #: action -> move id, and outcome -> move id
        self.action_moves: List[int] = [m for m in range(n) if not chance[m]]
        self.outcome_moves: List[int] = [m for m in range(n) if chance[m]]
        #: move id -> its action (a player's id) or outcome number (a chance id)
        self.of_move: List[int] = [0] * n
        for table in (self.action_moves, self.outcome_moves):
            for a, m in enumerate(table):
                self.of_move[m] = a
        self.action_count = len(self.action_moves)
        self.outcome_count = len(self.outcome_moves)
        self.move_count = n
        np = _numpy()
        self._gather: Any = None if np is None else np.array(self.action_moves, np.intp)

    def actions(self, moves: Iterable[int]) -> List[int]:
        """The actions (or outcomes) of move ids, in their order."""
        of = self.of_move
        return [of[m] for m in moves]

    def action_move(self, action: int) -> int:
        return self.action_moves[action]

    def outcome_move(self, outcome: int) -> int:
        return self.outcome_moves[outcome]
