"""The open tables of the server: opening, restoring and closing them, finding one by its id or
its creator's token, and telling the sessions in the lobby of each change."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cardtable.engine import GameSpec, get_game
from cardtable.protocol import (
    ErrorCode,
    SeatSummary,
    TableChanged,
    TableRemoved,
    TableSettings,
    TableStatus,
)
from cardtable.server.config import ServerConfig, updated_settings
from cardtable.server.errors import ServerError
from cardtable.server.lobby.session import Session
from cardtable.server.storage import StoredTable
from cardtable.server.storage.journal import Journal
from cardtable.server.table.life import TableTasks
from cardtable.server.table.seats import Seat, hash_token, new_token
from cardtable.server.table.stored import opening, restore_table
from cardtable.server.table.table import Table
from cardtable.server.table.tokens import SeatTokens

log = logging.getLogger("cardtable.server")


class Floor:
    """The open tables by id (`tables`), and by the hash of their creator's token."""

    def __init__(
        self,
        config: ServerConfig,
        journal: Journal,
        tasks: TableTasks,
        sessions: Mapping[str, Session],
        *,
        first_ids: tuple[int, int],
    ) -> None:
        self.config = config
        self.journal = journal
        self.tables: dict[int, Table] = {}
        #: Every open table's players' seats, by the hash of their tokens.
        self.tokens = SeatTokens()
        self._tasks = tasks
        self._sessions = sessions
        #: Tables by the hash of their creator's token.
        self._by_creator_token: dict[bytes, Table] = {}
        first_table, first_game = first_ids
        self._table_ids = itertools.count(first_table)
        self._game_ids = itertools.count(first_game)
        #: Told of each game that ends at a table, before the table may be closed.
        self.on_game_over: Callable[[Table], None] = lambda table: None
        #: Adds a seat's rating to its summary (see `Ratings.with_rating`).
        self.with_rating: Callable[[str, Seat, SeatSummary], SeatSummary] = (
            lambda game, seat, summary: summary
        )

    def restore(self, stored: Iterable[StoredTable]) -> None:
        """Reopen the tables the database holds. A table where no player holds a seat has nobody
        to come back to it, and is closed; the rest wait for their players (away)."""
        for saved in stored:
            try:
                table = restore_table(saved, get_game(saved.table.game), **self._table_context())
            except Exception:  # the file keeps it; one damaged table must not stop the rest
                log.exception(
                    "table %s could not be restored; it is left as stored", saved.table.id
                )
                continue
            if (
                not any(seat.held_by_player for seat in table.seats)
                and table.status != TableStatus.PLAYING
            ):
                table.close()
                continue
            self._open(table)
        if self.tables:
            playing = sum(
                1 for table in self.tables.values() if table.status == TableStatus.PLAYING
            )
            log.info("restored %s tables (%s with a game in progress)", len(self.tables), playing)

    def create(
        self,
        spec: GameSpec,
        seats: int,
        options: Mapping[str, Any],
        settings: Mapping[str, Any],
        creator: str,
    ) -> tuple[Table, str]:
        """Open a new table; returns it with its creator's token."""
        checked = updated_settings(TableSettings(bot_delay=self.config.bot_delay), settings)
        creator_token, creator_token_hash = new_token()
        table = Table(
            next(self._table_ids),
            spec,
            seats,
            options,
            checked,
            creator,
            creator_token_hash=creator_token_hash,
            **self._table_context(),
        )
        self.journal.record(opening(table))
        self._open(table)
        self.tell_lobby(table, TableChanged(table=table.summary()))
        return table, creator_token

    def _table_context(self) -> dict[str, Any]:
        """What every table is built with besides its own particulars."""
        return {
            "record": self.journal.record,
            "new_game_id": lambda: next(self._game_ids),
            "tokens": self.tokens,
            "chat_history": self.config.chat_history,
            "on_summary_change": self.tell_lobby,
            "on_game_over": self._game_over,
            "with_rating": lambda game, seat, summary: self.with_rating(game, seat, summary),
            "seed": self.config.seed,
        }

    def _game_over(self, table: Table) -> None:
        self.on_game_over(table)
        self.remove_if_deserted(table)

    def _open(self, table: Table) -> None:
        self.tables[table.id] = table
        if table.creator_token_hash is not None:
            self._by_creator_token[table.creator_token_hash] = table
        self._tasks.begin(table)

    def reclaim_seat(self, table: Table, index: int) -> str:
        """A new token for the player's seat `index` of `table` (the old one stops working).
        For the person who runs the server, such as `cardtable play` resuming its own game."""
        return table.reissue_token(table.seat(index))

    def table(self, table_id: int) -> Table:
        """Open table `table_id`, or `ServerError(NO_SUCH_TABLE)`."""
        table = self.tables.get(table_id)
        if table is None:
            raise ServerError(ErrorCode.NO_SUCH_TABLE, f"There is no table {table_id}.")
        return table

    def created_with(self, tokens: Iterable[str]) -> set[int]:
        """The ids of the open tables whose creator tokens are among `tokens`."""
        return {
            table.id
            for token in tokens
            if (table := self._by_creator_token.get(hash_token(token))) is not None
        }

    def resumable(self, token: str | None) -> tuple[Table, Seat] | None:
        """The open table and seat `token` was given for, if it still holds it."""
        found = self.tokens.find(token) if token is not None else None
        table = self.tables.get(found[0]) if found is not None else None
        return (table, found[1]) if table is not None and found is not None else None

    def away_names(self) -> set[str]:
        """Names of players whose seats wait for them: nobody else may take those names."""
        return {
            seat.name
            for table in self.tables.values()
            for seat in table.seats
            if seat.away and seat.name is not None
        }

    def tell_lobby(self, table: Table, message: TableChanged) -> None:
        """Pass a table's new summary on to the sessions watching the lobby."""
        members = set(table.members())  # told already, by the table
        for session in self._sessions.values():
            if session.watching_lobby and session not in members:
                session.deliver(message)

    def remove_if_deserted(self, table: Table) -> None:
        """Close `table` if nobody is left at it, nor its creator in the lobby setting it up,
        and no game is being played there (the bots play a game to the end, for the history)."""
        if table.has_people() or table.id not in self.tables or table.status == TableStatus.PLAYING:
            return
        if any(
            table.id in session.creator_of and session.table is None
            for session in self._sessions.values()
        ):
            return  # its creator is still in the lobby, setting it up
        log.info("table %s closed: nobody is left at it", table.id)
        self.remove_table(table)

    def remove_table(self, table: Table) -> None:
        """Close `table` for good and tell the lobby (its finished games stay in history)."""
        del self.tables[table.id]
        if table.creator_token_hash is not None:
            self._by_creator_token.pop(table.creator_token_hash, None)
        table.close()
        removed = TableRemoved(table_id=table.id)
        for session in self._sessions.values():
            if session.watching_lobby:
                session.deliver(removed)

    def mine(self, session: Session) -> list[Table]:
        """The open tables whose creator rights `session` holds."""
        return [self.tables[id] for id in session.creator_of if id in self.tables]
