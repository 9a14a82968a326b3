"""Opening a session: connect, greet (`hello`, then the server's `welcome` or its refusal), and
resume a seat or hold a player's names on the way in; and why a server would not let us in."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import trio

from cardtable.client.session import ClientSession
from cardtable.client.single_errors import single_errors
from cardtable.client.transport import ConnectionLost, RequestFailed, Transport
from cardtable.protocol import PROTOCOL_VERSION, ErrorCode, Hello, Message


class HandshakeRefused(RequestFailed):
    """The server would not let this client in (version, password, name, full)."""


class NotCardtableServer(HandshakeRefused):
    """What answered is not a cardtable server: ``speaks`` says what it looks like, in words
    (e.g. "a web server (HTTP)")."""

    def __init__(self, speaks: str) -> None:
        text = f"It is not a cardtable server: it answers like {speaks}."
        super().__init__(ErrorCode.BAD_FRAME, text)
        self.speaks = speaks


class NoWelcome(trio.TooSlowError):
    """Something took the connection but did not greet us as a cardtable server would, within
    ``timeout`` seconds: likely another kind of server that waits for its own protocol."""

    def __init__(self, timeout: float) -> None:
        super().__init__(f"No cardtable welcome within {timeout:g} seconds.")
        self.timeout = timeout


def keyholder(
    host: str, port: int, key: str, *, password: str | None = None, timeout: float = 10.0
) -> AbstractAsyncContextManager[ClientSession]:
    """A connection with the player's `key`, for the requests about its names (`export_names`,
    `import_names`, ...): greeted under a passing name of its own (``Keyholder 3fa9c1``), so it
    never takes the name of a player who is here."""
    passing = f"Keyholder {secrets.token_hex(3)}"
    return connect(
        host, port, passing, password=password, key=key, timeout=timeout, keep_alive=False
    )


@asynccontextmanager
async def connect(
    host: str,
    port: int,
    name: str,
    *,
    password: str | None = None,
    token: str | None = None,
    creator_tokens: Sequence[str] = (),
    key: str | None = None,
    timeout: float = 10.0,
    keep_alive: bool = True,
    on_message: Callable[[Message], None] | None = None,
) -> AsyncIterator[ClientSession]:
    """Connect and greet; with `token`, also resume that seat, and with `creator_tokens`,
    claim the rights to the tables they were given for; with `key` (the player's key), hold
    the names it has claimed there. Closes on exit. `on_message` hears
    every message from the first (the `welcome`, and the `joined` or refusal of `token`).

    Raises `OSError` if the server cannot be reached, `HandshakeRefused` if it says no
    (`NotCardtableServer` if it is another protocol's server), `trio.TooSlowError` if it does
    not answer in time (`NoWelcome` if it took the connection but said nothing).
    """
    with trio.fail_after(timeout):
        stream = await trio.open_tcp_stream(host, port)
    session = ClientSession(stream, name)
    if on_message is not None:
        session.on_message(on_message)
    try:
        async with single_errors(), trio.open_nursery() as nursery:
            nursery.start_soon(session.transport.receive_all)
            await session.send(
                Hello(
                    version=PROTOCOL_VERSION,
                    name=name,
                    password=password,
                    token=token,
                    creator_tokens=list(creator_tokens),
                    key=key,
                )
            )
            try:
                with trio.fail_after(timeout):
                    await session.wait_for(lambda: session.welcome or session.close_reason)
                    if token is not None and session.welcome is not None:
                        await session.wait_for(lambda: session.table or _token_refused(session))
            except trio.TooSlowError:
                if session.welcome is None:
                    raise NoWelcome(timeout) from None
                raise
            if session.welcome is None:
                raise _refusal(session.transport)
            if keep_alive:
                nursery.start_soon(session.transport.keep_alive)
            yield session
            nursery.cancel_scope.cancel()
    except ConnectionLost:
        if session.close_reason is not None and session.welcome is None:
            raise _refusal(session.transport) from None
        raise
    finally:
        await session.aclose()


def _refusal(transport: Transport) -> HandshakeRefused:
    """Why a connection that got no `welcome` was not let in."""
    if transport.not_cardtable is not None:
        return NotCardtableServer(transport.not_cardtable)
    reason = transport.close_reason
    code = reason.code if reason else ErrorCode.BAD_MESSAGE
    text = reason.message if reason else "The server closed the connection."
    return HandshakeRefused(code, text)


#: The codes with which the server refuses a seat token at the handshake.
TOKEN_REFUSALS = frozenset({ErrorCode.BAD_TOKEN, ErrorCode.SEAT_RELEASED})


def _token_refused(session: ClientSession) -> bool:
    return any(error.code in TOKEN_REFUSALS for error in session.errors)


__all__ = [
    "TOKEN_REFUSALS",
    "HandshakeRefused",
    "NoWelcome",
    "NotCardtableServer",
    "connect",
    "keyholder",
]
