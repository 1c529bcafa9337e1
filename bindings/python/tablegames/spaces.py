"""Spaces in the shape of gymnasium's (gymnasium.spaces.Discrete, Box,
Dict), without gymnasium: the environment needs only the standard library.

What gymnasium's documentation promises of a space holds here: ``shape``
and ``dtype`` (numpy dtypes where numpy is installed, their names where it
is not), ``seed(seed)`` returning the seeds used, ``sample()`` (for
Discrete with ``mask=``, an int8 array of n entries, 1 for the actions it
may pick, ``start`` when none is set) and ``contains(x)`` / ``x in space``.
An environment hands out one space object per agent for its whole life, so
seeding it seeds what the agent's ``sample()`` draws.

A program that has gymnasium makes the real thing from these fields, e.g.
``gymnasium.spaces.Box(space.low, space.high, space.shape, space.dtype)``.
The draws come from the standard library's random.Random (the same with
numpy and without), not from numpy's generator: a seed gives the same
samples either way but not the ones gymnasium's own space would give.
"""

from __future__ import annotations

import math
import operator
import random
import re
from typing import Any, Iterator, List, Mapping, Optional, Sequence, Tuple

from .buffers import numpy as _numpy

_SET = re.compile(b"[^\x00]")


def _dtype(name: str) -> Any:
    """numpy's dtype of that name where numpy is installed, else the name."""
    np = _numpy()
    return name if np is None else np.dtype(name)


class Space:
    """What every space has (gymnasium.spaces.Space)."""

    shape: Optional[Tuple[int, ...]]
    dtype: Any

    def __init__(self, seed: Optional[int] = None) -> None:
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> List[int]:
        """Seeds the space's draws; returns [seed] (a drawn one for None),
        as gymnasium does."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self._rng.seed(seed)
        return [seed]

    def sample(self, mask: Any = None) -> Any:
        raise NotImplementedError

    def contains(self, x: Any) -> bool:
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)

    @property
    def is_np_flattened(self) -> bool:
        return True


def _allowed(mask: Any, n: int) -> Sequence[int]:
    """The indices whose mask entry is set, scanned in C (numpy's nonzero,
    or a regular expression over the bytes)."""
    if len(mask) != n:
        raise ValueError("sample(mask): the mask has %d entries, the space %d" % (len(mask), n))
    nonzero = getattr(mask, "nonzero", None)
    if callable(nonzero):
        found: Sequence[int] = nonzero()[0]
        return found
    data = mask if isinstance(mask, (bytes, bytearray)) else bytes(bool(b) for b in mask)
    return [m.start() for m in _SET.finditer(data)]


class Discrete(Space):
    """The actions start .. start+n-1 (gymnasium.spaces.Discrete(n))."""

    shape: Tuple[int, ...]

    def __init__(self, n: int, seed: Optional[int] = None, start: int = 0) -> None:
        super().__init__(seed)
        n = operator.index(n)
        if n <= 0:
            raise ValueError("Discrete: n must be positive, not %d" % n)
        self.n, self.start = n, operator.index(start)
        self.shape = ()
        self.dtype = _dtype("int64")

    def contains(self, x: Any) -> bool:
        """An int (or a numpy integer scalar) in range; bools, floats and
        strings are not actions."""
        if isinstance(x, bool) or getattr(x, "shape", ()) != ():
            return False
        kind = getattr(getattr(x, "dtype", None), "kind", "i")
        if kind not in "iu":
            return False
        try:
            i = operator.index(x)
        except TypeError:
            return False
        return self.start <= i < self.start + self.n

    def sample(self, mask: Any = None) -> int:
        """A uniform action; with mask (n entries: an int8 array as
        gymnasium takes, or any bytes-like or sequence), uniform among those
        whose entry is set, and start when none is, as gymnasium does."""
        if mask is None:
            return self.start + self._rng.randrange(self.n)
        allowed = _allowed(mask, self.n)
        if not len(allowed):
            return self.start
        return self.start + int(allowed[self._rng.randrange(len(allowed))])

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n if not self.start else \
            "Discrete(%d, start=%d)" % (self.n, self.start)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and (other.n, other.start) == (self.n, self.start)

    __hash__ = None  # type: ignore[assignment]


class Box(Space):
    """Arrays of the given shape and dtype with every entry in [low, high]
    (gymnasium.spaces.Box); low and high are arrays of that shape where
    numpy is installed (as gymnasium's), else the one bound every entry has."""

    shape: Tuple[int, ...]

    def __init__(self, low: float, high: float, shape: Tuple[int, ...],
                 dtype: str = "float32", seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.shape = tuple(operator.index(d) for d in shape)
        self.dtype = _dtype(dtype)
        self._low, self._high = float(low), float(high)
        if self._low > self._high:
            raise ValueError("Box: low %r is above high %r" % (low, high))
        np = _numpy()
        if np is not None:
            self.low: Any = np.full(self.shape, low, self.dtype)
            self.high: Any = np.full(self.shape, high, self.dtype)
        else:
            self.low, self.high = self._low, self._high

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def is_bounded(self, manner: str = "both") -> bool:
        below, above = self._low > -math.inf, self._high < math.inf
        return {"both": below and above, "below": below, "above": above}[manner]

    def contains(self, x: Any) -> bool:
        """Whether x (an array of this shape, or a flat sequence) fits."""
        shape = getattr(x, "shape", None)
        if shape is not None:
            if tuple(shape) != self.shape:
                return False
            np = _numpy()
            if np is not None and hasattr(x, "dtype"):
                return bool(np.can_cast(x.dtype, self.dtype) and np.all(x >= self.low)
                            and np.all(x <= self.high))
            flat = x.reshape(-1).tolist()
        else:
            try:
                flat = list(x)
            except TypeError:
                return False
        try:
            return len(flat) == self.size and \
                all(self._low <= v <= self._high for v in flat)
        except TypeError:
            return False

    def sample(self, mask: Any = None) -> Any:
        """A random array, as gymnasium draws it: uniform where both bounds
        are finite, normal where neither is, shifted exponential where one
        is (a numpy array with numpy, else a list)."""
        if mask is not None:
            raise ValueError("Box.sample takes no mask")
        rng, lo, hi = self._rng, self._low, self._high
        if lo > -math.inf and hi < math.inf:
            values = [rng.uniform(lo, hi) for _ in range(self.size)]
        elif lo > -math.inf:
            values = [lo + rng.expovariate(1.0) for _ in range(self.size)]
        elif hi < math.inf:
            values = [hi - rng.expovariate(1.0) for _ in range(self.size)]
        else:
            values = [rng.gauss(0.0, 1.0) for _ in range(self.size)]
        np = _numpy()
        if np is None:
            return values
        return np.array(values, self.dtype).reshape(self.shape)

    def __repr__(self) -> str:
        return "Box(%r, %r, %r, %s)" % (self._low, self._high, self.shape, self.dtype)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Box) and (other._low, other._high, other.shape, other.dtype) \
            == (self._low, self._high, self.shape, self.dtype)

    __hash__ = None  # type: ignore[assignment]


class Dict(Space):
    """Named spaces (gymnasium.spaces.Dict), for observations that carry
    their action mask; shape and dtype are None, as gymnasium's are."""

    def __init__(self, spaces: Mapping[str, Space], seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.spaces = dict(spaces)
        self.shape = None
        self.dtype = None

    def seed(self, seed: Optional[int] = None) -> List[int]:
        """Seeds every subspace from seed, in key order."""
        used = super().seed(seed)
        for space in self.spaces.values():
            used += space.seed(self._rng.getrandbits(63))
        return used

    def sample(self, mask: Any = None) -> "dict[str, Any]":
        masks = mask or {}
        return {k: s.sample(masks.get(k)) for k, s in self.spaces.items()}

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.spaces)

    def __len__(self) -> int:
        return len(self.spaces)

    def keys(self) -> Any:
        return self.spaces.keys()

    def items(self) -> Any:
        return self.spaces.items()

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and \
            all(self.spaces[k].contains(v) for k, v in x.items())

    def __repr__(self) -> str:
        return "Dict(%r)" % self.spaces

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dict) and other.spaces == self.spaces

    __hash__ = None  # type: ignore[assignment]
