"""Dice at the table: which chance points a person may enter.

A die, a spinner or a creature fished from the cauldron is seen by
everyone at a real table, so in companion mode the app waits for a person
to enter what it showed. A hidden setup (Bewitched's prince book and
deadly snakes, Spinning Wishes' presents) is different: whoever typed it
in would know the secret, and on the real board nobody looks at it. So a
chance point waits for a person only when it is public: every seat can
tell every outcome apart (after it, each pair of outcomes gives that seat
a different observation or different events). Other chance points are
drawn by the server's RNG, as without companion mode.

The test needs only the library (it applies each outcome to a copy of the
state, inside the server); the answer for a chance point depends on the
kind of chance point, not on the hidden facts, in every game we have.
"""

import json


def _seen_by(state, seat):
    return (json.dumps(state.observation(seat), sort_keys=True),
            json.dumps(state.events(seat), sort_keys=True))


def is_public(state):
    """Whether every seat can tell apart every outcome of this chance point."""
    outcomes = [move for move, _ in state.chance_outcomes()]
    seen = [set() for _ in range(state.players)]
    for move in outcomes:
        trial = state.clone()
        try:
            trial.apply(int(move))
            for seat in range(state.players):
                view = _seen_by(trial, seat)
                if view in seen[seat]:
                    return False
                seen[seat].add(view)
        finally:
            trial.close()
    return True


def outcomes_for_entry(state):
    """The outcomes as a person enters them: id, the library's text and
    the probability (for showing how likely each is)."""
    return [{"id": int(move), "text": move.text, "probability": round(prob, 6)}
            for move, prob in state.chance_outcomes()]
