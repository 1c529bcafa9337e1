"""Prints one JSON line per kind of event each game's library emits, as
seats and the spectator see them, from random games (for words.test.mjs:
every event the table can show gets a sentence with names)."""

import json
import random

import tablegames

VIEWERS = 3


def main():
    samples = []
    seen = set()
    for info in tablegames.games():
        for seed in range(8):
            state = tablegames.Game(info.id, players=VIEWERS).new_state(seed=seed)
            rng = random.Random(seed)
            for _ in range(4000):
                if state.is_terminal:
                    break
                if state.is_chance:
                    state.apply(int(state.sample_chance()))
                else:
                    state.apply(int(rng.choice(state.legal_moves())))
                for viewer in list(range(VIEWERS)) + [tablegames.PUBLIC]:
                    for event in state.events(viewer):
                        key = (info.id, event["type"], viewer >= 0, "color" in event)
                        if key not in seen:
                            seen.add(key)
                            samples.append({"game": info.id, "viewer": viewer, "event": event})
    for s in samples:
        print(json.dumps(s))


if __name__ == "__main__":
    main()
