"""Where a connection and the lobby meet: `Guest` is a connection as the lobby sees it,
`Host` the lobby as a connection sees it. Neither side imports the other (the server's `app`
puts them together)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from cardtable.protocol import ErrorCode, Message
from cardtable.server.table.seats import Member

if TYPE_CHECKING:
    from cardtable.server.chat.log import RateLimiter
    from cardtable.server.history.replays import ReplayCursor
    from cardtable.server.storage.journal import Journal
    from cardtable.server.table.table import Table


class Guest(Member, Protocol):
    """A client connection, with what the lobby keeps of it."""

    #: Where it connects from (its IP address), for the limit per address.
    address: str
    #: Set once its `hello` is accepted.
    greeted: bool
    #: The table it sits at or watches.
    table: Table | None
    #: The ids of the tables it may run, by the creator tokens it holds.
    creator_of: set[int]
    #: Whether it is told of every table's changes (it is in the lobby, looking on).
    watching_lobby: bool
    chat_limiter: RateLimiter
    action_limiter: RateLimiter
    #: Bytes of history and replays read, paced.
    history_limiter: RateLimiter
    #: The finished game it is paging through, where it stopped.
    replay_cursor: ReplayCursor | None

    def fatal(self, code: ErrorCode, message: str) -> None:
        """Tell the client why, then close the connection."""
        ...


GuestT = TypeVar("GuestT", bound=Guest, contravariant=True)


class Host(Protocol[GuestT]):
    """What a connection (a `GuestT`) asks of the lobby, from the first byte to the last."""

    @property
    def journal(self) -> Journal:
        """Holds each message back until the changes recorded before it are stored."""
        ...

    def connected(self, guest: GuestT) -> str | None:
        """Count a new connection, or say why the server refuses it."""
        ...

    def greet(self, guest: GuestT, hello: Message) -> None:
        """Answer the connection's first message (`hello`)."""
        ...

    def is_query(self, message: Message) -> bool:
        """Whether `message` reads the database, so must be awaited (`answer_query`)."""
        ...

    async def answer_query(self, guest: GuestT, message: Message) -> None: ...

    def handle(self, guest: GuestT, message: Message) -> None:
        """Answer any other request, whole, before the next is read."""
        ...

    def disconnected(self, guest: GuestT) -> None:
        """The connection has ended (any way at all)."""
        ...

    def connection_closed(self, guest: GuestT) -> None:
        """Stop counting a connection `connected` accepted."""
        ...
