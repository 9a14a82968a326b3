"""A server with a fixed seed deals the same games again; without one, games differ."""

from __future__ import annotations

from typing import Any

import trio

from cardtable.client.handshake import connect
from cardtable.server.app import serve
from tests.server.conftest import HOST, server_config


async def first_deals(seed: int | None, tables: int = 2) -> list[Any]:
    """The hand seat 0 is dealt at each of `tables` new tables, and after a rematch at the first."""
    hands = []
    async with trio.open_nursery() as nursery:
        server = await nursery.start(serve, server_config(seed=seed))
        async with connect(HOST, server.port, "Sid") as session:
            for _ in range(tables):
                table = await session.create_table("chinese-ten", 2, {"decks": 1})
                await session.sit(table.table_id, 0)
                await session.add_bot(table.table_id, 1)
                await session.start(table.table_id)
                await session.wait_for(lambda: session.view is not None)
                assert session.view is not None
                hands.append(session.view["table"]["hand"])
                await session.leave()
        server.stop()
    return hands


async def test_a_fixed_seed_repeats_every_table_and_varies_between_them() -> None:
    with trio.fail_after(10):
        first = await first_deals(seed=11)
        again = await first_deals(seed=11)
        other = await first_deals(seed=12)
    assert first == again
    assert first[0] != first[1]
    assert first != other


async def test_without_a_seed_deals_differ() -> None:
    with trio.fail_after(10):
        first = await first_deals(seed=None, tables=1)
        second = await first_deals(seed=None, tables=1)
    assert first != second
