"""Exceptions: one class per status code of the C API, under TableGamesError.

Classes also derive from the built-in exception a Python programmer would
expect to catch (ValueError for bad input, MemoryError, ...), so generic
handlers keep working.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Type

# Status code -> exception class, filled as the classes below are defined.
_BY_STATUS: Dict[int, Type["TableGamesError"]] = {}


class TableGamesError(Exception):
    """Any failure reported by libtablegames.

    status is the C status code (a negative int, None for failures found on
    the Python side), name its enumerator (e.g. "TG_E_ILLEGAL_MOVE") and
    message the library's explanation. A subclass for one status names it
    in its class line: class IllegalMove(TableGamesError, status=-4, name=...)."""

    status: Optional[int] = None
    name: Optional[str] = None

    def __init_subclass__(cls, status: Optional[int] = None, name: Optional[str] = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if status is not None:
            cls.status, cls.name = status, name
            _BY_STATUS[status] = cls

    def __init__(self, message: str, status: Optional[int] = None,
                 name: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        if name is not None:
            self.name = name

    def __str__(self) -> str:
        if self.name:
            return "%s: %s" % (self.name, self.message)
        return self.message


class InvalidArgument(TableGamesError, ValueError, status=-1, name="TG_E_INVALID_ARGUMENT"):
    """A value out of range (a viewer, a seed, a count) or of the wrong kind."""


class UnknownGame(TableGamesError, ValueError, status=-2, name="TG_E_UNKNOWN_GAME"):
    """No game of the catalogue has that id."""


class BadOption(TableGamesError, ValueError, status=-3, name="TG_E_BAD_OPTION"):
    """An options string names an unknown option or gives a bad value."""


class IllegalMove(TableGamesError, ValueError, status=-4, name="TG_E_ILLEGAL_MOVE"):
    """The move is not legal in this state; nothing changed."""


class WrongPhase(TableGamesError, status=-5, name="TG_E_WRONG_PHASE"):
    """The call does not fit whose turn it is: chance, a player, or game over."""


class BufferTooSmall(TableGamesError, status=-6, name="TG_E_BUFFER_TOO_SMALL"):
    """A buffer was too small (the binding grows its buffers, so this is rare)."""


class ParseError(TableGamesError, ValueError, status=-7, name="TG_E_PARSE"):
    """Text, a move's notation or JSON, could not be understood."""


class CorruptData(TableGamesError, ValueError, status=-8, name="TG_E_CORRUPT"):
    """Saved data is malformed, truncated, tampered with or breaks the rules."""


class UnsupportedVersion(TableGamesError, ValueError, status=-9, name="TG_E_VERSION"):
    """Saved data uses a format version this library cannot read."""


class Mismatch(TableGamesError, ValueError, status=-10, name="TG_E_MISMATCH"):
    """Two handles that must belong to the same game do not."""


class NoMemory(TableGamesError, MemoryError, status=-11, name="TG_E_NO_MEMORY"):
    """An allocation failed; nothing changed."""


class NothingToUndo(TableGamesError, status=-12, name="TG_E_NOTHING_TO_UNDO"):
    """Undo at the start of the recorded history."""


class TooLarge(TableGamesError, ValueError, status=-13, name="TG_E_TOO_LARGE"):
    """An input exceeds a documented size limit."""


class ClosedError(TableGamesError, ValueError):
    """A game or state was used after close() (or after leaving its with block)."""


class LibraryError(TableGamesError, ImportError):
    """The shared library was not found, is not libtablegames, or has a major
    version this package does not support."""


class LibraryVersionError(LibraryError):
    """The library found has a major version (ABI) this package does not support."""


def error_for(status: int, message: str, name: str) -> TableGamesError:
    """The exception for a failed call; unknown (newer) codes give the base class."""
    cls = _BY_STATUS.get(status, TableGamesError)
    return cls(message, status=status, name=name)
