"""A connection to one server that comes back by itself after it drops.

The `Link` owns a `ClientSession` at a time. When the connection drops it reconnects with the
seat token it last had, so the player is back at their seat with the full view, this game's log
and the chat history; in the lobby it starts watching the tables again. Every `hello` carries
the creator tokens of the tables it opened, so its rights there survive a reconnection. With a
`SeatStore` it also keeps both kinds of token on disk, and starts from the seat kept there: a
client stopped any way at all (a crash, kill -9, a closed terminal) is back at its seat when
started again. Whoever drives the link (the terminal UI, bots, tests) hears of every message and
every change of status through callbacks.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager, AsyncExitStack

import trio

from cardtable.client.handshake import TOKEN_REFUSALS, HandshakeRefused, connect
from cardtable.client.seat_store import KeptSeats, SeatStore, kept_after
from cardtable.client.session import ClientSession, ConnectionLost
from cardtable.protocol import Error, ErrorCode, Joined, Message

#: Seconds to wait before each reconnection attempt; the last one repeats.
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0)

#: Closing codes after which coming back would be wrong or pointless.
FINAL_CODES = frozenset(
    {
        ErrorCode.REPLACED,
        ErrorCode.BAD_PASSWORD,
        ErrorCode.VERSION_MISMATCH,
        ErrorCode.BAD_NAME,
    }
)


class LinkStatus(enum.Enum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    CLOSED = "closed"


class Link:
    """A session to ``host:port`` as ``name`` that reconnects after a drop.

    ``on_message(message)`` hears every server message; ``on_status(status, text)`` hears of
    drops, reconnections and the end, with a sentence for the player. ``token`` is a seat to
    resume at the first connection; without it, the seat kept in ``store`` (if any) is resumed.
    """

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        password: str | None = None,
        on_message: Callable[[Message], None] = lambda message: None,
        on_status: Callable[[LinkStatus, str], None] = lambda status, text: None,
        retry_delays: Sequence[float] = RETRY_DELAYS,
        connect_timeout: float = 10.0,
        token: str | None = None,
        store: SeatStore | None = None,
        key: str | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.name = name
        self.password = password
        self.on_message = on_message
        self.on_status = on_status
        self.retry_delays = tuple(retry_delays)
        self.connect_timeout = connect_timeout
        self.store = store
        #: The player's key, proved at every `hello` (see `player_key`).
        self.key = key
        #: The seat we hold and the tables we opened, as the server last said (see `kept_after`).
        self.kept = store.load() if store is not None else KeptSeats()
        #: A seat token to resume at the first connection.
        self.first_token = token if token is not None else self.kept.seat_token
        self._token_was_kept = token is None and self.first_token is not None
        #: The server's refusal of the seat token we came back with, at the latest connection.
        self.seat_refusal: Error | None = None
        #: Why the kept seats could not be written to disk, if the disk refused (the link
        #: carries on; only a later start of the client would miss them).
        self.store_problem: str | None = None
        self.status = LinkStatus.RECONNECTING
        self.attempts = 0
        self._session: ClientSession | None = None
        self._connected = trio.Event()

    @property
    def session(self) -> ClientSession:
        """The current session; `ConnectionLost` while there is none."""
        if self._session is None or self._session.closed:
            raise ConnectionLost("Not connected; reconnecting…")
        return self._session

    @property
    def latest(self) -> ClientSession | None:
        """The newest session, open or closed: what the server last told us, for display."""
        return self._session

    @property
    def connected(self) -> bool:
        return self._session is not None and not self._session.closed

    async def wait_connected(self) -> ClientSession:
        """The session, once there is one."""
        while not self.connected:
            await self._connected.wait()
        return self.session

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Connect, then keep the connection up until cancelled or told not to come back.

        The first connection's failure (`OSError`, `HandshakeRefused`) is raised to the caller,
        so that a wrong address or password is reported rather than retried; except that a
        server that says it is stopping (``shutting_down``) is waited for, as after a drop.
        """
        token = self.first_token
        first = True
        #: Before the first connection: whether a server said it was stopping (so it is there).
        waiting = False
        while True:
            async with AsyncExitStack() as stack:
                try:
                    session = await stack.enter_async_context(self._connect(token))
                except (OSError, HandshakeRefused, trio.TooSlowError) as error:
                    final = isinstance(error, HandshakeRefused) and error.code in FINAL_CODES
                    if _stopping(error):
                        waiting = True
                    elif first and (final or not waiting):
                        raise
                    elif final:
                        self._close(f"The server refused to take us back: {_reason(error)}")
                        return
                    still = "Waiting for the server" if first else "Still reconnecting"
                    await self._pause(f"{still}: {_reason(error)}")
                    continue
                with contextlib.suppress(ConnectionLost):
                    await self._resumed(session, token, first)
                if first:
                    task_status.started()
                    first = False
                token = await self._follow(session)
            reason = session.close_reason
            if reason is not None and reason.code in FINAL_CODES:
                self._close(f"Disconnected: {reason.message}")
                return
            self.status = LinkStatus.RECONNECTING
            self.attempts = 0
            why = f" The server said: {reason.message}" if reason is not None else ""
            self.on_status(LinkStatus.RECONNECTING, f"Connection lost.{why} Reconnecting…")
            await self._pause(None)

    def _connect(self, token: str | None) -> AbstractAsyncContextManager[ClientSession]:
        return connect(
            self.host,
            self.port,
            self.name,
            password=self.password,
            token=token,
            creator_tokens=self.kept.tokens_to_send(),
            key=self.key,
            timeout=self.connect_timeout,
            on_message=self._keep,
        )

    def _keep(self, message: Message) -> None:
        """Keep what `message` changes about our seat and our tables (on disk, with a store)."""
        kept = kept_after(self.kept, message)
        if kept == self.kept:
            return
        self.kept = kept
        if self.store is None:
            return
        try:
            self.store.save(kept)
        except OSError as error:
            self.store_problem = f"Could not write {self.store.path}: {error.strerror or error}"
        else:
            self.store_problem = None

    async def _resumed(self, session: ClientSession, token: str | None, first: bool) -> None:
        """A new session is up: listen to it, and say where it put us."""
        self._session = session
        session.on_message(self.on_message)
        self.status = LinkStatus.CONNECTED
        self._connected.set()
        self._connected = trio.Event()
        self.seat_refusal = None
        if token is not None and session.table is not None:
            # The server's `joined` came during the handshake, before anyone listened: pass on
            # what it said, so that whoever shows the table draws it all again.
            self.on_message(
                Joined(
                    table=session.table,
                    seat=session.seat,
                    token=session.token,
                    view=session.view,
                    log=list(session.log),
                    chat=tuple(session.chat),
                )
            )
            if not first:
                back = "Reconnected: you are back at your seat."
            elif self._token_was_kept:
                back = f"You are back at your seat at table {session.table_id}."
            else:
                back = "You are back at your seat."
            self.on_status(LinkStatus.CONNECTED, back)
            return
        # Errors during the handshake (the refusal of our seat token, saying why) came before
        # anyone listened: pass them on too.
        for error in list(session.errors):
            if token is not None and error.code in TOKEN_REFUSALS:
                self.seat_refusal = error
            self.on_message(error)
        if first:
            lost = " Your seat was not kept." if token is not None else ""
            self.on_status(LinkStatus.CONNECTED, f"Connected to {self.host}:{self.port}.{lost}")
            return
        await session.list_tables(watch=True)
        lost = " Your seat was not kept." if token is not None else ""
        self.on_status(LinkStatus.CONNECTED, "Reconnected." + lost)

    async def _follow(self, session: ClientSession) -> str | None:
        """Wait until the session closes; return the seat token to come back with, if any."""
        with contextlib.suppress(ConnectionLost):
            await session.wait_for(lambda: session.closed)
        return session.token

    async def _pause(self, text: str | None) -> None:
        delay = self.retry_delays[min(self.attempts, len(self.retry_delays) - 1)]
        self.attempts += 1
        if text is not None:
            self.on_status(LinkStatus.RECONNECTING, text)
        await trio.sleep(delay)

    def _close(self, text: str) -> None:
        self.status = LinkStatus.CLOSED
        self.on_status(LinkStatus.CLOSED, text)


def _stopping(error: BaseException) -> bool:
    """Whether `error` is a server saying it is stopping: it will be back, so wait for it."""
    return isinstance(error, HandshakeRefused) and error.code == ErrorCode.SHUTTING_DOWN


def _reason(error: BaseException) -> str:
    if isinstance(error, HandshakeRefused):
        return error.message
    if isinstance(error, trio.TooSlowError):
        return "the server did not answer in time."
    return str(error) or type(error).__name__
