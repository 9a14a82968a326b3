"""A raw-socket client for tests: send the server any bytes at all and read back what it says.

`RawClient` greets through a sans-IO `Connection` (so a hello is framed exactly as a real client
frames it) but can also send loose bytes, single frames with any payload, and any msgpack value.
Everything the server sends is split into frames with `FrameDecoder`, unpacked with msgpack and
checked against the protocol's server messages, so a test also catches a malformed reply.
"""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import trio

from cardtable.protocol import (
    PROTOCOL_VERSION,
    ChatLinePush,
    Connection,
    Hello,
    Message,
    Role,
    Sender,
    TableChanged,
    TableCreated,
    TableRemoved,
    Update,
)
from cardtable.protocol.framing import (
    HEADER,
    SERVER_FRAME_LIMIT,
    FrameDecoder,
    pack,
    unpack,
)
from cardtable.protocol.messages import MessageError, decode_message

#: Messages the server sends unasked; `RawClient.reply` skips them.
BROADCASTS = (TableChanged, TableCreated, TableRemoved, Update, ChatLinePush)


class Closed(Exception):
    """The server closed the connection."""


class RawClient:
    """One TCP connection to the server, driven byte by byte."""

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        # No outgoing checks: a test may greet with a name the protocol forbids.
        self.connection = Connection(Role.CLIENT, check_outgoing=False)
        self.decoder = FrameDecoder(SERVER_FRAME_LIMIT)
        self.received: list[Message] = []
        self._ready: list[Message] = []
        self.eof = False

    # -- sending ----------------------------------------------------------------------------

    async def send_bytes(self, data: bytes) -> None:
        await self.stream.send_all(data)

    async def send_payload(self, payload: bytes) -> None:
        """One frame carrying `payload`, whatever it is."""
        await self.send_bytes(HEADER.pack(len(payload)) + payload)

    async def send_value(self, value: Any) -> None:
        """One frame carrying `value` packed with msgpack (a map, a list, anything)."""
        await self.send_payload(pack(value))

    async def send_hello(
        self,
        name: str,
        *,
        version: int = PROTOCOL_VERSION,
        password: str | None = None,
        token: str | None = None,
    ) -> None:
        hello = Hello(version=version, name=name, password=password, token=token)
        await self.send_bytes(self.connection.send(hello))

    async def hello(self, name: str, **kwargs: Any) -> Message:
        """Greet and return the server's first answer (`welcome` or a fatal `error`)."""
        await self.send_hello(name, **kwargs)
        return await self.receive()

    async def request(self, body: Any) -> Message:
        """Send `body` as one frame and return the reply (skipping broadcasts)."""
        await self.send_value(body)
        return await self.reply()

    # -- receiving --------------------------------------------------------------------------

    async def receive(self) -> Message:
        """The next message from the server; `Closed` once it has closed the connection."""
        while not self._ready:
            if self.eof:
                raise Closed("the server closed the connection")
            try:
                data = await self.stream.receive_some(SERVER_FRAME_LIMIT)
            except trio.BrokenResourceError:
                data = b""
            if not data:
                self.eof = True
                assert self.decoder.pending == 0, "the server closed in the middle of a frame"
                continue
            for payload in self.decoder.feed(data):
                self._ready.append(_decode(unpack(payload)))
        message = self._ready.pop(0)
        self.received.append(message)
        return message

    async def reply(self) -> Message:
        """The next message that is not a broadcast (table changes, updates, chat)."""
        while True:
            message = await self.receive()
            if not isinstance(message, BROADCASTS):
                return message

    async def until_closed(self) -> list[Message]:
        """Everything the server still sends before it closes the connection."""
        messages = []
        while True:
            try:
                messages.append(await self.receive())
            except Closed:
                return messages

    async def drain(self) -> int:
        """Read and drop bytes until the server closes (or resets) the connection; how many."""
        total = 0
        while True:
            try:
                data = await self.stream.receive_some(SERVER_FRAME_LIMIT)
            except trio.BrokenResourceError:
                data = b""
            if not data:
                self.eof = True
                return total
            total += len(data)

    async def aclose(self) -> None:
        await trio.aclose_forcefully(self.stream)


def _decode(body: Any) -> Message:
    try:
        return decode_message(body, Sender.SERVER)
    except MessageError as error:  # pragma: no cover - only when the server breaks the protocol
        raise AssertionError(f"the server sent an invalid message {body!r}: {error}") from None


@asynccontextmanager
async def raw_connect(
    host: str, port: int, *, receive_buffer: int | None = None
) -> AsyncIterator[RawClient]:
    """A `RawClient` connected to the server (not greeted yet); closed on exit.

    `receive_buffer` shrinks the socket's receive buffer before it connects (so the TCP window
    stays small too), for a client that stops reading.
    """
    sock = trio.socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if receive_buffer is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        await sock.connect((host, port))
    except BaseException:
        sock.close()
        raise
    client = RawClient(trio.SocketStream(sock))
    try:
        yield client
    finally:
        await client.aclose()
