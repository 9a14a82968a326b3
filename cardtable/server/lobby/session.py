"""A player's session: who a connection is to the lobby, from its `hello` to its last byte.

The connection (`cardtable.server.net.connection`) carries bytes and frames; the session holds
what the lobby knows of the person on it: their name, the table they are at, the tables whose
creator rights they hold, and their budgets for chat, actions and history."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.protocol import PROTOCOL_VERSION, ErrorCode, Message
from cardtable.server.config import ServerConfig
from cardtable.server.history.replays import ReplayCursor
from cardtable.server.net.rate_limiter import RateLimiter
from cardtable.server.net.reception import Link

if TYPE_CHECKING:
    from cardtable.server.table.table import Table


class Session:
    """What the lobby keeps of one connected person (a `Member` of the table they are at)."""

    def __init__(self, link: Link, config: ServerConfig) -> None:
        self.link = link
        #: Where it connects from (its IP address), for the limits per address.
        self.address = link.address
        self.name = ""
        #: The protocol version its `hello` named (see `cardtable.protocol.versions`).
        self.version = PROTOCOL_VERSION
        #: The hash of the player's key proved at `hello` (`NameClaims`); None for a client
        #: without one (or of protocol 7, from before ratings), whose games are never rated.
        self.key_hash: bytes | None = None
        #: The table it sits at or watches.
        self.table: Table | None = None
        #: The ids of the tables it may run, by the creator tokens it holds.
        self.creator_of: set[int] = set()
        #: Whether it is told of every table's changes (it is in the lobby, looking on).
        self.watching_lobby = False
        self.chat_limiter = RateLimiter(config.chat_rate, config.chat_burst)
        self.action_limiter = RateLimiter(config.action_rate, config.action_burst)
        #: Bytes of history and replays read, paced.
        self.history_limiter = RateLimiter(config.history_rate, config.history_burst)
        #: The finished game it is paging through, where it stopped.
        self.replay_cursor: ReplayCursor | None = None

    def __repr__(self) -> str:
        return f"<Session {self.name or '(no name yet)'}>"

    def deliver(self, message: Message) -> None:
        """Send `message` once every change recorded before it is stored (see `Journal`)."""
        self.link.deliver(message)

    def fatal(self, code: ErrorCode, message: str) -> None:
        """Tell the client why, then close the connection."""
        self.link.fatal(code, message)
