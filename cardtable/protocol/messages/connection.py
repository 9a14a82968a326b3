"""The messages of the connection itself: the handshake (`hello`, `welcome`), keeping an idle
connection open (`ping`, `pong`), and the replies any request may get (`ok`, `error`)."""

from __future__ import annotations

from cardtable.protocol.errors import ErrorCode
from cardtable.protocol.fields import Bool, Int, ListOf, Nullable, Record, Text
from cardtable.protocol.game_info import GameInfo
from cardtable.protocol.limits import Limits
from cardtable.protocol.messages.base import Message, client, server, wire
from cardtable.protocol.messages.values import (
    CREATOR_TOKENS,
    NAME_LENGTH,
    PLAYER_KEY,
    TABLE_ID,
    TOKEN,
)


@client("hello")
class Hello(Message):
    """The first message on a connection. A ``token`` resumes the seat it was given for;
    ``creator_tokens`` prove the right to run the tables they were given for; ``key``, the
    player's key, proves the names it has claimed on this server."""

    version: int = wire(Int(0, 65535))
    name: str = wire(Text(1, NAME_LENGTH), code=ErrorCode.BAD_NAME)
    password: str | None = wire(Nullable(Text(0, 128)), None)
    token: str | None = wire(Nullable(TOKEN), None)
    creator_tokens: list[str] = wire(ListOf(TOKEN, high=CREATOR_TOKENS), [])
    key: str | None = wire(Nullable(PLAYER_KEY), None)


@server("welcome")
class Welcome(Message):
    version: int = wire(Int(0, 65535))
    server: str = wire(Text(0, 200))
    name: str = wire(Text(1, NAME_LENGTH))
    games: tuple[GameInfo, ...] = wire(Record(tuple[GameInfo, ...], "games"))
    limits: Limits = wire(Record(Limits, "the server's limits"))
    #: The tables whose creator tokens the `hello` carried and the server accepted.
    creator_of: list[int] = wire(ListOf(TABLE_ID, high=CREATOR_TOKENS), [])


@client("ping")
class Ping(Message):
    """Keep an idle connection open; answered by `pong`."""


@server("pong")
class Pong(Message):
    pass


@server("ok")
class Ok(Message):
    """A request succeeded and has no other reply."""


@server("error")
class Error(Message):
    """A request failed, or the connection is closing (``fatal``)."""

    code: str = wire(Text(1, 40))
    message: str = wire(Text(0, 2000))
    fatal: bool = wire(Bool(), False)
