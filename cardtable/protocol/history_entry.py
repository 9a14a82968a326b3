"""A finished game as the history and the replays name it (see "History entry" in
docs/protocol.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.engine.scores import Result, RoundScore
from cardtable.protocol.seat_holders import SeatHolder
from cardtable.wire.codec import OptionValue


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round of a finished game: its score and each side's total after it."""

    score: RoundScore
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A finished game: where and what it was, who played, when, and how it ended."""

    #: The game's id on this server (ids grow; never reused).
    game_id: int
    #: The table it was played at, and which of that table's games it was.
    table_id: int
    game_no: int
    game_kind: str
    title: str
    seats: int
    options: Mapping[str, OptionValue]
    #: Each seat's name when the game was dealt (server bots as "Ada (bot)").
    players: tuple[str, ...]
    #: Who played a seat from a step on, when not its player at the deal.
    holders: tuple[SeatHolder, ...]
    #: When it was dealt and when it ended, in seconds since 1970 (UTC).
    started: float
    finished: float
    result: Result
    rounds: tuple[RoundRecord, ...]
