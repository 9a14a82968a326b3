"""The turn clock's settings as both ends know them: its modes, what happens when time runs
out, and the range of each number (see the ``clock`` table setting in docs/protocol.md)."""

from __future__ import annotations

#: The clock's modes: none, a time for each move, or a bank of time for each player.
OFF, MOVE, BANK = "off", "move", "bank"
MODES = (OFF, MOVE, BANK)
#: What happens when time runs out: a bot plays that move, or a bot plays the seat until the
#: game ends.
BOT_MOVE, BOT_SEAT = "bot_move", "bot_seat"
TIMEOUT_RULES = (BOT_MOVE, BOT_SEAT)

#: Each number's range and unit: (low, high, unit).
RANGES: dict[str, tuple[float, float, str]] = {
    "move": (5, 600, "seconds"),
    "bank": (1, 120, "minutes"),
    "increment": (0, 60, "seconds"),
}
