"""One client connection on the server: a reader task, a writer task and a bounded outbox.

The reader turns bytes into messages (through the sans-IO protocol `Connection`) and hands each
to the lobby (its `Host`), whole, with the session the lobby gave this connection, before
reading on (a request that reads the database is awaited). Everything sent to the client goes
through `deliver`, which never blocks (the journal may hold a message back until the change it
reports is stored): a client whose outbox is full is not reading, and is disconnected so it can
never slow anyone else down.
"""

from __future__ import annotations

import logging
from typing import Generic

import trio

from cardtable.protocol import Connection as ProtocolConnection
from cardtable.protocol import (
    Error,
    ErrorCode,
    LocalProtocolError,
    Message,
    Rejected,
    RemoteProtocolError,
    Role,
    State,
)
from cardtable.server.config import ServerConfig
from cardtable.server.errors import ServerError
from cardtable.server.net.outbox import Outbox, OutboxFull
from cardtable.server.net.rate_limiter import RateLimiter
from cardtable.server.net.reception import Host, SessionT

log = logging.getLogger("cardtable.server")

RECEIVE_SIZE = 64 * 1024


def peer_address(stream: trio.abc.Stream) -> str:
    """The address a client connects from (its IP address), for the limit per address."""
    sock = getattr(stream, "socket", None)
    try:
        peer = sock.getpeername() if sock is not None else None
    except OSError:  # already gone
        peer = None
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return "local"


class Connection(Generic[SessionT]):
    """A connected client, from its first byte to its last: bytes, framing, the limits of one
    connection, and the outbox. What the lobby knows of the person on it is its session's."""

    def __init__(
        self, stream: trio.abc.Stream, lobby: Host[SessionT], config: ServerConfig
    ) -> None:
        self.stream = stream
        self.lobby = lobby
        self.config = config
        # The server's messages are built by typed code from engine views; re-checking each one
        # field by field would cost most of the server's time. Clients check what they receive.
        self.protocol = ProtocolConnection(Role.SERVER, check_outgoing=False)
        #: Set once its `hello` is accepted.
        self.greeted = False
        self.address = peer_address(stream)
        self.request_limiter = RateLimiter(config.request_rate, config.request_burst)
        #: The lobby's session for this connection (None: the server refused it).
        self.session: SessionT | None = None
        self.closed = False
        self._outbox = Outbox(stream, config.queue_size)
        self._scope = trio.CancelScope()
        self._reader_scope = trio.CancelScope()

    def __repr__(self) -> str:
        return f"<Connection from {self.address}: {self.session!r}>"

    # -- sending --------------------------------------------------------------------------------

    def deliver(self, message: Message) -> None:
        """Send `message` once every change recorded before it is stored (see `Journal`)."""
        self.lobby.journal.deliver(self, message)

    def send_now(self, *messages: Message) -> None:
        """Queue `messages` for this client, in one write where the socket takes it, without
        ever waiting."""
        if self.closed:
            return
        frames: list[bytes] = []
        last = False
        for message in messages:
            if self.protocol.state is State.CLOSED and not isinstance(message, Error):
                continue  # the client has hung up; only a last error could still go to it
            try:
                frames.append(self.protocol.send(message))
            except LocalProtocolError:
                log.exception("%r: the server built a message it may not send", self)
                continue
            if isinstance(message, Error) and message.fatal:
                last = True
                break
        if not frames:
            return
        try:
            self._outbox.put(frames[0] if len(frames) == 1 else b"".join(frames))
        except OutboxFull:
            log.warning("%r is not reading; disconnecting it", self)
            self.abort()
            return
        except OSError:  # the client has gone; its reader sees the end too
            self.abort()
            return
        if last:
            self.finish()

    def fatal(self, code: ErrorCode, message: str) -> None:
        """Tell the client why, then close the connection (`deliver` closes after a fatal error)."""
        self.deliver(Error(code=code, message=message, fatal=True))

    def finish(self) -> None:
        """Stop reading; send what is queued, then close."""
        self.closed = True
        self._outbox.close()
        self._reader_scope.cancel()

    def abort(self) -> None:
        """Close at once, dropping whatever is queued."""
        self.closed = True
        self._scope.cancel()

    # -- the connection's life ------------------------------------------------------------------

    async def run(self) -> None:
        try:
            self.session = self.lobby.connected(self)
        except ServerError as refusal:
            self.fatal(refusal.code, refusal.message)
        try:
            with self._scope:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._write_loop)
                    with self._reader_scope:
                        await self._read_loop()
                    with trio.move_on_after(self.config.flush_timeout):
                        # What the journal still holds for this client (a fatal error, say)
                        # goes out first, then what is queued.
                        await self.lobby.journal.caught_up()
                        self.finish()
                        await self._outbox.drained.wait()
                    self.finish()
                    nursery.cancel_scope.cancel()
        finally:
            self.closed = True
            if self.session is not None:
                self.lobby.disconnected(self.session)
                self.lobby.connection_closed(self.session)
            await trio.aclose_forcefully(self.stream)

    async def _write_loop(self) -> None:
        try:
            await self._outbox.run()
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            self.abort()

    async def _read_loop(self) -> None:
        with trio.move_on_after(self.config.handshake_timeout):
            while not self.greeted:
                if not await self._read_once():
                    return
        if not self.greeted:
            seconds = self.config.handshake_timeout
            self.fatal(ErrorCode.HANDSHAKE_TIMEOUT, f"No 'hello' arrived within {seconds:g} s.")
            return
        while True:
            with trio.move_on_after(self.config.idle_timeout):
                if not await self._read_once():
                    return
                continue
            seconds = self.config.idle_timeout
            self.fatal(ErrorCode.IDLE_TIMEOUT, f"Nothing arrived for {seconds:g} s; send 'ping'.")
            return

    async def _read_once(self) -> bool:
        """Read and handle one chunk; False once the connection is over."""
        try:
            data = await self.stream.receive_some(RECEIVE_SIZE)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            return False
        try:
            items = self.protocol.receive_data(data)
        except RemoteProtocolError as error:
            self.fatal(error.code, error.message)
            return False
        session = self.session
        for item in items:
            if self.closed or session is None:
                return False
            if isinstance(item, Rejected):
                self.deliver(item.error)
            elif not self.greeted:
                self.greeted = self.lobby.greet(session, item)
            elif not self.request_limiter.allow(trio.current_time()):
                self.deliver(
                    Error(
                        code=ErrorCode.RATE_LIMITED,
                        message="You are sending requests too fast; wait a moment.",
                        rid=item.rid,
                    )
                )
            elif self.lobby.is_query(item):
                await self.lobby.answer_query(session, item)
            else:
                self.lobby.handle(session, item)
        return bool(data) and not self.closed
