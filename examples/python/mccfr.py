#!/usr/bin/env python3
"""Outcome-sampling MCCFR (Lanctot et al. 2009, as OpenSpiel's
outcome_sampling_mccfr.py computes it) over the OpenSpiel-named adapter,
written as a loop rather than a recursion: a sampled episode walks forward
on one state, recording each decision, then the regrets and the average
policy are updated walking the record backwards. A game of Bewitched runs
to 1,600 decisions and more, beyond Python's recursion limit; the loop
needs no copy of the state and no stack.

Over such lengths the estimator's weights (1 / the probability of sampling
the path, up to 30^800 in Bewitched) leave the range of a float, so each
table row is kept as a vector times exp(a scale kept as a logarithm):
regret matching and the average policy read only ratios within a row, so
the algorithm is unchanged, and a weight never overflows.

    TABLEGAMES_LIBRARY=build/libtablegames.so PYTHONPATH=bindings/python \\
        python3 examples/python/mccfr.py [--game "bewitched(players=2)"] [--iterations 5]
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Dict, List, NamedTuple

from tablegames import openspiel as pyspiel


class Row:
    """A table row as exp(scale) * values (see the module's text)."""

    __slots__ = ("scale", "values")

    def __init__(self, n: int) -> None:
        self.scale, self.values = -math.inf, [0.0] * n

    def add(self, actions: List[int], amounts: List[float], log_weight: float) -> None:
        """values[actions[j]] += amounts[j] * exp(log_weight), rescaled so
        that the larger of the row's scale and log_weight is the scale."""
        if log_weight == -math.inf:  # a zero weight
            return
        if log_weight > self.scale:
            shrink = math.exp(self.scale - log_weight)
            self.values = [v * shrink for v in self.values]
            self.scale = log_weight
        w = math.exp(log_weight - self.scale)
        for a, x in zip(actions, amounts):
            self.values[a] += x * w

    def real(self) -> List[float]:
        """The row's values as floats (inf where they exceed a float)."""
        if self.scale == -math.inf:
            return list(self.values)
        try:
            m = math.exp(self.scale)
        except OverflowError:
            m = math.inf
        return [v * m if v else 0.0 for v in self.values]


class Visit(NamedTuple):
    """One decision of the sampled episode, as the update needs it."""

    key: str
    player: int
    legal: List[int]
    policy: List[float]
    chosen: int              # index into legal
    log_my_over_sample: float   # log(my reach / sampling reach) before this decision
    log_opp_over_sample: float  # log(everyone else's reach / sampling reach)
    log_q: float             # log of the sampling probability of the chosen action


class OutcomeSamplingMCCFR:
    """Tables keyed by information_state_string(): regrets and average
    policy over the num_distinct_actions() actions; epsilon exploration for
    the updating player."""

    def __init__(self, game: pyspiel.Game, seed: int, epsilon: float = 0.6) -> None:
        self.game, self.rng, self.epsilon = game, random.Random(seed), epsilon
        self.n = game.num_distinct_actions()
        self.regrets: Dict[str, Row] = {}
        self.average: Dict[str, Row] = {}
        self.legal: Dict[str, List[int]] = {}

    def iteration(self, seed: int) -> None:
        """One sampled episode per player, each updating that player."""
        for player in range(self.game.num_players()):
            self.episode(self.game.new_initial_state(seed), player)

    def policy(self, key: str, legal: List[int]) -> List[float]:
        """Regret matching over the legal actions."""
        regrets = self.regrets[key].values
        positive = [max(regrets[a], 0.0) for a in legal]
        total = sum(positive)
        return [r / total for r in positive] if total > 0 else [1 / len(legal)] * len(legal)

    def episode(self, state: pyspiel.State, update: int) -> None:
        """Samples one episode from state and updates the tables. Chance
        and the other players sample by their own policies, so only the
        updating player's decisions change the reach ratios."""
        visits: List[Visit] = []
        log_my = log_opp = 0.0  # log(my reach / sample reach), log(opp reach / sample reach)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                i = self.rng.choices(range(len(outcomes)), [p for _, p in outcomes])[0]
                state.apply_action(outcomes[i][0])
                continue
            cur = state.current_player()
            key = state.information_state_string(cur)
            legal = state.legal_actions()
            if key not in self.regrets:
                self.regrets[key] = Row(self.n)
                self.average[key] = Row(self.n)
                self.legal[key] = legal
            policy = self.policy(key, legal)
            sample = [self.epsilon / len(legal) + (1 - self.epsilon) * p for p in policy] \
                if cur == update else policy
            i = self.rng.choices(range(len(legal)), sample)[0]
            visits.append(Visit(key, cur, legal, policy, i, log_my, log_opp,
                                math.log(sample[i])))
            if cur == update:
                log_my += math.log(policy[i]) - math.log(sample[i]) if policy[i] > 0 \
                    else -math.inf
                log_opp -= math.log(sample[i])
            state.apply_action(legal[i])
        utility = state.player_return(update)
        # log of the sampled value of the subtree below each decision, for
        # utility 1: the product of policy / sample of the choices below.
        log_value = 0.0
        for v in reversed(visits):
            log_child = log_value - v.log_q         # the chosen action's value estimate
            log_value = log_child + (math.log(v.policy[v.chosen]) if v.policy[v.chosen] > 0
                                     else -math.inf)
            if v.player == update:
                if utility > 0:
                    p_i = v.policy[v.chosen]
                    amounts = [(1.0 if j == v.chosen else 0.0) - p_i for j in range(len(v.legal))]
                    self.regrets[v.key].add(v.legal, amounts, math.log(utility) + log_child
                                            + v.log_opp_over_sample)
            else:
                self.average[v.key].add(v.legal, v.policy, v.log_my_over_sample)

    def average_policy(self, key: str) -> Dict[int, float]:
        """The average policy at an information set, over its legal actions."""
        legal = self.legal[key]
        weights = self.average[key].values
        total = sum(weights[a] for a in legal)
        if total <= 0:
            return {a: 1 / len(legal) for a in legal}
        return {a: weights[a] / total for a in legal}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bewitched(players=2)")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game(args.game)
    solver = OutcomeSamplingMCCFR(game, args.seed)
    for it in range(args.iterations):
        solver.iteration(args.seed + it)
    learned = sum(1 for r in solver.regrets.values() if any(r.values))
    print("%s: %d iterations, %d information sets, %d with regrets"
          % (game, args.iterations, len(solver.regrets), learned))


if __name__ == "__main__":
    main()
