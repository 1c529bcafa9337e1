"""tablegames: the rules of family board games, from Python.

    import tablegames
    for info in tablegames.games():
        print(info.id, info.min_players, info.max_players)
    with tablegames.Game("witches_dance", players=3) as game:
        state = game.new_state(seed=7)
        while not state.is_terminal:
            if state.is_chance:
                state.apply_chance()
            else:
                state.apply(state.legal_moves()[0])
        print(state.winners)

A thin layer over the C library libtablegames (found through the
TABLEGAMES_LIBRARY environment variable, pkg-config or the system loader).
"""

from __future__ import annotations

from ._loader import SUPPORTED_MAJOR
from ._loader import library as _library
from .catalogue import GameInfo, OptionInfo, game_info, games
from .errors import (BadOption, BufferTooSmall, ClosedError, CorruptData,
                     IllegalMove, InvalidArgument, LibraryError, LibraryVersionError,
                     Mismatch, NoMemory, NothingToUndo, ParseError, TableGamesError,
                     TooLarge, UnknownGame, UnsupportedVersion, WrongPhase)
from .game import (FORMAT_INFORMATION_KEY, FORMAT_OBSERVATION_JSON,
                   FORMAT_OBSERVATION_TENSOR, Game)
from .batch import observation_tensors
from .state import Move, MoveOrigin, State
from .viewers import CHANCE, OMNISCIENT, PUBLIC, TERMINAL, Turn, Viewer
from .step import StepView
from .bot import LEVELS as BOT_LEVELS
from .bot import MEMORY as BOT_MEMORY
from .bot import Bot, BotSettings

__version__ = "1.4.0"
MAX_PLAYERS = 8


def library_version() -> str:
    """The loaded C library's version string, e.g. "1.2.0"."""
    return _library().version


def library_path() -> str:
    """Where the loaded C library was found."""
    return _library().path


__all__ = [
    "games", "game_info", "GameInfo", "OptionInfo", "Game", "State", "Move", "StepView", "Bot",
    "BotSettings",
    "BOT_LEVELS", "BOT_MEMORY",
    "CHANCE", "TERMINAL", "OMNISCIENT", "PUBLIC", "Turn", "Viewer", "MoveOrigin",
    "observation_tensors", "FORMAT_OBSERVATION_TENSOR", "FORMAT_INFORMATION_KEY",
    "FORMAT_OBSERVATION_JSON", "MAX_PLAYERS", "SUPPORTED_MAJOR",
    "library_version", "library_path",
    "TableGamesError", "InvalidArgument", "UnknownGame", "BadOption", "IllegalMove",
    "WrongPhase", "BufferTooSmall", "ParseError", "CorruptData", "UnsupportedVersion",
    "Mismatch", "NoMemory", "NothingToUndo", "TooLarge", "ClosedError",
    "LibraryError", "LibraryVersionError",
]
