"""One digest per game and player count of everything a run of random games
shows: whose turn it is, every legal list, every chance point's outcomes and
weights, the binary save and every seat's observation tensor at intervals,
and the returns at the end. Two libraries that print the same digests play
the same games in the same way, so a change meant only to make the library
faster is checked by running this against the library before and after it:

    TABLEGAMES_LIBRARY=OLD/libtablegames.so PYTHONPATH=bindings/python \\
        /usr/bin/python3 scripts/trace_digest.py [--seeds N] [--options O] [GAME[:PLAYERS] ...] > old.txt
    TABLEGAMES_LIBRARY=NEW/libtablegames.so PYTHONPATH=bindings/python \\
        /usr/bin/python3 scripts/trace_digest.py [--seeds N] [--options O] [GAME[:PLAYERS] ...] > new.txt
    diff old.txt new.txt

Moves are picked by Python's own seeded generator, chance outcomes by the
state's RNG (seeded by the game's seed), so the games depend on nothing but
the library. It uses calls of release 1.2 (chance weights, observation
tensors), so both libraries must be 1.2 or later.
"""
import argparse
import hashlib
import random
import sys

import tablegames

EVERY = 16  # decisions between saves and tensors: the lists are every decision


def setups(args):
    for text in args or []:
        game, _, players = text.partition(":")
        yield game, [int(players)] if players else None


def digest_game(game, seed, h):
    state = game.new_state(seed)
    pick = random.Random(seed)
    made = 0
    while not state.is_terminal:
        cur = state.current_player
        h.update(b"p%d;" % cur)
        if cur == tablegames.CHANCE:
            outcomes, total = state.chance_weights()
            h.update(repr((outcomes, total)).encode())
            state.apply_chance(notation=False)
        else:
            ids = state.legal_move_ids()
            h.update(repr(ids).encode())
            state.apply_id(ids[pick.randrange(len(ids))])
        made += 1
        if made % EVERY == 0:
            h.update(state.save())
            for seat in range(state.players):
                h.update(bytes(state.observation_tensor(seat)))
    h.update(repr(state.returns).encode())
    h.update(state.save())
    return made


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=40, help="games per setup (seeds 1..N)")
    parser.add_argument("--options", default="",
                        help="more options for every game, e.g. stops=must (the defaults "
                             "are checked without it; a house rule needs its own run)")
    parser.add_argument("setup", nargs="*", help="GAME or GAME:PLAYERS (default: all)")
    args = parser.parse_args()
    infos = {info.id: info for info in tablegames.games()}
    chosen = list(setups(args.setup)) or [(gid, None) for gid in infos]
    for gid, counts in chosen:
        for players in counts or infos[gid].player_counts():
            opts = "players=%d" % players + ("," + args.options if args.options else "")
            game = tablegames.Game(gid, opts)
            h = hashlib.sha256()
            decisions = sum(digest_game(game, seed, h) for seed in range(1, args.seeds + 1))
            print("%s:%d%s %d decisions %s" % (gid, players, " " + args.options if args.options
                                                 else "", decisions, h.hexdigest()))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
