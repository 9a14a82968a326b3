"""Partners' private lines over real TCP: in a partnership game the `partner_chat` setting (off by
default) decides whether partners may whisper; opponents always may, and games without
partnerships never notice the setting. The setting survives a restart."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.engine import get_game, new_game
from cardtable.protocol import ErrorCode, GameInfo
from cardtable.server.storage import SeatRecord, Store, TableRecord, open_database
from cardtable.server.storage.writes import OpenTable
from cardtable.server.table.seats import new_token
from tests.server.conftest import HOST, Connect, served, server_config
from tests.server.test_chat import heard, refused, settle, texts

THISTLE = "thistle"
PARTNERSHIP = {"partnership": True}
NAMES = ("Ada", "Bram", "Cleo", "Dov")
CLOSED = "Partners may not talk privately at this table."


@asynccontextmanager
async def four_at_table(
    client: Connect,
    game: str = THISTLE,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> AsyncIterator[tuple[int, list[ClientSession]]]:
    """Ada, Bram, Cleo and Dov on seats 0–3 of a new table Ada created (partnership Thistle
    unless told otherwise): partners are Ada & Cleo, Bram & Dov."""
    options = PARTNERSHIP if options is None else options
    async with AsyncExitStack() as stack:
        players = [await stack.enter_async_context(client(name)) for name in NAMES]
        table = await players[0].create_table(game, 4, options, settings)
        for seat, player in enumerate(players):
            await player.sit(table.table_id, seat)
        yield table.table_id, players


# -- the sides ------------------------------------------------------------------------------------


def test_the_spec_and_the_game_agree_on_the_sides() -> None:
    spec = get_game(THISTLE)
    assert spec.partnerships and GameInfo.of(spec).partnerships is True
    assert spec.sides(4, PARTNERSHIP) == new_game(THISTLE, 4, PARTNERSHIP).sides == ((0, 2), (1, 3))
    assert spec.sides(4, {}) == new_game(THISTLE, 4).sides == ((0,), (1,), (2,), (3,))
    assert spec.partners(4, PARTNERSHIP, 1) == (3,)
    assert spec.partners(4, {"partnership": False}, 1) == ()
    ten = get_game("chinese-ten")
    assert not ten.partnerships and GameInfo.of(ten).partnerships is False
    assert ten.partners(4, {}, 0) == ()


# -- partners and opponents -----------------------------------------------------------------------


async def test_partners_may_not_whisper_by_default_but_opponents_may(client: Connect) -> None:
    with trio.fail_after(10):
        async with four_at_table(client) as (tid, players):
            ada, bram, cleo, dov = players
            assert ada.tables[tid].settings.partner_chat is False
            assert await refused(ErrorCode.CHAT_CLOSED, ada.say("lead clubs", to=2)) == CLOSED
            assert await refused(ErrorCode.CHAT_CLOSED, dov.say("hold the Scotts", to=1)) == CLOSED
            await ada.start(tid)  # in play it is the same
            await refused(ErrorCode.CHAT_CLOSED, cleo.say("ok", to=0))
            await ada.say("a bargain, Bram?", to=1)
            await bram.say("name it, Ada", to=0)
            await cleo.say("Dov, leave my Grants alone", to=3)
            await settle(*players)
            assert texts(ada) == texts(bram) == ["a bargain, Bram?", "name it, Ada"]
            assert texts(cleo) == texts(dov) == ["Dov, leave my Grants alone"]
            await ada.say("the table channel is open to all")
            for player in players:
                await heard(player, "the table channel is open to all")


async def test_the_creator_can_let_partners_talk_and_stop_them_again(client: Connect) -> None:
    with trio.fail_after(10):
        async with four_at_table(client) as (tid, players):
            ada, bram, cleo, dov = players
            await refused(ErrorCode.NOT_CREATOR, cleo.configure(tid, partner_chat=True))
            await ada.configure(tid, partner_chat=True)
            await cleo.wait_for(lambda: cleo.table and cleo.table.settings.partner_chat)
            await ada.say("lead clubs", to=2)
            await dov.say("hold the Scotts", to=1)
            await settle(*players)
            assert texts(ada) == texts(cleo) == ["lead clubs"]
            assert texts(bram) == texts(dov) == ["hold the Scotts"]
            await ada.configure(tid, partner_chat=False)
            await refused(ErrorCode.CHAT_CLOSED, cleo.say("too late", to=0))


async def test_a_table_opened_with_partner_chat(client: Connect) -> None:
    with trio.fail_after(10):
        async with four_at_table(client, settings={"partner_chat": True}) as (_, players):
            ada, bram, cleo, dov = players
            await bram.say("partner, I hold the arms", to=3)
            await dov.wait_for(lambda: texts(dov) == ["partner, I hold the arms"])
            await settle(*players)
            assert texts(ada) == texts(cleo) == []


async def test_private_chat_off_closes_partners_and_opponents_alike(client: Connect) -> None:
    with trio.fail_after(10):
        settings = {"private_chat": False, "partner_chat": True}
        async with four_at_table(client, settings=settings) as (_, players):
            ada = players[0]
            message = await refused(ErrorCode.CHAT_CLOSED, ada.say("partner?", to=2))
            assert message == "Private chat is closed at this table."
            await refused(ErrorCode.CHAT_CLOSED, ada.say("opponent?", to=1))
            await settle(*players)
            assert all(player.chat == [] for player in players)


@pytest.mark.parametrize(
    ("game", "options"), [(THISTLE, {"partnership": False}), ("chinese-ten", {"decks": 1})]
)
async def test_games_without_partners_ignore_the_setting(
    client: Connect, game: str, options: dict[str, Any]
) -> None:
    with trio.fail_after(10):
        async with four_at_table(client, game, options) as (_, players):
            ada, bram, cleo, dov = players
            await ada.say("across the table", to=2)
            await bram.say("and back", to=3)
            await cleo.wait_for(lambda: texts(cleo) == ["across the table"])
            await dov.wait_for(lambda: texts(dov) == ["and back"])


async def test_partner_chat_is_true_or_false(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            settings = {"partner_chat": "yes"}
            message = await refused(
                ErrorCode.BAD_OPTIONS, ada.create_table(THISTLE, 4, PARTNERSHIP, settings)
            )
            assert "'partner_chat' is true or false" in message
            table = await ada.create_table(THISTLE, 4, PARTNERSHIP)
            await refused(ErrorCode.BAD_OPTIONS, ada.configure(table.table_id, partner_chat=1))
            message = await refused(
                ErrorCode.BAD_OPTIONS, ada.configure(table.table_id, partners=1)
            )
            assert "partner_chat" in message  # among the settings there are
            assert ada.tables[table.table_id].settings.partner_chat is False


# -- across a restart -----------------------------------------------------------------------------


async def test_partner_chat_survives_a_restart(tmp_path: Path) -> None:
    config = server_config(db=str(tmp_path / "server.db"))
    with trio.fail_after(20):
        async with served(config) as running:
            port = running.port
            async with connect(HOST, port, "Ada") as ada, connect(HOST, port, "Cleo") as cleo:
                settings = {"partner_chat": True}
                table = await ada.create_table(THISTLE, 4, PARTNERSHIP, settings)
                tid = table.table_id
                ada_token = (await ada.sit(tid, 0)).token
                cleo_token = (await cleo.sit(tid, 2)).token
                await running.lobby.journal.flush()
        async with (
            served(config) as running,
            connect(HOST, running.port, "x", token=ada_token) as ada,
            connect(HOST, running.port, "y", token=cleo_token) as cleo,
        ):
            assert ada.table is not None and ada.table.settings.partner_chat is True
            await ada.say("still with me?", to=2)
            await cleo.wait_for(lambda: texts(cleo) == ["still with me?"])


async def test_settings_stored_before_partner_chat_existed_load_with_it_off(
    tmp_path: Path,
) -> None:
    path = tmp_path / "server.db"
    tokens = [new_token() for _ in range(2)]
    store = Store(open_database(path))
    seats = (
        SeatRecord(0, "Ada", tokens[0][1], None, 1),
        SeatRecord(1, None, None, None, 0),
        SeatRecord(2, "Cleo", tokens[1][1], None, 2),
        SeatRecord(3, None, None, None, 0),
    )
    old_settings = {"table_chat": True, "private_chat": True, "bot_delay": 0.0}
    record = TableRecord(1, THISTLE, 4, PARTNERSHIP, old_settings, "Ada", time.time())
    store.write([OpenTable(record, seats)])
    store.close()
    with trio.fail_after(10):
        async with (
            served(server_config(db=str(path))) as running,
            connect(HOST, running.port, "x", token=tokens[0][0]) as ada,
            connect(HOST, running.port, "y", token=tokens[1][0]) as cleo,
        ):
            assert ada.table is not None and ada.table.settings.partner_chat is False
            assert await refused(ErrorCode.CHAT_CLOSED, ada.say("psst", to=2)) == CLOSED
            await ada.configure(1, partner_chat=True)
            await ada.say("psst", to=2)
            await cleo.wait_for(lambda: texts(cleo) == ["psst"])
