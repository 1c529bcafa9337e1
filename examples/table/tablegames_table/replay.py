"""The replay: after a game ends, anyone at the table steps through it.

What it shows. The rule pages' tables of who knows what (docs/rules/)
keep every secret "until the end": a hat's colour, a book's page, a
present under a tower. When the game is over a family lifts the hats,
turns the books and shows the presents ("so that was the prince!"), so by
default (the table's option "replay": "reveal") every step shows everyone,
seats and spectators alike, the omniscient observation and events of that
step. A table made with "replay": "own" keeps its secrets afterwards too:
a step shows a seat its own view and a spectator the public one. Before
the end there is no replay for anyone (refused with "not_over"): stepping
through a running game would be a way to read what the table hides.

The library does not change: its views of a finished state still show
each viewer only what that viewer saw; the choice to turn everything over
is the table's, made here.

How. A connection's replay keeps one state at the step it showed last:
the next step is one apply, a step back replays from the root (a few
thousand applies in C at most, far below a millisecond each).
"""

import tablegames

from . import views


class NotOver(Exception):
    """A replay was asked for before the game ended."""


class Replay:
    def __init__(self, root, decisions, reveal):
        self.root = root
        self.reveal = reveal             # the table's option: everyone sees everything
        self.decisions = decisions       # store.Decision, in order
        self.state = None
        self.step = -1

    @classmethod
    async def open(cls, table):
        """The replay of a finished live table (NotOver otherwise)."""
        if not table.is_over:
            raise NotOver()
        stored = await table.store.load_table(table.table_id)
        return cls(stored.root, await table.store.decisions(table.table_id),
                   reveal=table.config.replay == "reveal")

    @property
    def steps(self):
        return len(self.decisions)

    def _go(self, step):
        if self.state is None or step < self.step:
            if self.state is not None:
                self.state.close()
            self.state, self.step = tablegames.State.load(self.root), 0
        while self.step < step:
            self.state.apply(self.decisions[self.step].move)
            self.step += 1

    def message(self, step, viewer):
        """Step `step` (0: the start, steps: the end): everything, or as
        viewer saw it (a table that keeps its secrets)."""
        step = max(0, min(step, self.steps))
        self._go(step)
        state = self.state
        if self.reveal:
            viewer = tablegames.OMNISCIENT
        msg = {"type": "replay", "step": step, "steps": self.steps,
               "observation": state.observation(viewer),
               "events": state.events(viewer) if step else [],
               "turn": views.turn(state), "revealed": self.reveal}
        if step:
            d = self.decisions[step - 1]
            msg["decision"] = {"kind": d.kind, "seat": d.seat}   # public: who decided
        return msg

    def close(self):
        if self.state is not None:
            self.state.close()
            self.state = None
