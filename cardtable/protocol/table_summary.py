"""A table as the lobby and its players see it: its summary, each seat's, and the offer of a
rematch (see "Table summary" and "Seat" in docs/protocol.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from cardtable.engine.scores import Result
from cardtable.protocol.player_record import SeatRating
from cardtable.protocol.table_settings import TableSettings
from cardtable.protocol.turn_clock import ClockState
from cardtable.wire.codec import OptionValue, wire_field


class TableStatus(StrEnum):
    """No game yet; a game in progress; the last game has ended."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


class SeatKind(StrEnum):
    """Nobody; a person (here or away); a server bot."""

    EMPTY = "empty"
    PLAYER = "player"
    BOT = "bot"


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat: who holds it and how (a program playing through its own connection, such as
    `cardtable bot`, is a player: only the server's bots are `SeatKind.BOT`)."""

    seat: int
    kind: SeatKind
    #: The person's name or the bot's ("Bram (bot)"); None when empty.
    name: str | None
    #: True for a bot, or a person whose connection is live.
    connected: bool
    #: The server bot's kind on a bot's seat.
    bot: str | None
    #: A server bot plays for this away person (or this given-up seat) until someone is back.
    covered: bool
    #: How many players present voted to hand this away seat to a bot now.
    votes: int
    #: The player's (or bot kind's) rating in the table's game, if they have one.
    rating: SeatRating | None = wire_field(optional=True)


@dataclass(frozen=True, slots=True)
class RematchState:
    """The latest offer of a rematch, as the table's players see it."""

    by: int
    accepted: tuple[int, ...]
    #: The seats of the players present who have not answered.
    waiting: tuple[int, ...]
    #: The seat whose player turned it down, which closed it (None: still open).
    declined_by: int | None

    @property
    def open(self) -> bool:
        return self.declined_by is None


@dataclass(frozen=True, slots=True)
class TableSummary:
    """What the lobby shows about a table; the people at it also get `watchers` and
    `rematch` (left out, None, for the lobby)."""

    table_id: int
    game_kind: str
    title: str
    options: Mapping[str, OptionValue]
    settings: TableSettings
    creator: str
    status: TableStatus
    #: Games started at this table so far (0 before the first).
    game_no: int
    seats: tuple[SeatSummary, ...]
    #: How many people watch.
    spectators: int
    #: How the last game ended, once it has; None while one is in progress or before the first.
    result: Result | None
    #: The latest game's clock as of this message (None: no game yet, or not timed).
    clock: ClockState | None
    #: The names of the people watching, in the order they came (at the table only).
    watchers: tuple[str, ...] | None = wire_field(optional=True)
    #: The latest offer of a rematch since the last game started (at the table only).
    rematch: RematchState | None = wire_field(optional=True)
