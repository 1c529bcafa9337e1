"""The catalogue of games as plain, immutable Python values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Tuple

from ._handle import c_text
from ._loader import Library, library
from .errors import UnknownGame

_OPTION_TYPES = {0: "int", 1: "bool", 2: "choice", 3: "number"}


@dataclass(frozen=True)
class OptionInfo:
    name: str
    type: str  # "int", "bool", "choice" or "number"
    default: str
    allowed: str
    description: str
    min: float
    max: float
    choices: Tuple[str, ...]


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    summary: str
    min_players: int
    max_players: int
    options: Tuple[OptionInfo, ...]

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, name: str) -> Optional[OptionInfo]:
        for opt in self.options:
            if opt.name == name:
                return opt
        return None


def _s(raw: Optional[bytes]) -> str:
    return raw.decode("utf-8") if raw is not None else ""


def _option(raw: Any) -> OptionInfo:
    """An OptionInfo from a tg_option_info struct (_ffi.OptionInfo)."""
    choices: List[str] = []
    if raw.choices:
        i = 0
        while raw.choices[i] is not None:
            choices.append(_s(raw.choices[i]))
            i += 1
    return OptionInfo(name=_s(raw.name), type=_OPTION_TYPES.get(raw.type, "unknown"),
                      default=_s(raw.default_value), allowed=_s(raw.allowed),
                      description=_s(raw.description), min=raw.min, max=raw.max,
                      choices=tuple(choices))


def info_from_pointer(lib: Library, ptr: Any) -> GameInfo:
    """A GameInfo from a non-NULL const tg_game_info *."""
    raw = ptr.contents
    options = []
    for i in range(raw.option_count):
        opt = lib.dll.tg_game_info_option(ptr, i)
        if opt:
            options.append(_option(opt.contents))
    return GameInfo(id=_s(raw.id), name=_s(raw.name), summary=_s(raw.summary),
                    min_players=raw.min_players, max_players=raw.max_players,
                    options=tuple(options))


def games() -> List[GameInfo]:
    """Every game of the catalogue, in catalogue order."""
    lib = library()
    result = []
    for i in range(lib.dll.tg_catalogue_count()):
        ptr = lib.dll.tg_catalogue_get(i)
        if ptr:
            result.append(info_from_pointer(lib, ptr))
    return result


def game_info(game_id: str) -> GameInfo:
    """The catalogue entry of one game; UnknownGame when there is none."""
    lib = library()
    ptr = lib.dll.tg_catalogue_find(c_text(game_id, "game id", UnknownGame))
    if not ptr:
        raise UnknownGame("no game called %r" % (game_id,))
    return info_from_pointer(lib, ptr)
