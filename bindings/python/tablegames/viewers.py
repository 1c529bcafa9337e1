"""Who decides and who looks: the sentinels current_player returns and the
viewers the view calls take.

In C the two pairs share their numbers (TG_PLAYER_CHANCE == TG_VIEW_OMNISCIENT
== -1, TG_PLAYER_TERMINAL == TG_VIEW_PUBLIC == -2), so passing what
current_player said at a chance point to a view call would quietly ask for
the referee's view: every secret of the game. Here they are four distinct
objects. They still compare (and hash) as -1 and -2, so old code that tests
``state.current_player == CHANCE`` keeps working, but every call that takes
a viewer accepts a negative viewer only as the object OMNISCIENT or PUBLIC:
CHANCE, TERMINAL and plain -1 / -2 (say, a StepView's player) are refused.
"""

from __future__ import annotations

import enum

from .errors import InvalidArgument


class Turn(enum.IntEnum):
    """What current_player says when no seat decides."""

    CHANCE = -1    # a chance event is next
    TERMINAL = -2  # the game is over


class Viewer(enum.IntEnum):
    """The two viewers that are not a seat, asked for by name only."""

    OMNISCIENT = -1  # the referee: everything, every secret
    PUBLIC = -2      # what the whole table saw (spectators)


CHANCE, TERMINAL = Turn.CHANCE, Turn.TERMINAL
OMNISCIENT, PUBLIC = Viewer.OMNISCIENT, Viewer.PUBLIC
# current_player's value for each sentinel number, without an enum lookup.
TURNS = {-1: CHANCE, -2: TERMINAL}


def viewer_arg(viewer: int, players: int, call: str, seats_only: bool = False) -> int:
    """Checks a viewer (already known to be an int that fits a C int) of a
    game of `players` seats, for the call named `call`; returns it as a
    plain int for C. seats_only: the call is about a seat (information
    states, resampling); what else it takes, the library decides."""
    if 0 <= viewer < players or (type(viewer) is Viewer and not seats_only):
        return int(viewer)
    if viewer < 0 and type(viewer) is not Viewer:
        if type(viewer) is Turn:
            what = ("%s (%d), what current_player says %s," % (
                viewer.name, viewer,
                "at a chance point" if viewer is CHANCE else "when the game is over"))
        else:
            what = "%d, a plain number," % viewer
        raise InvalidArgument(
            "%s: viewer %s is not a viewer; pass a seat (0..%d)%s"
            % (call, what, players - 1,
               "" if seats_only else " or, by name, tablegames.OMNISCIENT (the referee's"
               " view, every secret) or tablegames.PUBLIC"))
    if seats_only:
        return int(viewer)
    raise InvalidArgument(
        "%s: viewer %d is not a player of this %d-player game (0..%d%s)"
        % (call, viewer, players, players - 1,
           "" if seats_only else ", OMNISCIENT %d or PUBLIC %d" % (OMNISCIENT, PUBLIC)))
