"""The client's `Transport` on its own, against a real server on a real port: the state's
`absorb` hears each message before anyone else and its answer goes out at once, a request gets
its own reply or raises the refusal, and a fatal error ends the connection with its reason."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest
import trio

from cardtable.client.transport import ConnectionLost, RequestFailed, Transport
from cardtable.protocol import (
    PROTOCOL_VERSION,
    ErrorCode,
    Hello,
    ListTables,
    Message,
    Ping,
    Sit,
    Tables,
    Welcome,
)
from cardtable.server.app import RunningServer, serve
from cardtable.server.config import ServerConfig

HOST = "127.0.0.1"


@asynccontextmanager
async def transport_to_a_server(
    absorb: Callable[[Message], Message | None],
) -> AsyncIterator[Transport]:
    """A transport to a real server, receiving; it has not said hello yet."""
    async with trio.open_nursery() as nursery:
        config = ServerConfig(host=HOST, port=0, bot_delay=0.0, seed=7)
        server: RunningServer = await nursery.start(serve, config)
        transport = Transport(await trio.open_tcp_stream(HOST, server.port), absorb)
        nursery.start_soon(transport.receive_all)
        try:
            yield transport
        finally:
            await transport.aclose()
            nursery.cancel_scope.cancel()


async def test_the_state_hears_each_message_first_and_its_answer_goes_out_at_once() -> None:
    heard: list[str] = []

    def absorb(message: Message) -> Message | None:
        heard.append(f"state: {message.type}")
        return Ping() if isinstance(message, Welcome) else None

    with trio.fail_after(10):
        async with transport_to_a_server(absorb) as transport:
            transport.on_message(lambda message: heard.append(f"listener: {message.type}"))
            await transport.send(Hello(version=PROTOCOL_VERSION, name="Ada"))
            await transport.wait_for(lambda: "listener: pong" in heard)
            assert heard == ["state: welcome", "listener: welcome", "state: pong", "listener: pong"]
            assert transport.welcome is not None and transport.welcome.name == "Ada"


async def test_a_request_gets_its_own_reply_or_raises_its_refusal() -> None:
    with trio.fail_after(10):
        async with transport_to_a_server(lambda message: None) as transport:
            await transport.send(Hello(version=PROTOCOL_VERSION, name="Ada"))
            await transport.wait_for(lambda: transport.welcome)
            first, second = await transport.request(ListTables()), await transport.request(Ping())
            assert isinstance(first, Tables) and first.rid == 1
            assert second.type == "pong" and second.rid == 2
            with pytest.raises(RequestFailed) as refused:
                await transport.request(Sit(table_id=99, seat=0))
            assert refused.value.code == ErrorCode.NO_SUCH_TABLE
            assert transport.errors == []  # it answered a request, so it is no stray error


async def test_a_fatal_error_closes_the_connection_with_its_reason() -> None:
    with trio.fail_after(10):
        async with transport_to_a_server(lambda message: None) as transport:
            await transport.send(Hello(version=PROTOCOL_VERSION + 1, name="Ada"))
            with pytest.raises(ConnectionLost):
                await transport.wait_for(lambda: False)
            assert transport.closed and transport.welcome is None
            assert transport.close_reason is not None
            assert transport.close_reason.code == ErrorCode.VERSION_MISMATCH
            assert transport.close_reason.fatal
            with pytest.raises(ConnectionLost):
                await transport.send(Ping())
