"""Shared helpers for the binding tests: which games to run and a seeded
random player."""

import random
import threading

import tablegames


def every_setup():
    """(game id, players) for every game of the catalogue and player count."""
    return [(info.id, n) for info in tablegames.games() for n in info.player_counts()]


def random_step(state, rng):
    """Makes one decision: a chance outcome drawn with rng, or a random legal move."""
    if state.is_chance:
        return state.apply(state.sample_chance(rng))
    return state.apply(rng.choice(state.legal_move_ids()))


def play_out(state, rng, limit=None):
    """Plays to the end (or limit decisions); returns the decisions made."""
    made = []
    while not state.is_terminal and (limit is None or len(made) < limit):
        made.append(int(random_step(state, rng)))
    return made


def seeded(game_id, players, seed):
    return random.Random("%s/%d/%d" % (game_id, players, seed))


def walk(state, rng, every, visit):
    """Plays state to the end at random, calling visit(state) every `every`
    decisions and once more at the end."""
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            visit(state)
        random_step(state, rng)
        step += 1
    visit(state)


def run_threads(test, worker, count=4, timeout=60):
    """Runs worker(k) for k in 0..count-1, each on its own thread, and
    fails test if one has not finished after timeout seconds."""
    threads = [threading.Thread(target=worker, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    test.assertFalse(any(t.is_alive() for t in threads), "a thread hung")
