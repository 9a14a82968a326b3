"""Reading and writing the database. Every method is blocking: the server calls them from a
worker thread, one at a time (see `cardtable.server.storage.journal`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from cardtable.engine import PlainAction, Setup
from cardtable.engine.scores import RoundScore
from cardtable.protocol import RoundRecord, SeatHolder
from cardtable.server.chat.log import ChatEntry
from cardtable.server.storage.claims import NameClaim, read_claims
from cardtable.server.storage.codec import unpack
from cardtable.server.storage.database import Database
from cardtable.server.storage.errors import StorageError
from cardtable.server.storage.ratings import Standing, read_standings
from cardtable.server.storage.records import (
    ClockRecord,
    GameRecord,
    SeatRecord,
    StoredTable,
    TableRecord,
)
from cardtable.server.storage.writes import Write
from cardtable.wire.codec import WireError

_TABLE_COLUMNS = "id, game, seats, options, settings, creator, opened_at, creator_token_hash"
_GAME_COLUMNS = (
    "id, table_id, game_no, game, seats, options, seed, dealer, players, dealt_to,"
    " started_at, finished_at, result"
)


@dataclass(frozen=True)
class FinishedGame:
    """A finished game and its scored rounds, as the history shows it."""

    game: GameRecord
    rounds: tuple[RoundRecord, ...]


class Store:
    """The server's tables and games in one database."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._db = database.connection

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """Turn a stored value that cannot be decoded into a `StorageError` naming the file."""
        try:
            yield
        except _Undecodable as error:
            where = self.database.path or "The in-memory database"
            raise StorageError(
                f"{where} holds a value that cannot be read: {error.what} ({error.detail}). "
                "Keep the file to mend or remove that value with the sqlite3 tool, and give "
                "the server another file with --db."
            ) from None

    def close(self) -> None:
        self.database.close()

    # -- writing --------------------------------------------------------------------------------

    def write(self, batch: Sequence[Write]) -> None:
        """Store `batch` in one transaction: all of it or, on an error, none."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for item in batch:
                item.apply(self._db)
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # -- reading --------------------------------------------------------------------------------

    def next_ids(self) -> tuple[int, int]:
        """The first unused table id and game id."""
        table = self._db.execute("SELECT coalesce(max(id), 0) + 1 FROM tables").fetchone()[0]
        game = self._db.execute("SELECT coalesce(max(id), 0) + 1 FROM games").fetchone()[0]
        return int(table), int(game)

    def name_claims(self) -> list[NameClaim]:
        """Every claimed name, the oldest claim first."""
        return read_claims(self._db)

    def standings(self) -> list[Standing]:
        """Every player's current rating in every game they were rated in."""
        return read_standings(self._db)

    def open_tables(self, chat_history: int) -> list[StoredTable]:
        """Every table not yet closed, with its latest game and last `chat_history` lines.

        Raises `StorageError` if a stored value cannot be decoded."""
        rows = self._db.execute(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE closed_at IS NULL ORDER BY id"
        ).fetchall()
        with self._reading():
            return [self._stored_table(_table(row), chat_history) for row in rows]

    def _stored_table(self, table: TableRecord, chat_history: int) -> StoredTable:
        seats = tuple(
            SeatRecord(*row)
            for row in self._db.execute(
                "SELECT seat, name, token_hash, bot, occupancy FROM seats"
                " WHERE table_id = ? ORDER BY seat",
                (table.id,),
            )
        )
        game_row = self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE table_id = ? ORDER BY game_no DESC LIMIT 1",
            (table.id,),
        ).fetchone()
        game = self._with_holders(_game(game_row)) if game_row else None
        chat = tuple(
            ChatEntry(*row)
            for row in reversed(
                self._db.execute(
                    "SELECT id, time, sender, text, from_seat, to_seat, to_name, from_occupancy,"
                    " to_occupancy FROM chat WHERE table_id = ? ORDER BY id DESC LIMIT ?",
                    (table.id, chat_history),
                ).fetchall()
            )
        )
        last_chat = self._db.execute(
            "SELECT coalesce(max(id), 0) FROM chat WHERE table_id = ?", (table.id,)
        ).fetchone()[0]
        return StoredTable(
            table=table,
            seats=seats,
            game=game,
            actions=self.actions(game.id) if game else (),
            chat=chat,
            next_chat_id=int(last_chat) + 1,
            clock=self.clock(game.id) if game else None,
        )

    def clock(self, game_id: int) -> ClockRecord | None:
        """A game's turn clock, if it has one."""
        row = self._db.execute(
            "SELECT settings, used, out_of_time, timeouts FROM clocks WHERE game_id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        settings, used, out_of_time, timeouts = row
        where = f"the clock of game {game_id}"
        return ClockRecord(
            game_id=game_id,
            settings=_decode(settings, dict, f"the settings of {where}"),
            used=tuple(_decode(used, list, f"the times used of {where}", float)),
            out_of_time=tuple(_decode(out_of_time, list, f"the seats out of time of {where}", int)),
            timeouts=tuple(_decode(timeouts, list, f"the timeouts of {where}", int)),
        )

    def actions(self, game_id: int) -> tuple[tuple[int, PlainAction], ...]:
        """A game's actions in order: (seat, action)."""
        rows = self._db.execute(
            "SELECT seq, seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        with self._reading():
            return tuple(
                (seat, _decode(action, dict, f"action {seq} of game {game_id}"))
                for seq, seat, action in rows
            )

    def rounds(self, game_id: int) -> tuple[RoundRecord, ...]:
        """Each scored round of a game: its score and the totals after it."""
        rows = self._db.execute(
            "SELECT round, score, totals FROM round_scores WHERE game_id = ? ORDER BY round",
            (game_id,),
        ).fetchall()
        with self._reading():
            return tuple(
                RoundRecord(
                    _round_score(score, f"the score of round {n} of game {game_id}"),
                    tuple(
                        _decode(totals, list, f"the totals after round {n} of game {game_id}", int)
                    ),
                )
                for n, score, totals in rows
            )

    def history(self, limit: int = 50, before: int | None = None) -> list[FinishedGame]:
        """Finished games, the latest first: at most `limit`, with ids below `before`."""
        rows = self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE finished_at IS NOT NULL AND id < ?"
            " ORDER BY id DESC LIMIT ?",
            (before if before is not None else 2**62, limit),
        ).fetchall()
        with self._reading():
            games = [self._with_holders(_game(row)) for row in rows]
            return [FinishedGame(game, self.rounds(game.id)) for game in games]

    def finished_game(self, game_id: int) -> tuple[GameRecord, tuple[tuple[int, PlainAction], ...]]:
        """A finished game and its actions; KeyError if there is no such finished game."""
        row = self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ? AND finished_at IS NOT NULL",
            (game_id,),
        ).fetchone()
        if row is None:
            raise KeyError(game_id)
        with self._reading():
            return self._with_holders(_game(row)), self.actions(game_id)

    def _with_holders(self, game: GameRecord) -> GameRecord:
        """`game` with who played its seats from which step (see `SeatHolder`)."""
        rows = self._db.execute(
            "SELECT seat, step, name, bot_for FROM holders WHERE game_id = ? ORDER BY step, seat",
            (game.id,),
        ).fetchall()
        holders = tuple(SeatHolder(seat, step, name, bool(bot)) for seat, step, name, bot in rows)
        return replace(game, holders=holders)


class _Undecodable(Exception):
    """A stored value that cannot be decoded: `what` it is, and why."""

    def __init__(self, what: str, detail: str) -> None:
        super().__init__(what, detail)
        self.what = what
        self.detail = detail


def _decode(data: object, kind: type[Any], what: str, item: type[Any] | None = None) -> Any:
    """The value packed in `data`, which must be a `kind` (of `item`s); else `_Undecodable`."""
    if not isinstance(data, bytes):
        raise _Undecodable(what, f"it is {type(data).__name__}, not packed data")
    try:
        value = unpack(data)
    except Exception:  # msgpack raises several kinds for garbled input
        raise _Undecodable(what, "it is garbled") from None
    if not isinstance(value, kind):
        raise _Undecodable(what, f"it holds {type(value).__name__}, not {kind.__name__}")
    if item is not None and not all(
        isinstance(element, item) and type(element) is not bool for element in value
    ):
        raise _Undecodable(what, f"it holds something other than {item.__name__}")
    return value


def _table(row: sqlite3.Row | tuple[Any, ...]) -> TableRecord:
    id_, game, seats, options, settings, creator, opened_at, creator_token_hash = row
    return TableRecord(
        id=id_,
        game=game,
        seats=seats,
        options=_decode(options, dict, f"the options of table {id_}"),
        settings=_decode(settings, dict, f"the settings of table {id_}"),
        creator=creator,
        opened_at=opened_at,
        creator_token_hash=creator_token_hash,
    )


def _game(row: sqlite3.Row | tuple[Any, ...]) -> GameRecord:
    id_, table_id, game_no, game, seats, options, seed, dealer = row[:8]
    players, dealt_to, started_at, finished_at, result = row[8:]
    where = f"game {id_} (table {table_id})"
    return GameRecord(
        id=id_,
        table_id=table_id,
        game_no=game_no,
        setup=Setup(game, seats, _decode(options, dict, f"the options of {where}"), seed, dealer),
        players=tuple(_decode(players, list, f"the players of {where}", str)),
        dealt_to=tuple(_decode(dealt_to, list, f"who {where} was dealt to", int)),
        started_at=started_at,
        finished_at=finished_at,
        result=_decode(result, dict, f"the result of {where}") if result is not None else None,
    )


def _round_score(data: object, what: str) -> RoundScore:
    """A stored round score (earlier versions stored each line as a map; it is
    ``[label, count, each]`` since protocol 5), or `_Undecodable`."""
    try:
        return RoundScore.from_wire(_decode(data, dict, what))
    except WireError as error:
        raise _Undecodable(what, str(error)) from None
