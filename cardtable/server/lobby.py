"""The lobby: every client and table on the server, and the handling of each request.

`greet` answers a client's `hello`; `handle` answers everything after it. Each request is handled
synchronously and whole: a `ServerError` becomes an `error` reply with its code, any other
exception is logged and answered with ``internal``; neither touches anyone else.
"""

from __future__ import annotations

import hmac
import itertools
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Generic, TypeVar

import trio

from cardtable import __version__
from cardtable.engine import OptionError, all_games, get_game
from cardtable.engine.actions import Concede as ConcedeAction
from cardtable.engine.actions import PlayOn, is_concession
from cardtable.protocol import (
    FATAL_CODES,
    PROTOCOL_VERSION,
    Act,
    AddBot,
    AnswerRematch,
    Chat,
    Concede,
    Configure,
    Cover,
    CreateTable,
    Error,
    ErrorCode,
    Hello,
    Leave,
    Left,
    ListHistory,
    ListTables,
    Message,
    OfferRematch,
    Ok,
    Ping,
    Pong,
    Release,
    RemoveBot,
    Replay,
    ReplaySteps,
    Resync,
    Sit,
    Spectate,
    Start,
    TableChanged,
    TableCreated,
    TableRemoved,
    Tables,
    TakeBack,
    Welcome,
)
from cardtable.protocol.framing import pack
from cardtable.server.address_budget import AddressBudgets
from cardtable.server.bot_names import bot_name_problem
from cardtable.server.bot_schedule import drive_bots
from cardtable.server.clock_driver import drive_clock
from cardtable.server.config import ServerConfig, TableSettings
from cardtable.server.errors import ServerError
from cardtable.server.history import history_page, replay_cursor
from cardtable.server.history_lane import Charge, HistoryLane
from cardtable.server.journal import Journal
from cardtable.server.names import NameIndex, name_problem, names_look_alike
from cardtable.server.reception import Guest
from cardtable.server.seats import Seat, hash_token, new_token, token_matches
from cardtable.server.storage import StoredTable
from cardtable.server.tables import Table

log = logging.getLogger("cardtable.server")

#: The lobby's connections: `cardtable.server.clients.Client` when serving (see `app`).
G = TypeVar("G", bound=Guest)

#: How many given-up seats the lobby remembers, to tell their players when they come back.
RELEASED_KEPT = 1000

#: Requests besides history that cost the server real work (every table's summary, a whole
#: view): paced per address as well as per connection.
COSTLY: frozenset[type[Message]] = frozenset({ListTables, Resync})


def _error_reply(client: Guest, request: Message, error: Exception) -> Error:
    """The `error` answering a request that failed: its own code, or ``internal`` (logged)."""
    if isinstance(error, ServerError):
        fatal = error.code in FATAL_CODES
        return Error(code=error.code, message=error.message, rid=request.rid, fatal=fatal)
    log.exception("%r: %s failed", client, request.type, exc_info=error)
    return Error(
        code=ErrorCode.INTERNAL,
        message="The server failed on that request; nothing else was affected.",
        rid=request.rid,
    )


class Lobby(Generic[G]):
    def __init__(
        self,
        config: ServerConfig,
        nursery: trio.Nursery,
        journal: Journal,
        *,
        first_ids: tuple[int, int] = (1, 1),
    ) -> None:
        self.config = config
        self.journal = journal
        self.tables: dict[int, Table] = {}
        self.clients: dict[str, G] = {}
        #: The connected clients' names, to find a name's look-alike at once.
        self._names = NameIndex()
        #: Replays are made one at a time, in a worker thread (`_replay`).
        self._replay_worker = trio.CapacityLimiter(1)
        self._nursery = nursery
        self._seats_by_token: dict[bytes, tuple[Table, Seat]] = {}
        #: Tables by the hash of their creator's token.
        self._tables_by_creator_token: dict[bytes, Table] = {}
        #: What to tell a player coming back with a token whose seat was given up, by the
        #: token's hash (the latest `RELEASED_KEPT`; kept in memory only).
        self._released: dict[bytes, str] = {}
        #: Set once the server is stopping: nobody new is let in.
        self.stopping = False
        #: Open connections by the address they come from (handshakes included).
        self._connections: Counter[str] = Counter()
        #: History and replays: a budget and a turn per address.
        self._history_lane = HistoryLane(config.history_rate, config.history_burst)
        #: The other requests that cost real work (`COSTLY`): a budget per address.
        self._costly = AddressBudgets(config.request_rate, config.request_burst)
        first_table, first_game = first_ids
        self._table_ids = itertools.count(first_table)
        self._game_ids = itertools.count(first_game)
        self._games = [spec.to_wire() for spec in all_games()]
        self._handlers: dict[type[Message], Callable[[G, Any], Message | None]] = {
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
        self._queries: dict[type[Message], Callable[[G, Any], Awaitable[Message]]] = {
            ListHistory: self._list_history,
            Replay: self._replay,
        }

    def restore(self, stored: list[StoredTable]) -> None:
        """Reopen the tables the database holds. A table where no player holds a seat has nobody
        to come back to it, and is closed; the rest wait for their players (away)."""
        for saved in stored:
            try:
                table = Table.restore(saved, get_game(saved.table.game), **self._table_context())
            except Exception:  # the file keeps it; one damaged table must not stop the rest
                log.exception(
                    "table %s could not be restored; it is left as stored", saved.table.id
                )
                continue
            if not any(seat.held_by_player for seat in table.seats) and table.status != "playing":
                table.close()
                continue
            self._open(table)
            for seat in table.seats:
                if seat.token_hash is not None:
                    self._seats_by_token[seat.token_hash] = (table, seat)
        if self.tables:
            playing = sum(1 for table in self.tables.values() if table.status == "playing")
            log.info("restored %s tables (%s with a game in progress)", len(self.tables), playing)

    def reclaim_seat(self, table: Table, index: int) -> str:
        """A new token for the player's seat `index` of `table` (the old one stops working).
        For the person who runs the server, such as `cardtable play` resuming its own game."""
        seat = table.seat(index)
        if seat.token_hash is not None:
            self._seats_by_token.pop(seat.token_hash, None)
        token = table.reissue_token(seat)
        self._seats_by_token[hash_token(token)] = (table, seat)
        return token

    def _table_context(self) -> dict[str, Any]:
        """What every table is built with besides its own particulars."""
        return {
            "record": self.journal.record,
            "new_game_id": lambda: next(self._game_ids),
            "chat_history": self.config.chat_history,
            "on_summary_change": self._tell_lobby,
            "on_game_over": self._remove_if_deserted,
            "seed": self.config.seed,
        }

    def _open(self, table: Table) -> None:
        self.tables[table.id] = table
        if table.creator_token_hash is not None:
            self._tables_by_creator_token[table.creator_token_hash] = table
        self._nursery.start_soon(drive_bots, table, self.journal.caught_up)
        self._nursery.start_soon(drive_clock, table, self.journal.caught_up)

    # -- connections ----------------------------------------------------------------------------

    def connected(self, client: G) -> str | None:
        """Count a new connection, or say why the server refuses it (it is then not counted)."""
        limit = self.config.max_clients
        if self.connection_count() >= limit:
            return f"The server is full ({limit} connections); try again later."
        per_address = self.config.max_clients_per_address
        if per_address is not None and self._connections[client.address] >= per_address:
            return (
                f"There are already {per_address} connections from your address, the most "
                "the server takes from one; close one and try again."
            )
        self._connections[client.address] += 1
        return None

    def connection_count(self) -> int:
        """Connections open now, handshakes included."""
        return self._connections.total()

    def connection_closed(self, client: G) -> None:
        """Stop counting a connection `connected` accepted."""
        self._connections[client.address] -= 1
        if self._connections[client.address] <= 0:
            del self._connections[client.address]
            self._history_lane.forget(client.address)
            self._costly.forget(client.address)

    # -- the handshake --------------------------------------------------------------------------

    def greet(self, client: G, hello: Message) -> None:
        assert isinstance(hello, Hello)  # the protocol connection lets nothing else through first
        try:
            if self.stopping:
                raise ServerError(
                    ErrorCode.SHUTTING_DOWN, "The server is stopping; try again in a moment."
                )
            resumed = self._admit(client, hello)
        except ServerError as error:
            client.fatal(error.code, error.message)
            return
        client.creator_of = {
            table.id
            for token in hello.creator_tokens
            if (table := self._tables_by_creator_token.get(hash_token(token))) is not None
        }
        if resumed is not None and resumed[1].token_hash == resumed[0].creator_seat_token_hash:
            client.creator_of.add(resumed[0].id)  # a table stored before creator tokens
        client.greeted = True
        log.info("%s connected%s", client.name, " (resuming a seat)" if resumed else "")
        self.clients[client.name] = client
        self._names.add(client.name)
        client.deliver(
            Welcome(
                version=PROTOCOL_VERSION,
                server=f"{self.config.name} {__version__}",
                name=client.name,
                games=self._games,
                limits=self.config.limits(),
                creator_of=sorted(client.creator_of),
            )
        )
        if hello.token is not None and resumed is None:
            released = self._released.pop(hash_token(hello.token), None)
            client.deliver(
                Error(code=ErrorCode.SEAT_RELEASED, message=released)
                if released is not None
                else Error(
                    code=ErrorCode.BAD_TOKEN,
                    message="That seat token is not valid here; the seat may have ended.",
                )
            )
        if resumed is not None:
            table, seat = resumed
            client.table = table
            table.resume(client, seat)
            client.deliver(table.joined(seat, hello.token))

    def _admit(self, client: G, hello: Hello) -> tuple[Table, Seat] | None:
        """Check a hello; name the client; return the seat its token resumes, if any."""
        if hello.version != PROTOCOL_VERSION:
            raise ServerError(
                ErrorCode.VERSION_MISMATCH,
                f"This server speaks protocol {PROTOCOL_VERSION} and the client {hello.version}; "
                "use the same version of cardtable on both.",
            )
        password = self.config.password
        # Compared as hashes, so the time taken tells nothing of the password's length either.
        if password is not None and not hmac.compare_digest(
            hash_token(hello.password or ""), hash_token(password)
        ):
            raise ServerError(ErrorCode.BAD_PASSWORD, "The server's password is needed.")
        resumed = self._resumable(hello.token)
        name = hello.name
        if resumed is not None:
            seat = resumed[1]
            name = seat.name or name
            sitting = seat.member  # a connection of this lobby's (it is among its clients)
            previous = self.clients.get(sitting.name) if sitting is not None else None
            if previous is not None and previous is sitting:
                previous.fatal(ErrorCode.REPLACED, "Your seat was resumed from another connection.")
                self.disconnected(previous)
        problem = name_problem(name) or (bot_name_problem(name) if resumed is None else None)
        if problem is not None:
            raise ServerError(ErrorCode.BAD_NAME, problem)
        holder = self._names.holder(name)
        if holder is not None:
            raise ServerError(
                ErrorCode.NAME_TAKEN,
                f"Someone here is already called {holder}, and names that differ only in "
                "case, spaces, punctuation or look-alike letters count as one; choose another "
                "name.",
            )
        away = next((other for other in self._away_names() if names_look_alike(other, name)), None)
        if resumed is None and away is not None:
            raise ServerError(
                ErrorCode.NAME_TAKEN,
                f"{away} is away from a table and keeps the name until they return; "
                "choose another name.",
            )
        client.name = name
        return resumed

    def _resumable(self, token: str | None) -> tuple[Table, Seat] | None:
        """The table and seat `token` was given for, if it still holds it."""
        if token is None:
            return None
        found = self._seats_by_token.get(hash_token(token))
        if found is None or found[1].token_hash is None:
            return None
        return found if token_matches(token, found[1].token_hash) else None

    def _away_names(self) -> set[str]:
        """Names of players whose seats wait for them: nobody else may take those names."""
        return {
            seat.name
            for table in self.tables.values()
            for seat in table.seats
            if seat.away and seat.name is not None
        }

    # -- requests -------------------------------------------------------------------------------

    def is_query(self, message: Message) -> bool:
        """Whether `message` reads the database, so must be awaited (`answer_query`)."""
        return type(message) in self._queries

    async def answer_query(self, client: G, message: Message) -> None:
        """Answer a request that reads the database. The client's reader awaits this, so its
        later requests wait and replies keep their order; other clients carry on meanwhile."""
        try:
            reply = await self._queries[type(message)](client, message)
        except Exception as error:
            reply = _error_reply(client, message, error)
        client.deliver(reply)

    def handle(self, client: G, message: Message) -> None:
        handler = self._handlers.get(type(message))
        try:
            if handler is None:
                raise ServerError(
                    ErrorCode.UNKNOWN_TYPE, f"The server does not take '{message.type}'."
                )
            if type(message) in COSTLY and not self._costly.allow(
                client.address, trio.current_time()
            ):
                raise ServerError(
                    ErrorCode.RATE_LIMITED,
                    f"Too many '{message.type}' requests from your address; wait a moment.",
                )
            reply = handler(client, message)
        except Exception as error:
            reply = _error_reply(client, message, error)
        client.deliver(reply if reply is not None else Ok(rid=message.rid))

    def _table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ServerError(ErrorCode.NO_SUCH_TABLE, f"There is no table {table_id}.")
        return table

    def _not_at_a_table(self, client: G) -> None:
        if client.table is not None:
            raise ServerError(
                ErrorCode.ALREADY_AT_TABLE,
                f"You are at table {client.table.id}; leave it first.",
            )

    def _manager_table(self, client: G, table_id: int) -> Table:
        """A table that `client` may run: one it created or sits at."""
        table = self._table(table_id)
        if table.id not in client.creator_of and table.seat_of(client) is None:
            raise ServerError(
                ErrorCode.NOT_CREATOR,
                f"Only {table.creator}, who opened table {table.id}, or its players may do that.",
            )
        return table

    def _creator_table(self, client: G, table_id: int, doing: str) -> Table:
        """A table whose creator rights `client` holds (by the creator's token)."""
        table = self._table(table_id)
        if table.id not in client.creator_of:
            raise ServerError(
                ErrorCode.NOT_CREATOR,
                f"Only {table.creator}, who opened table {table.id}, may {doing}.",
            )
        return table

    def _list_tables(self, client: G, request: ListTables) -> Message:
        client.watching_lobby = request.watch
        return Tables(rid=request.rid, tables=[table.summary() for table in self.tables.values()])

    def _create_table(self, client: G, request: CreateTable) -> Message:
        mine = sum(1 for table_id in client.creator_of if table_id in self.tables)
        if mine >= self.config.max_tables_per_client:
            raise ServerError(
                ErrorCode.TOO_MANY_TABLES,
                f"You already have {mine} tables open; that is the most one player may open.",
            )
        try:
            spec = get_game(request.game)
        except OptionError as error:
            raise ServerError(ErrorCode.BAD_OPTIONS, str(error)) from None
        settings = TableSettings(bot_delay=self.config.bot_delay).updated(request.settings)
        creator_token, creator_token_hash = new_token()
        table = Table(
            next(self._table_ids),
            spec,
            request.seats,
            request.options,
            settings,
            client.name,
            creator_token_hash=creator_token_hash,
            **self._table_context(),
        )
        client.creator_of.add(table.id)
        self.journal.record(table.opened())
        self._open(table)
        log.info("%s opened table %s: %s for %s", client.name, table.id, spec.title, request.seats)
        summary = table.summary()
        self._tell_lobby(table, TableChanged(table=summary))
        return TableCreated(rid=request.rid, table=summary, creator_token=creator_token)

    def _sit(self, client: G, request: Sit) -> Message:
        self._not_at_a_table(client)
        table = self._table(request.table)
        token = table.sit(client, request.seat)
        seat = table.seats[request.seat]
        self._seats_by_token[hash_token(token)] = (table, seat)
        client.table = table
        client.watching_lobby = False
        return table.joined(seat, token, request.rid)

    def _spectate(self, client: G, request: Spectate) -> Message:
        self._not_at_a_table(client)
        table = self._table(request.table)
        table.spectate(client)
        client.table = table
        client.watching_lobby = False
        return table.joined(None, None, request.rid)

    def _leave(self, client: G, request: Leave) -> Message:
        table = client.table
        if table is None:
            raise ServerError(ErrorCode.NOT_AT_TABLE, "You are not at a table.")
        self._forget_seat_of(client, table)
        table.leave(client)
        client.table = None
        self._remove_if_deserted(table)
        return Left(rid=request.rid, table=table.id)

    def _add_bot(self, client: G, request: AddBot) -> None:
        self._manager_table(client, request.table).add_bot(request.seat, request.kind)

    def _remove_bot(self, client: G, request: RemoveBot) -> None:
        self._manager_table(client, request.table).remove_bot(request.seat)

    def _start(self, client: G, request: Start) -> None:
        self._manager_table(client, request.table).start()

    def _cover(self, client: G, request: Cover) -> None:
        table = self._table(request.table)
        if table.id in client.creator_of:
            table.cover(request.seat, None)
            return
        voter = table.seat_of(client)
        if voter is None:
            raise ServerError(
                ErrorCode.NOT_SEATED,
                f"Only {table.creator}, who opened table {table.id}, or its players may hand "
                "a seat to a bot.",
            )
        table.cover(request.seat, voter.index)

    def _release(self, client: G, request: Release) -> None:
        table = self._creator_table(client, request.table, "give up a player's seat")
        name = table.seat(request.seat).name  # (the seat's own check: no_such_seat)
        token_hash = table.release(request.seat)
        self._seats_by_token.pop(token_hash, None)
        self._released[token_hash] = (
            f"{table.creator}, who opened table {table.id}, gave up your seat there "
            f"({name}) while you were away; someone else may play on with it."
        )
        while len(self._released) > RELEASED_KEPT:
            del self._released[next(iter(self._released))]
        log.info("%s gave up %s's seat at table %s", client.name, name, table.id)

    def _configure(self, client: G, request: Configure) -> None:
        table = self._creator_table(client, request.table, "change its settings")
        table.configure(request.settings)

    def _act(self, client: G, request: Act) -> None:
        table, seat = self._seated(client, "act")
        if seat.out_of_time:
            raise ServerError(
                ErrorCode.NOT_YOUR_TURN,
                "Your time ran out: a bot plays your seat until this game ends.",
            )
        self._check_action_rate(client)
        if is_concession(request.action):
            raise ServerError(
                ErrorCode.ILLEGAL_ACTION, "To concede or play on, send concede, not act."
            )
        table.act(seat.index, request.action)

    def _concede(self, client: G, request: Concede) -> None:
        table = client.table
        if table is None:
            raise ServerError(
                ErrorCode.NOT_AT_TABLE, "You are not at a table: there is no game to concede."
            )
        seat = table.seat_of(client)
        if seat is None:
            raise ServerError(
                ErrorCode.NOT_SEATED, "Only a player can concede; you are watching this table."
            )
        self._check_action_rate(client)
        table.act(seat.index, ConcedeAction() if request.agree else PlayOn())

    def _seated(self, client: G, doing: str) -> tuple[Table, Seat]:
        """The client's table and seat, or `not_seated` saying only a player may be `doing`."""
        table = client.table
        seat = table.seat_of(client) if table is not None else None
        if table is None or seat is None:
            raise ServerError(ErrorCode.NOT_SEATED, f"Only a seated player can {doing}.")
        return table, seat

    def _check_action_rate(self, client: G) -> None:
        if not client.action_limiter.allow(trio.current_time()):
            rate = self.config.action_rate
            raise ServerError(
                ErrorCode.RATE_LIMITED,
                f"You are acting too fast (at most {rate:g} actions a second); wait a moment.",
            )

    def _offer_rematch(self, client: G, request: OfferRematch) -> None:
        self._at_table(client).offer_rematch(client)

    def _answer_rematch(self, client: G, request: AnswerRematch) -> None:
        self._at_table(client).answer_rematch(client, request.accept)

    def _at_table(self, client: G) -> Table:
        if client.table is None:
            raise ServerError(ErrorCode.NOT_AT_TABLE, "You are not at a table.")
        return client.table

    def _take_back(self, client: G, request: TakeBack) -> None:
        table, seat = self._seated(client, "take back")
        self._check_action_rate(client)
        table.take_back(seat.index)

    def _chat(self, client: G, request: Chat) -> None:
        table = client.table
        if table is None:
            raise ServerError(ErrorCode.NOT_AT_TABLE, "Chat happens at a table; join one first.")
        if not client.chat_limiter.allow(trio.current_time()):
            raise ServerError(
                ErrorCode.RATE_LIMITED, "You are sending lines too fast; wait a moment."
            )
        table.say(client, request.text, request.to)

    def _resync(self, client: G, request: Resync) -> None:
        table = client.table
        if table is None:
            raise ServerError(ErrorCode.NOT_AT_TABLE, "You are not at a table.")
        table.resync(client, request.digest)

    def _ping(self, client: G, request: Ping) -> Message:
        return Pong(rid=request.rid)

    async def _list_history(self, client: G, request: ListHistory) -> Message:
        async with self._history_lane.turn(client.address, client.history_limiter) as charge:
            store = self.journal.store
            page = await self.journal.read(
                lambda: history_page(store, request.limit, request.before)
            )
            charge(len(pack(page.games)))
        return replace(page, rid=request.rid)

    async def _replay(self, client: G, request: Replay) -> Message:
        async with self._history_lane.turn(client.address, client.history_limiter) as charge:
            return await self._replay_page(client, request, charge)

    async def _replay_page(self, client: G, request: Replay, charge: Charge) -> Message:
        cursor = client.replay_cursor
        if cursor is None or not cursor.fits(request.game, request.seat):
            client.replay_cursor = None  # let the last game go before reading the next
            store = self.journal.store
            cursor = await self.journal.read(
                lambda: replay_cursor(store, request.game, request.seat)
            )
            client.replay_cursor = cursor
        if request.start >= cursor.total:
            raise ServerError(
                ErrorCode.BAD_MESSAGE,
                f"Game {request.game} has steps 0 to {cursor.total - 1}; "
                f"there is no step {request.start}.",
            )
        # The engine's work runs in a thread of its own, one replay at a time for the whole
        # server: the event loop and the journal never wait for it.
        page = await trio.to_thread.run_sync(
            cursor.page, request.start, request.count, limiter=self._replay_worker
        )
        charge(page.size)
        return ReplaySteps(
            game=cursor.entry,
            seat=cursor.seat,
            start=page.start,
            total=cursor.total,
            more=page.more,
            steps=page.steps,
            rid=request.rid,
        )

    # -- keeping track ----------------------------------------------------------------------------

    def _tell_lobby(self, table: Table, message: TableChanged) -> None:
        """Pass a table's new summary on to the clients watching the lobby."""
        members = set(table.members())  # told already, by the table
        for client in self.clients.values():
            if client.watching_lobby and client not in members:
                client.deliver(message)

    def _forget_seat_of(self, client: G, table: Table) -> None:
        seat = table.seat_of(client)
        if seat is not None and seat.token_hash is not None:
            self._seats_by_token.pop(seat.token_hash, None)

    def _remove_if_deserted(self, table: Table) -> None:
        if table.has_people() or table.id not in self.tables:
            return
        if table.status == "playing":
            return  # the bots play its game to the end, for the history
        if any(
            table.id in client.creator_of and client.table is None
            for client in self.clients.values()
        ):
            return  # its creator is still in the lobby, setting it up
        log.info("table %s closed: nobody is left at it", table.id)
        self.remove_table(table)

    def remove_table(self, table: Table) -> None:
        """Close `table` for good and tell the lobby (its finished games stay in history)."""
        del self.tables[table.id]
        if table.creator_token_hash is not None:
            self._tables_by_creator_token.pop(table.creator_token_hash, None)
        for seat in table.seats:
            if seat.token_hash is not None:
                self._seats_by_token.pop(seat.token_hash, None)
        table.close()
        removed = TableRemoved(table=table.id)
        for client in self.clients.values():
            if client.watching_lobby:
                client.deliver(removed)

    def disconnected(self, client: G) -> None:
        """`client`'s connection has ended (any way at all)."""
        if self.clients.get(client.name) is client:
            del self.clients[client.name]
            self._names.discard(client.name)
            log.info("%s disconnected", client.name)
        table = client.table
        client.table = None
        if table is not None:
            table.detach(client)
            self._remove_if_deserted(table)
        for created in [self.tables[id] for id in client.creator_of if id in self.tables]:
            self._remove_if_deserted(created)

    def shutdown(self) -> None:
        """Tell every client the server is stopping, and close their connections. From now on
        a new connection is told the same at its `hello`."""
        self.stopping = True
        for table in self.tables.values():
            table.save_clock()  # the time used up to now, for the restart
        for client in list(self.clients.values()):
            client.fatal(ErrorCode.SHUTTING_DOWN, "The server is shutting down.")
