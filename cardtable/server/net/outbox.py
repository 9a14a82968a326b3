"""What the server has still to send one client: bytes written at once when they can be, queued
for a writer task when they cannot.

Writing through a task costs a wake-up, a channel hand-over and trio's `send_all` per message,
most of a busy server's time. So `put` writes straight to the socket when nothing is queued and
the writer is idle (the socket is non-blocking: this never waits), and queues only what the
socket would not take; the writer task (`run`) sends the queue, in order, whenever it has some.
"""

from __future__ import annotations

import os
from collections import deque

import trio


class OutboxFull(Exception):
    """The peer is not reading: its queue is full."""


class Outbox:
    """A bounded queue of frames for one stream; `put` never waits."""

    def __init__(self, stream: trio.abc.Stream, limit: int) -> None:
        self.stream = stream
        self.limit = limit
        self._fd = _socket_fd(stream)
        self._queue: deque[bytes] = deque()
        self._writing = False
        self._closed = False
        self._wakeup = trio.Event()
        self.drained = trio.Event()

    def put(self, data: bytes) -> None:
        """Send or queue `data`. Raises `OutboxFull` if `limit` frames are queued already (the
        client is not reading), and `OSError` if the connection has failed (the peer is gone)."""
        if self._closed:
            return
        if self._fd is not None and not self._writing and not self._queue:
            try:
                sent = os.write(self._fd, data)
            except BlockingIOError:
                sent = 0
            if sent == len(data):
                return
            data = data[sent:]
        if len(self._queue) >= self.limit:
            raise OutboxFull(f"{self.limit} frames are waiting to be sent")
        self._queue.append(data)
        self._wakeup.set()

    def close(self) -> None:
        """Take nothing more; `run` ends once the queue is sent."""
        self._closed = True
        self._wakeup.set()

    async def run(self) -> None:
        """Send what is queued, in order, until `close`d and empty. Raises what the stream
        raises when the peer is gone (`BrokenResourceError`, `ClosedResourceError`)."""
        while True:
            if not self._queue:
                if self._closed:
                    self.drained.set()
                    return
                self._wakeup = trio.Event()
                await self._wakeup.wait()
                continue
            # Everything queued goes in one write.
            chunks = b"".join(self._queue)
            self._queue.clear()
            self._writing = True
            try:
                await self.stream.send_all(chunks)
            finally:
                self._writing = False


def _socket_fd(stream: trio.abc.Stream) -> int | None:
    """The file descriptor of a socket stream, for writing without waiting; None for others."""
    sock = getattr(stream, "socket", None)
    try:
        return sock.fileno() if sock is not None else None
    except OSError:
        return None
