"""The new-table form chooses the bots' kind, and for search bots how long they think."""

from __future__ import annotations

from textual.widgets import Input

from cardtable.client.ui.table import TableScreen
from tests.client.support import SIZE, join_app, run_async, screen_text, server_thread, wait_until
from tests.client.test_leaving import settings_of, type_into
from tests.client.test_lobby_chat import choose, errors_shown, in_lobby, seated


def test_the_form_opens_a_table_of_search_bots_that_think_as_long_as_it_says() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            errors = errors_shown(app)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await pilot.press("n")
                await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
                form = app.screen
                field = form.query_one("#bot-think", Input)
                assert not field.display  # the default bot does not search
                await choose(pilot, "#bot-kind", "hard")
                await wait_until(pilot, lambda: field.display, 5, "the thinking time")
                assert field.value == "0.5"
                assert "Bots hard thinking 0.5 seconds a move" in " ".join(
                    screen_text(app).replace("▼", " ").split()
                )
                assert "Open" in screen_text(app)  # nothing cut off at 80×24

                await type_into(pilot, field, "60")
                await pilot.click("#open")
                await wait_until(pilot, lambda: len(errors) == 1, 5, "60 seconds refused")
                assert "Hard bots think from 0.05 to 10 seconds a move." in errors.pop()
                assert app.screen is form

                await type_into(pilot, field, "0.2")
                await pilot.click("#open")
                await seated(pilot, app, 0)
                screen = app.screen
                assert isinstance(screen, TableScreen)
                assert settings_of(server, screen.table_id).bot_think == 0.2
                assert server.server is not None
                lobby = server.server.lobby
                kinds = server.call(lambda: [s.bot for s in lobby.tables[screen.table_id].seats])
                assert kinds[0] is None and set(kinds[1:]) == {"hard"}
                assert errors == []

        run_async(body, timeout=30)
