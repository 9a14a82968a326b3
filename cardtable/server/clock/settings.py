"""Checking a change to a table's turn clock (off, seconds per move, or a bank of minutes per
player with an increment; and what happens when a player's time runs out)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, TypeVar

from cardtable.protocol import ErrorCode
from cardtable.protocol.clock import RANGES, ClockMode, TimeoutRule
from cardtable.protocol.table_settings import ClockSettings
from cardtable.server.errors import ServerError

_KEYS = ("mode", "move", "bank", "increment", "timeout")


def updated_clock(clock: ClockSettings, changes: object) -> ClockSettings:
    """`clock` with `changes` (a map of some of its settings) applied, or
    `ServerError(BAD_OPTIONS)` naming what is wrong, having changed nothing."""
    if not isinstance(changes, Mapping):
        raise _bad("The setting 'clock' is a map of some of: mode, move, bank, increment, timeout.")
    checked: dict[str, Any] = {}
    for name, value in changes.items():
        if name == "mode":
            value = _member(ClockMode, value, "The clock's mode")
        elif name == "timeout":
            value = _member(TimeoutRule, value, "The clock's timeout")
        elif name in RANGES:
            low, high, unit = RANGES[name]
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise _bad(f"The clock's '{name}' is a number of {unit}.")
            if not low <= value <= high:
                raise _bad(f"The clock's '{name}' is from {low} to {high} {unit}.")
            value = float(value)
        else:
            raise _bad(
                f"The clock has no setting {str(name)[:40]!r}; its settings are: "
                f"{', '.join(_KEYS)}."
            )
        checked[str(name)] = value
    return replace(clock, **checked)


E = TypeVar("E", ClockMode, TimeoutRule)


def _member(kind: type[E], value: object, what: str) -> E:
    """The member of `kind` whose value is `value`, or `ServerError(BAD_OPTIONS)`."""
    for member in kind:
        if value == member.value and isinstance(value, str):
            return member
    raise _bad(f"{what} is one of: {', '.join(member.value for member in kind)}.")


def _bad(message: str) -> ServerError:
    return ServerError(ErrorCode.BAD_OPTIONS, message)
