"""The changes the server stores, one small record each, applied in order in one transaction
per batch by `Store.write`."""

from __future__ import annotations

import sqlite3
from collections.abc import Collection
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.engine import PlainAction
from cardtable.protocol.seat_holders import SeatHolder
from cardtable.server.chat.log import ChatEntry
from cardtable.server.storage.codec import pack
from cardtable.server.storage.records import ClockRecord, GameRecord, SeatRecord, TableRecord

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class Write(Protocol):
    """One change to store."""

    def apply(self, connection: sqlite3.Connection) -> None: ...


def insert_record(
    connection: sqlite3.Connection,
    table: str,
    record: DataclassInstance,
    *,
    packed: Collection[str] = (),
    replace: bool = False,
    **more: object,
) -> None:
    """Store `record` as a row of `table`: the columns `more` names, then a column for each of
    its fields, named alike (those in `packed` stored packed); `replace`: in place of the row
    with the same key."""
    row = dict(more)
    for item in fields(record):
        value = getattr(record, item.name)
        row[item.name] = pack(value) if item.name in packed else value
    verb = "INSERT OR REPLACE" if replace else "INSERT"
    marks = ", ".join("?" * len(row))
    connection.execute(
        f"{verb} INTO {table} ({', '.join(row)}) VALUES ({marks})", tuple(row.values())
    )


def update_rows(
    connection: sqlite3.Connection, table: str, key: str, value: object, **columns: object
) -> None:
    """Set `columns` (by name) in the rows of `table` whose column `key` holds `value`."""
    assignments = ", ".join(f"{name} = ?" for name in columns)
    connection.execute(
        f"UPDATE {table} SET {assignments} WHERE {key} = ?", (*columns.values(), value)
    )


@dataclass(frozen=True)
class OpenTable:
    table: TableRecord
    seats: tuple[SeatRecord, ...]

    def apply(self, connection: sqlite3.Connection) -> None:
        insert_record(connection, "tables", self.table, packed={"options", "settings"})
        SaveSeats(self.table.id, self.seats).apply(connection)


@dataclass(frozen=True)
class SaveSeats:
    table_id: int
    seats: tuple[SeatRecord, ...]

    def apply(self, connection: sqlite3.Connection) -> None:
        connection.executemany(
            "INSERT OR REPLACE INTO seats (table_id, seat, name, token_hash, bot, occupancy)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(self.table_id, s.seat, s.name, s.token_hash, s.bot, s.occupancy) for s in self.seats],
        )


@dataclass(frozen=True)
class SaveSettings:
    table_id: int
    settings: dict[str, Any]

    def apply(self, connection: sqlite3.Connection) -> None:
        update_rows(connection, "tables", "id", self.table_id, settings=pack(self.settings))


@dataclass(frozen=True)
class StartGame:
    game: GameRecord

    def apply(self, connection: sqlite3.Connection) -> None:
        g = self.game
        connection.execute(
            "INSERT INTO games (id, table_id, game_no, game, seats, options, seed, dealer,"
            " players, dealt_to, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                g.id,
                g.table_id,
                g.game_no,
                g.setup.game,
                g.setup.seats,
                pack(dict(g.setup.options)),
                g.setup.seed,
                g.setup.dealer,
                pack(list(g.players)),
                pack(list(g.dealt_to)),
                g.started_at,
            ),
        )


@dataclass(frozen=True)
class HandOver:
    """A game's hands passed on: `dealt_to` is, for each seat, the holding that now has its
    hand (a released seat's hand goes to the newcomer's holding)."""

    game_id: int
    dealt_to: tuple[int, ...]

    def apply(self, connection: sqlite3.Connection) -> None:
        update_rows(connection, "games", "id", self.game_id, dealt_to=pack(list(self.dealt_to)))


@dataclass(frozen=True)
class NoteHolder:
    """Someone else plays a seat of a game from a step on (see `SeatHolder`)."""

    game_id: int
    holder: SeatHolder

    def apply(self, connection: sqlite3.Connection) -> None:
        insert_record(connection, "holders", self.holder, replace=True, game_id=self.game_id)


@dataclass(frozen=True)
class TakeAction:
    game_id: int
    seq: int
    seat: int
    action: PlainAction
    taken_at: float

    def apply(self, connection: sqlite3.Connection) -> None:
        connection.execute(
            "INSERT INTO actions (game_id, seq, seat, action, taken_at) VALUES (?, ?, ?, ?, ?)",
            (self.game_id, self.seq, self.seat, pack(dict(self.action)), self.taken_at),
        )


@dataclass(frozen=True)
class SaveClock:
    """A game's turn clock as it stands."""

    clock: ClockRecord

    def apply(self, connection: sqlite3.Connection) -> None:
        packed = {"settings", "used", "out_of_time", "timeouts"}
        insert_record(connection, "clocks", self.clock, packed=packed, replace=True)


@dataclass(frozen=True)
class ScoreRound:
    game_id: int
    round: int
    score: dict[str, Any]
    totals: list[int]

    def apply(self, connection: sqlite3.Connection) -> None:
        insert_record(connection, "round_scores", self, packed={"score", "totals"})


@dataclass(frozen=True)
class FinishGame:
    game_id: int
    result: dict[str, Any]
    finished_at: float

    def apply(self, connection: sqlite3.Connection) -> None:
        update_rows(
            connection,
            "games",
            "id",
            self.game_id,
            result=pack(self.result),
            finished_at=self.finished_at,
        )


@dataclass(frozen=True)
class AddChat:
    table_id: int
    line: ChatEntry

    def apply(self, connection: sqlite3.Connection) -> None:
        insert_record(connection, "chat", self.line, table_id=self.table_id)


@dataclass(frozen=True)
class CloseTable:
    table_id: int
    closed_at: float

    def apply(self, connection: sqlite3.Connection) -> None:
        update_rows(connection, "tables", "id", self.table_id, closed_at=self.closed_at)
