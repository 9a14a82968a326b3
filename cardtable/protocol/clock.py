"""The turn clock's settings as both ends know them: its modes, what happens when time runs
out, and the range of each number (see the ``clock`` table setting in docs/protocol.md)."""

from __future__ import annotations

from enum import StrEnum


class ClockMode(StrEnum):
    """No clock; a time for each move; a bank of time for each player."""

    OFF = "off"
    MOVE = "move"
    BANK = "bank"


class TimeoutRule(StrEnum):
    """When a player's time runs out: a bot plays that move, or the seat until the game ends."""

    BOT_MOVE = "bot_move"
    BOT_SEAT = "bot_seat"


#: Each number's range and unit: (low, high, unit).
RANGES: dict[str, tuple[float, float, str]] = {
    "move": (5, 600, "seconds"),
    "bank": (1, 120, "minutes"),
    "increment": (0, 60, "seconds"),
}
