"""Every message of the protocol, as a frozen dataclass.

On the wire a message is a msgpack map: ``{"type": "<name>", <field>: <value>, ...}``. Each class
below names its type, who sends it, and a checker for each field; `decode_message` turns a decoded
map into a message or a `MessageError` with a stable error code. Every message may carry ``rid``,
a request id the client picks; the server's reply to a request echoes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from cardtable.protocol.errors import ErrorCode
from cardtable.protocol.fields import (
    Bool,
    Check,
    FieldError,
    Int,
    ListOf,
    Nullable,
    Plain,
    Text,
)
from cardtable.protocol.framing import pack
from cardtable.protocol.packing import pack_fields

#: The protocol version this code speaks; a handshake with any other is refused.
PROTOCOL_VERSION = 6
#: A replay page holds at most this many steps (and the server may send fewer).
REPLAY_PAGE_STEPS = 200


#: The longest player name and chat line, in characters.
NAME_LENGTH = 24
CHAT_LENGTH = 500


class Sender(StrEnum):
    CLIENT = "client"
    SERVER = "server"


def wire(check: Check, default: Any = MISSING, *, code: ErrorCode = ErrorCode.BAD_MESSAGE) -> Any:
    """A message field checked by `check`; a bad value is reported with `code`."""
    metadata = {"check": check, "code": code}
    if default is MISSING:
        return field(metadata=metadata)
    if isinstance(default, dict | list):
        return field(default_factory=lambda: type(default)(default), metadata=metadata)
    return field(default=default, metadata=metadata)


TABLE_ID = Int(1, 2**31 - 1)
GAME_ID = Int(1, 2**62)
SEAT = Int(0, 63)
REQUEST_ID = Nullable(Int(0, 2**31 - 1))
TOKEN = Text(1, 128)
SMALL_MAP = Plain(depth=3, items=200, text=200)
#: The most creator tokens one `hello` may carry.
CREATOR_TOKENS = 16


@dataclass(frozen=True, kw_only=True)
class Message:
    """Base of every message. ``rid`` ties a reply to the request it answers."""

    type: ClassVar[str] = ""
    sender: ClassVar[Sender]
    rid: int | None = wire(REQUEST_ID, None)

    def to_wire(self) -> dict[str, Any]:
        """The map that goes on the wire (``rid`` left out when nil)."""
        body: dict[str, Any] = {"type": self.type}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if name == "rid" and value is None:
                continue
            body[name] = value
        return body

    def packed(self) -> bytes:
        """The message's msgpack encoding (its `to_wire` map)."""
        return pack(self.to_wire())


_FIELD_NAMES: dict[type[Message], tuple[str, ...]] = {}


def _field_names(cls: type[Message]) -> tuple[str, ...]:
    """A message class's field names, in order (looked up once: the server sends many)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(item.name for item in fields(cls))
    return names


MESSAGES: dict[Sender, dict[str, type[Message]]] = {Sender.CLIENT: {}, Sender.SERVER: {}}

M = TypeVar("M", bound=type[Message])


def _message(name: str, sender: Sender) -> Any:
    def register(cls: M) -> M:
        cls.type = name
        cls.sender = sender
        MESSAGES[sender][name] = cls
        return cls

    return register


def client(name: str) -> Any:
    return _message(name, Sender.CLIENT)


def server(name: str) -> Any:
    return _message(name, Sender.SERVER)


# -- client to server ---------------------------------------------------------------------------


@client("hello")
@dataclass(frozen=True, kw_only=True)
class Hello(Message):
    """The first message on a connection. A ``token`` resumes the seat it was given for;
    ``creator_tokens`` prove the right to run the tables they were given for."""

    version: int = wire(Int(0, 65535))
    name: str = wire(Text(1, NAME_LENGTH), code=ErrorCode.BAD_NAME)
    password: str | None = wire(Nullable(Text(0, 128)), None)
    token: str | None = wire(Nullable(TOKEN), None)
    creator_tokens: list[str] = wire(ListOf(TOKEN, high=CREATOR_TOKENS), [])


@client("list_tables")
@dataclass(frozen=True, kw_only=True)
class ListTables(Message):
    """Ask for every table; ``watch`` also subscribes to `table_changed`/`table_removed`."""

    watch: bool = wire(Bool(), False)


@client("create_table")
@dataclass(frozen=True, kw_only=True)
class CreateTable(Message):
    game: str = wire(Text(1, 40))
    seats: int = wire(Int(1, 16))
    options: dict[str, Any] = wire(SMALL_MAP, {})
    settings: dict[str, Any] = wire(SMALL_MAP, {})


@client("sit")
@dataclass(frozen=True, kw_only=True)
class Sit(Message):
    table: int = wire(TABLE_ID)
    seat: int = wire(SEAT)


@client("spectate")
@dataclass(frozen=True, kw_only=True)
class Spectate(Message):
    table: int = wire(TABLE_ID)


@client("leave")
@dataclass(frozen=True, kw_only=True)
class Leave(Message):
    """Leave the table this connection sits at or watches."""


@client("add_bot")
@dataclass(frozen=True, kw_only=True)
class AddBot(Message):
    table: int = wire(TABLE_ID)
    seat: int = wire(SEAT)
    kind: str | None = wire(Nullable(Text(1, 40)), None)


@client("remove_bot")
@dataclass(frozen=True, kw_only=True)
class RemoveBot(Message):
    table: int = wire(TABLE_ID)
    seat: int = wire(SEAT)


@client("start")
@dataclass(frozen=True, kw_only=True)
class Start(Message):
    """Start the table's game, or its next game once one has ended."""

    table: int = wire(TABLE_ID)


@client("configure")
@dataclass(frozen=True, kw_only=True)
class Configure(Message):
    """Change a table's settings (its creator only)."""

    table: int = wire(TABLE_ID)
    settings: dict[str, Any] = wire(SMALL_MAP)


@client("cover")
@dataclass(frozen=True, kw_only=True)
class Cover(Message):
    """Hand an away player's seat to a bot now: at once from the table's creator, otherwise a
    vote of a seated player, carried out once most of the players present agree."""

    table: int = wire(TABLE_ID)
    seat: int = wire(SEAT)


@client("release")
@dataclass(frozen=True, kw_only=True)
class Release(Message):
    """Give an away player's seat up for good (the table's creator only): its token stops
    working, and the next person to sit there plays on with its hand."""

    table: int = wire(TABLE_ID)
    seat: int = wire(SEAT)


@client("act")
@dataclass(frozen=True, kw_only=True)
class Act(Message):
    """Play one action, exactly as listed in the view's ``legal``."""

    action: dict[str, Any] = wire(Plain(depth=4, items=200, text=100))


@client("take_back")
@dataclass(frozen=True, kw_only=True)
class TakeBack(Message):
    """Take back your own last action, while nobody else has acted and nothing hidden has been
    shown since (and the table's ``take_back`` setting is on)."""


@client("chat")
@dataclass(frozen=True, kw_only=True)
class Chat(Message):
    """Say something at the table; ``to`` a seat makes it private between the two."""

    text: str = wire(Text(1, CHAT_LENGTH), code=ErrorCode.BAD_TEXT)
    to: int | None = wire(Nullable(SEAT), None)


@client("concede")
@dataclass(frozen=True, kw_only=True)
class Concede(Message):
    """Concede the game at our table for our side, or agree to a partner's offer to concede
    (``agree`` false: play on, turning the partner's offer down)."""

    agree: bool = wire(Bool(), True)


@client("offer_rematch")
@dataclass(frozen=True, kw_only=True)
class OfferRematch(Message):
    """Offer everyone at our table a rematch (or accept the open offer): the next game starts
    once every player at the table has accepted."""


@client("answer_rematch")
@dataclass(frozen=True, kw_only=True)
class AnswerRematch(Message):
    """Accept or decline the open offer of a rematch at our table."""

    accept: bool = wire(Bool())


@client("list_history")
@dataclass(frozen=True, kw_only=True)
class ListHistory(Message):
    """Ask for finished games, the latest first: at most ``limit``, with ids below ``before``."""

    limit: int = wire(Int(1, 200), 50)
    before: int | None = wire(Nullable(GAME_ID), None)


@client("replay")
@dataclass(frozen=True, kw_only=True)
class Replay(Message):
    """Ask for a page of a finished game's steps, seen from ``seat`` (None: as a spectator):
    up to ``count`` steps from step ``start`` (0 is the deal)."""

    game: int = wire(GAME_ID)
    seat: int | None = wire(Nullable(SEAT), None)
    start: int = wire(Int(0, 2**31 - 1), 0)
    count: int = wire(Int(1, REPLAY_PAGE_STEPS), REPLAY_PAGE_STEPS)


@client("resync")
@dataclass(frozen=True, kw_only=True)
class Resync(Message):
    """Ask for your whole view again (a pushed `update` carrying ``view``), unless ``digest``
    names the view the server last sent you: then you are in step and only `ok` comes back."""

    digest: str | None = wire(Nullable(Text(32, 32)), None)


@client("ping")
@dataclass(frozen=True, kw_only=True)
class Ping(Message):
    """Keep an idle connection open; answered by `pong`."""


# -- server to client ---------------------------------------------------------------------------

_WIRE_MAP = Plain(depth=12, items=100_000, text=10_000)
_WIRE_LIST = ListOf(_WIRE_MAP, high=10_000)
#: A view patch: operations, each an array holding a path and values from a view.
_PATCH = ListOf(Plain(depth=14, items=100_000, text=10_000, map_only=False), high=100_000)


@server("welcome")
@dataclass(frozen=True, kw_only=True)
class Welcome(Message):
    version: int = wire(Int(0, 65535))
    server: str = wire(Text(0, 200))
    name: str = wire(Text(1, NAME_LENGTH))
    games: list[dict[str, Any]] = wire(_WIRE_LIST)
    limits: dict[str, Any] = wire(_WIRE_MAP)
    #: The tables whose creator tokens the `hello` carried and the server accepted.
    creator_of: list[int] = wire(ListOf(TABLE_ID, high=CREATOR_TOKENS), [])


@server("tables")
@dataclass(frozen=True, kw_only=True)
class Tables(Message):
    tables: list[dict[str, Any]] = wire(_WIRE_LIST)


@server("table_created")
@dataclass(frozen=True, kw_only=True)
class TableCreated(Message):
    """The new table; ``creator_token`` is the secret that proves its creator's rights (sent
    in later `hello`s), given to the creator alone."""

    table: dict[str, Any] = wire(_WIRE_MAP)
    creator_token: str | None = wire(Nullable(TOKEN), None)


@server("table_changed")
@dataclass(frozen=True, kw_only=True)
class TableChanged(Message):
    table: dict[str, Any] = wire(_WIRE_MAP)


@server("table_removed")
@dataclass(frozen=True, kw_only=True)
class TableRemoved(Message):
    table: int = wire(TABLE_ID)


@server("joined")
@dataclass(frozen=True, kw_only=True)
class Joined(Message):
    """You sit at (``seat`` set, with its secret ``token``) or watch a table: its whole state."""

    table: dict[str, Any] = wire(_WIRE_MAP)
    seat: int | None = wire(Nullable(SEAT))
    token: str | None = wire(Nullable(TOKEN))
    view: dict[str, Any] | None = wire(Nullable(_WIRE_MAP))
    log: list[dict[str, Any]] = wire(_WIRE_LIST)
    chat: list[dict[str, Any]] = wire(_WIRE_LIST)
    #: Whether you may take back your last action now.
    take_back: bool = wire(Bool(), False)
    #: The steps of this game you have been shown: the next `update` carries ``seq + 1``.
    seq: int = wire(Int(0, 2**31 - 1), 0)


@server("left")
@dataclass(frozen=True, kw_only=True)
class Left(Message):
    table: int = wire(TABLE_ID)


@server("update")
@dataclass(frozen=True, kw_only=True)
class Update(Message):
    """What just happened at your table, as you may see it, and your new view: whole
    (``view``), or as the changes to the view you were sent last (``patch``, see
    `cardtable.protocol.patch`)."""

    table: int = wire(TABLE_ID)
    game: int = wire(Int(1, 2**31 - 1))
    seq: int = wire(Int(0, 2**31 - 1))
    view: dict[str, Any] | None = wire(Nullable(_WIRE_MAP), None)
    #: The game's turn clock as of this message (None: the game is not timed).
    clock: dict[str, Any] | None = wire(Nullable(_WIRE_MAP), None)
    #: Whether you may take back your last action now.
    take_back: bool = wire(Bool(), False)
    #: The answer to `resync`: the whole view of the step you are at (`seq` does not move).
    resync: bool = wire(Bool(), False)
    # (The parts other updates share come last: see `cardtable.protocol.packing`.)
    events: list[dict[str, Any]] = wire(_WIRE_LIST)
    patch: list[list[Any]] | None = wire(Nullable(_PATCH), None)

    def packed(self) -> bytes:
        """Encoded with the events and patch operations it shares with other updates (see
        `cardtable.protocol.packing`) put in from the bytes they already have."""
        return pack_fields(self.to_wire())


@server("chat_line")
@dataclass(frozen=True, kw_only=True)
class ChatLine(Message):
    table: int = wire(TABLE_ID)
    line: dict[str, Any] = wire(_WIRE_MAP)


@server("history")
@dataclass(frozen=True, kw_only=True)
class History(Message):
    """Finished games, the latest first, and whether older ones remain."""

    games: list[dict[str, Any]] = wire(_WIRE_LIST)
    more: bool = wire(Bool(), False)


@server("replay_steps")
@dataclass(frozen=True, kw_only=True)
class ReplaySteps(Message):
    """A page of a finished game from one seat: steps ``start`` onward (step 0 is the deal,
    then one per action), each with the events as that seat saw them and its view after them;
    ``total`` steps in all, and ``more`` when steps follow this page."""

    game: dict[str, Any] = wire(_WIRE_MAP)
    seat: int | None = wire(Nullable(SEAT))
    start: int = wire(Int(0, 2**31 - 1), 0)
    total: int = wire(Int(1, 2**31 - 1), 1)
    more: bool = wire(Bool(), False)
    steps: list[dict[str, Any]] = wire(ListOf(_WIRE_MAP, high=REPLAY_PAGE_STEPS))


@server("ok")
@dataclass(frozen=True, kw_only=True)
class Ok(Message):
    """A request succeeded and has no other reply."""


@server("pong")
@dataclass(frozen=True, kw_only=True)
class Pong(Message):
    pass


@server("error")
@dataclass(frozen=True, kw_only=True)
class Error(Message):
    """A request failed, or the connection is closing (``fatal``)."""

    code: str = wire(Text(1, 40))
    message: str = wire(Text(0, 2000))
    fatal: bool = wire(Bool(), False)


# -- decoding -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MessageError(Exception):
    """A decoded map that is not a valid message: its error code, a sentence, and its ``rid``."""

    code: ErrorCode
    message: str
    rid: int | None = None


def rid_of(body: Mapping[Any, Any]) -> int | None:
    """The valid request id in `body`, or None."""
    try:
        return REQUEST_ID(body.get("rid"))  # type: ignore[no-any-return]
    except FieldError:
        return None


def decode_message(body: Any, sender: Sender) -> Message:
    """Check a decoded map sent by `sender` and build its message, or raise `MessageError`."""
    if not isinstance(body, Mapping):
        raise MessageError(ErrorCode.BAD_MESSAGE, "A message must be a map with a 'type'.")
    rid = rid_of(body)
    kind = body.get("type")
    if not isinstance(kind, str):
        raise MessageError(ErrorCode.BAD_MESSAGE, "A message needs a string 'type'.", rid)
    cls = MESSAGES[sender].get(kind)
    if cls is None:
        if kind in MESSAGES[Sender.CLIENT] or kind in MESSAGES[Sender.SERVER]:
            text = f"'{kind}' is not a message the {sender} may send."
        else:
            text = f"There is no message type {kind[:40]!r}."
        raise MessageError(ErrorCode.UNKNOWN_TYPE, text, rid)
    known = {item.name: item for item in fields(cls)}
    for key in body:
        if key != "type" and key not in known:
            raise MessageError(
                ErrorCode.BAD_MESSAGE, f"'{kind}' has no field {str(key)[:40]!r}.", rid
            )
    values: dict[str, Any] = {}
    for name, item in known.items():
        if name not in body:
            if item.default is MISSING and item.default_factory is MISSING:
                raise MessageError(
                    ErrorCode.BAD_MESSAGE, f"'{kind}' needs the field '{name}'.", rid
                )
            continue
        try:
            values[name] = item.metadata["check"](body[name])
        except FieldError as error:
            raise MessageError(
                item.metadata["code"], f"'{name}' in '{kind}' {error}.", rid
            ) from None
    return cls(**values)


def check_message(message: Message) -> None:
    """Check an outgoing message's fields against their rules (raises `MessageError`)."""
    decode_message(message.to_wire(), message.sender)
