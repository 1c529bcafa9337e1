"""A long finished game in a store, for replay attacks (attack.py).

Bewitched with four seats, played with random legal moves and the
state's own dice, runs to thousands of decisions (the longest game a
family can leave behind: the one whose replay costs most). The game is
stored as the server stores a table (the configuration, the root's
save, one row per decision with its kind), so the server loads it and
its replay like any other table. The decisions are written in one
transaction: appending them one by one would take an fsync each.
"""

import random
import time

import tablegames

from tablegames_table import config as config_mod
from tablegames_table.seats import new_table_id
from tablegames_table.store import (KIND_DRAWN, KIND_MOVE, WAIT_NOBODY, WAIT_SERVER, Decision,
                                    StoredTable)

GAME = "bewitched"
PLAYERS = 4


def play(seed):
    """(root save, [(move, kind, seat)]) of one random game to its end."""
    game = tablegames.Game(GAME, {"players": PLAYERS})
    state = game.new_state(seed)
    root, rng, moves = state.save(), random.Random(seed), []
    try:
        while not state.is_terminal:
            player = state.current_player
            if player == tablegames.CHANCE:
                moves.append((int(state.sample_chance()), KIND_DRAWN, None))
            else:
                moves.append((int(rng.choice(state.legal_moves())), KIND_MOVE, player))
            state.apply_id(moves[-1][0])
    finally:
        state.close()
    return root, moves


async def store_long_game(store, at_least=5000, seed=1):
    """Stores a finished game of at least at_least decisions (the longest
    of the seeds tried until one has that many); returns (table id, its
    number of decisions)."""
    best = None
    for tried in range(seed, seed + 40):
        root, moves = play(tried)
        if best is None or len(moves) > len(best[1]):
            best = (root, moves)
        if len(moves) >= at_least:
            break
    root, moves = best
    people = [{"kind": "person", "name": "Player %d" % (i + 1)} for i in range(PLAYERS)]
    cfg, _, _ = config_mod.parse_request({"game": GAME, "seats": people})
    cfg, _ = config_mod.with_secrets(cfg)
    table_id, now = new_table_id(), time.time()
    await store.create_table(StoredTable(table_id=table_id, config=cfg.to_record(), root=root,
                                         created=now, finished=False, waiting=WAIT_SERVER))
    batch = [(table_id, Decision(seq=i + 1, move=move, kind=kind, seat=seat, at=now),
              WAIT_NOBODY if i == len(moves) - 1 else WAIT_SERVER)
             for i, (move, kind, seat) in enumerate(moves)]
    # SQLiteStore's transaction of many appends (its group commit takes
    # one decision per table a commit).
    failed = [r for r in await store._run(store._append_batch, batch) if r is not None]
    if failed:
        raise failed[0]
    return table_id, len(moves)
