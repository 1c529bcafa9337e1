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

How: a step costs the same wherever it is. Replaying a game from its
root through Python costs about 5 microseconds a decision (27-34 ms to
the end of a 5,456-decision Bewitched), so a spectator asking for the
first and the last step in turn could keep a core busy. A finished
table has one ReplayBook, shared by every connection: a copy of the
state every `every` decisions (at most CHECKPOINTS of them), so that any
step is one copy and fewer than `every` applies (a fraction of a
millisecond), and the last FRAMES answers as JSON text, so that a step
asked for again costs nothing but the sending. The book is built once
(one pass through the decisions in C) and leaves memory with its table.
"""

import asyncio
import collections
import json
import time

import tablegames

from . import views

CHECKPOINTS = 64         # states kept per game, evenly spread
MIN_EVERY = 32           # ... at least this many decisions apart (short games keep few)
FRAMES = 32              # answers kept as text, the most recently asked


class NotOver(Exception):
    """A replay was asked for before the game ended."""


class ReplayBook:
    def __init__(self, decisions, reveal):
        self.reveal = reveal             # the table's option: everyone sees everything
        self.cost = 0.0                  # CPU seconds the building took (cpu_budget.py)
        self.decisions = decisions       # store.Decision, in order
        self.every = max(MIN_EVERY, -(-len(decisions) // CHECKPOINTS))
        self._checkpoints = []           # the state at steps 0, every, 2 every, ...
        self._frames = collections.OrderedDict()   # (step, viewer) -> JSON text

    async def _build(self, root):
        """The checkpoints, a few at a time with the event loop handed on
        between them (a long game takes tens of milliseconds)."""
        start = time.thread_time()
        state = tablegames.State.load(root)
        try:
            for step, d in enumerate(self.decisions):
                if step % self.every == 0:
                    self._checkpoints.append(state.clone())
                    if len(self._checkpoints) % 8 == 0:
                        self.cost += time.thread_time() - start
                        await asyncio.sleep(0)
                        start = time.thread_time()
                state.apply_id(d.move)
            if len(self.decisions) % self.every == 0:
                self._checkpoints.append(state.clone())
        except BaseException:
            self.close()
            raise
        finally:
            state.close()
            self.cost += time.thread_time() - start

    @classmethod
    async def open(cls, table):
        """The book of a finished live table (NotOver otherwise)."""
        if not table.is_over:
            raise NotOver()
        stored = await table.store.load_table(table.table_id)
        book = cls(await table.store.decisions(table.table_id),
                   reveal=table.config.replay == "reveal")
        await book._build(stored.root)
        return book

    @property
    def steps(self):
        return len(self.decisions)

    def _state_at(self, step):
        """A new state at step: the checkpoint before it, played on."""
        base = step // self.every
        state = self._checkpoints[base].clone()
        for d in self.decisions[base * self.every:step]:
            state.apply_id(d.move)
        return state

    def frame(self, step, viewer):
        """The answer to a request for step `step` (0: the start, steps:
        the end; clamped) as JSON text: everything, or as viewer saw it
        (a table that keeps its secrets)."""
        step = max(0, min(step, self.steps))
        if self.reveal:
            viewer = tablegames.OMNISCIENT
        key = (step, viewer)
        text = self._frames.get(key)
        if text is not None:
            self._frames.move_to_end(key)
            return text
        state = self._state_at(step)
        try:
            msg = {"type": "replay", "step": step, "steps": self.steps,
                   "observation": state.observation(viewer),
                   "events": state.events(viewer) if step else [],
                   "turn": views.turn(state), "revealed": self.reveal}
        finally:
            state.close()
        if step:
            d = self.decisions[step - 1]
            msg["decision"] = {"kind": d.kind, "seat": d.seat}   # public: who decided
        text = json.dumps(msg, separators=(",", ":"))
        self._frames[key] = text
        if len(self._frames) > FRAMES:
            self._frames.popitem(last=False)
        return text

    def close(self):
        for state in self._checkpoints:
            state.close()
        self._checkpoints = []
        self._frames.clear()
