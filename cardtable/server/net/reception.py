"""Where a connection and the lobby meet: `Link` is a connection as the lobby sees it, `Host`
the lobby as a connection sees it. The lobby gives each connection it accepts a session of its
own (`SessionT`), which the connection hands back with each message. Neither side imports the
other (the server's `app` puts them together)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from cardtable.protocol import ErrorCode, Message

if TYPE_CHECKING:
    from cardtable.server.storage.journal import Journal

SessionT = TypeVar("SessionT")


class Link(Protocol):
    """A client connection, as its session talks through it."""

    #: Where it connects from (its IP address), for the limits per address.
    address: str

    def deliver(self, message: Message) -> None:
        """Send `message` once every change recorded before it is stored."""
        ...

    def fatal(self, code: ErrorCode, message: str) -> None:
        """Tell the client why, then close the connection."""
        ...


class Host(Protocol[SessionT]):
    """What a connection asks of the lobby, from the first byte to the last."""

    @property
    def journal(self) -> Journal:
        """Holds each message back until the changes recorded before it are stored."""
        ...

    def connected(self, link: Link) -> SessionT:
        """Count a new connection and give it a session, or raise `ServerError` saying why
        the server refuses it (it is then not counted)."""
        ...

    def greet(self, session: SessionT, hello: Message) -> bool:
        """Answer the connection's first message (`hello`); whether it was welcomed."""
        ...

    def is_query(self, message: Message) -> bool:
        """Whether `message` reads the database, so must be awaited (`answer_query`)."""
        ...

    async def answer_query(self, session: SessionT, message: Message) -> None: ...

    def handle(self, session: SessionT, message: Message) -> None:
        """Answer any other request, whole, before the next is read."""
        ...

    def disconnected(self, session: SessionT) -> None:
        """The connection has ended (any way at all)."""
        ...

    def connection_closed(self, session: SessionT) -> None:
        """Stop counting a connection `connected` accepted."""
        ...
