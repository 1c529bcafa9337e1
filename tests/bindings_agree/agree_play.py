"""One game, four languages: the Python side (see agree_play.c)."""
import sys

import tablegames


def print_save(state, final):
    data = state.save()
    if final:
        print("final " + data.hex())
    else:
        print("%d %s" % (len(data), data[-4:].hex()))


def plan(game_id, options, seed, path):
    with open(path) as f:
        picks = [int(word) for word in f.read().split()]
    used = 0
    with tablegames.Game(game_id, options) as game:
        state = game.new_state(seed)
        while not state.is_terminal:
            if state.is_chance:
                move = state.apply_chance(notation=False)
            elif used == len(picks):
                break  # the plan ends before the game
            else:
                moves = state.legal_move_ids()
                move = moves[picks[used] % len(moves)]
                used += 1
                state.apply_id(move)
            sys.stdout.write("%d " % move)
            print_save(state, False)
        print_save(state, True)


def replay(path):
    with open(path, "rb") as f:
        data = f.read()
    state = (tablegames.State.load(data) if path.endswith(".tgsv")
             else tablegames.State.from_json(data.decode("utf-8")))
    state.playout()
    print_save(state, True)


if __name__ == "__main__":
    if sys.argv[1] == "plan":
        plan(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
    else:
        replay(sys.argv[2])
