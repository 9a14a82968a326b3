"""The shortest whole path: two people connect, sit, start and play a game to its result."""

from __future__ import annotations

import trio

from tests.server.conftest import Connect
from tests.server.players import play_first_legal


async def test_two_people_play_chinese_ten_to_the_end(client: Connect) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table("chinese-ten", seats=2, options={"decks": 1})
            await ada.sit(table.table_id, 0)
            await bram.sit(table.table_id, 1)
            await ada.start(table.table_id)
            async with trio.open_nursery() as nursery:
                nursery.start_soon(play_first_legal, ada)
                nursery.start_soon(play_first_legal, bram)
            assert ada.view is not None and bram.view is not None
            assert ada.view["result"] == bram.view["result"]
            assert ada.log[-1]["kind"] == "game_end"
            assert ada.table is not None and ada.table.status == "finished"
