"""Partners' private chat in the app: the create-table form offers it for a game played in
partnerships, and the chat panel marks a partner's channel closed while the table forbids it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.widgets import Checkbox

from cardtable.client.session import ClientSession
from cardtable.client.ui.chat import PARTNERS_CLOSED, closed_partners, parse_outgoing
from cardtable.engine import get_game
from cardtable.protocol import TableSettings, TableSummary
from tests.client.support import (
    SIZE,
    Remote,
    join_app,
    lobby_of,
    notices,
    run_async,
    screen_text,
    server_thread,
    wait_until,
)
from tests.client.test_lobby_chat import channels, choose, in_lobby, seated, sit_down
from tests.protocol.records import table_in_play

PARTNERSHIP = {"partnership": True}


def test_partners_closed_follows_the_game_the_options_and_the_setting() -> None:
    thistle, ten = get_game("thistle"), get_game("chinese-ten")

    def summary(options: dict[str, Any], partner_chat: bool = False) -> TableSummary:
        return replace(
            table_in_play("thistle", ["Tess", "Omar", "Rhea", "Ugo"]),
            options=options,
            settings=TableSettings(partner_chat=partner_chat),
        )

    assert closed_partners(thistle, summary(PARTNERSHIP), 1) == {3}
    assert closed_partners(thistle, summary(PARTNERSHIP), None) == set()
    assert closed_partners(thistle, summary(PARTNERSHIP, partner_chat=True), 1) == set()
    assert closed_partners(thistle, summary({"partnership": False}), 1) == set()
    assert closed_partners(ten, summary({"decks": 1}), 0) == set()
    names = ["Tess", "Omar", "Rhea", "Ugo"]
    assert parse_outgoing("/msg Rhea hi", "table", names, closed={2}) == PARTNERS_CLOSED
    assert parse_outgoing("hi", "seat:2", names, closed={2}) == PARTNERS_CLOSED
    assert parse_outgoing("/msg Omar hi", "table", names, closed={2}) != PARTNERS_CLOSED


def test_the_form_offers_partner_chat_for_thistle_only() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await pilot.press("n")
                await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
                assert not app.screen.query("#partner-chat")  # Chinese Ten comes first
                await choose(pilot, "#game", "Thistle")
                await wait_until(pilot, lambda: bool(app.screen.query("#partner-chat")), 5)
                box = app.screen.query_one("#partner-chat", Checkbox)
                assert box.value is False
                assert "Partners may chat privately" in screen_text(app)
                await choose(pilot, "#seats", "4")
                await choose(pilot, "#option-partnership", "on")
                await pilot.click("#partner-chat")
                await pilot.click("#bots")
                await wait_until(pilot, lambda: box.value, 5, "the box ticked")
                await pilot.click("#open")
                await seated(pilot, app, 0)

                def table() -> tuple[dict[str, Any], bool]:
                    (only,) = lobby_of(server).tables.values()
                    return dict(only.options), only.settings.partner_chat

                assert server.call(table) == (PARTNERSHIP, True)

        run_async(body, timeout=15)


def test_a_partners_channel_is_closed_until_the_table_allows_it() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)

                async def open_table(session: ClientSession) -> int:
                    table = await session.create_table("thistle", 4, PARTNERSHIP)
                    await session.sit(table.table_id, 2)  # Tess's partner
                    return int(table.table_id)

                table = await rhea.ado(open_table)
                await omar.ado(lambda session: session.sit(table, 1))
                await sit_down(pilot, app, table, 0)
                expected = ["▶ # table", "  @ Omar", "  @ Rhea (closed)"]
                await wait_until(pilot, lambda: channels(app) == expected, 5, "channels")

                await pilot.press("c")
                await pilot.press(*"/msg Rhea lead the Scotts", "enter")
                await wait_until(
                    pilot, lambda: ("", PARTNERS_CLOSED) in notices(app), 5, "the notice"
                )
                await pilot.press("ctrl+u")  # the refused line stays in the input
                await pilot.press(*"/msg Omar a bargain?", "enter")
                await wait_until(pilot, lambda: omar.chat_texts() == ["a bargain?"], 5)

                await rhea.ado(lambda session: session.configure(table, partner_chat=True))
                await wait_until(pilot, lambda: "  @ Rhea" in channels(app), 5, "Rhea open")
                await pilot.press(*"/msg Rhea lead the Scotts", "enter")
                await wait_until(pilot, lambda: rhea.chat_texts() == ["lead the Scotts"], 5)
                # Omar never hears it: a line to the table after it reaches him next.
                await pilot.press(*"all well?", "enter")
                await wait_until(pilot, lambda: len(omar.chat_texts()) > 1, 5, "the table line")
                assert omar.chat_texts() == ["a bargain?", "all well?"]

        run_async(body, timeout=15)
