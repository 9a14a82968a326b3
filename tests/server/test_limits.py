"""The server's limits: connections in all and per address, actions and requests a second.

Each limit is refused with a clear error to whoever crossed it, and nobody else notices: the
arena's two games (tests/server/test_bad_input.py) are unchanged and play on to their results.
(The rate tests stop short of playing the games out, which their low rates would make slow.)
The other limits have tests beside the code they guard: frame size, names, timeouts and the
password in test_bad_input.py (names also in test_names.py), chat length and rate in
test_chat.py, tables per player in test_lobby.py.
"""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager

import pytest
import trio

from cardtable.client.session import RequestFailed
from cardtable.protocol import ErrorCode, Pong, Welcome
from cardtable.protocol.framing import CLIENT_FRAME_LIMIT
from cardtable.protocol.messages import CHAT_LENGTH, NAME_LENGTH
from cardtable.server.app import RunningServer
from cardtable.server.config import ServerConfig
from tests.server.conftest import HOST, Connect, server_config
from tests.server.raw import RawClient, raw_connect
from tests.server.test_bad_input import (
    arena,
    assert_error,
    assert_fatal,
    assert_usable,
    frame,
    greeted,
    wait_until,
)


@asynccontextmanager
async def connect_from(address: str, port: int) -> AsyncIterator[RawClient]:
    """A raw connection to the test server from the loopback address `address`."""
    sock = trio.socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        await sock.bind((address, 0))
        await sock.connect((HOST, port))
    except BaseException:
        sock.close()
        raise
    raw = RawClient(trio.SocketStream(sock))
    try:
        yield raw
    finally:
        await raw.aclose()


class TestConnections:
    @pytest.fixture
    def config(self) -> ServerConfig:
        # The arena's four players plus two more in all; five from one address.
        return server_config(max_clients=6, max_clients_per_address=5)

    async def test_one_address_may_open_only_so_many_connections(
        self, client: Connect, server: RunningServer
    ) -> None:
        with trio.fail_after(10):
            async with arena(client, server) as world:
                before = world.snapshot()
                names = world.lobby_names
                async with raw_connect(HOST, server.port) as fifth:
                    await greeted(fifth, "Eve")
                    # A sixth from the same address is refused before it says anything.
                    async with raw_connect(HOST, server.port) as sixth:
                        error = await assert_fatal(sixth, ErrorCode.SERVER_FULL)
                        assert "5 connections from your address" in error.message
                    # Another address still gets in.
                    async with connect_from("127.0.0.2", server.port) as elsewhere:
                        await greeted(elsewhere, "Finn")
                        await assert_usable(elsewhere)
                    await assert_usable(fifth)
                # Once one closes, the address may connect again.
                await wait_until(lambda: "Eve" not in server.lobby.clients)
                async with raw_connect(HOST, server.port) as again:
                    await greeted(again, "Gus")
                await wait_until(lambda: world.lobby_names == names)
                await world.check(before)

    async def test_the_server_takes_only_so_many_connections_in_all(
        self, client: Connect, server: RunningServer
    ) -> None:
        with trio.fail_after(10):
            async with arena(client, server) as world:
                before = world.snapshot()
                async with AsyncExitStack() as stack:
                    # Connections count from their first byte: these two never greet.
                    for address in ("127.0.0.3", "127.0.0.4"):
                        await stack.enter_async_context(connect_from(address, server.port))
                    async with connect_from("127.0.0.5", server.port) as seventh:
                        error = await assert_fatal(seventh, ErrorCode.SERVER_FULL)
                        assert "full (6 connections)" in error.message
                async with connect_from("127.0.0.5", server.port) as later:
                    await wait_until(lambda: server.lobby.connection_count() < 6)
                    await greeted(later, "Eve")
                await world.check(before)


class TestRates:
    @pytest.fixture
    def config(self) -> ServerConfig:
        return server_config(action_rate=4, action_burst=3, request_rate=10, request_burst=8)

    async def test_actions_beyond_the_rate_are_refused_and_change_nothing(
        self, client: Connect, server: RunningServer
    ) -> None:
        with trio.fail_after(10):
            async with arena(client, server) as world:
                # The arena's setup used the players' bursts; let them fill again.
                await trio.sleep(1.0)
                before = world.snapshot()
                ada, bram = world.target.players
                idle = bram if ada.legal else ada
                # Three quick actions out of turn: refused by the rules, but they count.
                for _ in range(3):
                    with pytest.raises(RequestFailed) as refused:
                        await idle.act({"type": "nonsense"})
                    assert refused.value.code != ErrorCode.RATE_LIMITED
                with pytest.raises(RequestFailed) as refused:
                    await idle.act({"type": "nonsense"})
                assert refused.value.code == ErrorCode.RATE_LIMITED
                assert "at most 4 actions a second" in str(refused.value)
                assert world.snapshot() == before
                # The other player is not held back by Ada's or Bram's haste.
                cleo, dov = world.others.players
                mover = cleo if cleo.legal else dov
                await mover.act(mover.legal[0])
                # A quarter of a second later the rate allows one more.
                await trio.sleep(0.3)
                with pytest.raises(RequestFailed) as refused:
                    await idle.act({"type": "nonsense"})
                assert refused.value.code != ErrorCode.RATE_LIMITED
                await world.others.synced()
                assert world.snapshot() == before

    async def test_requests_beyond_the_rate_are_refused_one_by_one(
        self, client: Connect, server: RunningServer
    ) -> None:
        with trio.fail_after(10):
            async with arena(client, server) as world:
                before = world.snapshot()
                async with raw_connect(HOST, server.port) as raw:
                    await greeted(raw, "Eve")
                    # Twelve pings in one write: the burst of eight is answered, the rest refused.
                    await raw.send_bytes(
                        b"".join(frame({"type": "ping", "rid": rid}) for rid in range(1, 13))
                    )
                    replies = [await raw.reply() for _ in range(12)]
                    assert [reply.rid for reply in replies] == list(range(1, 13))
                    assert all(isinstance(reply, Pong) for reply in replies[:8])
                    for reply in replies[8:]:
                        assert_error(reply, ErrorCode.RATE_LIMITED, fatal=False, rid=reply.rid)
                    # The connection stays open; a little later the rate allows more.
                    await trio.sleep(0.25)
                    await assert_usable(raw)
                assert world.snapshot() == before
                await world.target.play(1)  # the players were not held back


async def test_the_welcome_tells_the_limits(server: RunningServer) -> None:
    config = server.lobby.config
    async with raw_connect(HOST, server.port) as raw:
        welcome = await greeted(raw, "Ada")
    assert isinstance(welcome, Welcome)
    assert welcome.limits.frame_size == CLIENT_FRAME_LIMIT
    assert welcome.limits.name_length == NAME_LENGTH
    assert welcome.limits.chat_length == CHAT_LENGTH
    assert welcome.limits == config.limits()
    for name in ("action_rate", "action_burst", "request_rate", "request_burst", "chat_rate"):
        assert getattr(welcome.limits, name) == getattr(config, name), name


def test_the_default_limits_suit_people_at_a_table() -> None:
    defaults = ServerConfig()
    assert defaults.max_clients_per_address == 32
    assert defaults.action_rate >= 10 and defaults.action_burst >= defaults.action_rate
    assert defaults.request_rate >= defaults.action_rate
    assert defaults.handshake_timeout <= 10 and defaults.idle_timeout >= 60
