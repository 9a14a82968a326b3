"""The values several message kinds share: ids, seats, tokens and maps, as their fields check
them, and the protocol's limits on names, chat lines, creator tokens and replay pages."""

from __future__ import annotations

from cardtable.protocol.chat_line import ChatLine
from cardtable.protocol.fields import Int, ListOf, Plain, Record, Text
from cardtable.protocol.table_summary import TableSummary

#: A replay page holds at most this many steps (and the server may send fewer).
REPLAY_PAGE_STEPS = 200

#: The longest player name and chat line, in characters.
NAME_LENGTH = 24
CHAT_LENGTH = 500

TABLE_ID = Int(1, 2**31 - 1)
GAME_ID = Int(1, 2**62)
SEAT = Int(0, 63)
TOKEN = Text(1, 128)
#: A player's key: a secret of the client's (32 random bytes in hex), proved at `hello`.
PLAYER_KEY = Text(32, 128)
#: A one-time code that moves a key's names (typed by a person: dashes and spaces allowed).
NAME_CODE = Text(1, 40)
SMALL_MAP = Plain(depth=3, items=200, text=200)
#: The most creator tokens one `hello` may carry.
CREATOR_TOKENS = 16
#: What the server sends: maps and lists of them (tables, views, events, chat lines).
WIRE_MAP = Plain(depth=12, items=100_000, text=10_000)
WIRE_LIST = ListOf(WIRE_MAP, high=10_000)
#: A table's summary (see `TableSummary`).
TABLE_SUMMARY = Record(TableSummary, "a table's summary")
#: A chat line (see `ChatLine`).
CHAT_LINE = Record(ChatLine, "a chat line")
