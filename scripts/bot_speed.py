#!/usr/bin/env python3
"""How fast each computer player decides, per game: the time of
Bot.choose() on the same mid-game positions for every level (two players,
default options), per second of the process's CPU time. The positions come from random play (State.playout) of
seeds 1..N, stopped at a player's turn after a few dozen decisions.

    TABLEGAMES_LIBRARY=BUILD/libtablegames.so PYTHONPATH=bindings/python \\
        python3 scripts/bot_speed.py [GAME] [--positions N] [--min-seconds T] [--json]

Each level goes through the positions again and again until it has used
T seconds of CPU time (default 0.5; at least once): a fast bot's ten
decisions take a few milliseconds, too short a sample to compare two
builds by.

For random and easy the few microseconds of a decision are close to the
cost of the Python call around it, so their figures are lower bounds.
"""
import argparse
import json
import time

import tablegames

LEVELS = ("random", "easy", "medium", "hard")


def positions(game, count):
    found = []
    seed = 1
    while len(found) < count:
        state = tablegames.State(game, seed)
        state.playout(30)
        while state.is_chance:
            state.playout(1)
        if not state.is_terminal:
            found.append(state)
        seed += 1
    return found


def speed(game, level, states, min_seconds):
    # Made before the clock starts: a search bot allocates its whole tree once.
    bots = {seat: tablegames.Bot(game, seat, level=level, seed=1)
            for seat in {s.current_player for s in states}}
    # CPU time of this process: on a shared machine the wall clock also
    # counts the time other programs held the core.
    start = time.process_time()
    decided = 0
    while True:
        for state in states:
            bots[state.current_player].choose(state)
        decided += len(states)
        used = time.process_time() - start
        if used >= min_seconds:
            return decided / max(used, 1e-9)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--min-seconds", type=float, default=0.5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for info in tablegames.games():
        if args.game not in (None, info.id):
            continue
        game = tablegames.Game(info.id, players=2)
        states = positions(game, args.positions)
        rates = {level: speed(game, level, states, args.min_seconds) for level in LEVELS}
        if args.json:
            print(json.dumps({"game": info.id, "players": 2, "positions": len(states),
                              "decisions_per_second": {k: round(v, 1) for k, v in rates.items()}}))
        else:
            print("%-16s " % info.id + "  ".join("%s %.1f/s" % kv for kv in rates.items()))


if __name__ == "__main__":
    main()
