"""The headless client session itself: keeping alive, refusals, and losing the server."""

from __future__ import annotations

import pytest
import trio

from cardtable.client.handshake import HandshakeRefused, connect
from cardtable.client.session import ConnectionLost, RequestFailed
from cardtable.protocol import ErrorCode
from cardtable.server.app import RunningServer
from tests.server.conftest import HOST, Connect, server_config


@pytest.mark.parametrize("config", [server_config(idle_timeout=0.6)])
async def test_an_idle_session_keeps_itself_alive(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Bram", keep_alive=False) as bram:
            await trio.sleep(1.5)
            assert bram.closed and bram.close_reason is not None
            assert bram.close_reason.code == ErrorCode.IDLE_TIMEOUT
            assert not ada.closed
            assert await ada.list_tables() == ()


async def test_a_taken_name_is_refused_at_the_handshake(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada"):
            with pytest.raises(HandshakeRefused) as refused:
                async with client("Ada"):
                    pass
            assert refused.value.code == ErrorCode.NAME_TAKEN
            assert "already called Ada" in refused.value.message


async def test_a_refused_request_names_its_reason(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            with pytest.raises(RequestFailed) as refused:
                await ada.sit(99, 0)
            assert refused.value.code == ErrorCode.NO_SUCH_TABLE
            assert refused.value.message == "There is no table 99."
            assert ada.errors == []  # it answered a request, so it is no stray error


async def test_nobody_listening_is_an_os_error() -> None:
    with trio.fail_after(10), pytest.raises(OSError):
        async with connect(HOST, 1, "Ada"):
            pass


async def test_waiting_on_a_session_whose_server_stops_raises(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            server.lobby.shutdown()
            with pytest.raises(ConnectionLost):
                await ada.wait_for(lambda: False)
            assert ada.close_reason is not None
            assert ada.close_reason.code == ErrorCode.SHUTTING_DOWN
            with pytest.raises(ConnectionLost):
                await ada.ping()
