"""A headless trio client: connect, greet, make requests, and follow a table.

Used by network bots, tests, benchmarks and the terminal UI; `handshake.connect` opens one. A
`ClientSession` keeps what the server last said (tables, the table you are at, your view, this
game's log, chat) over its `Transport` (the connection itself: bytes, requests and replies,
keeping alive), which wakes anyone waiting in `wait_for` after every message. Listeners added
with `on_message` see every message as it arrives.

    async with connect("127.0.0.1", 7777, "Ada") as session:  # (cardtable.client.handshake)
        table = await session.create_table("chinese-ten", seats=2)
        await session.sit(table.table_id, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import trio

from cardtable.client.transport import ConnectionLost, RequestFailed, Transport
from cardtable.engine import GameAction
from cardtable.protocol import (
    REPLAY_PAGE_STEPS,
    Act,
    AddBot,
    AnswerRematch,
    Chat,
    ChatLine,
    ChatLinePush,
    ClockState,
    Concede,
    Configure,
    Cover,
    CreateTable,
    Error,
    HintRequest,
    History,
    Joined,
    Leave,
    Left,
    ListHistory,
    ListNames,
    ListTables,
    Message,
    NameCode,
    NameExport,
    NameImport,
    Names,
    OfferRematch,
    Ping,
    PlayerRecord,
    RecordReply,
    Release,
    ReleaseName,
    RemoveBot,
    Replay,
    ReplaySteps,
    Resync,
    Sit,
    Spectate,
    Start,
    Suggestion,
    TableChanged,
    TableCreated,
    TableRemoved,
    Tables,
    TableSummary,
    TakeBack,
    Update,
    Welcome,
)
from cardtable.protocol.patch import PatchError, apply_patch, digest, patch_base
from cardtable.wire.codec import to_wire

#: The chat lines kept when the server does not say how many a table keeps.
KEPT_CHAT = 200


class ClientSession:
    """A connected, greeted client: what the server last told us, and our requests to it.
    Build one with `handshake.connect`."""

    def __init__(self, stream: trio.abc.Stream, name: str) -> None:
        self.transport = Transport(stream, self._absorb)
        self.name = name
        #: Every table the server told us about, by id.
        self.tables: dict[int, TableSummary] = {}
        #: The table we sit at or watch, our seat there and its token.
        self.table: TableSummary | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.view: dict[str, Any] | None = None
        #: Whether we may take back our last action now (as the server last said).
        self.can_take_back = False
        #: The latest answer to our `hint` at this table (None: none asked for, or we left).
        self.suggestion: Suggestion | None = None
        self.game_no = 0
        self.seq = 0
        #: An update's patch did not fit our view: we asked for it whole and wait for it.
        self.out_of_step = False
        #: Updates that brought the view whole since connecting (the deal, a resync).
        self.whole_views = 0
        self.log: list[dict[str, object]] = []
        self.chat: list[ChatLine] = []
        #: Our table's turn clock as of the latest message that gave it (None: not timed).
        self.clock: ClockState | None = None
        #: The tables whose creator rights this connection holds (by their creator tokens).
        self.creator_of: set[int] = set()

    # -- the connection -------------------------------------------------------------------------

    @property
    def welcome(self) -> Welcome | None:
        return self.transport.welcome

    @property
    def closed(self) -> bool:
        return self.transport.closed

    @property
    def close_reason(self) -> Error | None:
        return self.transport.close_reason

    @property
    def errors(self) -> list[Error]:
        """Errors the server sent that answer no request of ours (the latest)."""
        return self.transport.errors

    def on_message(self, listener: Callable[[Message], None]) -> None:
        self.transport.on_message(listener)

    async def wait_for(self, predicate: Callable[[], object]) -> None:
        """Wait until `predicate()` is true, re-checking after every message."""
        await self.transport.wait_for(predicate)

    async def send(self, message: Message) -> None:
        """Send without waiting for a reply."""
        await self.transport.send(message)

    async def request(self, message: Message) -> Message:
        """Send `message` and return the server's reply; `RequestFailed` if it is an error."""
        return await self.transport.request(message)

    async def aclose(self) -> None:
        await self.transport.aclose()

    # -- following the server -------------------------------------------------------------------

    @property
    def table_id(self) -> int | None:
        return self.table.table_id if self.table is not None else None

    @property
    def legal(self) -> list[dict[str, object]]:
        """What we may do now (empty when it is not our turn)."""
        return list(self.view["legal"]) if self.view else []

    def _absorb(self, message: Message) -> Message | None:
        """Update what we know from one message; what to send at once: `resync` when it put us
        out of step."""
        asked = self.out_of_step
        if isinstance(message, Welcome):
            self.name = message.name
            self.creator_of = set(message.creator_of)
        elif isinstance(message, Tables):
            self.tables = {table.table_id: table for table in message.tables}
        elif isinstance(message, TableCreated | TableChanged):
            if isinstance(message, TableCreated) and message.creator_token is not None:
                self.creator_of.add(message.table.table_id)
            self.tables[message.table.table_id] = message.table
            if message.table.table_id == self.table_id:
                self.table = message.table
                self.clock = message.table.clock
        elif isinstance(message, TableRemoved):
            self.tables.pop(message.table_id, None)
        elif isinstance(message, Joined):
            self.table = message.table
            self.tables[message.table.table_id] = message.table
            self.seat = message.seat
            self.token = message.token
            self.view = message.view
            self.can_take_back = message.take_back
            self.log = list(message.log)
            self.chat = list(message.chat)
            self.game_no = message.table.game_no
            self.clock = message.table.clock
            self.seq = message.seq
            self.out_of_step = False
            self.suggestion = None
        elif isinstance(message, Left):
            self.table = self.view = self.seat = self.token = self.clock = None
            self.can_take_back = False
            self.suggestion = None
            self.log = []
            self.chat = []
        elif isinstance(message, Update) and message.table_id == self.table_id:
            if message.game_no != self.game_no:
                self.log = []
                self.game_no = message.game_no
            self.clock = message.clock
            self.can_take_back = message.take_back
            self.log.extend(message.events)
            self._follow_view(message)
        elif isinstance(message, Suggestion) and message.table_id == self.table_id:
            self.suggestion = message
        elif isinstance(message, ChatLinePush) and message.table_id == self.table_id:
            # As many lines as the table keeps (all a `joined` would bring back), not more.
            self.chat.append(message.line)
            kept = self.welcome.limits.chat_history if self.welcome else KEPT_CHAT
            del self.chat[: max(0, len(self.chat) - kept)]
        # Ask for our whole view (the reply, an `ok`, is not waited for).
        return Resync() if self.out_of_step and not asked else None

    def _follow_view(self, update: Update) -> None:
        """Take the update's view: whole, or its patch on ours. A patch that does not fit (or
        that skips a step) puts us out of step until the whole view, asked for, arrives."""
        if update.view is not None:
            self.view = update.view
            self.out_of_step = False
            self.whole_views += 1
        elif not self.out_of_step:
            try:
                if self.view is None or update.seq != self.seq + 1:
                    raise PatchError(f"step {update.seq} follows none of ours ({self.seq})")
                self.view = apply_patch(patch_base(self.view, update.events), update.patch or [])
            except PatchError:
                self.out_of_step = True
        self.seq = update.seq

    # -- the requests ---------------------------------------------------------------------------

    async def list_tables(self, *, watch: bool = False) -> tuple[TableSummary, ...]:
        reply = await self.request(ListTables(watch=watch))
        assert isinstance(reply, Tables)
        return reply.tables

    async def create_table(
        self,
        game_kind: str,
        seats: int,
        options: Mapping[str, object] | None = None,
        settings: Mapping[str, object] | None = None,
    ) -> TableSummary:
        reply = await self.request(
            CreateTable(
                game_kind=game_kind,
                seats=seats,
                options=dict(options or {}),
                settings=dict(settings or {}),
            )
        )
        assert isinstance(reply, TableCreated)
        return reply.table

    async def sit(self, table_id: int, seat: int) -> Joined:
        reply = await self.request(Sit(table_id=table_id, seat=seat))
        assert isinstance(reply, Joined)
        return reply

    async def spectate(self, table_id: int) -> Joined:
        reply = await self.request(Spectate(table_id=table_id))
        assert isinstance(reply, Joined)
        return reply

    async def leave(self) -> None:
        await self.request(Leave())

    async def add_bot(self, table_id: int, seat: int, kind: str | None = None) -> None:
        await self.request(AddBot(table_id=table_id, seat=seat, kind=kind))

    async def remove_bot(self, table_id: int, seat: int) -> None:
        await self.request(RemoveBot(table_id=table_id, seat=seat))

    async def cover(self, table_id: int, seat: int) -> None:
        """Hand an away player's seat to a bot now (a vote, unless we created the table)."""
        await self.request(Cover(table_id=table_id, seat=seat))

    async def release(self, table_id: int, seat: int) -> None:
        """Give an away player's seat up for someone else to take (the creator only)."""
        await self.request(Release(table_id=table_id, seat=seat))

    async def start(self, table_id: int) -> None:
        await self.request(Start(table_id=table_id))

    async def configure(self, table_id: int, **settings: object) -> None:
        await self.request(Configure(table_id=table_id, settings=settings))

    async def act(self, action: GameAction | Mapping[str, object]) -> None:
        """Send `action` (typed, or already plain) to our table."""
        plain = to_wire(action) if isinstance(action, GameAction) else dict(action)
        await self.request(Act(action=plain))

    async def take_back(self) -> None:
        """Take back our last action."""
        await self.request(TakeBack())

    async def hint(self) -> None:
        """Ask what the strongest bot would play in our place; its `suggestion` follows."""
        table_id = self.table_id
        if table_id is None:
            raise RuntimeError("not at a table")
        await self.request(HintRequest(table_id=table_id))

    async def concede(self, agree: bool = True) -> None:
        """Concede our side's game, or agree to a partner's offer (`agree` False: play on)."""
        await self.request(Concede(agree=agree))

    async def offer_rematch(self) -> None:
        """Offer everyone at our table a rematch (or accept the open offer)."""
        await self.request(OfferRematch())

    async def answer_rematch(self, accept: bool) -> None:
        await self.request(AnswerRematch(accept=accept))

    async def say(self, text: str, to: int | None = None) -> None:
        await self.request(Chat(text=text, to=to))

    async def history(self, limit: int = 50, before: int | None = None) -> History:
        """Finished games, the latest first (``more``: older ones remain, below the last id)."""
        reply = await self.request(ListHistory(limit=limit, before=before))
        assert isinstance(reply, History)
        return reply

    async def replay(
        self,
        game_id: int,
        seat: int | None = None,
        start: int = 0,
        count: int = REPLAY_PAGE_STEPS,
    ) -> ReplaySteps:
        """A page of up to `count` of a finished game's steps from step `start`, seen from
        `seat` (None: as a spectator); the server sends as many as fit a page (``more``:
        others follow)."""
        reply = await self.request(Replay(game_id=game_id, seat=seat, start=start, count=count))
        assert isinstance(reply, ReplaySteps)
        return reply

    async def replay_all(self, game_id: int, seat: int | None = None) -> list[dict[str, Any]]:
        """Every step of a finished game, page after page."""
        page = await self.replay(game_id, seat)
        steps = list(page.steps)
        while page.more:
            page = await self.replay(game_id, seat, len(steps))
            steps.extend(page.steps)
        return steps

    async def export_names(self) -> NameCode:
        """A one-time code that moves our key's names to the key that brings it."""
        reply = await self.request(NameExport())
        assert isinstance(reply, NameCode)
        return reply

    async def import_names(self, code: str) -> list[str]:
        """Move the names of the key that made `code` to ours; the names we hold now."""
        return await self._names(NameImport(code=code))

    async def list_names(self) -> list[str]:
        """The names our key holds here."""
        return await self._names(ListNames())

    async def release_name(self, name: str) -> list[str]:
        """Let go of `name`; the names we still hold."""
        return await self._names(ReleaseName(name=name))

    async def player_record(self, name: str) -> RecordReply:
        """The record of the player (or bot kind, ``search bot``) rated as `name`."""
        reply = await self.request(PlayerRecord(name=name))
        assert isinstance(reply, RecordReply)
        return reply

    async def _names(self, request: Message) -> list[str]:
        reply = await self.request(request)
        assert isinstance(reply, Names)
        return reply.names

    async def ping(self) -> None:
        await self.request(Ping())

    async def check_in_step(self) -> bool:
        """Ask the server whether our view is the one it sent us last (by its digest); if not,
        it sends the whole view, which we take. Returns whether we were in step."""
        before = self.whole_views
        await self.request(Resync(digest=digest(self.view) if self.view is not None else None))
        return self.whole_views == before


__all__ = ["ClientSession", "ConnectionLost", "RequestFailed"]
