"""Copying a game for search: a deep copy that shares what never changes."""

from __future__ import annotations

import copy
import random
from typing import TypeVar

from cardtable.engine.game import Game

G = TypeVar("G", bound=Game)

#: Attributes the frame never changes after a game starts (the setup, its options, the events
#: from before the first action), shared by a game's copies.
FRAME_CONSTANTS = frozenset({"setup", "options", "opening_events"})


#: Tuples this long found immutable are remembered (card tables, met again in every copy);
#: holding them keeps their ids from being reused.
LARGE = 32
_LARGE_IMMUTABLE: dict[int, object] = {}


def _immutable(value: object) -> bool:
    """Whether `value` is a tuple, frozenset, str or number all the way down (frozen
    dataclasses of such included)."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return True
    if isinstance(value, (tuple, frozenset)):
        if id(value) in _LARGE_IMMUTABLE:
            return True
        if not all(_immutable(item) for item in value):
            return False
        if len(value) >= LARGE:
            _LARGE_IMMUTABLE[id(value)] = value
        return True
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or not params.frozen:
        return False
    slots = getattr(type(value), "__slots__", None)
    names = slots if slots is not None else vars(value)
    return all(_immutable(getattr(value, name)) for name in names)


def shared_parts(game: Game) -> frozenset[str]:
    """The attributes of `game` that its copies may share: the frame's constants and every
    immutable value (card tables and the like)."""
    return frozenset(
        name for name, value in vars(game).items() if name in FRAME_CONSTANTS or _immutable(value)
    )


def copy_game(game: G, shared: frozenset[str] | None = None) -> G:
    """An independent copy of `game`: playing on it never changes `game`. `shared` (from
    `shared_parts`, computed once for many copies of one game) names what need not be copied."""
    names = shared_parts(game) if shared is None else shared
    memo: dict[int, object] = {}
    twin = object.__new__(type(game))
    twin.__dict__.update(
        {name: value if name in names else _copy(value, memo) for name, value in vars(game).items()}
    )
    return twin


def _copy(value: object, memo: dict[int, object]) -> object:
    if type(value) is random.Random:  # its state by `setstate`, not 625 ints one by one
        twin = random.Random()
        twin.setstate(value.getstate())
        return twin
    return copy.deepcopy(value, memo)
