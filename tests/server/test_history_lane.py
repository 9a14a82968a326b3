"""History is paced per address as well as per connection: many connections from one box get
that box's one share, one request at a time, and the shares of addresses gone are let go."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import trio
import trio.testing

from cardtable.client.handshake import connect
from cardtable.protocol.framing import pack
from cardtable.server.history.lane import HistoryLane
from cardtable.server.net.rate_limiter import RateLimiter
from cardtable.wire.codec import to_wire
from tests.server.conftest import HOST, served, server_config
from tests.server.test_history_requests import bot_games

RATE, BURST = 1_000.0, 1_000


async def test_connections_from_one_address_share_its_budget(
    autojump_clock: trio.testing.MockClock,
) -> None:
    lane = HistoryLane(RATE, BURST)
    first, second = RateLimiter(RATE, BURST), RateLimiter(RATE, BURST)
    async with lane.turn("10.0.0.5", first) as charge:
        charge(5_000)  # four seconds of debt past the burst
    began = trio.current_time()
    async with lane.turn("10.0.0.5", second):  # a fresh connection, the same box
        waited = trio.current_time() - began
    assert 3.9 < waited < 4.1
    began = trio.current_time()
    async with lane.turn("10.0.0.6", RateLimiter(RATE, BURST)):  # another box: no wait
        assert trio.current_time() == began


async def test_one_request_at_a_time_per_address(autojump_clock: trio.testing.MockClock) -> None:
    lane = HistoryLane(RATE, BURST)
    order: list[str] = []

    async def ask(name: str, cost: int) -> None:
        async with lane.turn("10.0.0.5", RateLimiter(RATE, BURST)) as charge:
            order.append(f"{name} in")
            await trio.sleep(1)  # reading
            charge(cost)
            order.append(f"{name} out")

    async with trio.open_nursery() as nursery:
        nursery.start_soon(ask, "a", 3_000)
        await trio.testing.wait_all_tasks_blocked()
        nursery.start_soon(ask, "b", 10)
    assert order == ["a in", "a out", "b in", "b out"]


async def test_an_address_gone_is_forgotten(autojump_clock: trio.testing.MockClock) -> None:
    lane = HistoryLane(RATE, BURST)
    async with lane.turn("10.0.0.5", RateLimiter(RATE, BURST)) as charge:
        charge(10)
    assert len(lane) == 1
    lane.forget("10.0.0.5")
    assert len(lane) == 0


async def test_a_second_connection_from_the_same_address_waits_for_the_first(
    tmp_path: Path,
) -> None:
    """At a real server: Bram reads history past the address's burst; Cleo, connecting from
    the same address with a budget of her own, waits for the address's debt."""
    rate, burst = 500, 100
    config = replace(
        server_config(db=str(tmp_path / "server.db"), seed=8),
        history_rate=rate,
        history_burst=burst,
    )
    with trio.fail_after(60):
        async with served(config) as running, connect(HOST, running.port, "Ada") as ada:
            await bot_games(running, ada, 2)
            async with connect(HOST, running.port, "Bram") as bram:
                cost = len(pack(to_wire((await bram.history()).games)))
                read = trio.current_time()
            debt = (cost - burst) / rate
            assert debt > 1
            async with connect(HOST, running.port, "Cleo") as cleo:
                await cleo.history()
                assert trio.current_time() - read >= debt - 0.1
            with trio.fail_after(1):
                await ada.ping()  # the rest of the server is not held up
            assert len(running.lobby.history.lane) == 1  # Ada is still connected
        with trio.fail_after(5):
            while len(running.lobby.history.lane):
                await trio.sleep(0.01)
