"""Tensors of many states at once, one row per state, for a training batch."""

from __future__ import annotations

from array import array
from typing import Any, Optional, Sequence

from .buffers import c_floats, checked_view, require_numpy
from .errors import InvalidArgument
from .state import State


def observation_tensors(states: Sequence[State], players: Sequence[int], out: Any = None,
                        *, numpy: bool = False) -> Any:
    """Row i: the observation tensor of states[i] as players[i] sees it
    (every state of one game and options, so every row has one size).

    out: a caller's C-contiguous 2-D float32 array of at least len(states)
    rows of the tensor's size (a numpy array of shape (batch, size));
    without it, a new numpy array with numpy=True, else a flat array('f')
    of len(states) * size floats. TypeError for any other buffer (float64,
    strided), InvalidArgument for a wrong shape; rows past len(states) are
    left as they were."""
    if len(states) != len(players):
        raise InvalidArgument("observation_tensors: %d states but %d players"
                              % (len(states), len(players)))
    if not states:
        raise InvalidArgument("observation_tensors: no states")
    size = states[0].tensor_size()
    for i, s in enumerate(states):
        if s.tensor_size() != size:
            raise InvalidArgument("observation_tensors: state %d's tensor has %d floats, state"
                                  " 0's %d (one game and options per batch)"
                                  % (i, s.tensor_size(), size))
    rows = len(states)
    if out is None:
        out = require_numpy("observation_tensors").zeros((rows, size), "float32") if numpy \
            else array("f", bytes(4 * rows * size))
        view = checked_view(out, "observation_tensors", "out", floats=True)
    else:
        view = checked_view(out, "observation_tensors", "out", floats=True, ndim=2)
        if view.shape is None or view.shape[1] != size or view.shape[0] < rows:
            raise InvalidArgument("observation_tensors: out has shape %r; it needs (%d or more,"
                                  " %d)" % (view.shape, rows, size))
    for i, (state, player) in enumerate(zip(states, players)):
        state._tensor_into(player, c_floats(view, i * size, size), size, "observation_tensors")
    return out
