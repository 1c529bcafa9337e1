"""The replay: after a game ends, anyone at the table steps through it.

What it shows. The rule pages' tables of who knows what (docs/rules/)
give every secret the same end: "the end" - a present under a tower, a
book's page, a hat's colour stays known to whom it was known, and the
rules reveal nothing more when the game is over. The library agrees: its
public view of a finished game still hides them. So a replay step shows a
viewer what that viewer saw at that step: a seat its own observation and
events, a spectator the public ones - never another seat's secrets, and
never the omniscient view. Before the end there is no replay (refused
with "not_over"): stepping back through a running game would be a second
way to read the table, and nothing needs it.

How. A connection's replay keeps one state at the step it showed last:
the next step is one apply, a step back replays from the root (a few
thousand applies in C at most, far below a millisecond each).
"""

import tablegames

from . import views


class NotOver(Exception):
    """A replay was asked for before the game ended."""


class Replay:
    def __init__(self, root, decisions):
        self.root = root
        self.decisions = decisions       # store.Decision, in order
        self.state = None
        self.step = -1

    @classmethod
    async def open(cls, table):
        """The replay of a finished live table (NotOver otherwise)."""
        if not table.is_over:
            raise NotOver()
        stored = await table.store.load_table(table.table_id)
        return cls(stored.root, await table.store.decisions(table.table_id))

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
        """Step `step` (0: the start, steps: the end) as viewer saw it."""
        step = max(0, min(step, self.steps))
        self._go(step)
        state = self.state
        msg = {"type": "replay", "step": step, "steps": self.steps,
               "observation": state.observation(viewer),
               "events": state.events(viewer) if step else [],
               "turn": views.turn(state)}
        if step:
            d = self.decisions[step - 1]
            msg["decision"] = {"kind": d.kind, "seat": d.seat}   # public: who decided
        return msg

    def close(self):
        if self.state is not None:
            self.state.close()
            self.state = None
