"""Exceptions: one class per status code of the C API, under TableGamesError.

Classes also derive from the built-in exception a Python programmer would
expect to catch (ValueError for bad input, MemoryError, ...), so generic
handlers keep working.
"""


class TableGamesError(Exception):
    """Any failure reported by libtablegames.

    status is the C status code (a negative int, None for failures found on
    the Python side), name its enumerator (e.g. "TG_E_ILLEGAL_MOVE") and
    message the library's explanation."""

    status = None
    name = None

    def __init__(self, message, status=None, name=None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        if name is not None:
            self.name = name

    def __str__(self):
        if self.name:
            return "%s: %s" % (self.name, self.message)
        return self.message


class InvalidArgument(TableGamesError, ValueError):
    status, name = -1, "TG_E_INVALID_ARGUMENT"


class UnknownGame(TableGamesError, ValueError):
    status, name = -2, "TG_E_UNKNOWN_GAME"


class BadOption(TableGamesError, ValueError):
    status, name = -3, "TG_E_BAD_OPTION"


class IllegalMove(TableGamesError, ValueError):
    status, name = -4, "TG_E_ILLEGAL_MOVE"


class WrongPhase(TableGamesError):
    status, name = -5, "TG_E_WRONG_PHASE"


class BufferTooSmall(TableGamesError):
    status, name = -6, "TG_E_BUFFER_TOO_SMALL"


class ParseError(TableGamesError, ValueError):
    status, name = -7, "TG_E_PARSE"


class CorruptData(TableGamesError, ValueError):
    status, name = -8, "TG_E_CORRUPT"


class UnsupportedVersion(TableGamesError, ValueError):
    status, name = -9, "TG_E_VERSION"


class Mismatch(TableGamesError, ValueError):
    status, name = -10, "TG_E_MISMATCH"


class NoMemory(TableGamesError, MemoryError):
    status, name = -11, "TG_E_NO_MEMORY"


class NothingToUndo(TableGamesError):
    status, name = -12, "TG_E_NOTHING_TO_UNDO"


class TooLarge(TableGamesError, ValueError):
    status, name = -13, "TG_E_TOO_LARGE"


class ClosedError(TableGamesError, ValueError):
    """A game or state was used after close() (or after leaving its with block)."""


class LibraryError(TableGamesError, ImportError):
    """The shared library was not found, is not libtablegames, or has a major
    version this package does not support."""


class LibraryVersionError(LibraryError):
    """The library found has a major version (ABI) this package does not support."""


_BY_STATUS = {cls.status: cls for cls in (
    InvalidArgument, UnknownGame, BadOption, IllegalMove, WrongPhase,
    BufferTooSmall, ParseError, CorruptData, UnsupportedVersion, Mismatch,
    NoMemory, NothingToUndo, TooLarge)}


def error_for(status, message, name):
    """The exception for a failed call; unknown (newer) codes give the base class."""
    cls = _BY_STATUS.get(status, TableGamesError)
    return cls(message, status=status, name=name)
