"""What the database holds, as plain frozen records (no SQL here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine import PlainAction, RoundScore, Setup
from cardtable.protocol.seat_holders import SeatHolder
from cardtable.server.chat.log import ChatEntry


@dataclass(frozen=True)
class TableRecord:
    id: int
    game: str
    seats: int
    options: dict[str, Any]
    settings: dict[str, Any]
    creator: str
    opened_at: float
    #: The SHA-256 of the creator's secret token (the creator's rights go with it), if any.
    creator_token_hash: bytes | None = None


@dataclass(frozen=True)
class SeatRecord:
    """A seat as stored: a player's seat keeps the hash of its token, never the token."""

    seat: int
    name: str | None
    token_hash: bytes | None
    bot: str | None
    occupancy: int


@dataclass(frozen=True)
class GameRecord:
    """One game dealt at a table: its setup and who it was dealt to."""

    id: int
    table_id: int
    game_no: int
    setup: Setup
    #: Each seat's name when the game was dealt.
    players: tuple[str, ...]
    #: Which holding of each seat the game was dealt to.
    dealt_to: tuple[int, ...]
    started_at: float
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    #: Who played a seat from a step on, when not the player it was dealt to (see `SeatHolder`).
    holders: tuple[SeatHolder, ...] = ()


@dataclass(frozen=True)
class ClockRecord:
    """A game's turn clock: the settings it was started with, the seconds each seat has used
    (not when anything is due: a restored clock carries on from the restart), the seats a bot
    plays because their time ran out, and how often each seat's time ran out."""

    game_id: int
    settings: dict[str, Any]
    used: tuple[float, ...]
    out_of_time: tuple[int, ...] = ()
    #: How many times each seat's time ran out.
    timeouts: tuple[int, ...] = ()


@dataclass(frozen=True)
class StoredTable:
    """An open table as the database has it, enough to rebuild it exactly."""

    table: TableRecord
    seats: tuple[SeatRecord, ...]
    #: The table's latest game and its actions in order, if a game was ever dealt.
    game: GameRecord | None = None
    actions: tuple[tuple[int, PlainAction], ...] = ()
    chat: tuple[ChatEntry, ...] = ()
    next_chat_id: int = 1
    #: The latest game's turn clock, if it has one.
    clock: ClockRecord | None = None


def running_totals(scores: Sequence[RoundScore]) -> list[list[int]]:
    """Each side's total after each round."""
    totals: list[list[int]] = []
    current: list[int] = []
    for score in scores:
        before = current or [0] * len(score.points)
        current = [a + b for a, b in zip(before, score.points, strict=True)]
        totals.append(current)
    return totals
