"""Listing the tables and asking for a whole view again cost the server real work: the
connections from one address share one budget of them, as well as each having its own."""

from __future__ import annotations

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import RequestFailed
from cardtable.protocol import ErrorCode
from tests.server.conftest import HOST, served, server_config


async def test_connections_from_one_address_share_its_budget_of_costly_requests() -> None:
    config = server_config(request_rate=0.01, request_burst=3)
    with trio.fail_after(20):
        async with served(config) as running:
            async with connect(HOST, running.port, "Ada") as ada:
                await ada.list_tables()
                await ada.list_tables()
                async with connect(HOST, running.port, "Bram") as bram:
                    await bram.list_tables()  # the address's third
                    with pytest.raises(RequestFailed) as refused:
                        await bram.list_tables()  # Bram's second, the address's fourth
                    assert refused.value.code == ErrorCode.RATE_LIMITED
                    assert "from your address" in refused.value.message
                    await bram.ping()  # other requests are not the address's to pace
            with trio.fail_after(5):
                while len(running.lobby.costly):
                    await trio.sleep(0.01)
            async with connect(HOST, running.port, "Cleo") as cleo:
                await cleo.list_tables()  # the address is new again: a whole budget
