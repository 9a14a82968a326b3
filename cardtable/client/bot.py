"""A bot that plays over the network, as an ordinary client (`cardtable bot`)."""

from __future__ import annotations

import secrets
from typing import Any

import trio

from cardtable.client.session import ClientSession, RequestFailed, connect
from cardtable.engine import OptionError, get_game
from cardtable.protocol import ErrorCode


def bot_name(kind: str) -> str:
    return f"{kind} bot {secrets.randbelow(10_000):04d}"


async def play_as_bot(session: ClientSession, kind: str | None = None, delay: float = 0.0) -> None:
    """Act whenever our seat has legal actions, until the connection ends."""
    assert session.table is not None and session.seat is not None
    spec = get_game(session.table["game"])
    bot = spec.bots[spec.bot_kind(kind)](secrets.randbits(32))
    while True:
        await session.wait_for(lambda: session.legal)
        if delay:
            await trio.sleep(delay)
        view = session.view or {}
        try:
            await session.act(bot.choose(view, session.legal))
        except RequestFailed as error:
            if error.code != ErrorCode.NOT_YOUR_TURN:  # a stale view is harmless; others are not
                raise


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
) -> None:
    """Connect, sit at `table` (on `seat`, or the first empty one) and play until disconnected."""
    async with connect(
        host, port, name or bot_name(kind or "greedy"), password=password
    ) as session:
        tables = {summary["id"]: summary for summary in await session.list_tables()}
        if table not in tables:
            raise RequestFailed(ErrorCode.NO_SUCH_TABLE, f"There is no table {table}.")
        try:
            get_game(tables[table]["game"]).bot_kind(kind)
        except OptionError as error:
            raise RequestFailed(ErrorCode.NO_SUCH_BOT, str(error)) from None
        if seat is None:
            await _sit_anywhere(session, tables[table])
        else:
            await session.sit(table, seat)
        await play_as_bot(session, kind, delay)


async def _sit_anywhere(session: ClientSession, table: dict[str, Any]) -> None:
    """Take the first empty seat; if someone takes it first, the next one."""
    empty = [seat["seat"] for seat in table["seats"] if seat["kind"] == "empty"]
    for seat in empty:
        try:
            await session.sit(table["id"], seat)
            return
        except RequestFailed as error:
            if error.code != ErrorCode.SEAT_TAKEN:
                raise
    raise RequestFailed(ErrorCode.SEAT_TAKEN, f"Table {table['id']} has no empty seat.")
