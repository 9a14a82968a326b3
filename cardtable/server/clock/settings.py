"""A table's turn clock as its creator sets it: off, seconds per move, or a bank of minutes per
player with an increment; and what happens when a player's time runs out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from cardtable.protocol import ErrorCode
from cardtable.protocol.clock import BOT_MOVE, MODES, MOVE, OFF, RANGES, TIMEOUT_RULES
from cardtable.server.errors import ServerError

_KEYS = ("mode", "move", "bank", "increment", "timeout")


@dataclass(frozen=True)
class ClockSettings:
    """How a table's games are timed (off by default)."""

    mode: str = OFF
    #: Seconds for each move (mode "move").
    move: float = 60.0
    #: Minutes in each player's bank (mode "bank").
    bank: float = 10.0
    #: Seconds added to a player's bank after each of their moves (mode "bank").
    increment: float = 5.0
    #: What happens when a player's time runs out.
    timeout: str = BOT_MOVE

    @property
    def on(self) -> bool:
        return self.mode != OFF

    @property
    def limit(self) -> float:
        """Seconds a player starts with: for each move, or in their bank."""
        return self.move if self.mode == MOVE else self.bank * 60

    def to_wire(self) -> dict[str, Any]:
        return asdict(self)

    def updated(self, changes: object) -> ClockSettings:
        """These settings with `changes` (a map of some of them) applied, or
        `ServerError(BAD_OPTIONS)` naming what is wrong, having changed nothing."""
        if not isinstance(changes, Mapping):
            raise _bad(
                "The setting 'clock' is a map of some of: mode, move, bank, increment, timeout."
            )
        checked: dict[str, Any] = {}
        for name, value in changes.items():
            if name == "mode":
                if value not in MODES:
                    raise _bad(f"The clock's mode is one of: {', '.join(MODES)}.")
            elif name == "timeout":
                if value not in TIMEOUT_RULES:
                    raise _bad(f"The clock's timeout is one of: {', '.join(TIMEOUT_RULES)}.")
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
        return replace(self, **checked)


def _bad(message: str) -> ServerError:
    return ServerError(ErrorCode.BAD_OPTIONS, message)
