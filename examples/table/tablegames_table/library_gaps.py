"""Work-arounds for what libtablegames 1.1 lacks; each names its gap.

Spinning Wishes' observation has a "players" array (each princess, her
space, her wishes...), but the core's own "players" field (the player
count) overwrites it, so the observation never shows where the princesses
stand (lib/core/observe.c, with_core_fields). Until the library keeps both,
the server rebuilds that array under the key "seats" from the state's
position, copying only fields that the rules show to everybody: which
princess a player is, her space, the wishes in her hand, whether she
misses a turn, her start roll and the towers she has looked under (which
tower she looked at is public; what she saw is not, and the presents are
not copied). Delete this module when the observation carries the array.
"""

import json

# The only position fields copied; the presents and the RNG never are.
_PUBLIC_PLAYER_FIELDS = ("princess", "space", "wishes", "miss_turn", "start_roll")


def _spinning_wishes_seats(state):
    position = json.loads(state.to_json())["position"]
    seats = []
    for p in position["players"]:
        seat = {key: p[key] for key in _PUBLIC_PLAYER_FIELDS}
        seat["looked"] = list(p["seen"])
        seat["own_three"] = (len(p["wishes"]) == 3
                             and all(w == p["princess"] for w in p["wishes"]))
        seats.append(seat)
    return seats


def complete_observation(game_id, state, observation):
    """The observation with what the library should have put in it."""
    if game_id == "spinning_wishes" and not isinstance(observation.get("players"), list):
        observation["seats"] = _spinning_wishes_seats(state)
    return observation
