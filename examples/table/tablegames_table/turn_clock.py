"""The turn clock: a person's time to decide, optional per table.

A table made with {"clock": {"seconds": S, "on_timeout": "computer" or
"pass"}} gives the person to move S seconds. Every viewer's state message
carries the clock of the seat to move ({"seat", "left", "seconds"}), so
every page and the spectators show it counting down. When it runs out,
the server decides for the seat: the move the easy computer would make
("computer"), or a pass ("pass": a legal move whose text is "pass" where
the game has one at that point, as in Creepy Cauldron; where it has none,
the easy computer's move). That decision is stored and told like any
other (a move of that seat), with "timed_out": seat in the state
message that follows it, in the log entry of that decision, and
"ran_out": {"seat", "version"} in every state message until a person
decides again (so the pages keep saying it).

The clock starts once every person at the table has joined at least
once (opened their link; on loading, a person who has made a decision
counts as joined): the first person's time does not run while the others
are still opening theirs. Until then the state message's "clock" says
whom it waits for ({"seconds", "waiting_for": [seats]}).

Only people are timed: computer seats think within their own budget,
and rolls entered at the table (dice at the table) wait for the people.
The clock runs while one of the table's people is connected (a spectator
does not count): a table everybody left is not played to its end by the
clock. When a person comes back, after a restart, or when the table
comes back into memory, the person to move gets the whole time again:
the deadline is not stored, and the time nobody was there (or the server
was away) is not the person's fault.

The clock's time source is injectable (Tables(clock=...)), so the tests
move it by hand instead of waiting.
"""

import asyncio
import time

import tablegames

MIN_SECONDS = 5
MAX_SECONDS = 3600
ON_TIMEOUT = ("computer", "pass")


class MonotonicClock:
    """The real time source: monotonic seconds and sleeping until then."""

    def now(self):
        return time.monotonic()

    async def sleep_until(self, when):
        await asyncio.sleep(max(0.0, when - self.now()))


def check_settings(raw, error):
    """A create request's "clock" as stored ({"seconds", "on_timeout"}) or
    None; error(message) makes the exception to raise."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) - {"seconds", "on_timeout"}:
        raise error("clock must be {\"seconds\": %d..%d, \"on_timeout\": \"computer\" or "
                    "\"pass\"}" % (MIN_SECONDS, MAX_SECONDS))
    seconds = raw.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int) \
            or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise error("clock seconds must be a whole number from %d to %d"
                    % (MIN_SECONDS, MAX_SECONDS))
    on_timeout = raw.get("on_timeout", "computer")
    if on_timeout not in ON_TIMEOUT:
        raise error("clock on_timeout must be \"computer\" or \"pass\"")
    return {"seconds": seconds, "on_timeout": on_timeout}


class TurnClock:
    """One table's clock. The table calls arm() after every change of its
    state (under its lock) and stop() when it leaves memory."""

    def __init__(self, table, settings, clock):
        self.table = table
        self.settings = settings
        self.clock = clock
        self.deadline = None
        self.seat = None
        self._version = None
        self._task = None

    def _person_to_move(self):
        t = self.table
        if not t.joined or t.state.is_terminal or t.broken or not t.people_here \
                or not t.everyone_joined:
            return None
        seat = t.state.current_player
        if seat == tablegames.CHANCE or not t.config.seats[seat].is_person:
            return None
        return seat

    def arm(self):
        """Starts the clock for the person to move now, once per version;
        stops it when no person is to move or none of the table's people
        is connected. True when it started or stopped."""
        if self.settings is None:
            return False
        seat = self._person_to_move()
        if seat is None:
            running = self.deadline is not None
            self.stop()
            return running
        if self._version == self.table.version and self.seat == seat:
            return False
        self.stop()
        self.seat, self._version = seat, self.table.version
        self.deadline = self.clock.now() + self.settings["seconds"]
        self._task = asyncio.get_running_loop().create_task(
            self._run(self._version, self.deadline))
        return True

    def message(self):
        """What the state message says of the clock, or None: the seat to
        move and its time left, or, before every person has joined once,
        who the clock waits for."""
        if self.settings is not None and self.deadline is None \
                and not self.table.state.is_terminal and not self.table.everyone_joined:
            return {"seconds": self.settings["seconds"], "waiting_for": self.table.not_joined()}
        if self.deadline is None:
            return None
        left = max(0.0, self.deadline - self.clock.now())
        return {"seat": self.seat, "left": round(left, 1), "seconds": self.settings["seconds"]}

    def stop(self):
        if self._task is not None and not self._task.done() \
                and self._task is not asyncio.current_task():
            self._task.cancel()
        self._task = None
        self.deadline = self.seat = self._version = None

    def _timeout_move(self, seat):
        state = self.table.state
        if self.settings["on_timeout"] == "pass":
            for move in state.legal_moves():
                if move.text == "pass":
                    return int(move)
        return self.table.runner.easy_move(self.table, seat, state)

    async def _run(self, version, deadline):
        await self.clock.sleep_until(deadline)
        t = self.table
        # On a shared database every server holding the table has a
        # clock; the one that plays its computer seats decides (the
        # version check would catch a second one anyway).
        if not await t.store.claim(t.table_id):
            return
        async with t.lock:
            if t.version != version or self._version != version or t.broken:
                return
            self._task = None
            await t.commit_timeout(self._timeout_move(self.seat), self.seat)
        t.kick()
