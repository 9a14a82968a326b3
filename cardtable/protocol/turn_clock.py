"""A timed game's clock as a client sees it (see "Turn clock" in docs/protocol.md): the server
keeps it, a client counts down from when the message came."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.protocol.clock import ClockMode, TimeoutRule
from cardtable.protocol.table_settings import ClockSettings
from cardtable.wire.records import record_from


@dataclass(frozen=True, slots=True)
class ClockState:
    """The clock this game was dealt with, and each seat's time as of this message."""

    mode: ClockMode
    move: float
    bank: float
    increment: float
    timeout: TimeoutRule
    #: Seconds each seat has left (of its move, or in its bank), rounded to 0.1.
    left: tuple[float, ...]
    #: The seats whose time runs down now.
    running: tuple[int, ...]
    #: How many times each seat's time has run out this game.
    timeouts: tuple[int, ...]
    #: The seats a server bot plays until the game ends, their time having run out.
    out_of_time: tuple[int, ...]

    @property
    def settings(self) -> ClockSettings:
        """The settings this game was dealt with."""
        return record_from(ClockSettings, self)
