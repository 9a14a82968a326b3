"""The lobby: every session and table on the server, and the handling of each request.

`greet` answers a connection's `hello` (`Door`); `handle` answers everything after it
(`TableDesk`), and `answer_query` the requests that read the database (`HistoryDesk`). Each
request is handled synchronously and whole: a `ServerError` becomes an `error` reply with its
code, any other exception is logged and answered with ``internal``; neither touches anyone else.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import trio

from cardtable.protocol import (
    FATAL_CODES,
    Error,
    ErrorCode,
    ListHistory,
    ListTables,
    Message,
    Ok,
    PlayerRecord,
    Replay,
    Resync,
)
from cardtable.server.config import ServerConfig
from cardtable.server.errors import ServerError
from cardtable.server.lobby.claims import NameClaims
from cardtable.server.lobby.door import Door
from cardtable.server.lobby.floor import Floor
from cardtable.server.lobby.hint_desk import HintDesk
from cardtable.server.lobby.history_desk import HistoryDesk
from cardtable.server.lobby.name_desk import NameDesk
from cardtable.server.lobby.ratings import Ratings
from cardtable.server.lobby.record_desk import RecordDesk
from cardtable.server.lobby.session import Session
from cardtable.server.lobby.table_desk import TableDesk
from cardtable.server.net.address_budget import AddressBudgets
from cardtable.server.net.reception import Link
from cardtable.server.storage import StoredTable
from cardtable.server.storage.claims import NameClaim
from cardtable.server.storage.journal import Journal
from cardtable.server.storage.ratings import Standing
from cardtable.server.table.life import TableTasks
from cardtable.server.table.table import Table

log = logging.getLogger("cardtable.server")

#: Requests besides history that cost the server real work (every table's summary, a whole
#: view): paced per address as well as per connection.
COSTLY: frozenset[type[Message]] = frozenset({ListTables, Resync})


def _error_reply(session: Session, request: Message, error: Exception) -> Error:
    """The `error` answering a request that failed: its own code, or ``internal`` (logged)."""
    if isinstance(error, ServerError):
        fatal = error.code in FATAL_CODES
        return Error(code=error.code, message=error.message, rid=request.rid, fatal=fatal)
    log.exception("%r: %s failed", session, request.type, exc_info=error)
    return Error(
        code=ErrorCode.INTERNAL,
        message="The server failed on that request; nothing else was affected.",
        rid=request.rid,
    )


class Lobby:
    def __init__(
        self,
        config: ServerConfig,
        nursery: trio.Nursery,
        journal: Journal,
        *,
        first_ids: tuple[int, int] = (1, 1),
        claims: Iterable[NameClaim] = (),
        standings: Iterable[Standing] = (),
    ) -> None:
        self.config = config
        self.journal = journal
        #: The greeted sessions by name.
        self.clients: dict[str, Session] = {}
        self.floor = Floor(
            config,
            journal,
            TableTasks(nursery, journal.caught_up),
            self.clients,
            first_ids=first_ids,
        )
        #: The claimed names, and who holds each.
        self.claims = NameClaims(journal, claims)
        #: Every player's current rating per game.
        self.ratings = Ratings(journal, self.claims, standings)
        self.floor.on_game_over = self._game_over
        self.floor.with_rating = self.ratings.with_rating
        self.door = Door(
            config,
            self.floor,
            self.clients,
            disconnected=self.disconnected,
            address_gone=self._address_gone,
            claims=self.claims,
        )
        self.history = HistoryDesk(config, journal)
        #: The other requests that cost real work (`COSTLY`): a budget per address.
        self.costly = AddressBudgets(config.request_rate, config.request_burst)
        self._handlers = {
            **TableDesk(config, self.floor, self.door).handlers,
            **NameDesk(self.claims).handlers,
            **HintDesk(nursery).handlers,
        }
        self.records = RecordDesk(journal, self.history.lane)
        self._queries: dict[type[Message], Callable[[Session, Any], Awaitable[Message]]] = {
            ListHistory: self.history.list_history,
            Replay: self.history.replay,
            PlayerRecord: self.records.player_record,
        }

    def _game_over(self, table: Table) -> None:
        """A game at `table` has ended: its players claim their names, then it is rated."""
        self.claims.game_finished(table)
        self.ratings.game_finished(table)

    @property
    def tables(self) -> dict[int, Table]:
        """The open tables by id."""
        return self.floor.tables

    @property
    def stopping(self) -> bool:
        """Whether the server is stopping: nobody new is let in."""
        return self.door.stopping

    def restore(self, stored: Iterable[StoredTable]) -> None:
        """Reopen the tables the database holds (see `Floor.restore`)."""
        self.floor.restore(stored)

    def reclaim_seat(self, table: Table, index: int) -> str:
        """A new token for the player's seat `index` of `table` (see `Floor.reclaim_seat`)."""
        return self.floor.reclaim_seat(table, index)

    def remove_table(self, table: Table) -> None:
        """Close `table` for good and tell the lobby (its finished games stay in history)."""
        self.floor.remove_table(table)

    # -- connections (`Door`) -------------------------------------------------------------------

    def connected(self, link: Link) -> Session:
        """Count a new connection and give it a session (see `Door.connected`)."""
        return self.door.connected(link)

    def connection_count(self) -> int:
        """Connections open now, handshakes included."""
        return self.door.connection_count()

    def connection_closed(self, session: Session) -> None:
        """Stop counting a connection `connected` accepted."""
        self.door.connection_closed(session)

    def _address_gone(self, address: str) -> None:
        """The last connection from `address` has closed: its budgets go."""
        self.history.lane.forget(address)
        self.costly.forget(address)

    def greet(self, session: Session, hello: Message) -> bool:
        """Answer a connection's `hello`; whether it was welcomed (see `Door.greet`)."""
        return self.door.greet(session, hello)

    # -- requests -------------------------------------------------------------------------------

    def is_query(self, message: Message) -> bool:
        """Whether `message` reads the database, so must be awaited (`answer_query`)."""
        return type(message) in self._queries

    async def answer_query(self, session: Session, message: Message) -> None:
        """Answer a request that reads the database. The connection's reader awaits this, so
        its later requests wait and replies keep their order; others carry on meanwhile."""
        try:
            reply = await self._queries[type(message)](session, message)
        except Exception as error:
            reply = _error_reply(session, message, error)
        session.deliver(reply)

    def handle(self, session: Session, message: Message) -> None:
        handler = self._handlers.get(type(message))
        try:
            if handler is None:
                raise ServerError(
                    ErrorCode.UNKNOWN_TYPE, f"The server does not take '{message.type}'."
                )
            if type(message) in COSTLY and not self.costly.allow(
                session.address, trio.current_time()
            ):
                raise ServerError(
                    ErrorCode.RATE_LIMITED,
                    f"Too many '{message.type}' requests from your address; wait a moment.",
                )
            reply = handler(session, message)
        except Exception as error:
            reply = _error_reply(session, message, error)
        session.deliver(reply if reply is not None else Ok(rid=message.rid))

    # -- goodbyes -------------------------------------------------------------------------------

    def disconnected(self, session: Session) -> None:
        """`session`'s connection has ended (any way at all)."""
        if self.door.left(session):
            log.info("%s disconnected", session.name)
        table = session.table
        session.table = None
        if table is not None:
            table.detach(session)
            self.floor.remove_if_deserted(table)
        for created in self.floor.mine(session):
            self.floor.remove_if_deserted(created)

    def shutdown(self) -> None:
        """Tell every session the server is stopping, and close their connections. From now on
        a new connection is told the same at its `hello`."""
        self.door.stopping = True
        for table in self.tables.values():
            table.save_clock()  # the time used up to now, for the restart
        for session in list(self.clients.values()):
            session.fatal(ErrorCode.SHUTTING_DOWN, "The server is shutting down.")
