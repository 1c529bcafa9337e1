"""ctypes declarations of the C API: opaque handle types, the catalogue
structs and the signature of every exported function.

The signatures live in one table so that tests/test_signatures.py can hold
them against the C headers; a prototype that drifts in C then fails a test
instead of corrupting memory quietly.
"""

from __future__ import annotations

from ctypes import (CDLL, CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double, c_float,
                    c_int, c_int32, c_size_t, c_ubyte, c_uint, c_uint8, c_uint32, c_uint64,
                    c_void_p)
from typing import Any, Dict, List, Tuple

# tg_status and tg_option_type are C enums: int-sized on every ABI we run on.
Status = c_int
OptionType = c_int
MoveId = c_uint32


class GameHandle(Structure):
    """Opaque struct tg_game; only pointers to it are ever used."""


class StateHandle(Structure):
    """Opaque struct tg_state; only pointers to it are ever used."""


class BotHandle(Structure):
    """Opaque struct tg_bot."""


class BatchHandle(Structure):
    """Opaque struct tg_batch (1.4)."""


GameP = POINTER(GameHandle)
StateP = POINTER(StateHandle)
BotP = POINTER(BotHandle)
BatchP = POINTER(BatchHandle)
BotLevel = c_int  # enum tg_bot_level


class OptionInfo(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("type", OptionType),
        ("default_value", c_char_p),
        ("allowed", c_char_p),
        ("description", c_char_p),
        ("min", c_double),
        ("max", c_double),
        ("choices", POINTER(c_char_p)),
    ]


class GameInfo(Structure):
    _fields_ = [
        ("id", c_char_p),
        ("name", c_char_p),
        ("summary", c_char_p),
        ("min_players", c_int),
        ("max_players", c_int),
        ("option_count", c_size_t),
    ]


BotMemory = c_int  # enum tg_bot_memory


class Allocator(Structure):
    _fields_ = [
        ("alloc", CFUNCTYPE(c_void_p, c_size_t, c_void_p)),
        ("release", CFUNCTYPE(None, c_void_p, c_void_p)),
        ("user_data", c_void_p),
    ]


# tg_resize_fn: (user_data, ptr, old_size, new_size) -> block, like lua_Alloc.
ResizeFn = CFUNCTYPE(c_void_p, c_void_p, c_void_p, c_size_t, c_size_t)


class SizedAllocator(Structure):
    _fields_ = [
        ("size", c_size_t),
        ("resize", ResizeFn),
        ("user_data", c_void_p),
    ]


# The layouts below are the ones these versions name; the library fills
# their defaults (tg_*_params_init), so only the layout is written here.
class GameParams(Structure):
    _fields_ = [
        ("version", c_uint),
        ("allocator", POINTER(Allocator)),
        ("sized_allocator", POINTER(SizedAllocator)),
    ]


class BotParams(Structure):
    _fields_ = [
        ("version", c_uint),
        ("level", BotLevel),
        ("simulations", c_uint32),
        ("seconds", c_double),
        ("seed", c_uint64),
        ("memory", BotMemory),
        ("reserved", c_uint32),
    ]


class BatchParams(Structure):
    _fields_ = [
        ("version", c_uint),
        ("draw", c_int),
    ]


class BatchBuffers(Structure):
    """The caller's arrays a batch fills, each indexed by slot (batch.h)."""
    _fields_ = [
        ("version", c_uint),
        ("player", POINTER(c_int32)),
        ("mask", POINTER(c_uint8)),
        ("observation", POINTER(c_float)),
        ("information", POINTER(c_float)),
        ("rewards", POINTER(c_double)),
        ("done", POINTER(c_uint8)),
        ("observation_u8", POINTER(c_uint8)),
        ("mask_bits", POINTER(c_uint8)),
    ]


GAME_PARAMS_VERSION = 2
BOT_PARAMS_VERSION = 2
BATCH_PARAMS_VERSION = 1
BATCH_BUFFERS_VERSION = 3

CharBuf = POINTER(c_char)          # char * the library writes into
OutText = POINTER(POINTER(c_char))  # char ** receiving a tg_free() buffer
OutBytes = POINTER(POINTER(c_ubyte))

# name: (restype, argtypes), in header order.
SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    # common.h
    "tg_status_text": (c_char_p, [Status]),
    "tg_status_name": (c_char_p, [Status]),
    "tg_free": (None, [c_void_p]),
    "tg_sized_allocator_init": (Status, [POINTER(SizedAllocator), c_size_t, CharBuf, c_size_t]),
    # version.h
    "tg_version_number": (c_uint, []),
    "tg_version_string": (c_char_p, []),
    "tg_version": (None, [POINTER(c_int), POINTER(c_int), POINTER(c_int)]),
    # catalogue.h
    "tg_catalogue_count": (c_size_t, []),
    "tg_catalogue_get": (POINTER(GameInfo), [c_size_t]),
    "tg_catalogue_find": (POINTER(GameInfo), [c_char_p]),
    "tg_game_info_option": (POINTER(OptionInfo), [POINTER(GameInfo), c_size_t]),
    # game.h
    "tg_game_params_init": (Status, [POINTER(GameParams), c_uint]),
    "tg_game_params_init_v2": (Status, [POINTER(GameParams), c_uint, CharBuf, c_size_t]),
    "tg_game_new": (Status, [c_char_p, c_char_p, POINTER(GameParams),
                             POINTER(GameP), CharBuf, c_size_t]),
    "tg_game_free": (None, [GameP]),
    "tg_game_ref": (GameP, [GameP]),
    "tg_game_get_info": (POINTER(GameInfo), [GameP]),
    "tg_game_id": (c_char_p, [GameP]),
    "tg_game_options": (c_char_p, [GameP]),
    "tg_game_players": (c_int, [GameP]),
    "tg_game_move_count": (c_uint32, [GameP]),
    "tg_game_max_legal_moves": (c_uint32, [GameP]),
    "tg_game_max_chance_outcomes": (c_uint32, [GameP]),
    "tg_game_max_length": (c_uint32, [GameP]),
    "tg_game_player_move_count": (c_uint32, [GameP]),
    "tg_game_chance_outcome_count": (c_uint32, [GameP]),
    "tg_game_move_is_chance": (c_int, [GameP, MoveId]),
    "tg_game_length_bound": (c_uint32, [GameP]),
    "tg_game_utility_range": (Status, [GameP, POINTER(c_double), POINTER(c_double)]),
    "tg_game_has_hidden_information": (c_int, [GameP]),
    "tg_game_format_version": (c_int, [GameP, c_int]),
    "tg_game_action_move": (Status, [GameP, c_int, c_uint32, POINTER(MoveId)]),
    "tg_game_move_action": (Status, [GameP, MoveId, POINTER(c_uint32)]),
    "tg_game_utility_sum": (c_int, [GameP, c_int, POINTER(c_double)]),
    "tg_game_state_size": (c_size_t, [GameP]),
    "tg_game_board_json": (Status, [GameP, OutText, POINTER(c_size_t)]),
    # state.h
    "tg_state_new": (Status, [GameP, c_uint64, POINTER(StateP)]),
    "tg_state_clone": (Status, [StateP, POINTER(StateP)]),
    "tg_state_copy": (Status, [StateP, StateP]),
    "tg_state_reset": (Status, [StateP, c_uint64]),
    "tg_state_free": (None, [StateP]),
    "tg_state_game": (GameP, [StateP]),
    "tg_state_current_player": (c_int, [StateP]),
    "tg_state_is_terminal": (c_int, [StateP]),
    "tg_state_move_number": (c_uint32, [StateP]),
    "tg_state_winners": (Status, [StateP, POINTER(c_uint32)]),
    "tg_state_returns": (Status, [StateP, POINTER(c_double), c_size_t]),
    "tg_state_returns_v2": (Status, [StateP, POINTER(c_double), c_size_t, POINTER(c_size_t)]),
    "tg_state_utilities": (Status, [StateP, c_int, POINTER(c_double), c_size_t,
                                    POINTER(c_size_t)]),
    "tg_state_is_truncated": (c_int, [StateP]),
    "tg_state_legal_moves": (Status, [StateP, POINTER(MoveId), c_size_t,
                                      POINTER(c_size_t)]),
    "tg_state_legal_mask": (Status, [StateP, POINTER(c_ubyte), c_size_t]),
    "tg_state_action_mask": (Status, [StateP, POINTER(c_ubyte), c_size_t]),
    "tg_state_is_legal": (Status, [StateP, MoveId]),
    "tg_state_chance_outcomes": (Status, [StateP, POINTER(MoveId), POINTER(c_double),
                                          c_size_t, POINTER(c_size_t)]),
    "tg_state_chance_weights": (Status, [StateP, POINTER(MoveId), POINTER(c_uint32),
                                         c_size_t, POINTER(c_size_t), POINTER(c_uint64)]),
    "tg_state_apply": (Status, [StateP, MoveId]),
    "tg_state_apply_text": (Status, [StateP, c_char_p]),
    "tg_state_sample_chance": (Status, [StateP, POINTER(MoveId)]),
    "tg_state_apply_chance": (Status, [StateP, POINTER(MoveId)]),
    "tg_state_playout": (Status, [StateP, c_uint32, POINTER(c_uint32)]),
    "tg_state_step": (Status, [StateP, MoveId, POINTER(c_int), POINTER(MoveId), c_size_t,
                               POINTER(c_size_t)]),
    "tg_state_step_chance": (Status, [StateP, POINTER(MoveId), POINTER(c_int), POINTER(MoveId),
                                      c_size_t, POINTER(c_size_t)]),
    "tg_state_move_text": (Status, [StateP, MoveId, CharBuf, c_size_t,
                                    POINTER(c_size_t)]),
    "tg_state_any_move_text": (Status, [StateP, MoveId, CharBuf, c_size_t,
                                        POINTER(c_size_t)]),
    "tg_state_parse_move": (Status, [StateP, c_char_p, POINTER(MoveId)]),
    "tg_state_undo": (Status, [StateP]),
    "tg_state_set_undo_rewinds_rng": (Status, [StateP, c_int]),
    "tg_state_undo_rewinds_rng": (c_int, [StateP]),
    "tg_state_position_key": (Status, [StateP, POINTER(c_uint64)]),
    "tg_state_history_length": (c_uint32, [StateP]),
    "tg_state_history": (Status, [StateP, POINTER(MoveId), c_size_t, POINTER(c_size_t)]),
    "tg_state_history_player": (Status, [StateP, c_uint32, POINTER(c_int)]),
    "tg_state_seed": (Status, [StateP, c_uint64]),
    "tg_state_equal": (c_int, [StateP, StateP]),
    "tg_state_last_error": (c_char_p, [StateP]),
    # observe.h
    "tg_state_observation_json": (Status, [StateP, c_int, OutText, POINTER(c_size_t)]),
    "tg_state_events_json": (Status, [StateP, c_int, OutText, POINTER(c_size_t)]),
    "tg_state_to_text": (Status, [StateP, c_int, OutText, POINTER(c_size_t)]),
    "tg_state_resample": (Status, [StateP, c_int]),
    "tg_game_observation_tensor_size": (c_size_t, [GameP]),
    "tg_game_observation_tensor_shape": (Status, [GameP, POINTER(c_size_t), c_size_t,
                                                  POINTER(c_size_t)]),
    "tg_state_observation_tensor": (Status, [StateP, c_int, POINTER(c_float), c_size_t]),
    "tg_state_information_json": (Status, [StateP, c_int, OutText, POINTER(c_size_t)]),
    "tg_state_information_key": (Status, [StateP, c_int, POINTER(c_uint64)]),
    "tg_game_information_tensor_size": (c_size_t, [GameP]),
    "tg_state_information_tensor": (Status, [StateP, c_int, POINTER(c_float), c_size_t]),
    # save.h
    "tg_state_save": (Status, [StateP, OutBytes, POINTER(c_size_t)]),
    "tg_state_load": (Status, [POINTER(c_ubyte), c_size_t, POINTER(GameParams),
                               POINTER(StateP), CharBuf, c_size_t]),
    "tg_state_to_json": (Status, [StateP, OutText, POINTER(c_size_t)]),
    "tg_state_from_json": (Status, [c_char_p, c_size_t, POINTER(GameParams),
                                    POINTER(StateP), CharBuf, c_size_t]),
    # bot.h
    "tg_bot_params_init": (Status, [POINTER(BotParams), c_uint]),
    "tg_bot_params_init_v2": (Status, [POINTER(BotParams), c_uint, CharBuf, c_size_t]),
    "tg_bot_new": (Status, [GameP, c_int, POINTER(BotParams), POINTER(BotP)]),
    "tg_bot_new_v2": (Status, [GameP, c_int, POINTER(BotParams), POINTER(BotP), CharBuf,
                               c_size_t]),
    "tg_bot_free": (None, [BotP]),
    "tg_bot_choose": (Status, [BotP, StateP, POINTER(MoveId)]),
    "tg_bot_hint": (Status, [BotP, StateP, POINTER(MoveId), POINTER(c_double), c_size_t,
                             POINTER(c_size_t)]),
    "tg_bot_stop": (None, [BotP]),
    "tg_bot_last_simulations": (c_uint32, [BotP]),
    "tg_bot_get_params": (Status, [BotP, POINTER(BotParams)]),
    "tg_bot_last_error": (c_char_p, [BotP]),
    # batch.h
    "tg_batch_params_init": (Status, [POINTER(BatchParams), c_uint, CharBuf, c_size_t]),
    "tg_batch_new": (Status, [GameP, c_size_t, c_uint64, POINTER(BatchParams), POINTER(BatchP),
                              CharBuf, c_size_t]),
    "tg_batch_free": (None, [BatchP]),
    "tg_batch_size": (c_size_t, [BatchP]),
    "tg_batch_game": (GameP, [BatchP]),
    "tg_batch_reset": (Status, [BatchP, c_uint64]),
    "tg_batch_observe": (Status, [BatchP, c_size_t, c_size_t, POINTER(BatchBuffers), CharBuf,
                                  c_size_t]),
    "tg_batch_step": (Status, [BatchP, c_size_t, c_size_t, POINTER(c_uint32),
                               POINTER(BatchBuffers), CharBuf, c_size_t]),
    "tg_batch_state": (StateP, [BatchP, c_size_t]),
    "tg_batch_seed": (Status, [BatchP, c_size_t, POINTER(c_uint64)]),
}


def declare(dll: CDLL) -> CDLL:
    """Sets restype/argtypes of every function on a loaded ctypes.CDLL.

    Raises AttributeError naming the first function the library lacks."""
    for name, (restype, argtypes) in SIGNATURES.items():
        fn = getattr(dll, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return dll


__all__ = ["GameP", "StateP", "BotP", "BatchP", "GameInfo", "OptionInfo", "GameParams",
           "BotParams", "BatchParams", "BatchBuffers", "Allocator", "SizedAllocator", "ResizeFn",
           "GAME_PARAMS_VERSION", "BOT_PARAMS_VERSION", "BATCH_PARAMS_VERSION",
           "BATCH_BUFFERS_VERSION", "SIGNATURES", "declare"]
