"""Bot: a fair computer player for one seat of a game."""

from __future__ import annotations

import contextlib
import ctypes
import threading
from typing import Any, Dict, Iterator, List, Tuple, TypedDict, Union

from . import _ffi
from ._handle import Handle, c_int, c_seed, own_locking, serialized
from ._loader import library
from .errors import InvalidArgument
from .game import Game
from .state import BUFFER_TOO_SMALL, Move, State

LEVELS: Dict[str, int] = {"random": 0, "easy": 1, "medium": 2, "hard": 3}
# What a bot remembers when it re-draws hidden facts (tg_bot_memory);
# "default" is the level's: full for medium and hard, last for the others.
MEMORY: Dict[str, int] = {"default": 0, "full": 1, "last": 2}
_ERRBUF_SIZE = 512


class BotSettings(TypedDict):
    """Bot.settings: what the bot was made with, the level's defaults filled in."""
    level: str
    simulations: int
    seconds: float
    seed: int
    memory: str


def _memory(memory: str) -> int:
    if not isinstance(memory, str) or memory.lower() not in MEMORY:
        raise InvalidArgument("bot memory %r is not one of %s" % (memory, ", ".join(MEMORY)))
    return MEMORY[memory.lower()]


def _level(level: Union[str, int]) -> int:
    if isinstance(level, str):
        if level.lower() not in LEVELS:
            raise InvalidArgument("bot level %r is not one of %s" % (level, ", ".join(LEVELS)))
        return LEVELS[level.lower()]
    value = c_int(level, "bot level")
    if value not in LEVELS.values():
        raise InvalidArgument("bot level %d is out of range" % value)
    return value


@serialized
class Bot(Handle):
    """Bot(game, seat, level="medium", simulations=0, seconds=0.0, seed=0,
    memory="default").

    It re-draws what its seat cannot see before thinking, so it never reads
    hidden information. stop() may be called from another thread while
    choose() or hint() runs (a stop asked while it is idle ends its next
    decision at once); close() waits for a running decision to end."""

    _free_function = "tg_bot_free"
    _kind = "bot"

    def __init__(self, game: Game, seat: int, level: Union[str, int] = "medium",
                 simulations: int = 0, seconds: float = 0.0, seed: int = 0,
                 memory: str = "default") -> None:
        if not isinstance(game, Game):
            raise TypeError("Bot() needs a tablegames.Game, not %s" % type(game).__name__)
        if isinstance(simulations, bool) or not isinstance(simulations, int):
            raise TypeError("simulations must be int")
        if not 0 <= simulations < 2 ** 32:
            raise InvalidArgument("simulations %d is out of range" % simulations)
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise TypeError("seconds must be a number")
        if not 0 <= seconds < float("inf"):
            raise InvalidArgument("seconds must be finite and not negative")
        lib = library()
        # The library fills the defaults of the layout _ffi describes.
        params = _ffi.BotParams()
        lib.check(lib.dll.tg_bot_params_init(ctypes.byref(params), _ffi.BOT_PARAMS_VERSION))
        params.level = _level(level)
        params.simulations = simulations
        params.seconds = float(seconds)
        params.seed = c_seed(seed)
        params.memory = _memory(memory)
        out = _ffi.BotP()
        err = ctypes.create_string_buffer(_ERRBUF_SIZE)
        with game._lock:
            status = lib.dll.tg_bot_new_v2(game._handle(), c_int(seat, "seat"),
                                           ctypes.byref(params), ctypes.byref(out), err,
                                           _ERRBUF_SIZE)
        lib.check(status, err.value.decode("utf-8", "replace"))
        super().__init__(lib, out)
        self._game = game
        self.seat = seat
        self.level = [k for k, v in LEVELS.items() if v == params.level][0]
        # The handle's lock is held while the bot thinks, _stopping while
        # stop() touches the handle; close() takes both, so it never frees a
        # bot in use, while stop() can still reach a bot that is thinking.
        self._stopping = threading.Lock()

    @property
    def game(self) -> Game:
        return self._game

    def close(self) -> None:
        stopping = getattr(self, "_stopping", None)
        if stopping is None:  # __init__ failed before the bot existed
            return
        with self._lock, stopping:
            super().close()

    def _check(self, status: int) -> int:
        """Checks a call on this bot, with the bot's message for a failure."""
        return self._lib.check(status, lambda: str(self._lib.dll.tg_bot_last_error(
            self._ptr).decode("utf-8", "replace")))

    @contextlib.contextmanager
    def _state_locked(self, state: State) -> Iterator[Any]:
        """The state's handle, held against other threads for the decision."""
        if not isinstance(state, State):
            raise TypeError("a bot needs a tablegames.State, not %s" % type(state).__name__)
        with state._lock:
            yield state._handle()

    def choose(self, state: State) -> Move:
        """The bot's move for its seat in state (not applied)."""
        out = ctypes.c_uint32()
        with self._state_locked(state) as st:
            self._check(self._lib.dll.tg_bot_choose(self._handle(), st, ctypes.byref(out)))
            return Move(out.value, state.move_text(out.value), state._origin())

    def hint(self, state: State) -> List[Tuple[Move, float]]:
        """The legal moves ranked best first: [(Move, score), ...]."""
        count = ctypes.c_size_t()
        with self._state_locked(state) as st:
            cap = self._lib.dll.tg_game_max_legal_moves(self._lib.dll.tg_state_game(st))
            while True:
                moves = (_ffi.MoveId * max(cap, 1))()
                scores = (ctypes.c_double * max(cap, 1))()
                status = self._lib.dll.tg_bot_hint(self._handle(), st, moves, scores, cap,
                                                   ctypes.byref(count))
                if status == BUFFER_TOO_SMALL and count.value > cap:
                    cap = count.value
                    continue
                self._check(status)
                break
            origin = state._origin()
            return [(Move(moves[i], state.move_text(moves[i]), origin), scores[i])
                    for i in range(count.value)]

    @own_locking
    def stop(self) -> None:
        """Asks a running choose()/hint() (on another thread) to finish now."""
        with self._stopping:
            if self._ptr is not None:
                self._lib.dll.tg_bot_stop(self._ptr)

    @property
    def last_simulations(self) -> int:
        """Simulations the last decision ran (0 for random and easy bots)."""
        return int(self._lib.dll.tg_bot_last_simulations(self._handle()))

    @property
    def settings(self) -> BotSettings:
        """The bot's settings with the level's defaults filled in, as a dict:
        level, simulations, seconds, seed and memory."""
        params = _ffi.BotParams()
        self._check(self._lib.dll.tg_bot_params_init(ctypes.byref(params),
                                                     _ffi.BOT_PARAMS_VERSION))
        self._check(self._lib.dll.tg_bot_get_params(self._handle(), ctypes.byref(params)))
        return {
            "level": [k for k, v in LEVELS.items() if v == params.level][0],
            "simulations": int(params.simulations),
            "seconds": float(params.seconds),
            "seed": int(params.seed),
            "memory": [k for k, v in MEMORY.items() if v == params.memory][0],
        }

    def __repr__(self) -> str:
        if self.closed:
            return "<tablegames.Bot closed>"
        return "<tablegames.Bot %s seat %d of %r>" % (self.level, self.seat, self._game)
