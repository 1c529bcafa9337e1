"""What a connection may see: the one place that reads a state for a client.

A seat gets its own observation and events (tg_state_observation_json and
tg_state_events_json for that seat), its legal moves on its turn, and at a
chance point that people enter, the outcomes. Never the save, the RNG, the
omniscient view or another seat's view: nothing else in the server builds
messages from a state.

Spectators see the public view (TG_VIEW_PUBLIC, library 1.2): what the
whole table saw, no seat's secret. SPECTATOR_VIEWER is the one switch:
with a binding that has no PUBLIC it is None and the spectator page says
spectating is not available.
"""

import tablegames

SPECTATOR_VIEWER = getattr(tablegames, "PUBLIC", None)


def spectating_available():
    return SPECTATOR_VIEWER is not None


def turn(state):
    player = state.current_player
    return {"player": player if player >= 0 else None,
            "chance": player == tablegames.CHANCE,
            "over": player == tablegames.TERMINAL,
            "winners": state.winners}


def state_message(table, viewer, log=None):
    """The message a viewer (a seat number or SPECTATOR_VIEWER) gets after
    a decision. table is a live.LiveTable; the caller holds its lock."""
    state = table.state
    msg = {"type": "state", "version": table.version, "observation": state.observation(viewer),
           "events": table.events_for(viewer), "turn": turn(state),
           "thinking": table.thinking_seat}
    if viewer is not None and viewer >= 0 and state.current_player == viewer:
        msg["moves"] = [{"id": int(m), "text": m.text} for m in state.legal_moves()]
    entry = table.chance_entry()
    if entry is not None and viewer is not None and viewer >= 0 \
            and table.config.seats[viewer].is_person:
        msg["chance"] = entry
    if table.entered_by is not None:
        msg["entered_by"] = table.entered_by     # public: who typed in the roll
    if table.timed_out is not None:
        msg["timed_out"] = table.timed_out       # public: whose time ran out, deciding this
    if table.ran_out is not None:
        msg["ran_out"] = table.ran_out           # public: the last time that ran out, until
                                                 # a person decides again
    clock = table.turn_clock.message()
    if clock is not None:
        msg["clock"] = clock                     # public: the time left of the seat to move
    if log is not None:
        msg["log"] = log
    return msg
