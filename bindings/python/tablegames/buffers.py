"""Caller's buffers for tensors and masks, checked before C writes into
them, and numpy where it is installed.

A buffer C fills must hold exactly the C type the call writes: a float64
array handed to tg_state_observation_tensor would come back full of
float32 bit patterns, silently wrong training data. So a tensor buffer must
be C-contiguous float32 (memoryview format 'f', itemsize 4) and a mask
buffer C-contiguous bytes (itemsize 1: uint8, int8, bool); anything else is
a TypeError that names what was passed.

numpy is optional: numpy() is the module or None (not installed, or hidden
by a test that blocks its import); nothing else in the package imports it.
"""

from __future__ import annotations

import ctypes
import sys
from types import ModuleType
from typing import Any, List, Optional

from .errors import InvalidArgument

# memoryview formats of a native float32 and of one-byte items.
_FLOAT_FORMATS = {"f", "@f", "=f", "<f" if sys.byteorder == "little" else ">f"}
_BYTE_FORMATS = {"B", "b", "?", "c", "@B", "@b", "@?", "=B", "=b", "=?", "<B", ">B", "<?", ">?"}

_numpy: List[Optional[ModuleType]] = []


def numpy() -> Optional[ModuleType]:
    """The numpy module, or None where it cannot be imported (decided once)."""
    if not _numpy:
        try:
            import numpy as np
        except ImportError:
            np = None  # type: ignore[assignment]
        _numpy.append(np)
    return _numpy[0]


def require_numpy(call: str) -> ModuleType:
    np = numpy()
    if np is None:
        raise ModuleNotFoundError("%s: numpy=True needs numpy (Debian: python3-numpy)" % call)
    return np


def _described(obj: Any, view: memoryview) -> str:
    """What a buffer holds, in the words of its kind: a numpy dtype, an
    array typecode, else its memoryview format."""
    dtype = getattr(obj, "dtype", None)
    if dtype is not None:
        return "dtype %s (format %r, itemsize %d)" % (dtype, view.format, view.itemsize)
    typecode = getattr(obj, "typecode", None)
    if isinstance(typecode, str):
        return "array(%r) (format %r, itemsize %d)" % (typecode, view.format, view.itemsize)
    return "%s of format %r, itemsize %d" % (type(obj).__name__, view.format, view.itemsize)


def checked_view(obj: Any, call: str, what: str, floats: bool, ndim: Optional[int] = None
                 ) -> memoryview:
    """obj's memoryview, if it is a writable C-contiguous buffer of float32
    (floats) or one-byte items (not floats); TypeError otherwise."""
    kind = "float32 (format 'f', itemsize 4)" if floats else \
        "one-byte items (uint8, int8 or bool; itemsize 1)"
    try:
        view = memoryview(obj)
    except TypeError:
        raise TypeError("%s: %s must be a C-contiguous buffer of %s, not %s"
                        % (call, what, kind, type(obj).__name__)) from None
    ok = view.format in (_FLOAT_FORMATS if floats else _BYTE_FORMATS) and \
        view.itemsize == (4 if floats else 1)
    if not ok:
        raise TypeError("%s: %s must hold %s; got %s" % (call, what, kind, _described(obj, view)))
    if not view.c_contiguous:
        raise TypeError("%s: %s must be C-contiguous" % (call, what))
    if view.readonly:
        raise TypeError("%s: %s is read-only" % (call, what))
    if ndim is not None and view.ndim != ndim:
        raise InvalidArgument("%s: %s must have %d dimension%s, not %d"
                              % (call, what, ndim, "" if ndim == 1 else "s", view.ndim))
    return view


def c_floats(view: memoryview, offset: int, n: int) -> Any:
    """n C floats at item offset of a checked float view, shared (no copy)."""
    return (ctypes.c_float * max(n, 1)).from_buffer(view.cast("B"), 4 * offset)


def c_bytes(view: memoryview, n: int) -> Any:
    return (ctypes.c_ubyte * max(n, 1)).from_buffer(view.cast("B"))


def refuse_buffer(obj: Any, floats: bool, n: int) -> None:
    """Raises what a tensor (floats) or mask buffer of n items that C could
    not take is refused with: TypeError for the wrong kind, InvalidArgument
    when it is too small (the C module's _observe calls this)."""
    call, what = ("observe", "tensor") if floats else ("observe", "mask")
    view = checked_view(obj, call, what, floats)
    if view.nbytes < n * view.itemsize:
        raise InvalidArgument("%s: %s holds %d items, the call writes %d"
                              % (call, what, view.nbytes // view.itemsize, n))
    raise TypeError("%s: %s cannot be used" % (call, what))
