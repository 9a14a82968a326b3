"""The messages at a table: playing (`act`, `take_back`, `concede`, a rematch), following the
game (`update`, `resync`) and its chat (`chat`, `chat_line`)."""

from __future__ import annotations

from typing import Any

from cardtable.protocol.chat_line import ChatLine
from cardtable.protocol.errors import ErrorCode
from cardtable.protocol.fields import Bool, Int, ListOf, Nullable, Plain, Record, Text
from cardtable.protocol.messages.base import Message, client, server, wire
from cardtable.protocol.messages.values import (
    CHAT_LENGTH,
    CHAT_LINE,
    SEAT,
    TABLE_ID,
    WIRE_LIST,
    WIRE_MAP,
)
from cardtable.protocol.packing import pack_fields
from cardtable.protocol.turn_clock import ClockState

#: A view patch: operations, each an array holding a path and values from a view.
PATCH = ListOf(Plain(depth=14, items=100_000, text=10_000, map_only=False), high=100_000)


@client("act")
class Act(Message):
    """Play one action, exactly as listed in the view's ``legal``."""

    action: dict[str, Any] = wire(Plain(depth=4, items=200, text=100))


@client("take_back")
class TakeBack(Message):
    """Take back your own last action, while nobody else has acted and nothing hidden has been
    shown since (and the table's ``take_back`` setting is on)."""


@client("chat")
class Chat(Message):
    """Say something at the table; ``to`` a seat makes it private between the two."""

    text: str = wire(Text(1, CHAT_LENGTH), code=ErrorCode.BAD_TEXT)
    to: int | None = wire(Nullable(SEAT), None)


@client("concede")
class Concede(Message):
    """Concede the game at our table for our side, or agree to a partner's offer to concede
    (``agree`` false: play on, turning the partner's offer down)."""

    agree: bool = wire(Bool(), True)


@client("offer_rematch")
class OfferRematch(Message):
    """Offer everyone at our table a rematch (or accept the open offer): the next game starts
    once every player at the table has accepted."""


@client("answer_rematch")
class AnswerRematch(Message):
    """Accept or decline the open offer of a rematch at our table."""

    accept: bool = wire(Bool())


@client("resync")
class Resync(Message):
    """Ask for your whole view again (a pushed `update` carrying ``view``), unless ``digest``
    names the view the server last sent you: then you are in step and only `ok` comes back."""

    digest: str | None = wire(Nullable(Text(32, 32)), None)


@server("update")
class Update(Message):
    """What just happened at your table, as you may see it, and your new view: whole
    (``view``), or as the changes to the view you were sent last (``patch``, see
    `cardtable.protocol.patch`)."""

    table_id: int = wire(TABLE_ID)
    game_no: int = wire(Int(1, 2**31 - 1))
    seq: int = wire(Int(0, 2**31 - 1))
    view: dict[str, Any] | None = wire(Nullable(WIRE_MAP), None)
    #: The game's turn clock as of this message (None: the game is not timed).
    clock: ClockState | None = wire(Record(ClockState | None, "nil or a turn clock"), None)
    #: Whether you may take back your last action now.
    take_back: bool = wire(Bool(), False)
    #: The answer to `resync`: the whole view of the step you are at (`seq` does not move).
    resync: bool = wire(Bool(), False)
    # (The parts other updates share come last: see `cardtable.protocol.packing`.)
    events: list[dict[str, Any]] = wire(WIRE_LIST)
    patch: list[list[Any]] | None = wire(Nullable(PATCH), None)

    def packed(self) -> bytes:
        """Encoded with the events and patch operations it shares with other updates (see
        `cardtable.protocol.packing`) put in from the bytes they already have."""
        return pack_fields(self.to_wire())


@server("chat_line")
class ChatLinePush(Message):
    """A new line at your table that you may read."""

    table_id: int = wire(TABLE_ID)
    line: ChatLine = wire(CHAT_LINE)


@client("hint")
class HintRequest(Message):
    """Ask what the strongest bot would play in our place at `table_id`, and why (where the
    table's ``hints`` setting is on). Answered `ok` at once; the `suggestion` follows."""

    table_id: int = wire(TABLE_ID)


@server("suggestion")
class Suggestion(Message):
    """The answer to a `hint`: the action the bot would play (as listed in ``legal``; None when
    there is none to give, such as when the game moved on meanwhile) and words that say why."""

    table_id: int = wire(TABLE_ID)
    action: dict[str, Any] | None = wire(Nullable(Plain(depth=4, items=200, text=100)), None)
    words: str = wire(Text(1, 1000))
