"""A client that speaks one protocol version in plain maps: it frames what it sends as every
version frames it, keeps the view of its table from each update, and checks every map the
server sends it with a `Vetting` (the fields a version's client knows)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import trio

from cardtable.protocol.framing import (
    CLIENT_FRAME_LIMIT,
    SERVER_FRAME_LIMIT,
    FrameDecoder,
    encode_frame,
    pack,
    unpack,
)
from cardtable.protocol.patch import apply_patch, patch_base

#: What a client finds in a map from the server that it does not know (nothing: all is known).
Vetting = Callable[[dict[str, Any]], list[str]]


class PlainClient:
    """One connection, greeted with a hand-made `hello` of `version`."""

    def __init__(self, stream: trio.SocketStream, version: int, vet: Vetting) -> None:
        self.stream = stream
        self.version = version
        self.vet = vet
        self.decoder = FrameDecoder(SERVER_FRAME_LIMIT)
        #: Every map the server sent, in order.
        self.received: list[dict[str, Any]] = []
        #: What the vetting found in them.
        self.unknown: list[str] = []
        #: The view of the table we sit at, kept from `joined` and each `update`.
        self.view: dict[str, Any] | None = None
        self._ready: list[dict[str, Any]] = []
        self._rid = 0

    async def send(self, body: dict[str, Any]) -> None:
        await self.stream.send_all(encode_frame(pack(body), CLIENT_FRAME_LIMIT))

    async def hello(self, name: str, **fields: Any) -> dict[str, Any]:
        """Greet as `name` and return the first answer (`welcome` or a fatal `error`)."""
        await self.send({"type": "hello", "version": self.version, "name": name, **fields})
        return await self.receive()

    async def receive(self) -> dict[str, Any]:
        """The next map from the server, vetted and taken in."""
        while not self._ready:
            data = await self.stream.receive_some(SERVER_FRAME_LIMIT)
            assert data, "the server closed the connection"
            self._ready.extend(unpack(payload) for payload in self.decoder.feed(data))
        body = self._ready.pop(0)
        self.received.append(body)
        self.unknown += self.vet(body)
        self._take_in(body)
        return body

    def _take_in(self, body: dict[str, Any]) -> None:
        if body["type"] == "joined":
            self.view = body["view"]
        elif body["type"] == "update":
            if body["view"] is not None:
                self.view = body["view"]
            elif self.view is not None:
                self.view = apply_patch(patch_base(self.view, body["events"]), body["patch"])

    async def request(self, kind: str, /, **fields: Any) -> dict[str, Any]:
        """Send a request of type `kind` and return its reply (what is pushed meanwhile is
        taken in)."""
        self._rid += 1
        await self.send({"type": kind, "rid": self._rid, **fields})
        while True:
            body = await self.receive()
            if body.get("rid") == self._rid:
                return body

    async def until(self, done: Callable[[], bool]) -> None:
        """Take in what the server sends until `done()`."""
        while not done():
            await self.receive()


@asynccontextmanager
async def plain_connect(
    port: int, version: int, vet: Vetting = lambda body: []
) -> AsyncIterator[PlainClient]:
    """A `PlainClient` of `version` connected to the server on loopback (not greeted yet)."""
    stream = await trio.open_tcp_stream("127.0.0.1", port)
    try:
        yield PlainClient(stream, version, vet)
    finally:
        await trio.aclose_forcefully(stream)
