"""A bot that plays over the network, as an ordinary client (`cardtable bot`).

It plays on a `Link`, so it is as durable as a person: a dropped connection or a server restart
puts it back on its seat with its seat token, and with ``keep_seat`` the token is kept on disk
under its name (`SeatStore`), so the same command started again comes back to the seat too. It
stops only when its seat ends: its table is closed, the seat is given up or taken over, or the
server no longer knows it.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import trio

from cardtable.client.link import RETRY_DELAYS, Link, LinkStatus
from cardtable.client.seat_store import SeatStore
from cardtable.client.session import ClientSession, ConnectionLost, RequestFailed
from cardtable.client.single_errors import single_errors
from cardtable.engine import Bot, GameAction, OptionError, SeatView, get_game
from cardtable.engine.levels import BotLevel
from cardtable.engine.search import Budget, SearchBot
from cardtable.engine.views import TableT
from cardtable.protocol import ErrorCode, Left, Message, SeatKind, TableRemoved, TableSummary
from cardtable.protocol.bot_settings import BOT_THINK_DEFAULT
from cardtable.wire.codec import WireError

#: Refusals of an action that a bot may shrug off: its view was a step behind the table's.
STALE = frozenset({ErrorCode.NOT_YOUR_TURN, ErrorCode.NOT_PLAYING})


def bot_name(kind: str) -> str:
    return f"{kind} bot {secrets.randbelow(10_000):04d}"


@dataclass(frozen=True)
class BotEnd:
    """How a network bot's seat ended: a sentence, and the exit status for `cardtable bot`
    (0 when its table was closed, 1 when the seat was taken from it)."""

    message: str
    status: int


async def play_as_bot(session: ClientSession, kind: str | None = None, delay: float = 0.0) -> None:
    """Act whenever our seat has legal actions, until the connection ends."""
    assert session.table is not None and session.seat is not None
    await _play_seat(session, _new_bot(session.table.game_kind, kind), delay)


def _new_bot(game: str, kind: str | None) -> Bot[Any]:
    spec = get_game(game)
    return spec.bots[spec.bot_kind(kind)](secrets.randbits(32))


async def _play_seat(
    session: ClientSession, bot: Bot[TableT], delay: float, think: float = BOT_THINK_DEFAULT
) -> None:
    while True:
        await session.wait_for(lambda: session.legal)
        if delay:
            await trio.sleep(delay)
        assert session.table is not None and session.view is not None
        # The view the server sent, read by the game's types.
        view = get_game(session.table.game_kind).types.view_from_wire(session.view)
        if isinstance(bot, SearchBot):
            choice = await _search(session, bot, view, think)
        else:
            choice = bot.choose(view, view.legal)
        try:
            await session.act(choice)
        except RequestFailed as error:
            if error.code not in STALE:  # a stale view is harmless; others are not
                raise


async def _search(
    session: ClientSession,
    bot: SearchBot,
    view: SeatView[TableT],
    seconds: float,
) -> GameAction:
    """A search bot's move: `seconds` of search in a thread (the connection keeps being
    served meanwhile), from the view and the events this seat was told of in this game."""
    assert session.table is not None
    types = get_game(session.table.game_kind).types
    history = []
    for plain in session.log:
        with contextlib.suppress(WireError):  # (an event this version cannot read: unheard)
            history.append(types.event_from_wire(plain))
    budget = Budget.for_seconds(seconds, time.monotonic)
    thinker = type(bot)(bot.rng.getrandbits(62), budget, history)
    return await trio.to_thread.run_sync(thinker.choose, view, view.legal)


async def run_network_bot(
    host: str,
    port: int,
    table: int,
    *,
    seat: int | None = None,
    kind: str | None = None,
    name: str | None = None,
    password: str | None = None,
    delay: float = 0.0,
    think: float = BOT_THINK_DEFAULT,
    keep_seat: bool = False,
    retry_delays: Sequence[float] = RETRY_DELAYS,
    report: Callable[[str], None] = lambda text: None,
) -> BotEnd:
    """Sit at `table` (on `seat`, or the first empty one) and play until the seat ends; say how.

    With `keep_seat` the seat token is kept on disk under the bot's name, and a seat kept there
    at `table` is taken back instead of sitting down again. `report` hears what happens on the
    way (sitting down, a lost connection, coming back). A first connection or a request that
    fails before the bot is seated raises (`OSError`, `HandshakeRefused`, `RequestFailed`).
    """
    name = name or bot_name(kind or BotLevel.NORMAL)
    store = SeatStore(host, port, name) if keep_seat else None
    kept = store.load() if store is not None else None
    if kept is not None and kept.seat_token is not None and kept.table != table:
        return BotEnd(
            f"{name} keeps a seat at table {kept.table} of {host}:{port}; give --table "
            f"{kept.table} to play it, or another --name.",
            1,
        )
    watch = _SeatWatch(table, report)
    link = Link(
        host,
        port,
        name,
        password=password,
        on_message=watch.heard,
        on_status=watch.status,
        retry_delays=retry_delays,
        store=store,
    )
    async with single_errors(), trio.open_nursery() as nursery:
        await nursery.start(link.run)
        session = link.session
        if link.seat_refusal is not None:
            report(f"Its seat was not kept: {link.seat_refusal.message} It sits down again.")
        if session.table is None:
            tables = {
                summary.table_id: summary for summary in await session.list_tables(watch=True)
            }
            if table not in tables:
                raise RequestFailed(ErrorCode.NO_SUCH_TABLE, f"There is no table {table}.")
            game = tables[table].game_kind
            bot = _checked_bot(game, kind)
            if seat is None:
                await _sit_anywhere(session, tables[table])
            else:
                await session.sit(table, seat)
            report(f"{session.name} plays seat {(session.seat or 0) + 1} at table {table}.")
        else:
            bot = _checked_bot(session.table.game_kind, kind)
            report(f"{session.name} is back at its seat at table {table}.")
        watch.seated(link)
        nursery.start_soon(_play_on, link, bot, delay, think, watch)
        end = await watch.ended()
        nursery.cancel_scope.cancel()
    return end


def _checked_bot(game: str, kind: str | None) -> Bot[Any]:
    try:
        return _new_bot(game, kind)
    except OptionError as error:
        raise RequestFailed(ErrorCode.NO_SUCH_BOT, str(error)) from None


async def _play_on(
    link: Link, bot: Bot[TableT], delay: float, think: float, watch: _SeatWatch
) -> None:
    """Play the seat on each session the link brings up, one after another. Each watches the
    lobby too, to hear of the table's end (`table_removed`)."""
    while True:
        session = await link.wait_connected()
        with contextlib.suppress(ConnectionLost):
            tables = await session.list_tables(watch=True)
            if session.table is not None and all(t.table_id != watch.table for t in tables):
                watch.closed()  # before we watched (no seat at all is the link's to tell)
            await _play_seat(session, bot, delay, think)
        await _until_closed(session)


async def _until_closed(session: ClientSession) -> None:
    with contextlib.suppress(ConnectionLost):
        await session.wait_for(lambda: session.closed)


class _SeatWatch:
    """Follows the link for the end of the bot's seat at `table`."""

    def __init__(self, table: int, report: Callable[[str], None]) -> None:
        self.table = table
        self.report = report
        self._link: Link | None = None
        self._end: BotEnd | None = None
        self._ended = trio.Event()
        self._away = False

    def seated(self, link: Link) -> None:
        self._link = link

    async def ended(self) -> BotEnd:
        await self._ended.wait()
        assert self._end is not None
        return self._end

    def _finish(self, message: str, status: int) -> None:
        if self._end is None:
            self._end = BotEnd(message, status)
            self._ended.set()

    def closed(self) -> None:
        self._finish(f"Table {self.table} was closed.", 0)

    def heard(self, message: Message) -> None:
        if self._link is None:
            return
        if isinstance(message, TableRemoved) and message.table_id == self.table:
            self.closed()
        elif isinstance(message, Left) and message.table_id == self.table:
            self._finish(f"The server took the bot off its seat at table {self.table}.", 1)

    def status(self, status: LinkStatus, text: str) -> None:
        if self._link is None:
            return
        if status is LinkStatus.CLOSED:
            self._finish(text, 1)
        elif status is LinkStatus.RECONNECTING:
            if not self._away:
                self.report(text)
            self._away = True
        else:
            self._away = False
            self.report(text)
            session = self._link.latest
            if session is not None and session.table is None:
                self._finish(self._seat_lost(), 1)

    def _seat_lost(self) -> str:
        refusal = self._link.seat_refusal if self._link is not None else None
        if refusal is not None and refusal.code == ErrorCode.SEAT_RELEASED:
            return refusal.message
        said = f" The server said: {refusal.message}" if refusal is not None else ""
        return (
            f"The server no longer knows the bot's seat at table {self.table}: the table was "
            f"closed, or the server was started on another file.{said}"
        )


async def _sit_anywhere(session: ClientSession, table: TableSummary) -> None:
    """Take the first empty seat; if someone takes it first, the next one."""
    empty = [seat.seat for seat in table.seats if seat.kind is SeatKind.EMPTY]
    for seat in empty:
        try:
            await session.sit(table.table_id, seat)
            return
        except RequestFailed as error:
            if error.code != ErrorCode.SEAT_TAKEN:
                raise
    raise RequestFailed(ErrorCode.SEAT_TAKEN, f"Table {table.table_id} has no empty seat.")
