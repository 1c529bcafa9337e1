"""Descriptions of observations and actions in the shape of gymnasium's
spaces (Box, Discrete: shape, dtype, n, contains(), sample()), without
gymnasium: the environment needs only the standard library. A program that
has gymnasium makes the real thing from these fields, e.g.
``gymnasium.spaces.Box(space.low, space.high, space.shape, space.dtype)``.
"""

from __future__ import annotations

import math
import operator
import random
import re
from typing import Any, Optional, Sequence, Tuple


_SET = re.compile(b"[^\x00]")


class Discrete:
    """The actions 0 .. n-1 (gymnasium.spaces.Discrete(n))."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n = n
        self.shape: Tuple[int, ...] = ()
        self.dtype = "int64"
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        self._rng.seed(seed)

    def contains(self, x: object) -> bool:
        if isinstance(x, bool):
            return False
        try:
            i = operator.index(x)  # type: ignore[arg-type]
        except TypeError:
            return False
        return 0 <= i < self.n

    __contains__ = contains

    def sample(self, mask: Optional[Sequence[int]] = None) -> int:
        """A uniform action, among those whose mask entry is set when a
        mask (an action mask of n entries) is given, as gymnasium does."""
        if mask is None:
            return self._rng.randrange(self.n)
        if len(mask) != self.n:
            raise ValueError("sample(mask): the mask has %d entries, the space %d"
                             % (len(mask), self.n))
        nonzero = getattr(mask, "nonzero", None)
        if callable(nonzero):  # a numpy array: its own scan
            allowed: Sequence[int] = nonzero()[0]
        else:  # bytes-like or a list: a regular expression scans bytes in C
            data = mask if isinstance(mask, (bytes, bytearray)) else bytes(bool(b) for b in mask)
            allowed = [m.start() for m in _SET.finditer(data)]
        if not len(allowed):
            raise ValueError("sample(mask): the mask allows no action")
        return int(allowed[self._rng.randrange(len(allowed))])

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and other.n == self.n

    __hash__ = None  # type: ignore[assignment]


class Box:
    """Arrays of the given shape and dtype with every entry in [low, high]
    (gymnasium.spaces.Box); low and high are the same for every entry."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...],
                 dtype: str = "float32") -> None:
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def contains(self, x: Any) -> bool:
        """Whether x (a flat sequence or an array of this shape) fits."""
        shape = getattr(x, "shape", None)
        if shape is not None and tuple(shape) != self.shape:
            return False
        try:
            flat = x.reshape(-1).tolist() if shape is not None else list(x)
        except TypeError:
            return False
        return len(flat) == self.size and all(self.low <= v <= self.high for v in flat)

    __contains__ = contains

    def __repr__(self) -> str:
        return "Box(%r, %r, %r, %s)" % (self.low, self.high, self.shape, self.dtype)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Box) and (other.low, other.high, other.shape, other.dtype) \
            == (self.low, self.high, self.shape, self.dtype)

    __hash__ = None  # type: ignore[assignment]


class Dict:
    """Named spaces (gymnasium.spaces.Dict), for observations that carry
    their action mask."""

    def __init__(self, spaces: "dict[str, Any]") -> None:
        self.spaces = dict(spaces)

    def __getitem__(self, key: str) -> Any:
        return self.spaces[key]

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and \
            all(self.spaces[k].contains(v) for k, v in x.items())

    __contains__ = contains

    def __repr__(self) -> str:
        return "Dict(%r)" % self.spaces
