"""One client connection to a server: bytes over a trio stream, framed and checked by the
protocol's sans-IO `Connection`, requests matched to their replies, an idle connection kept
alive, and how the connection ended.

The transport knows nothing of tables or seats. Each message it receives goes first to the
`absorb` it was given (the session's state, which may answer with a message to send at once),
then to the request waiting for it and to every listener; then whoever waits in `wait_for` is
woken.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable
from dataclasses import replace

import trio

from cardtable.protocol import (
    Connection,
    Error,
    Message,
    NotCardtable,
    Ping,
    Rejected,
    RemoteProtocolError,
    Role,
    State,
    Welcome,
)

RECEIVE_SIZE = 256 * 1024
#: The latest errors kept of those that answer no request.
KEPT_ERRORS = 32


class RequestFailed(Exception):
    """The server refused a request: its error ``code`` and ``message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ConnectionLost(Exception):
    """The connection to the server is gone."""


class _Pending:
    """A request waiting for its reply."""

    def __init__(self) -> None:
        self.done = trio.Event()
        self.reply: Message | None = None


class Transport:
    """A client's connection to a server over `stream`, from its first byte to its close.

    ``absorb(message)`` takes in every message before anyone else hears of it, and returns a
    message to send back at once, or None.
    """

    def __init__(
        self, stream: trio.abc.Stream, absorb: Callable[[Message], Message | None]
    ) -> None:
        self.stream = stream
        self.connection = Connection(Role.CLIENT)
        self.absorb = absorb
        self.welcome: Welcome | None = None
        self.closed = False
        self.close_reason: Error | None = None
        #: Errors the server sent that answer no request of ours.
        self.errors: list[Error] = []
        #: What the server looks like, when its first bytes were another protocol's.
        self.not_cardtable: str | None = None
        self._listeners: list[Callable[[Message], None]] = []
        self._pending: dict[int, _Pending] = {}
        self._rids = itertools.count(1)
        self._send_lock = trio.Lock()
        self._changed = trio.Event()
        self._last_sent = trio.current_time()

    def on_message(self, listener: Callable[[Message], None]) -> None:
        self._listeners.append(listener)

    async def wait_for(self, predicate: Callable[[], object]) -> None:
        """Wait until `predicate()` is true, re-checking after every message."""
        while not predicate():
            if self.closed:
                raise ConnectionLost("The connection closed while waiting.")
            await self._changed.wait()

    # -- receiving ------------------------------------------------------------------------------

    async def receive_all(self) -> None:
        """Take in every message until the connection ends (run it as a task)."""
        try:
            while True:
                try:
                    data = await self.stream.receive_some(RECEIVE_SIZE)
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    return
                try:
                    items = self.connection.receive_data(data)
                except RemoteProtocolError as error:
                    if isinstance(error, NotCardtable):
                        self.not_cardtable = error.speaks
                    self.close_reason = Error(code=error.code, message=error.message, fatal=True)
                    return
                for item in items:
                    if isinstance(item, Rejected):
                        self._keep_error(item.error)
                        continue
                    answer = self._dispatch(item)
                    if answer is not None:
                        with contextlib.suppress(ConnectionLost):  # (the loop sees the end)
                            await self.send(answer)
                if not data:
                    return
        finally:
            self.closed = True
            for pending in self._pending.values():
                pending.done.set()
            self._wake()

    def _dispatch(self, message: Message) -> Message | None:
        """Hand `message` to the state, its request and the listeners; the state's answer."""
        if isinstance(message, Welcome):
            self.welcome = message
        elif isinstance(message, Error):
            if message.fatal:
                self.close_reason = message
            if message.rid is None:
                self._keep_error(message)
        answer = self.absorb(message)
        pending = self._pending.pop(message.rid, None) if message.rid is not None else None
        if pending is not None:
            pending.reply = message
            pending.done.set()
        for listener in self._listeners:
            listener(message)
        self._wake()
        return answer

    def _keep_error(self, error: Error) -> None:
        self.errors.append(error)
        del self.errors[:-KEPT_ERRORS]

    def _wake(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    # -- sending --------------------------------------------------------------------------------

    async def send(self, message: Message) -> None:
        """Send without waiting for a reply."""
        if self.closed or self.connection.state is State.CLOSED:
            # (Closed by the server's last word, a fatal error, before our reader saw the end.)
            raise ConnectionLost("The connection is closed.")
        data = self.connection.send(message)
        async with self._send_lock:
            try:
                await self.stream.send_all(data)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as error:
                raise ConnectionLost("The connection is closed.") from error
        self._last_sent = trio.current_time()

    async def request(self, message: Message) -> Message:
        """Send `message` and return the server's reply; `RequestFailed` if it is an error."""
        rid = next(self._rids)
        pending = self._pending[rid] = _Pending()
        await self.send(replace(message, rid=rid))
        await pending.done.wait()
        reply = pending.reply
        if reply is None:
            raise ConnectionLost("The connection closed before the server replied.")
        if isinstance(reply, Error):
            raise RequestFailed(reply.code, reply.message)
        return reply

    async def keep_alive(self) -> None:
        """Ping when we have been quiet for a third of the server's idle timeout (run it as a
        task once welcomed)."""
        assert self.welcome is not None
        quiet = self.welcome.limits.idle_timeout / 3
        while not self.closed:
            await trio.sleep_until(self._last_sent + quiet)
            if trio.current_time() >= self._last_sent + quiet:
                try:
                    await self.send(Ping())
                except ConnectionLost:
                    return  # whoever waits on the session hears of it

    async def aclose(self) -> None:
        self.closed = True
        await trio.aclose_forcefully(self.stream)
