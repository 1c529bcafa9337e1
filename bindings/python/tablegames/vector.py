"""VectorEnv: many games of one kind stepped by one call into C (the
library's batch, include/boardgames/batch.h, 1.4), with numpy arrays in
and out and no Python work per game. Needs numpy (Debian: python3-numpy).

    import numpy as np
    from tablegames.vector import VectorEnv
    env = VectorEnv("witches_dance", 1024, players=4, seed=1)
    obs, info = env.reset()
    while training:
        logits = policy(obs)                               # (N, A)
        logits[info["action_mask"] == 0] = -np.inf
        actions = logits.argmax(axis=1)
        obs, rewards, terminated, truncated, info = env.step(actions)

Every slot always waits at a player's decision: chance is played inside
the step with the slot's own RNG, and a finished game starts again at once
(auto-reset), its rewards and done flags reported by the step that ended
it, its new game's first decision in the same rows. The arrays, one row
per slot:

  observation  (N, O) float32  the observation tensor of the player to move
               (or with observation="information" the information-state
               tensor, perfect recall); with dtype="uint8" the observation
               tensor as bytes, the same values exactly (every one is a whole
               number 0..255) in a quarter of the memory, which at a
               thousand slots is most of what a step costs;
  info["action_mask"]  (N, A) uint8, 1 for each legal action, in the one
               numbering of tablegames.actions (A = Game.player_move_count);
               with mask="bits" the same mask packed 8 actions to a byte,
               (N, (A + 7) // 8) uint8, action a at bit a % 8 (least
               significant first) of byte a // 8, the bits past A zero: an
               eighth of the memory (a 4-player Bewitched row is 355 bytes
               instead of 2,835), which at a thousand slots shows in the
               step. numpy unpacks it:
                   np.unpackbits(info["action_mask"], axis=1, count=A,
                                 bitorder="little")
               and tests one action without unpacking:
                   (info["action_mask"][:, a >> 3] >> (a & 7)) & 1;
  info["player"]  (N,) int32   the player to move;
  rewards      (N, P) float64  each player's utility for a slot whose game
               ended in this step (1 shared among the winners; a game with
               no winner 0 each, or 1/P each with draw="shared"), else 0;
  terminated, truncated  (N,) bool  the game ended by its rules, or was
               stopped by the library's length cap.

The arrays are the environment's own, filled in place by C and rewritten
by the next step or reset (no copy is made: that would cost more than the
step); copy what you keep, or pass copy=True.

Seeds: slot i's games are seeded first_seed + i, first_seed + i + N, ...
(batch.h); seed_of(i) tells the seed of the game a slot plays, and
State(game, that seed) given the same actions, chance drawn by the state's
RNG, plays the same game (tests/test_vector.py holds that).
"""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Optional, Tuple, Union

from . import _ffi
from ._handle import Handle, c_seed, serialized
from ._loader import library
from .actions import Actions
from .buffers import require_numpy
from .errors import InvalidArgument
from .game import Game, OptionValue, draw_arg
from .spaces import Box, Discrete
from .state import State

_ERRBUF_SIZE = 512
OBSERVATIONS = ("observation", "information")
DTYPES = ("float32", "uint8")
MASKS = ("bytes", "bits")
RUNNING, ENDED, TRUNCATED = 0, 1, 2  # TG_BATCH_*


@serialized
class VectorEnv(Handle):
    """num_envs games of one game and options, stepped together (see the
    module's text). close() or a with block releases the C batch."""

    _free_function = "tg_batch_free"
    _kind = "vector environment"

    def __init__(self, game: Union[str, Game], num_envs: int, *, seed: int = 0,
                 draw: str = "zero", observation: str = "observation", dtype: str = "float32",
                 mask: str = "bytes", copy: bool = False, **options: OptionValue) -> None:
        np = require_numpy("VectorEnv")
        if observation not in OBSERVATIONS:
            raise InvalidArgument("observation must be one of %s, not %r"
                                  % (", ".join(OBSERVATIONS), observation))
        if dtype not in DTYPES:
            raise InvalidArgument("dtype must be one of %s, not %r" % (", ".join(DTYPES), dtype))
        if mask not in MASKS:
            raise InvalidArgument("mask must be one of %s, not %r" % (", ".join(MASKS), mask))
        if dtype == "uint8" and observation == "information":
            raise InvalidArgument("the information tensor has fractions in it: it has no "
                                  "uint8 form (use dtype=\"float32\")")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int):
            raise TypeError("num_envs must be int, not %s" % type(num_envs).__name__)
        self.game = game if isinstance(game, Game) else Game(game, dict(options))
        lib = library()
        params = _ffi.BatchParams()
        err = ctypes.create_string_buffer(_ERRBUF_SIZE)
        lib.check(lib.dll.tg_batch_params_init(ctypes.byref(params), _ffi.BATCH_PARAMS_VERSION,
                                               err, _ERRBUF_SIZE), err.value.decode())
        params.draw = draw_arg(draw)
        out = _ffi.BatchP()
        if num_envs < 1:
            raise InvalidArgument("num_envs must be at least 1, not %d" % num_envs)
        with self.game._lock:
            lib.check(lib.dll.tg_batch_new(self.game._handle(), num_envs, c_seed(seed),
                                           ctypes.byref(params), ctypes.byref(out), err,
                                           _ERRBUF_SIZE),
                      lambda: err.value.decode("utf-8", "replace"))
        super().__init__(lib, out)
        self.num_envs, self.draw, self.observation_type, self.dtype, self.copy = \
            num_envs, draw, observation, dtype, copy
        self.mask_type = mask
        self.actions = Actions(self.game)
        players, n_actions = self.game.players, self.actions.action_count
        size = self.game.information_tensor_size if observation == "information" \
            else self.game.observation_tensor_size
        self.single_action_space = Discrete(n_actions)
        self.single_observation_space = Box(0, 255, (size,), "uint8") if dtype == "uint8" \
            else Box(float("-inf"), float("inf"), (size,), "float32")
        self._np = np
        # The arrays C fills, and the struct that points at them.
        self.player = np.zeros(num_envs, np.int32)
        mask_width = (n_actions + 7) // 8 if mask == "bits" else n_actions
        self.action_mask = np.zeros((num_envs, mask_width), np.uint8)
        self.observation = np.zeros((num_envs, size), np.uint8 if dtype == "uint8" else np.float32)
        self.rewards = np.zeros((num_envs, players), np.float64)
        self.done = np.zeros(num_envs, np.uint8)
        self._actions = np.zeros(num_envs, np.uint32)
        bufs = _ffi.BatchBuffers()
        bufs.version = _ffi.BATCH_BUFFERS_VERSION
        bufs.player = self.player.ctypes.data_as(ctypes.POINTER(ctypes.c_int32))
        mask_ptr = self.action_mask.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8))
        if mask == "bits":
            bufs.mask_bits = mask_ptr
        else:
            bufs.mask = mask_ptr
        if dtype == "uint8":
            bufs.observation_u8 = self.observation.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8))
        elif observation == "information":
            bufs.information = self.observation.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
        else:
            bufs.observation = self.observation.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
        bufs.rewards = self.rewards.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
        bufs.done = self.done.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8))
        self._bufs = bufs
        self._bufs_ref = ctypes.byref(bufs)
        self._actions_ptr = self._actions.ctypes.data_as(ctypes.POINTER(ctypes.c_uint32))
        self._err = err
        self._info = {"player": self.player, "action_mask": self.action_mask}

    # ---- the loop -------------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Dict[str, Any]]:
        """(observation, info) of every slot's first decision; seed starts
        every slot again from that first seed (None: where they stand)."""
        h = self._handle()
        if seed is not None:
            self._lib.check(self._lib.dll.tg_batch_reset(h, c_seed(seed)))
        self._call(self._lib.dll.tg_batch_observe(h, 0, self.num_envs, self._bufs_ref,
                                                  self._err, _ERRBUF_SIZE))
        return self._out(self.observation), self._out_info()

    def step(self, actions: Any) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        """Plays actions[i] in slot i (an integer array of num_envs legal
        actions): (observation, rewards, terminated, truncated, info). An
        illegal action refuses the whole step (IllegalMove naming the slot)
        and changes nothing."""
        np = self._np
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or a.dtype.kind not in "iu":
            raise InvalidArgument("step: actions must be %d integers, got shape %r dtype %s"
                                  % (self.num_envs, a.shape, a.dtype))
        if a.dtype.kind == "i" and self.num_envs and int(a.min()) < 0:
            raise InvalidArgument("step: action %d is negative" % int(a.min()))
        self._actions[:] = a
        self._call(self._lib.dll.tg_batch_step(self._handle(), 0, self.num_envs,
                                               self._actions_ptr, self._bufs_ref,
                                               self._err, _ERRBUF_SIZE))
        done = self.done
        return (self._out(self.observation), self._out(self.rewards), done == ENDED,
                done == TRUNCATED, self._out_info())

    def _call(self, status: int) -> None:
        if status:
            self._lib.check(status, self._err.value.decode("utf-8", "replace"))

    def _out(self, array: Any) -> Any:
        return array.copy() if self.copy else array

    def _out_info(self) -> Dict[str, Any]:
        if not self.copy:
            return self._info
        return {k: v.copy() for k, v in self._info.items()}

    # ---- single slots ---------------------------------------------------------

    def seed_of(self, slot: int) -> int:
        """The seed of the game slot is playing."""
        out = ctypes.c_uint64()
        self._lib.check(self._lib.dll.tg_batch_seed(self._handle(), self._slot(slot),
                                                    ctypes.byref(out)))
        return int(out.value)

    def clone_state(self, slot: int) -> State:
        """A copy of slot's state to search from or inspect: its root is
        where the slot stands (no history), its information keys and
        tensors those of the whole game (batch.h's tg_batch_state())."""
        ptr = self._lib.dll.tg_batch_state(self._handle(), self._slot(slot))
        out = _ffi.StateP()
        self._lib.check(self._lib.dll.tg_state_clone(ptr, ctypes.byref(out)))
        return State._adopt(self._lib, out)

    def _slot(self, slot: int) -> int:
        if isinstance(slot, bool) or not isinstance(slot, int):
            raise TypeError("a slot is an int, not %s" % type(slot).__name__)
        if not 0 <= slot < self.num_envs:
            raise InvalidArgument("slot %d is not below num_envs %d" % (slot, self.num_envs))
        return slot

    def __len__(self) -> int:
        return self.num_envs

    def __repr__(self) -> str:
        if self.closed:
            return "<tablegames.VectorEnv closed>"
        return "<tablegames.VectorEnv %s x %d>" % (self.game, self.num_envs)
