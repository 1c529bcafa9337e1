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


def run_threads(test, worker, count=4):
    """Runs worker(k) for k in 0..count-1, each on its own thread, and
    fails test if one of them raised. There is no time limit here: a hang
    (threads waiting on each other use no CPU) is failed by the watchdog
    every Python suite runs under (tests/watchdog/watchdog.py), which a
    loaded machine cannot trip, as a guess at its speed would."""
    errors = []

    def run(k):
        try:
            worker(k)
        except BaseException as e:  # reported on the test's own thread
            errors.append(e)
            raise

    threads = [threading.Thread(target=run, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    test.assertEqual(errors, [], "a thread raised")
