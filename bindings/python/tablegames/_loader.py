"""Finding and loading libtablegames.

Lookup order: the TABLEGAMES_LIBRARY environment variable (a path), the
libdir pkg-config reports for "tablegames", then the versioned soname
through the system's loader. The library is loaded on first use, so
`import tablegames` never fails; the first call that needs it raises
LibraryError with every place that was tried.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import threading
from typing import Callable, List, Optional, Tuple, Union

from . import _ffi
from .errors import LibraryError, LibraryVersionError, TableGamesError, error_for

SUPPORTED_MAJOR = 1
SONAME = "libtablegames.so.%d" % SUPPORTED_MAJOR
ENV_VAR = "TABLEGAMES_LIBRARY"


class Library:
    """A loaded, version-checked libtablegames with declared signatures."""

    def __init__(self, dll: ctypes.CDLL, path: str) -> None:
        self.dll = dll
        # The same library again, for the few calls made with the GIL held
        # (see StepView): a PyDLL's functions do not release it.
        self.gil_dll = ctypes.PyDLL(path, handle=dll._handle)
        self.path = path
        self.version: str = dll.tg_version_string().decode("ascii", "replace")

    def status_name(self, status: int) -> str:
        return str(self.dll.tg_status_name(status).decode("ascii", "replace"))

    def status_text(self, status: int) -> str:
        return str(self.dll.tg_status_text(status).decode("utf-8", "replace"))

    def error(self, status: int, message: Optional[str] = None) -> TableGamesError:
        """The exception for a failed status; message defaults to the status text."""
        if not message:
            message = self.status_text(status)
        return error_for(status, message, self.status_name(status))

    def check(self, status: int,
              message: Union[str, Callable[[], str], None] = None) -> int:
        """Raises for a negative status; message may be a str or a callable."""
        if status < 0:
            if callable(message):
                message = message()
            raise self.error(status, message)
        return status


def check_version(major: int, minor: int, patch: int, path: str) -> None:
    """Refuses a library whose ABI (major version) differs from ours."""
    if major != SUPPORTED_MAJOR:
        raise LibraryVersionError(
            "%s is libtablegames %d.%d.%d, but this package supports major version %d "
            "only; install a matching library or point %s at one"
            % (path, major, minor, patch, SUPPORTED_MAJOR, ENV_VAR))


def open_library(path: str) -> Library:
    """Loads the library at path (a file or a name for the system loader),
    checks its version and declares every signature."""
    try:
        dll = ctypes.CDLL(path)
    except OSError as exc:
        raise LibraryError("cannot load %s: %s" % (path, exc)) from None
    try:
        version = dll.tg_version
    except AttributeError:
        raise LibraryError("%s is not libtablegames (no tg_version)" % path) from None
    version.restype = None
    version.argtypes = [ctypes.POINTER(ctypes.c_int)] * 3
    major, minor, patch = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    version(ctypes.byref(major), ctypes.byref(minor), ctypes.byref(patch))
    check_version(major.value, minor.value, patch.value, path)
    try:
        _ffi.declare(dll)
    except AttributeError as exc:
        raise LibraryError("%s lacks a function this package needs: %s" % (path, exc)) from None
    return Library(dll, path)


def _pkg_config_candidate() -> Optional[str]:
    if shutil.which("pkg-config") is None:
        return None
    try:
        out = subprocess.run(["pkg-config", "--variable=libdir", "tablegames"],
                             capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    libdir = out.stdout.strip()
    if out.returncode != 0 or not libdir:
        return None
    return os.path.join(libdir, SONAME)


def candidates() -> List[Tuple[str, str]]:
    """Where the library is looked for, in order, with how each was found."""
    found = []
    env = os.environ.get(ENV_VAR)
    if env:
        found.append((env, "$" + ENV_VAR))
        return found  # an explicit choice is never second-guessed
    pc = _pkg_config_candidate()
    if pc:
        found.append((pc, "pkg-config"))
    found.append((SONAME, "system loader"))
    return found


def find_library() -> Library:
    tried = []
    for path, how in candidates():
        try:
            return open_library(path)
        except LibraryVersionError:
            raise  # a wrong version is a finding to report, not a reason to look on
        except LibraryError as exc:
            tried.append("%s (%s): %s" % (path, how, exc))
    raise LibraryError("libtablegames not found; tried:\n  " + "\n  ".join(tried)
                       + "\nset %s to the library's path" % ENV_VAR)


_lock = threading.Lock()
_loaded: List[Library] = []


def library() -> Library:
    """The process's libtablegames, loaded on first call."""
    if not _loaded:
        with _lock:
            if not _loaded:
                _loaded.append(find_library())
    return _loaded[0]
