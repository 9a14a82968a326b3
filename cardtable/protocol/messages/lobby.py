"""The lobby's messages: listing, opening and running tables, and taking a seat or watching
(`joined`) and leaving (`left`)."""

from __future__ import annotations

from typing import Any

from cardtable.protocol.chat_line import ChatLine
from cardtable.protocol.fields import Bool, Int, Nullable, Record, Text
from cardtable.protocol.messages.base import Message, client, server, wire
from cardtable.protocol.messages.values import (
    SEAT,
    SMALL_MAP,
    TABLE_ID,
    TABLE_SUMMARY,
    TOKEN,
    WIRE_LIST,
    WIRE_MAP,
)
from cardtable.protocol.table_summary import TableSummary


@client("list_tables")
class ListTables(Message):
    """Ask for every table; ``watch`` also subscribes to `table_changed`/`table_removed`."""

    watch: bool = wire(Bool(), False)


@client("create_table")
class CreateTable(Message):
    game_kind: str = wire(Text(1, 40))
    seats: int = wire(Int(1, 16))
    options: dict[str, Any] = wire(SMALL_MAP, {})
    settings: dict[str, Any] = wire(SMALL_MAP, {})


@client("sit")
class Sit(Message):
    table_id: int = wire(TABLE_ID)
    seat: int = wire(SEAT)


@client("spectate")
class Spectate(Message):
    table_id: int = wire(TABLE_ID)


@client("leave")
class Leave(Message):
    """Leave the table this connection sits at or watches."""


@client("add_bot")
class AddBot(Message):
    table_id: int = wire(TABLE_ID)
    seat: int = wire(SEAT)
    kind: str | None = wire(Nullable(Text(1, 40)), None)


@client("remove_bot")
class RemoveBot(Message):
    table_id: int = wire(TABLE_ID)
    seat: int = wire(SEAT)


@client("start")
class Start(Message):
    """Start the table's game, or its next game once one has ended."""

    table_id: int = wire(TABLE_ID)


@client("configure")
class Configure(Message):
    """Change a table's settings (its creator only)."""

    table_id: int = wire(TABLE_ID)
    settings: dict[str, Any] = wire(SMALL_MAP)


@client("cover")
class Cover(Message):
    """Hand an away player's seat to a bot now: at once from the table's creator, otherwise a
    vote of a seated player, carried out once most of the players present agree."""

    table_id: int = wire(TABLE_ID)
    seat: int = wire(SEAT)


@client("release")
class Release(Message):
    """Give an away player's seat up for good (the table's creator only): its token stops
    working, and the next person to sit there plays on with its hand."""

    table_id: int = wire(TABLE_ID)
    seat: int = wire(SEAT)


@server("tables")
class Tables(Message):
    tables: tuple[TableSummary, ...] = wire(Record(tuple[TableSummary, ...], "table summaries"))


@server("table_created")
class TableCreated(Message):
    """The new table; ``creator_token`` is the secret that proves its creator's rights (sent
    in later `hello`s), given to the creator alone."""

    table: TableSummary = wire(TABLE_SUMMARY)
    creator_token: str | None = wire(Nullable(TOKEN), None)


@server("table_changed")
class TableChanged(Message):
    table: TableSummary = wire(TABLE_SUMMARY)


@server("table_removed")
class TableRemoved(Message):
    table_id: int = wire(TABLE_ID)


@server("joined")
class Joined(Message):
    """You sit at (``seat`` set, with its secret ``token``) or watch a table: its whole state."""

    table: TableSummary = wire(TABLE_SUMMARY)
    seat: int | None = wire(Nullable(SEAT))
    token: str | None = wire(Nullable(TOKEN))
    view: dict[str, Any] | None = wire(Nullable(WIRE_MAP))
    log: list[dict[str, Any]] = wire(WIRE_LIST)
    chat: tuple[ChatLine, ...] = wire(Record(tuple[ChatLine, ...], "chat lines"))
    #: Whether you may take back your last action now.
    take_back: bool = wire(Bool(), False)
    #: The steps of this game you have been shown: the next `update` carries ``seq + 1``.
    seq: int = wire(Int(0, 2**31 - 1), 0)


@server("left")
class Left(Message):
    table_id: int = wire(TABLE_ID)
