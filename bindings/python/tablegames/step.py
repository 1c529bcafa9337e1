"""StepView: what State.step() reports, in one call into C per decision.

A Python loop over many decisions pays more for each crossing into C than
the library pays for the decision itself. tg_state_step() applies a
decision and writes whose decision is next and its list in the same call;
the view keeps the buffers that call writes into for the life of its
state, so a step builds no list and no ctypes object.

Two implementations with the same API and behaviour: the C extension
tablegames._cstep (_cstep.c), where the build made it, which makes a
loop of steps more than twice as fast; and StepView below over ctypes,
the fallback wherever the extension is missing (a pip install, another
interpreter) or TABLEGAMES_PURE_PYTHON=1 asks for it. implementation()
says which a program uses.
"""

from __future__ import annotations

import ctypes
import importlib
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Callable, Dict, Iterator, List, Optional, Union, overload

from . import _ffi
from ._loader import Library
from .errors import LibraryError

# Ids below this pass to C as a plain int: ctypes hands an int over as a C
# int, which holds every id up to here with the same bits on every ABI.
PLAIN_INT_LIMIT = 2 ** 31
# StepView._last when the last step drew a chance outcome, or when the view
# was read by step_view() (move ids are never negative).
DRAWN, NOT_STEPPED = -1, -2
# TABLEGAMES_PURE_PYTHON=1 uses the ctypes StepView even where the C one is
# installed; TABLEGAMES_CSTEP names the compiled module's file, for a build
# tree (ctest sets it), as TABLEGAMES_LIBRARY names the library.
PURE_ENV_VAR, CSTEP_ENV_VAR = "TABLEGAMES_PURE_PYTHON", "TABLEGAMES_CSTEP"
# What State passes to a C view; _cstep.INTERFACE must be the same.
CSTEP_INTERFACE = 2

class StepView(Sequence[int]):
    """The decision a state is at, as State.step() and State.step_view()
    report it: ``player`` (a seat, CHANCE or TERMINAL) and the legal moves,
    or at a chance point the outcomes, as ints in increasing order
    (``len(view)``, ``view[i]``, iteration, ``in``). ``applied`` is the
    decision the last step made (the outcome drawn, for a chance step).

    One view per state, rewritten by every step, so a loop makes no garbage:
    it is not a snapshot. ``list(view)`` keeps a copy. Any other change to
    the state (apply, undo, reset) leaves the view as it was until the next
    step() or step_view().
    """

    __slots__ = ("player", "_last", "_n", "_ids", "_cap", "_player", "_count", "_applied",
                 "_player_ref", "_count_ref", "_applied_ref", "_ids_arg", "_cap_arg", "_step",
                 "_step_chance", "_step_checked", "_ptr", "_address")

    def __init__(self, lib: Library, ptr: Any, cap: int) -> None:
        """Buffers for the state at ptr (a StateP), whose State owns the
        view and checks it is open before every call."""
        self.player = 0
        # What the last step played: its move id, DRAWN for a chance draw
        # (the outcome is then read from _applied only if asked for, which
        # a loop seldom does), NOT_STEPPED after step_view().
        self._last = NOT_STEPPED
        self._n = 0
        self._ids = (_ffi.MoveId * max(cap, 1))()
        self._cap = ctypes.c_size_t(cap)
        self._player = ctypes.c_int()
        self._count = ctypes.c_size_t()
        self._applied = _ffi.MoveId()
        self._player_ref = ctypes.byref(self._player)
        self._count_ref = ctypes.byref(self._count)
        self._applied_ref = ctypes.byref(self._applied)
        # ctypes' conversion of declared argument types costs more than the
        # step itself, so State.step() calls undeclared copies of the
        # functions, with every argument ready for C as it is: a byref() or
        # from_param() argument object, which ctypes passes on, where for a
        # ctypes instance (c_void_p, c_size_t, an array) it would build a
        # new argument object per call; or an int below PLAIN_INT_LIMIT for
        # the tg_move. The declared function (held to the header by
        # test_signatures) takes the rare ids above that.
        #
        # The copies come from the library's PyDLL: they keep the GIL
        # through the call, as releasing and retaking it costs more than a
        # step in the library, which never waits nor calls back into
        # Python. The state's lock still keeps other threads off the state
        # (a thread waiting for it releases the GIL).
        self._step = lib.gil_dll["tg_state_step"]
        self._step.restype = _ffi.Status
        self._step_chance = lib.gil_dll["tg_state_step_chance"]
        self._step_chance.restype = _ffi.Status
        self._step_checked = lib.dll.tg_state_step
        # The state's address as a plain void *, which ctypes passes several
        # times faster than a typed pointer; the State drops the view when
        # it is closed, and byref() keeps the array alive.
        self._ptr = ptr
        self._address = ctypes.c_void_p.from_param(ctypes.cast(ptr, ctypes.c_void_p).value)
        self._ids_arg = ctypes.byref(self._ids)
        self._cap_arg = ctypes.c_size_t.from_param(cap)

    def _fill(self, player: int, count: int) -> None:
        """Sets the view to a position read without a step (step_view())."""
        self.player = player
        self._n = count
        self._last = NOT_STEPPED

    @property
    def applied(self) -> Optional[int]:
        """The decision the last step made; None after step_view()."""
        last = self._last
        if last == DRAWN:
            return int(self._applied.value)
        return None if last == NOT_STEPPED else last

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> List[int]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[int, List[int]]:
        # The loop's case first, with no type test (which would cost a
        # fifth of the call): what compares within 0 .. n-1 goes to the
        # array, which takes only what has __index__ and never reads past
        # its capacity; a slice, a float or a string raises TypeError on
        # the way and takes the checks below.
        try:
            if 0 <= index < self._n:  # type: ignore[operator]
                return self._ids[index]
        except TypeError:
            pass
        if isinstance(index, slice):
            return self._ids[:self._n][index]
        if not isinstance(index, int):
            raise TypeError("view indices are ints or slices, not %s" % type(index).__name__)
        n = self._n
        if not -n <= index < n:
            raise IndexError("the view holds %d moves; there is no [%d]" % (n, index))
        return int(self._ids[index + n if index < 0 else index])

    def __iter__(self) -> Iterator[int]:
        return iter(self._ids[:self._n])

    def __contains__(self, move: object) -> bool:
        return move in self._ids[:self._n]

    def __repr__(self) -> str:
        return "<tablegames.StepView player %d, %d moves: %r>" % (
            self.player, self._n, self._ids[:self._n])

    def _detach(self) -> None:
        """The state is closing: State.step() checks that itself."""


_chosen: List[Optional[ModuleType]] = []


def _load_cstep() -> Optional[ModuleType]:
    """The C module, or None for the pure path; a TABLEGAMES_CSTEP that
    cannot be loaded is an error, never a quiet fallback."""
    if os.environ.get(PURE_ENV_VAR, "") not in ("", "0"):
        return None
    path = os.environ.get(CSTEP_ENV_VAR)
    if path:
        spec = importlib.util.spec_from_file_location(__package__ + "._cstep", path)
        try:
            if spec is None or spec.loader is None:
                raise ImportError("not a Python extension module")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except (ImportError, OSError) as exc:
            raise LibraryError("cannot load %s=%s: %s" % (CSTEP_ENV_VAR, path, exc)) from None
        if getattr(module, "INTERFACE", None) != CSTEP_INTERFACE:
            raise LibraryError("%s=%s is another release's _cstep" % (CSTEP_ENV_VAR, path))
        sys.modules[spec.name] = module
        return module
    try:
        module = importlib.import_module(__package__ + "._cstep")
    except ImportError:  # not built for this interpreter
        return None
    # A module left by another release is not used.
    return module if getattr(module, "INTERFACE", None) == CSTEP_INTERFACE else None


def cstep() -> Optional[ModuleType]:
    """The C extension this process uses for steps, None for the pure path
    (decided once, on first use)."""
    if not _chosen:
        _chosen.append(_load_cstep())
    return _chosen[0]


def implementation() -> str:
    """"c" when State.step() runs in the extension module, else "python"."""
    return "python" if cstep() is None else "c"


def _address(lib: Library, name: str) -> Optional[int]:
    fn = getattr(lib.gil_dll, name, None)
    return None if fn is None else ctypes.cast(fn, ctypes.c_void_p).value


def new_view(lib: Library, ptr: Any, cap: int, lock: Any, move_id: Callable[[object], int],
             fail: Callable[[int], int], closed: Exception,
             observe: Optional[Dict[str, Any]] = None) -> Any:
    """The StepView for the state at ptr: the C one where it is available.
    observe: what the C view's _observe() needs (tensor_size, mask_size,
    players, seat, bad_buffer), for State.observe()."""
    module = cstep()
    if module is None:
        return StepView(lib, ptr, cap)
    extra: Dict[str, Any] = {}
    calls = {"tensor": "tg_state_observation_tensor", "mask": "tg_state_legal_mask",
             "key": "tg_state_information_key"}
    addresses = {arg: _address(lib, name) for arg, name in calls.items()}
    if observe is not None and None not in addresses.values():
        extra = dict(observe, **addresses)
    # CStepView subclasses the C type for the mixins (index, count,
    # reversed) of collections.abc.Sequence, which the pure view has too.
    return _c_view_class(module)(
        ctypes.cast(ptr, ctypes.c_void_p).value,
        ctypes.cast(lib.gil_dll.tg_state_step, ctypes.c_void_p).value,
        ctypes.cast(lib.gil_dll.tg_state_step_chance, ctypes.c_void_p).value,
        (_ffi.MoveId * max(cap, 1))(), cap, lock, move_id, fail, type(closed), str(closed),
        **extra)


_c_classes: List[type] = []


def _c_view_class(module: ModuleType) -> type:
    if not _c_classes:
        cls = type("CStepView", (module.StepView, Sequence),
                   {"__slots__": (), "__module__": __name__, "__doc__": StepView.__doc__})
        StepView.register(cls)
        _c_classes.append(cls)
    return _c_classes[0]
