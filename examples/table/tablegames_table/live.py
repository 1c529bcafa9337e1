"""A live table: the one true state of a game, its decisions and viewers.

Every decision goes the same way, under the table's lock: check it (the
version the sender saw, whose turn it is, that it is legal), store it,
apply it, then tell every viewer. A refused decision returns before
anything is stored or applied, so it changes nothing. The state is held
only here; bots think on a copy, so a long search never holds the lock.
"""

import asyncio
import collections
import logging
import time

import tablegames

from . import chance, views
from .config import TableConfig
from .store import KIND_DRAWN, KIND_ENTERED, KIND_MOVE, Decision, StoreError, VersionConflict

log = logging.getLogger("tablegames_table")
LOG_LIMIT = 200      # decisions of events a seat gets back on (re)joining


class Refused(Exception):
    """A message that changes nothing; code and message go to the sender."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class CorruptTable(Exception):
    """The stored decisions do not replay (a store edited by hand)."""


class LiveTable:
    def __init__(self, table_id, config: TableConfig, state, store, runner):
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
        self._logs = [collections.deque(maxlen=LOG_LIMIT) for _ in config.seats]
        self._chance_cache = (None, None)
        self._driver = None

    @property
    def game_name(self):
        return self.state.game.name

    # ---- loading ----------------------------------------------------------

    @classmethod
    async def load(cls, store, table_id, runner):
        stored = await store.load_table(table_id)
        config = TableConfig.from_record(stored.config)
        state = tablegames.State.load(stored.root)
        table = cls(table_id, config, state, store, runner)
        decisions = await store.decisions(table_id)
        first_logged = max(0, len(decisions) - LOG_LIMIT)
        for i, d in enumerate(decisions):
            table._replay(d, record_log=i >= first_logged)
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
            self.state.apply(d.move)
        except tablegames.TableGamesError as exc:
            raise CorruptTable("table %s: decision %d (%d) does not apply: %s"
                               % (self.table_id, d.seq, d.move, exc)) from None
        self.version += 1
        self.entered_by = d.seat if d.kind == KIND_ENTERED else None
        if record_log:
            self._record_log()

    def _record_log(self):
        for seat, entries in enumerate(self._logs):
            events = self.state.events(seat)
            if events:
                entries.append({"version": self.version, "events": events})

    def log_for(self, seat):
        return list(self._logs[seat]) if seat is not None and seat >= 0 else []

    # ---- what may happen now ------------------------------------------------

    @property
    def is_over(self):
        return self.state.is_terminal

    def chance_entry(self):
        """At a chance point that a person enters (companion mode, public
        chance): the outcomes to offer; else None."""
        if not self.config.companion or not self.state.is_chance:
            return None
        # (An outcome that is certain is drawn: there is nothing to enter.)
        version, entry = self._chance_cache
        if version != self.version:
            entry = None
            if len(self.state.chance_outcomes()) > 1 and chance.is_public(self.state):
                entry = {"outcomes": chance.outcomes_for_entry(self.state)}
            self._chance_cache = (self.version, entry)
        return entry

    def _check_version(self, version):
        if self.broken:
            raise Refused("unavailable", "the table is being reloaded; try again")
        if version != self.version:
            raise Refused("stale", "the game has moved on (you saw version %d, it is at %d)"
                          % (version, self.version))

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

    async def _commit(self, move, kind, seat):
        """Stores then applies one decision; the caller holds the lock and
        has checked it. Nothing is acknowledged before the store returns."""
        decision = Decision(seq=self.version + 1, move=int(move), kind=kind, seat=seat,
                            at=time.time())
        try:
            await self.store.append(self.table_id, decision)
        except VersionConflict:
            # Another server process decided first (a shared database):
            # take its decisions and refuse this one as stale.
            await self._catch_up_locked()
            raise Refused("stale", "another decision was made first") from None
        except StoreError:
            self.broken = True
            log.exception("table %s: storing decision %d failed", self.table_id, decision.seq)
            raise Refused("unavailable", "the server could not store the decision; "
                          "nothing changed") from None
        self.state.apply(int(move))
        self.version += 1
        self.entered_by = seat if kind == KIND_ENTERED else None
        self._record_log()
        if self.state.is_terminal:
            try:
                await self.store.mark_finished(self.table_id)
            except StoreError:
                log.exception("table %s: marking it finished failed", self.table_id)
        self.broadcast()

    async def catch_up(self):
        """Applies decisions another process stored (store.listen)."""
        async with self.lock:
            await self._catch_up_locked()
        self.kick()

    async def _catch_up_locked(self):
        for d in await self.store.decisions(self.table_id, after=self.version):
            self._replay(d)
        self.broadcast()

    # ---- telling the viewers ----------------------------------------------------

    def broadcast(self):
        for viewer in list(self.viewers):
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
        if self.broken or self.state.is_terminal:
            return None
        player = self.state.current_player
        if player == tablegames.CHANCE:
            return None if self.chance_entry() is not None else KIND_DRAWN
        if not self.config.seats[player].is_person:
            return player
        return None

    async def _drive(self):
        try:
            while True:
                async with self.lock:
                    nxt = self._next_automatic()
                    if nxt is None:
                        return
                    if nxt == KIND_DRAWN:
                        await self._commit(self.state.sample_chance(), KIND_DRAWN, None)
                        continue
                    snapshot, version = self.state.clone(), self.version
                    self.tell_thinking(nxt)
                try:
                    move = await self.runner.choose(self, nxt, snapshot)
                finally:
                    snapshot.close()
                async with self.lock:
                    self.thinking_seat = None
                    if self.version != version or self.broken:
                        continue
                    await self._commit(move, KIND_MOVE, nxt)
        except Refused as exc:
            log.warning("table %s: automatic decision refused: %s", self.table_id, exc.message)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the driver stopped", self.table_id)
            self.broken = True

    async def stop(self):
        if self._driver is not None and not self._driver.done():
            self.runner.stop_table(self)
            self._driver.cancel()
            try:
                await self._driver
            except (asyncio.CancelledError, Exception):
                pass
