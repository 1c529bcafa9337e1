#!/usr/bin/env python3
"""A tensor loop on the batched environment (tablegames.vector.VectorEnv):
many games stepped by one call each, random legal actions drawn from the
masks with numpy, and the information-state tensors collected with the
result each game brought its player to move, to fit a linear value
estimate by least squares. Every array comes from C in one call per step;
the only Python work per game is labelling its rows when it ends.
Needs numpy.

    TABLEGAMES_LIBRARY=build/libtablegames.so PYTHONPATH=bindings/python \\
        python3 examples/python/vector_loop.py [--game bewitched] [--players 2] \\
        [--envs 128] [--steps 600]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Tuple

try:
    import numpy as np
except ImportError:  # the suite counts 77 as skipped (ctest SKIP_RETURN_CODE)
    print("vector_loop.py: skipped: VectorEnv needs numpy (Debian: python3-numpy)")
    sys.exit(77)

from tablegames.vector import VectorEnv

RIDGE = 30.0  # the fit's regularisation: a few thousand rows, 1,500+ features


def collect(env: VectorEnv, steps: int, seed: int) -> Tuple[Any, Any]:
    """(tensors, targets) of every decision of every game that ended within
    steps: the player to move's information tensor, and what that player
    got at the end."""
    rng = np.random.default_rng(seed)
    n = env.num_envs
    size = env.single_observation_space.shape[0]
    tensors = np.zeros((steps, n, size), np.float32)
    players = np.zeros((steps, n), np.int32)
    targets = np.full((steps, n), np.nan, np.float64)
    start = np.zeros(n, np.int64)  # the step at which each slot's game began
    obs, info = env.reset(seed=seed)
    for t in range(steps):
        tensors[t] = obs
        players[t] = info["player"]
        # A uniform legal action per slot: random weights on the legal ones.
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        obs, rewards, terminated, truncated, info = env.step(actions)
        for slot in np.flatnonzero(terminated | truncated):
            rows = slice(start[slot], t + 1)
            targets[rows, slot] = rewards[slot, players[rows, slot]]
            start[slot] = t + 1
    done = ~np.isnan(targets)
    return tensors[done], targets[done]


def subsample(tensors: Any, targets: Any, rows: int, seed: int) -> Tuple[Any, Any]:
    """At most rows of them, drawn at random (the fit's cost grows with rows)."""
    if len(targets) <= rows:
        return tensors, targets
    pick = np.random.default_rng(seed).choice(len(targets), rows, replace=False)
    return tensors[pick], targets[pick]


def fit(tensors: Any, targets: Any) -> Tuple[float, float, int]:
    """Ridge regression on half the decisions, scored on the other half:
    (baseline error, fitted error, rows)."""
    half = len(targets) // 2
    x = np.hstack([tensors, np.ones((len(targets), 1), np.float32)]).astype(np.float64)
    gram = x[:half].T @ x[:half] + RIDGE * np.eye(x.shape[1])
    w = np.linalg.solve(gram, x[:half].T @ targets[:half])
    baseline = float(np.mean((targets[half:] - targets[:half].mean()) ** 2))
    fitted = float(np.mean((x[half:] @ w - targets[half:]) ** 2))
    return baseline, fitted, len(targets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bewitched")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--envs", type=int, default=128)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rows", type=int, default=6000, help="rows fitted at most")
    parser.add_argument("--observation", choices=("observation", "information"),
                        default="observation")
    args = parser.parse_args()
    with VectorEnv(args.game, args.envs, players=args.players, observation=args.observation,
                   draw="shared") as env:
        tensors, targets = collect(env, args.steps, args.seed)
    baseline, fitted, rows = fit(*subsample(tensors, targets, args.rows, args.seed))
    print("%s, %d players: %d decisions of finished games fitted; squared error %.4f with the"
          " mean, %.4f with the linear fit" % (args.game, args.players, rows, baseline, fitted))


if __name__ == "__main__":
    main()
