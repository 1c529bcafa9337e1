"""The random-game loop of `tablegames bench`, driven from Python through
the ctypes binding, to show what crossing the binding costs per decision.

    TABLEGAMES_LIBRARY=BUILD/libtablegames.so PYTHONPATH=bindings/python \
        python3 bindings/python/bench.py [GAME] [--players N] [--seconds T]
"""
import argparse
import random
import time

import tablegames


def run(game_id, players, seconds, seed=1):
    game = tablegames.Game(game_id, players=players)
    pick = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    state = tablegames.State(game, seed)
    while time.perf_counter() - start < seconds:
        state.reset(seed + games)
        while not state.is_terminal:
            if state.current_player == tablegames.CHANCE:
                state.apply_chance()
            else:
                moves = state.legal_move_ids()
                state.apply(moves[pick.randrange(len(moves))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    ids = [args.game] if args.game else [g.id for g in tablegames.games()]
    for game_id in ids:
        info = next(g for g in tablegames.games() if g.id == game_id)
        players = min(max(args.players, info.min_players), info.max_players)
        games_s, decisions_s = run(game_id, players, args.seconds)
        print("python %-16s %d players: %10.1f games/s %12.0f decisions/s"
              % (game_id, players, games_s, decisions_s))


if __name__ == "__main__":
    main()
