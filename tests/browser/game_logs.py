"""Prints whole finished games as each viewer saw them, one JSON line per
game, for log_truth.test.mjs: no seat's log may contradict what happened.

Each line: {"game", "players", "winners", "decisions": [{"seat", "events":
{"0": [...], "1": [...], "public": [...], "omniscient": [...]}}]}, from
random games with the library's own dice (two and three players, games
of at most MAX_DECISIONS decisions, GAMES_PER_TITLE a title and player
count)."""

import json
import random

import tablegames

GAMES_PER_TITLE = 2
MAX_DECISIONS = 1500
SEEDS = 40


def play(game_id, players, seed):
    state = tablegames.Game(game_id, players=players).new_state(seed=seed)
    rng = random.Random(seed)
    viewers = [(str(p), p) for p in range(players)] + [
        ("public", tablegames.PUBLIC), ("omniscient", tablegames.OMNISCIENT)]
    decisions = []
    while not state.is_terminal and len(decisions) < MAX_DECISIONS:
        seat = state.current_player
        if state.is_chance:
            state.apply_id(int(state.sample_chance()))
        else:
            state.apply_id(int(rng.choice(state.legal_moves())))
        decisions.append({"seat": seat if seat >= 0 else None,
                          "events": {name: state.events(v) for name, v in viewers}})
    if not state.is_terminal:
        return None
    return {"game": game_id, "players": players, "winners": state.winners,
            "decisions": decisions}


def main():
    for info in tablegames.games():
        for players in (2, 3):
            found = 0
            for seed in range(SEEDS):
                game = play(info.id, players, seed)
                if game is not None:
                    print(json.dumps(game))
                    found += 1
                    if found == GAMES_PER_TITLE:
                        break


if __name__ == "__main__":
    main()
