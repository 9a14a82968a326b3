"""The client offers the bots' levels in the new-table form, and the lobby names each bot's
level beside it."""

from __future__ import annotations

from textual.widgets import OptionList, Select

from cardtable.client.session import ClientSession
from tests.client.support import SIZE, join_app, run_async, screen_text, server_thread, wait_until
from tests.client.test_lobby_chat import in_lobby
from tests.client.test_new_table_form import the_form


def test_the_form_offers_the_levels_weakest_first_normal_chosen() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                form = await the_form(pilot)
                choice = form.query_one("#bot-kind", Select)
                assert choice.value == "normal"
                await pilot.click("#bot-kind")
                await wait_until(pilot, lambda: choice.expanded, 5, "the levels")
                overlay = app.screen.query_one("#bot-kind SelectOverlay", OptionList)
                offered = [
                    str(overlay.get_option_at_index(index).prompt)
                    for index in range(overlay.option_count)
                ]
                assert offered == ["random", "easy", "normal", "hard"]

        run_async(body, timeout=30)


def test_the_lobby_shows_each_bots_level() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)

                async def open_table(session: ClientSession) -> None:
                    table = await session.create_table("nobility", 3)
                    await session.add_bot(table.table_id, 1, "easy")
                    await session.add_bot(table.table_id, 2, "search")

                app.request(open_table)
                await wait_until(
                    pilot, lambda: "(bot) · hard" in screen_text(app), 10, "the hard bot"
                )
                text = screen_text(app)
                assert "2. Bram (bot) · easy" in text or "(bot) · easy" in text, text
                assert all(len(line) <= 80 for line in text.splitlines())

        run_async(body, timeout=30)
