#!/usr/bin/env python3
"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse
2012) over the OpenSpiel-named adapter: every iteration redraws what the
searching player cannot see (resample_from_infostate), descends a tree
whose nodes are information sets (information_state_string of the player
to move), expands one node and finishes with a random playout. It plays
one game against random opponents and prints the result.

    TABLEGAMES_LIBRARY=build/libtablegames.so PYTHONPATH=bindings/python \\
        python3 examples/python/ismcts.py [--game "witches_dance(players=2,witches=1)"] \\
        [--iterations 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Dict, List, Tuple

from tablegames import openspiel as pyspiel

Stats = Dict[int, List[float]]  # action -> [visits, total return of the mover]


class ISMCTS:
    def __init__(self, iterations: int, seed: int, c: float = 1.4) -> None:
        self.iterations, self.rng, self.c = iterations, random.Random(seed), c
        self.nodes: Dict[str, Stats] = {}

    def choose(self, state: pyspiel.State) -> int:
        """The most visited action at state, for its player to move."""
        player = state.current_player()
        root = state.information_state_string(player)
        for _ in range(self.iterations):
            world = state.resample_from_infostate(player, self.rng.random)
            self._iterate(world)
        stats = self.nodes[root]
        legal = state.legal_actions()
        return max(legal, key=lambda a: stats.get(a, [0, 0.0])[0])

    def _select(self, stats: Stats, legal: List[int]) -> int:
        """UCB1 over the actions legal in this world (others may be legal
        in other worlds of the same information set)."""
        for a in legal:
            stats.setdefault(a, [0, 0.0])
        total = sum(stats[a][0] for a in legal) or 1
        return max(legal, key=lambda a: math.inf if stats[a][0] == 0 else
                   stats[a][1] / stats[a][0] + self.c * math.sqrt(math.log(total) / stats[a][0]))

    def _iterate(self, world: pyspiel.State) -> None:
        path: List[Tuple[str, int, int]] = []
        expanded = False
        while not world.is_terminal():
            if world.is_chance_node():
                outcomes = world.chance_outcomes()
                world.apply_action(pyspiel.random_outcome(outcomes, self.rng.random()))
                continue
            mover = world.current_player()
            legal = world.legal_actions()
            if expanded:  # the playout
                world.apply_action(legal[self.rng.randrange(len(legal))])
                continue
            key = world.information_state_string(mover)
            stats = self.nodes.get(key)
            if stats is None:
                self.nodes[key] = stats = {}
                expanded = True
                action = legal[self.rng.randrange(len(legal))]
            else:
                action = self._select(stats, legal)
            path.append((key, action, mover))
            world.apply_action(action)
        returns = world.returns()
        for key, action, mover in path:
            entry = self.nodes[key].setdefault(action, [0, 0.0])
            entry[0] += 1
            entry[1] += returns[mover]


def play(game: pyspiel.Game, iterations: int, seed: int) -> Tuple[List[float], int]:
    """One game, player 0 searching, the others random: (returns, searches)."""
    rng = random.Random(seed)
    search = ISMCTS(iterations, seed)
    state = game.new_initial_state(seed)
    searches = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(pyspiel.random_outcome(state.chance_outcomes(), rng.random()))
        elif state.current_player() == 0:
            state.apply_action(search.choose(state))
            searches += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns(), searches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="witches_dance(players=2,witches=1)")
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    returns, searches = play(pyspiel.load_game(args.game), args.iterations, args.seed)
    print("%s: player 0 searched %d decisions with %d iterations each; returns %s"
          % (args.game, searches, args.iterations, returns))


if __name__ == "__main__":
    main()
