"""A live table: the one true state of a game, its decisions and viewers.

Every decision goes the same way, under the table's lock: check it (the
version the sender saw, whose turn it is, that it is legal), play it on a
copy, store it, make the copy the state, then tell every viewer. A refused
decision returns before anything is stored or applied, so it changes
nothing. The state is held only here; bots think on a copy, so a long
search never holds the lock. Decisions that another server process
stored (a shared database) are replayed in order, each told to the
viewers as if it had been made here (catch_up).
"""

import asyncio
import collections
import json
import logging
import time

import tablegames

from . import chance, views
from .replay import ReplayBook
from .turn_clock import MonotonicClock, TurnClock
from .config import TableConfig
from .store import (KIND_DRAWN, KIND_ENTERED, KIND_MOVE, WAIT_NOBODY, WAIT_PERSON, WAIT_SERVER,
                    Decision, StoreError, VersionConflict)

log = logging.getLogger("tablegames_table")
LOG_LIMIT = 200      # decisions of events a seat gets back on (re)joining
LOAD_SLICE = 500     # decisions replayed on loading between two turns of the event loop


class Refused(Exception):
    """A message that changes nothing; code and message go to the sender."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class CorruptTable(Exception):
    """The stored decisions do not replay (a store edited by hand)."""


class LiveTable:
    def __init__(self, table_id, config: TableConfig, state, store, runner, joined=True,
                 clock=None):
        self.table_id = table_id
        self.config = config
        self.state = state
        self.store = store
        self.runner = runner            # bots.BotRunner: bots and pacing
        self.version = state.history_length
        self.lock = asyncio.Lock()
        self.viewers = set()            # connections.Viewer objects
        self.thinking_seat = None
        self.broken = False             # the store failed: reload before use
        self.entered_by = None          # the seat that entered the last outcome, if one did
        self.timed_out = None           # the seat whose clock made the last decision, if one did
        self.ran_out = None             # {"seat", "version"} of the last time that ran out, until
                                        # a person decides again (the pages keep saying it)
        # Each seat's log of its own events and the spectators' of the
        # public ones (views.SPECTATOR_VIEWER; None where spectating is
        # not available).
        self._logs = {viewer: collections.deque(maxlen=LOG_LIMIT)
                      for viewer in list(range(len(config.seats))) + [views.SPECTATOR_VIEWER]
                      if viewer is not None}
        # The seats of people who have joined at least once (from the
        # decisions they made, on loading): the turn clock waits for all.
        self.seats_joined = set()
        self._chance_cache = (None, None)
        self._events = (None, {})
        self._driver = None
        self._book = None               # the replay's book, once asked for after the end
        self.touched = time.monotonic()    # last decision or viewer (tables.py evicts idle tables)
        self.pins = 0                      # requests using the table (tables.use)
        # Whether a person has taken a seat. Until one has, the server
        # makes no decision (computer seats do not think, dice are not
        # drawn) and the table waits for a person: a table nobody joined
        # costs no CPU and leaves memory first (tables.py).
        self.joined = joined
        self.turn_clock = TurnClock(self, config.clock, clock or MonotonicClock())

    @property
    def game_name(self):
        return self.state.game.name

    # ---- loading ----------------------------------------------------------

    @classmethod
    async def load(cls, store, table_id, runner, clock=None):
        stored = await store.load_table(table_id)
        config = TableConfig.from_record(stored.config)
        state = tablegames.State.load(stored.root)
        decisions = await store.decisions(table_id)
        # Stored as waiting for a person with nothing decided: nobody has
        # joined yet (or nobody played since; joining again starts it).
        joined = bool(decisions) or stored.waiting != WAIT_PERSON
        table = cls(table_id, config, state, store, runner, joined=joined, clock=clock)
        first_logged = max(0, len(decisions) - LOG_LIMIT)
        for i, d in enumerate(decisions):
            table._replay(d, record_log=i >= first_logged)
            if i % LOAD_SLICE == LOAD_SLICE - 1:
                await asyncio.sleep(0)     # a long game: the others' turn meanwhile
        return table

    def _replay(self, d, record_log=True):
        if d.seq != self.version + 1:
            raise CorruptTable("table %s: decision %d follows version %d"
                               % (self.table_id, d.seq, self.version))
        if d.kind == KIND_DRAWN:
            # Drawing again advances the RNG exactly as it did the first
            # time, so a resumed game goes on drawing what it would have.
            drawn = self.state.sample_chance()
            if int(drawn) != d.move:
                raise CorruptTable("table %s: decision %d was drawn as %d, the RNG gives %d"
                                   % (self.table_id, d.seq, d.move, int(drawn)))
        try:
            # (apply_id: one call into C, without rendering the move's text,
            # which would make loading a long game several times slower.)
            self.state.apply_id(d.move)
        except tablegames.TableGamesError as exc:
            raise CorruptTable("table %s: decision %d (%d) does not apply: %s"
                               % (self.table_id, d.seq, d.move, exc)) from None
        self.version += 1
        self.entered_by = d.seat if d.kind == KIND_ENTERED else None
        self.timed_out = None
        if d.seat is not None and d.seat >= 0 and self.config.seats[d.seat].is_person:
            self.seats_joined.add(d.seat)
            self.ran_out = None
        if record_log:
            self._record_log()

    def _record_log(self):
        # Kept as JSON text: one object per entry rather than a tree of
        # dicts, so that hundreds of tables' logs cost Python's garbage
        # collector almost nothing to look through (its full passes are
        # what would pause the server).
        for viewer, entries in self._logs.items():
            events = self.events_for(viewer)
            if events:
                entry = {"version": self.version, "events": events}
                if self.timed_out is not None:
                    entry["timed_out"] = self.timed_out    # public: whose time ran out
                entries.append(json.dumps(entry))

    def events_for(self, viewer):
        """What the latest decision did as viewer saw it (computed once per
        version: the log and every connection of that seat share it)."""
        version, cache = self._events
        if version != self.version:
            cache = {}
            self._events = (self.version, cache)
        if viewer not in cache:
            cache[viewer] = self.state.events(viewer)
        return cache[viewer]

    def log_for(self, viewer):
        """The events of up to LOG_LIMIT past decisions as viewer (a seat,
        or the spectators' viewer: the public ones) saw them."""
        return [json.loads(entry) for entry in self._logs.get(viewer, ())]

    # ---- what may happen now ------------------------------------------------

    @property
    def is_over(self):
        return self.state.is_terminal

    def _entry_for(self, state):
        """At a chance point that a person enters (companion mode, public
        chance): the outcomes to offer; else None."""
        if not self.config.companion or not state.is_chance:
            return None
        # (An outcome that is certain is drawn: there is nothing to enter.)
        if len(state.chance_outcomes()) > 1 and chance.is_public(state):
            return {"outcomes": chance.outcomes_for_entry(state)}
        return None

    def chance_entry(self):
        version, entry = self._chance_cache
        if version != self.version:
            entry = self._entry_for(self.state)
            self._chance_cache = (self.version, entry)
        return entry

    def _waits_for(self, state, entry):
        """What state waits for (store.WAITING), entry being its chance entry."""
        if state.is_terminal:
            return WAIT_NOBODY
        player = state.current_player
        if player == tablegames.CHANCE:
            return WAIT_PERSON if entry is not None else WAIT_SERVER
        return WAIT_PERSON if self.config.seats[player].is_person else WAIT_SERVER

    @property
    def waiting(self):
        if not self.joined and not self.state.is_terminal:
            return WAIT_PERSON          # for a person to join
        return self._waits_for(self.state, self.chance_entry())

    @staticmethod
    def is_seat(seat):
        """Whether a viewer's seat is one of the table's (not a spectator's)."""
        return seat is not None and seat >= 0

    @classmethod
    def is_person(cls, viewer):
        return cls.is_seat(viewer.seat)

    @property
    def everyone_joined(self):
        """Whether every person's seat has joined at least once."""
        return all(i in self.seats_joined for i, s in enumerate(self.config.seats) if s.is_person)

    def not_joined(self):
        return [i for i, s in enumerate(self.config.seats)
                if s.is_person and i not in self.seats_joined]

    @property
    def people_here(self):
        """Whether one of the table's people is connected (not a spectator)."""
        return any(self.is_person(v) for v in self.viewers)

    def add_viewer(self, viewer):
        """A connection joined (the caller holds the lock). A person's
        first join lets the server play the computer seats. True when the
        turn clock started, which the other viewers should be told."""
        self.viewers.add(viewer)
        if self.is_person(viewer):
            self.seats_joined.add(viewer.seat)
            if not self.joined:
                self.joined = True
                self.kick()
        return self.turn_clock.arm()

    def remove_viewer(self, viewer):
        """A connection ended: when it was the last person's, the turn
        clock stops (nobody is there to beat it) and the others are told."""
        self.viewers.discard(viewer)
        if self.turn_clock.arm():
            self.broadcast()

    def _check_version(self, version):
        if self.broken:
            raise Refused("unavailable", "the table is being reloaded; try again")
        if version != self.version:
            # (For people: the page words "stale" itself; the numbers are
            # in the message's "version" field for programs.)
            raise Refused("stale", "someone else was quicker: the game has moved on; "
                          "look again and choose anew")

    def _check_move(self, seat, move, version):
        self._check_version(version)
        if self.state.is_terminal:
            raise Refused("game_over", "the game is over")
        player = self.state.current_player
        if player == tablegames.CHANCE:
            raise Refused("not_your_turn", "the dice are next, not a move")
        if player != seat:
            raise Refused("not_your_turn", "it is %s's turn, not yours"
                          % self.config.seats[player].name)
        if not self.state.is_legal(move):
            raise Refused("illegal_move", "move %d is not legal now" % move)

    def _check_entry(self, seat, move, version):
        self._check_version(version)
        entry = self.chance_entry()
        if entry is None:
            raise Refused("not_allowed", "no roll is waiting to be entered here")
        if not self.config.seats[seat].is_person:
            raise Refused("not_allowed", "only a person at the table enters rolls")
        if move not in {o["id"] for o in entry["outcomes"]}:
            raise Refused("illegal_move", "%d is not one of the possible outcomes" % move)

    # ---- deciding -------------------------------------------------------------

    async def move(self, seat, move, version):
        """A person's move (Refused when it may not be played)."""
        async with self.lock:
            self._check_move(seat, move, version)
            await self._commit(move, KIND_MOVE, seat)
        self.kick()

    async def enter_outcome(self, seat, move, version):
        """A person enters what the real dice showed (companion mode)."""
        async with self.lock:
            self._check_entry(seat, move, version)
            await self._commit(move, KIND_ENTERED, seat)
        self.kick()

    async def commit_timeout(self, move, seat):
        """The clock ran out (turn_clock.py): its move for seat, stored and
        told like any other; the caller holds the lock."""
        try:
            await self._commit(move, KIND_MOVE, seat, timed_out=True)
        except Refused as exc:
            log.info("table %s: the clock's move was refused: %s", self.table_id, exc.message)

    async def _commit(self, move, kind, seat, timed_out=False):
        """Stores then applies one decision; the caller holds the lock and
        has checked it. Nothing is acknowledged before the store returns.
        The decision is played on a copy first, so that the store learns
        what the game waits for next in the same transaction; the copy
        becomes the state once it is stored. A drawn outcome (move None) is
        drawn on the copy too, so that the RNG moves on only once it is
        stored (replaying another process's draw needs it where it was)."""
        after = self.state.clone()
        try:
            if move is None:
                move = after.sample_chance()
            decision = Decision(seq=self.version + 1, move=int(move), kind=kind, seat=seat,
                                at=time.time())
            after.apply(int(move))
            entry = self._entry_for(after)
            await self.store.append(self.table_id, decision, self._waits_for(after, entry))
        except VersionConflict:
            after.close()
            # Another server process decided first (a shared database):
            # take its decisions and refuse this one as stale.
            try:
                await self._catch_up_locked()
            except StoreError:
                self.broken = True
                raise Refused("unavailable", "the server could not load the table; "
                              "try again") from None
            raise Refused("stale", "someone else was quicker: the game has moved on; "
                          "look again and choose anew") from None
        except StoreError:
            after.close()
            self.broken = True
            log.exception("table %s: storing decision %d failed", self.table_id, self.version + 1)
            raise Refused("unavailable", "the server could not store the decision; "
                          "nothing changed") from None
        except BaseException:
            after.close()
            raise
        before, self.state = self.state, after
        before.close()
        self.version += 1
        self._chance_cache = (self.version, entry)
        self.entered_by = seat if kind == KIND_ENTERED else None
        self.timed_out = seat if timed_out else None
        if timed_out:
            self.ran_out = {"seat": seat, "version": self.version}
        elif seat is not None and self.config.seats[seat].is_person:
            self.ran_out = None              # a person decided: the notice has been seen
        self.touched = time.monotonic()
        self._record_log()
        self.turn_clock.arm()
        self.broadcast()

    async def catch_up(self, version=None):
        """Applies decisions another process stored (store.listen), up to
        version at least; nothing when they are here already."""
        if version is not None and version <= self.version:
            return
        async with self.lock:
            if version is not None and version <= self.version:
                return
            await self._catch_up_locked()
        self.kick()

    async def _catch_up_locked(self):
        # Each decision is told on its own, as if made here: a seat's
        # events belong to the decision that caused them.
        for d in await self.store.decisions(self.table_id, after=self.version):
            self._replay(d)
            self.joined = True          # somebody joined, on another server
            self.touched = time.monotonic()
            self.turn_clock.arm()
            self.broadcast()

    # ---- telling the viewers ----------------------------------------------------

    def broadcast(self, skip=None):
        for viewer in list(self.viewers):
            if viewer is not skip:
                viewer.send(views.state_message(self, viewer.seat))

    def tell_thinking(self, seat):
        self.thinking_seat = seat
        for viewer in list(self.viewers):
            viewer.send({"type": "thinking", "seat": seat, "version": self.version})

    # ---- bots and drawn chance ------------------------------------------------------

    def kick(self):
        """Starts the driver when the next decision is not a person's."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    def _next_automatic(self):
        """"drawn", a bot's seat, or None when a person (or nobody) is next."""
        if self.broken or self.waiting != WAIT_SERVER:
            return None
        return KIND_DRAWN if self.state.current_player == tablegames.CHANCE \
            else self.state.current_player

    @property
    def driving(self):
        """Whether the server is making this table's next decision."""
        return self._driver is not None and not self._driver.done()

    async def _drive(self):
        try:
            while True:
                if self._next_automatic() is None:
                    return
                # One server process at a time plays a table's computer
                # seats (store.claim); the others wait for its decisions.
                if not await self.store.claim(self.table_id):
                    return
                try:
                    await self._drive_one()
                except Refused as exc:
                    if exc.code != "stale":      # stale: another process decided; go on
                        log.warning("table %s: automatic decision refused: %s",
                                    self.table_id, exc.message)
                        return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the driver stopped", self.table_id)
            self.broken = True

    async def _drive_one(self):
        """Makes one automatic decision: draws a die or lets a bot think
        (on a copy, without the lock) and plays its move if nothing else
        was decided meanwhile."""
        async with self.lock:
            nxt = self._next_automatic()
            if nxt is None:
                return
            if nxt == KIND_DRAWN:
                await self._commit(None, KIND_DRAWN, None)
                return
            snapshot, version = self.state.clone(), self.version
            self.tell_thinking(nxt)
        try:
            move = await self.runner.choose(self, nxt, snapshot)
        finally:
            snapshot.close()
        async with self.lock:
            self.thinking_seat = None
            if self.version == version and not self.broken:
                await self._commit(move, KIND_MOVE, nxt)

    # ---- the replay ------------------------------------------------------------

    async def replay_book(self):
        """(the finished game's ReplayBook, the CPU seconds its building
        took when this call built it, else 0); replay.NotOver before the
        end. Built once for every connection, from the store."""
        built_here = self._book is None or (self._book.done() and (
            self._book.cancelled() or self._book.exception() is not None))
        if built_here:
            self._book = asyncio.ensure_future(ReplayBook.open(self))
        book = await asyncio.shield(self._book)
        if self._book is None:          # the table stopped meanwhile: nothing kept
            book.close()
            raise StoreError("the table left memory")
        return book, book.cost if built_here else 0.0

    async def stop(self):
        if self._book is not None:
            book, self._book = self._book, None
            if book.done() and not book.cancelled() and book.exception() is None:
                book.result().close()
            else:
                book.cancel()
        self.turn_clock.stop()
        if self._driver is not None and not self._driver.done():
            self._driver.cancel()
            try:
                await self._driver
            except (asyncio.CancelledError, Exception):
                pass
