"""Requests about tables: listing and opening them, sitting, watching and leaving, running a
table (bots, seats of players away, settings, the start), and playing at one (acting, taking
back, conceding, rematches, chat, a view again). Each is answered synchronously and whole. A
table opened by a client from before ratings (protocol 7) is unrated."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import trio

from cardtable.engine import OptionError, get_game
from cardtable.engine.actions import Concede as ConcedeAction
from cardtable.engine.actions import PlayOn, is_concession
from cardtable.protocol import (
    Act,
    AddBot,
    AnswerRematch,
    Chat,
    Concede,
    Configure,
    Cover,
    CreateTable,
    ErrorCode,
    Leave,
    Left,
    ListTables,
    Message,
    OfferRematch,
    Ping,
    Pong,
    Release,
    RemoveBot,
    Resync,
    Sit,
    Spectate,
    Start,
    TableCreated,
    Tables,
    TakeBack,
)
from cardtable.protocol.versions import BEFORE_RATINGS, RATINGS_SETTINGS
from cardtable.server.config import ServerConfig
from cardtable.server.errors import ServerError
from cardtable.server.lobby.door import Door
from cardtable.server.lobby.floor import Floor
from cardtable.server.lobby.session import Session
from cardtable.server.table.seats import Seat
from cardtable.server.table.table import Table

log = logging.getLogger("cardtable.server")


class TableDesk:
    """The handlers of the requests about tables (`handlers`), by the message they answer."""

    def __init__(self, config: ServerConfig, floor: Floor, door: Door) -> None:
        self.config = config
        self._floor = floor
        self._door = door
        self.handlers: dict[type[Message], Callable[[Session, Any], Message | None]] = {
            ListTables: self._list_tables,
            CreateTable: self._create_table,
            Sit: self._sit,
            Spectate: self._spectate,
            Leave: self._leave,
            AddBot: self._add_bot,
            RemoveBot: self._remove_bot,
            Cover: self._cover,
            Release: self._release,
            Start: self._start,
            Configure: self._configure,
            Act: self._act,
            TakeBack: self._take_back,
            Concede: self._concede,
            OfferRematch: self._offer_rematch,
            AnswerRematch: self._answer_rematch,
            Chat: self._chat,
            Ping: self._ping,
            Resync: self._resync,
        }

    # -- who may do what ------------------------------------------------------------------------

    def _not_at_a_table(self, session: Session) -> None:
        if session.table is not None:
            raise ServerError(
                ErrorCode.ALREADY_AT_TABLE,
                f"You are at table {session.table.id}; leave it first.",
            )

    def _manager_table(self, session: Session, table_id: int) -> Table:
        """A table that `session` may run: one it created or sits at."""
        table = self._floor.table(table_id)
        if table.id not in session.creator_of and table.seat_of(session) is None:
            raise ServerError(
                ErrorCode.NOT_CREATOR,
                f"Only {table.creator}, who opened table {table.id}, or its players may do that.",
            )
        return table

    def _creator_table(self, session: Session, table_id: int, doing: str) -> Table:
        """A table whose creator rights `session` holds (by the creator's token)."""
        table = self._floor.table(table_id)
        if table.id not in session.creator_of:
            raise ServerError(
                ErrorCode.NOT_CREATOR,
                f"Only {table.creator}, who opened table {table.id}, may {doing}.",
            )
        return table

    def _at_table(self, session: Session) -> Table:
        if session.table is None:
            raise ServerError(ErrorCode.NOT_AT_TABLE, "You are not at a table.")
        return session.table

    def _seated(self, session: Session, doing: str) -> tuple[Table, Seat]:
        """The session's table and seat, or `not_seated` saying only a player may be `doing`."""
        table = session.table
        seat = table.seat_of(session) if table is not None else None
        if table is None or seat is None:
            raise ServerError(ErrorCode.NOT_SEATED, f"Only a seated player can {doing}.")
        return table, seat

    def _check_action_rate(self, session: Session) -> None:
        if not session.action_limiter.allow(trio.current_time()):
            rate = self.config.action_rate
            raise ServerError(
                ErrorCode.RATE_LIMITED,
                f"You are acting too fast (at most {rate:g} actions a second); wait a moment.",
            )

    # -- the lobby ------------------------------------------------------------------------------

    def _list_tables(self, session: Session, request: ListTables) -> Message:
        session.watching_lobby = request.watch
        tables = tuple(table.summary() for table in self._floor.tables.values())
        return Tables(rid=request.rid, tables=tables)

    def _create_table(self, session: Session, request: CreateTable) -> Message:
        mine = len(self._floor.mine(session))
        if mine >= self.config.max_tables_per_client:
            raise ServerError(
                ErrorCode.TOO_MANY_TABLES,
                f"You already have {mine} tables open; that is the most one player may open.",
            )
        try:
            spec = get_game(request.game_kind)
        except OptionError as error:
            raise ServerError(ErrorCode.BAD_OPTIONS, str(error)) from None
        settings = request.settings
        if session.version <= BEFORE_RATINGS:
            # Its creator can neither see nor choose it, nor do without take-back.
            settings = {RATINGS_SETTINGS: False, **settings}
        table, creator_token = self._floor.create(
            spec, request.seats, request.options, settings, session.name
        )
        session.creator_of.add(table.id)
        log.info("%s opened table %s: %s for %s", session.name, table.id, spec.title, request.seats)
        return TableCreated(rid=request.rid, table=table.summary(), creator_token=creator_token)

    def _sit(self, session: Session, request: Sit) -> Message:
        self._not_at_a_table(session)
        table = self._floor.table(request.table_id)
        token = table.sit(session, request.seat)
        session.table = table
        session.watching_lobby = False
        return table.joined(table.seats[request.seat], token, request.rid)

    def _spectate(self, session: Session, request: Spectate) -> Message:
        self._not_at_a_table(session)
        table = self._floor.table(request.table_id)
        table.spectate(session)
        session.table = table
        session.watching_lobby = False
        return table.joined(None, None, request.rid)

    def _leave(self, session: Session, request: Leave) -> Message:
        table = self._at_table(session)
        table.leave(session)
        session.table = None
        self._floor.remove_if_deserted(table)
        return Left(rid=request.rid, table_id=table.id)

    # -- running a table ------------------------------------------------------------------------

    def _add_bot(self, session: Session, request: AddBot) -> None:
        self._manager_table(session, request.table_id).add_bot(request.seat, request.kind)

    def _remove_bot(self, session: Session, request: RemoveBot) -> None:
        self._manager_table(session, request.table_id).remove_bot(request.seat)

    def _start(self, session: Session, request: Start) -> None:
        self._manager_table(session, request.table_id).start()

    def _cover(self, session: Session, request: Cover) -> None:
        table = self._floor.table(request.table_id)
        if table.id in session.creator_of:
            table.cover(request.seat, None)
            return
        voter = table.seat_of(session)
        if voter is None:
            raise ServerError(
                ErrorCode.NOT_SEATED,
                f"Only {table.creator}, who opened table {table.id}, or its players may hand "
                "a seat to a bot.",
            )
        table.cover(request.seat, voter.index)

    def _release(self, session: Session, request: Release) -> None:
        table = self._creator_table(session, request.table_id, "give up a player's seat")
        name = table.seat(request.seat).name  # (the seat's own check: no_such_seat)
        token_hash = table.release(request.seat)
        self._door.note_released(
            token_hash,
            f"{table.creator}, who opened table {table.id}, gave up your seat there "
            f"({name}) while you were away; someone else may play on with it.",
        )
        log.info("%s gave up %s's seat at table %s", session.name, name, table.id)

    def _configure(self, session: Session, request: Configure) -> None:
        table = self._creator_table(session, request.table_id, "change its settings")
        table.configure(request.settings)

    # -- playing --------------------------------------------------------------------------------

    def _act(self, session: Session, request: Act) -> None:
        table, seat = self._seated(session, "act")
        if seat.out_of_time:
            raise ServerError(
                ErrorCode.NOT_YOUR_TURN,
                "Your time ran out: a bot plays your seat until this game ends.",
            )
        self._check_action_rate(session)
        if is_concession(request.action):
            raise ServerError(
                ErrorCode.ILLEGAL_ACTION, "To concede or play on, send concede, not act."
            )
        table.act(seat.index, request.action)

    def _concede(self, session: Session, request: Concede) -> None:
        table = session.table
        if table is None:
            raise ServerError(
                ErrorCode.NOT_AT_TABLE, "You are not at a table: there is no game to concede."
            )
        seat = table.seat_of(session)
        if seat is None:
            raise ServerError(
                ErrorCode.NOT_SEATED, "Only a player can concede; you are watching this table."
            )
        self._check_action_rate(session)
        table.act(seat.index, ConcedeAction() if request.agree else PlayOn())

    def _take_back(self, session: Session, request: TakeBack) -> None:
        table, seat = self._seated(session, "take back")
        self._check_action_rate(session)
        table.play.take_back(seat.index)

    def _offer_rematch(self, session: Session, request: OfferRematch) -> None:
        self._at_table(session).rematches.offer_by(session)

    def _answer_rematch(self, session: Session, request: AnswerRematch) -> None:
        self._at_table(session).rematches.answer(session, request.accept)

    def _chat(self, session: Session, request: Chat) -> None:
        table = session.table
        if table is None:
            raise ServerError(ErrorCode.NOT_AT_TABLE, "Chat happens at a table; join one first.")
        if not session.chat_limiter.allow(trio.current_time()):
            raise ServerError(
                ErrorCode.RATE_LIMITED, "You are sending lines too fast; wait a moment."
            )
        table.say(session, request.text, request.to)

    def _resync(self, session: Session, request: Resync) -> None:
        self._at_table(session).play.resync(session, request.digest)

    def _ping(self, session: Session, request: Ping) -> Message:
        return Pong(rid=request.rid)
