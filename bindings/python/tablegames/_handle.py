"""What every handle class shares: the life cycle of one owned C pointer
(released once, by close(), a with block or the garbage collector), the
checks a Python value passes before it crosses into C, and reading the
buffers the library hands back."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import inspect
import threading
from typing import Any, Callable, Iterator, Literal, Optional, Type, TypeVar, Union

from ._loader import Library
from .errors import ClosedError, InvalidArgument, TableGamesError

T = TypeVar("T")
H = TypeVar("H", bound="Handle")
# A ctypes pointer to one of the opaque C structs (tg_game, tg_state, tg_bot).
CPointer = Any
# A failed call's message as Library.check takes it: text, or a callable that
# reads it (a state's last error) only when the call failed.
Message = Union[str, Callable[[], str], None]

INT_MIN, INT_MAX = -2 ** 31, 2 ** 31 - 1


class Handle:
    _free_function = ""  # the tg_*_free that releases this kind of handle
    _kind = "handle"

    def __init__(self, lib: Library, ptr: CPointer) -> None:
        # The C API lets one thread at a time use a state (and nobody use a
        # freed handle); the lock makes that hold for any Python program,
        # since ctypes releases the GIL during every C call.
        self._lock = threading.RLock()
        self._lib = lib
        self._ptr: Optional[CPointer] = ptr

    @property
    def closed(self) -> bool:
        return self._ptr is None

    def close(self) -> None:
        """Releases the C handle now; later use raises ClosedError. Idempotent.
        Waits for a call running on another thread to finish first."""
        lock = getattr(self, "_lock", None)
        if lock is None:  # __init__ failed before there was a handle
            return
        with lock:
            ptr, self._ptr = self._ptr, None
            if ptr:
                self._closing()
                getattr(self._lib.dll, self._free_function)(ptr)

    def _closing(self) -> None:
        """Runs under the lock just before the C handle is freed."""

    def __del__(self) -> None:
        # At interpreter exit the ctypes machinery may already be gone.
        try:
            self.close()
        except Exception:  # pragma: no cover - best effort during teardown
            pass

    def __enter__(self: H) -> H:
        self._handle()
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        self.close()
        return False

    def _handle(self) -> CPointer:
        if self._ptr is None:
            raise self._closed_error()
        return self._ptr

    def _closed_error(self) -> ClosedError:
        return ClosedError("this %s has been closed" % self._kind)


# Special methods that reach the handle and so also run under the lock.
_LOCKED_DUNDERS = {"__repr__", "__str__", "__reduce__", "__copy__", "__deepcopy__",
                   "__hash__"}


def _locked(fn: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(fn)
    def run_locked(self: Handle, *args: Any, **kwargs: Any) -> T:
        with self._lock:
            return fn(self, *args, **kwargs)
    return run_locked


def serialized(cls: Type[H]) -> Type[H]:
    """Class decorator: every public method and property (and the special
    methods above) runs holding the instance's lock. Methods marked with
    @own_locking take the locks they need themselves."""
    for name, value in list(vars(cls).items()):
        if name.startswith("_") and name not in _LOCKED_DUNDERS:
            continue
        if isinstance(value, property) and value.fget is not None:
            setattr(cls, name, property(_locked(value.fget), value.fset, value.fdel,
                                        value.__doc__))
        elif inspect.isfunction(value) and not getattr(value, "_own_locking", False):
            setattr(cls, name, _locked(value))
    return cls


def own_locking(fn: Callable[..., T]) -> Callable[..., T]:
    """Marks a method that takes its locks itself (e.g. with both_locked)."""
    setattr(fn, "_own_locking", True)
    return fn


@contextlib.contextmanager
def both_locked(a: Handle, b: Handle) -> Iterator[None]:
    """Holds the locks of two handles, always taken in the same order so two
    threads doing a.copy_from(b) and b.copy_from(a) cannot deadlock."""
    first, second = sorted((a, b), key=id)
    with first._lock, second._lock:
        yield


def c_text(value: object, what: str,
           error: Type[TableGamesError] = InvalidArgument) -> bytes:
    """str -> NUL-terminated UTF-8 for the C side; text that C would cut
    short at an embedded NUL is refused instead of silently shortened."""
    if isinstance(value, (bytes, bytearray)):
        data = bytes(value)
    elif isinstance(value, str):
        data = value.encode("utf-8")
    else:
        raise TypeError("%s must be str, not %s" % (what, type(value).__name__))
    if b"\0" in data:
        raise error("%s contains a NUL character" % what)
    return data


def c_int(value: object, what: str) -> int:
    """A Python int that fits a C int; ctypes would wrap anything larger."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be int, not %s" % (what, type(value).__name__))
    if not INT_MIN <= value <= INT_MAX:
        raise InvalidArgument("%s %d is out of range" % (what, value))
    return value


def c_seed(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("seed must be int, not %s" % type(value).__name__)
    if not 0 <= value < 2 ** 64:
        raise InvalidArgument("seed %d is outside 0 .. 2**64-1" % value)
    return value


def out_buffer(lib: Library, call: Callable[..., int], *args: Any, message: Message = None,
               item: Any = ctypes.c_char) -> bytes:
    """Runs a C call that hands back a buffer to release with tg_free();
    returns its bytes. item is the buffer's C element type."""
    ptr = ctypes.POINTER(item)()
    length = ctypes.c_size_t()
    status = call(*args, ctypes.byref(ptr), ctypes.byref(length))
    try:
        lib.check(status, message)
        return ctypes.string_at(ptr, length.value)
    finally:
        lib.dll.tg_free(ptr)


def out_text(lib: Library, call: Callable[..., int], *args: Any,
             message: Message = None) -> str:
    return out_buffer(lib, call, *args, message=message).decode("utf-8")
