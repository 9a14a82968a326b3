"""Who is at a table: its players and spectators see who watches, by name (the lobby sees how
many, not who); and the server's bots have names no person can take or imitate."""

from __future__ import annotations

import pytest
import trio

from cardtable.client.handshake import HandshakeRefused
from cardtable.protocol import ErrorCode
from cardtable.server.app import RunningServer
from cardtable.server.bots.names import BOT_NAMES, bot_name, bot_name_problem
from cardtable.server.names import name_problem
from tests.server.conftest import Connect


async def test_the_people_at_a_table_see_who_watches_it(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(10):
        async with (
            client("Ada") as ada,
            client("Cleo") as cleo,
            client("Dov") as dov,
            client("Eve") as eve,
        ):
            table = await ada.create_table("chinese-ten", seats=2)
            tid = table.table_id
            joined = await ada.sit(tid, 0)
            assert joined.table.watchers == ()
            await eve.list_tables(watch=True)
            await cleo.spectate(tid)
            await ada.wait_for(lambda: ada.table and ada.table.watchers == ("Cleo",))
            joined = await dov.spectate(tid)
            assert joined.table.watchers == ("Cleo", "Dov")
            await ada.wait_for(lambda: ada.table and ada.table.watchers == ("Cleo", "Dov"))
            await cleo.wait_for(lambda: cleo.table and cleo.table.watchers == ("Cleo", "Dov"))
            # The lobby is told how many watch, not who.
            await eve.wait_for(lambda: eve.tables[tid].spectators == 2)
            assert eve.tables[tid].watchers is None
            await cleo.leave()
            await ada.wait_for(lambda: ada.table and ada.table.watchers == ("Dov",))


@pytest.mark.parametrize(
    "name",
    ["Ada bot", "Adabot", "Bram_BOT", "\u0410da-bot", "Zed b0t", "Hana.Bot", "Gus (bot)"],
)
async def test_nobody_may_take_a_name_that_reads_as_a_bots(client: Connect, name: str) -> None:
    with pytest.raises(HandshakeRefused) as refused:
        async with client(name):
            pytest.fail(f"{name!r} was let in")
    assert refused.value.code == ErrorCode.BAD_NAME


@pytest.mark.parametrize("name", ["Ada", "Abbot", "Robot", "greedy bot 0042", "Botany Bay"])
async def test_names_that_merely_hold_bot_are_welcome(client: Connect, name: str) -> None:
    async with client(name) as session:
        assert session.name == name


async def test_a_bots_name_carries_a_mark_no_person_may_use(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            table = await ada.create_table("chinese-ten", seats=3)
            for seat in range(3):
                await ada.add_bot(table.table_id, seat)
            summary = (await ada.list_tables())[0]
            names = [seat.name for seat in summary.seats]
            assert names == ["Ada (bot)", "Bram (bot)", "Cleo (bot)"]
    for seat in range(len(BOT_NAMES) + 1):
        name = bot_name(seat)
        assert name.endswith(" (bot)")
        assert name_problem(name) is not None  # brackets: not a person's name
        assert bot_name_problem(name) is not None
