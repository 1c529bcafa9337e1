#!/usr/bin/env python3
"""The three ways in for a learning program, each for a few games: the data
loop (tensor, mask and key per player decision through State.observe), the
PettingZoo-shaped environment and the OpenSpiel-named adapter. Typed for
mypy --strict (ctest checks it), so it also shows the API's types.

    TABLEGAMES_LIBRARY=build/libtablegames.so PYTHONPATH=bindings/python \\
        python3 examples/python/research_loop.py [--game bewitched] [--games 3]
"""

from __future__ import annotations

import argparse
import random
from array import array
from typing import List, Tuple

import tablegames
from tablegames import openspiel as pyspiel
from tablegames.env import AECEnv

Record = Tuple[int, int, "array[float]", bytearray]


def data_loop(game: tablegames.Game, seed: int) -> Tuple[List[Record], List[float]]:
    """One self-play game: (player, key, tensor, mask) per player decision,
    and the returns."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    records: List[Record] = []
    view = state.step_view()
    while view.player != tablegames.TERMINAL:
        if view.player == tablegames.CHANCE:
            view = state.step(None)
            continue
        tensor = array("f", bytes(4 * game.observation_tensor_size))
        mask = bytearray(game.move_count)
        key = state.observe(view.player, tensor, mask)
        records.append((view.player, key, tensor, mask))
        view = state.step(view[rng.randrange(len(view))])
    return records, state.returns


def env_episode(game: tablegames.Game, seed: int) -> List[float]:
    env = AECEnv(game)
    env.reset(seed=seed)
    total = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        _, reward, termination, truncation, info = env.last(observe=False)
        total[agent] += reward
        env.step(None if termination or truncation
                 else env.action_space(agent).sample(info["action_mask"]))
    return [total[a] for a in env.possible_agents]


def openspiel_game(name: str, seed: int) -> List[float]:
    game = pyspiel.load_game(name)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="witches_dance")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    game = tablegames.Game(args.game, players=args.players)
    for seed in range(args.games):
        records, returns = data_loop(game, seed)
        assert all(sum(mask) > 0 for _, _, _, mask in records)
        print("data loop: %d player decisions, %d information sets, returns %s"
              % (len(records), len({(p, k) for p, k, _, _ in records}), returns))
        print("env:       returns %s" % env_episode(game, seed))
        print("openspiel: returns %s" % openspiel_game(
            "%s(players=%d)" % (args.game, args.players), seed))


if __name__ == "__main__":
    main()
