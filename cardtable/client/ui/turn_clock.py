"""A table's turn clock as the table screen shows it: the time each seat had left when the server
last told us, counted down from when we heard it (no clock of ours need agree with the
server's)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.text import Text

from cardtable.protocol import ClockState, TableSettings
from cardtable.protocol.clock import RANGES, ClockMode, TimeoutRule
from cardtable.wire.records import record_from

#: Seconds left below which a running clock is shown in red.
LOW = 10.0


@dataclass(frozen=True)
class ShownClock:
    """The clock of the game at our table, as of `heard_at` (seconds on our monotonic clock)."""

    mode: ClockMode
    timeout: TimeoutRule
    left: tuple[float, ...]
    running: frozenset[int]
    out_of_time: frozenset[int]
    timeouts: tuple[int, ...]
    heard_at: float

    @classmethod
    def of(cls, clock: ClockState | None, heard_at: float) -> ShownClock | None:
        """The clock a message gave (None: the game is not timed), its fields as it has them
        but for its seats as sets."""
        if clock is None:
            return None
        return record_from(
            cls,
            clock,
            running=frozenset(clock.running),
            out_of_time=frozenset(clock.out_of_time),
            heard_at=heard_at,
        )

    def left_at(self, seat: int, now: float) -> float:
        """Seconds seat `seat` has left at `now` (our monotonic clock)."""
        if not 0 <= seat < len(self.left):
            return 0.0
        left = self.left[seat]
        if seat in self.running:
            left -= max(0.0, now - self.heard_at)
        return max(0.0, left)

    def shown(self, seat: int, now: float) -> Text | None:
        """What the players panel shows of seat `seat`'s time: a running clock, with a bank
        every player's bank, and a seat a bot plays for time (None: nothing to show)."""
        if seat in self.out_of_time:
            return Text("⏱ bot plays", style="dim")
        if seat not in self.running and self.mode != ClockMode.BANK:
            return None
        left = self.left_at(seat, now)
        if seat not in self.running:
            return Text(f"⏱{clock_words(left)}", style="dim")
        return Text(f"⏱{clock_words(left)}", style="bold red" if left <= LOW else "bold")


def clock_words(seconds: float) -> str:
    """Time left as a clock shows it, counting whole seconds up: ``0:42``, ``1:02:05``."""
    whole = max(0, math.ceil(seconds - 1e-9))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def ran_out_words(before: ShownClock | None, after: ShownClock, seat: int) -> str | None:
    """What to tell the player on seat `seat` if their time ran out between the two clocks."""
    if before is None or not 0 <= seat < min(len(before.timeouts), len(after.timeouts)):
        return None
    if after.timeouts[seat] <= before.timeouts[seat]:
        return None
    if seat in after.out_of_time:
        return "Your time ran out: a bot plays your seat until this game ends."
    return "Your time ran out: a bot played your move."


def clock_setting_words(settings: TableSettings) -> str | None:
    """A table's clock setting in a few words (None: no clock)."""
    clock = settings.clock
    if clock.mode is ClockMode.OFF:
        return None
    if clock.mode is ClockMode.MOVE:
        words = f"{clock.move:g} s a move"
    else:
        words = f"{clock.bank:g} min each"
        if clock.increment:
            words += f" + {clock.increment:g} s a move"
    rule = "a bot plays the seat" if clock.timeout is TimeoutRule.BOT_SEAT else "a bot moves"
    return f"Clock: {words}; out of time, {rule}"


#: What the new-table form calls each of the clock's numbers.
FIELD_NAMES = {"move": "The time for a move", "bank": "The bank", "increment": "The increment"}


def clock_setting(mode: str, amount: str, increment: str, timeout: str) -> dict[str, str | float]:
    """The ``clock`` table setting the new-table form describes: `amount` is the seconds for a
    move or the minutes of a bank, as `mode` says. Raises `ValueError` with words a player can
    read when a number is not one, or out of its range."""
    if mode not in (ClockMode.MOVE, ClockMode.BANK):
        return {"mode": ClockMode.OFF}
    key = "move" if mode == ClockMode.MOVE else "bank"
    setting: dict[str, str | float] = {"mode": mode, key: _number(key, amount), "timeout": timeout}
    if mode == ClockMode.BANK:
        setting["increment"] = _number("increment", increment)
    return setting


def _number(key: str, text: str) -> float:
    low, high, unit = RANGES[key]
    try:
        value = float(text.strip())
    except ValueError:
        raise ValueError(f"{FIELD_NAMES[key]} is a number of {unit}, {low} to {high}.") from None
    if not low <= value <= high:
        raise ValueError(f"{FIELD_NAMES[key]} must be from {low} to {high} {unit}.")
    return value


def clock_from_text(text: str) -> dict[str, str | float]:
    """The ``clock`` table setting `cardtable play --clock` gives: ``30s`` (seconds for each
    move), ``10m`` or ``10m+5s`` (a bank of minutes for each player, and the seconds added
    after each move). Raises `ValueError` with words a player can read."""
    spec = text.strip().lower()
    usage = f"--clock {text!r} is not a clock: give 30s (a time for each move) or 10m+5s (a bank)."
    if spec.endswith("s") and "m" not in spec:
        return clock_setting(
            ClockMode.MOVE, _unit_number(spec[:-1], usage), "0", TimeoutRule.BOT_MOVE
        )
    bank, _, increment = spec.partition("+")
    if not bank.endswith("m"):
        raise ValueError(usage)
    increment = increment.removesuffix("s") if increment else "0"
    return clock_setting(
        ClockMode.BANK, _unit_number(bank[:-1], usage), increment, TimeoutRule.BOT_MOVE
    )


def _unit_number(text: str, usage: str) -> str:
    """`text` if it is a number, else `ValueError(usage)`."""
    try:
        float(text)
    except ValueError:
        raise ValueError(usage) from None
    return text
