"""Importing a name code in the terminal client: a name another device holds is refused, the
name screen offers to import that device's code (ctrl+o), a wrong code is refused in words, the
right one moves the name to this data folder's key, and enter then joins under it."""

from __future__ import annotations

import secrets

from textual.widgets import Input

from cardtable.client.handshake import keyholder
from cardtable.client.player_key import player_key
from cardtable.client.ui.app import CardtableApp, JoinPlan
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.name_import import NameImport
from cardtable.client.ui.problem_screen import ProblemScreen
from tests.client.support import (
    SIZE,
    AppPilot,
    join_app,
    run_async,
    screen_text,
    server_thread,
    wait_until,
)
from tests.client.test_claimed_name_screen import claim
from tests.client.test_join import problem_text


async def exported(port: int, key: str) -> str:
    """A one-time code for the names `key` holds on the server at `port` (as `cardtable name
    export` asks for it on that device)."""
    async with keyholder("127.0.0.1", port, key) as session:
        return (await session.export_names()).code


async def names_of(port: int, key: str) -> list[str]:
    async with keyholder("127.0.0.1", port, key) as session:
        return await session.list_names()


async def typed_code(pilot: AppPilot, code: str) -> None:
    """Type `code` into the dialog's field, in place of what it held, and send it."""
    field = pilot.app.screen.query_one("#code", Input)
    field.value = ""
    await pilot.press(*code, "enter")


def test_a_name_code_from_another_device_is_imported_on_the_name_screen() -> None:
    other_device = secrets.token_hex(32)
    with server_thread() as server:
        server.run(claim, server.port, "Tess", other_device)
        code = server.run(exported, server.port, other_device)

        async def body() -> None:
            app = join_app(server.port, "Tess")
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "Could not join" in problem_text(app), 5)
                assert "ctrl+o: import a name code" in problem_text(app)
                await pilot.press("ctrl+o")
                await wait_until(pilot, lambda: isinstance(app.screen, NameImport), 5, "dialog")
                assert "run `cardtable name export`" in problem_text(app)
                await typed_code(pilot, "AAAAA-AAAAA")
                await wait_until(pilot, lambda: "That code does not work" in problem_text(app))
                assert isinstance(app.screen, NameImport)
                await typed_code(pilot, code)
                await wait_until(pilot, lambda: isinstance(app.screen, ProblemScreen), 5)
                assert "This device now holds Tess here: press enter to join." in (
                    problem_text(app)
                )
                assert app.screen.query_one("#answer", Input).value == "Tess"
                await pilot.press("enter")
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5, "lobby")
                await wait_until(pilot, lambda: "Lobby · you are Tess" in screen_text(app), 5)

        run_async(body, timeout=30)
        # The name is this data folder's key's now, and the other device's no more.
        assert server.run(names_of, server.port, player_key()) == ["Tess"]
        assert server.run(names_of, server.port, other_device) == []


def test_a_browser_tab_without_a_key_is_not_offered_an_import() -> None:
    with server_thread() as server:
        server.run(claim, server.port, "Tess", secrets.token_hex(32))

        async def body() -> None:
            app = CardtableApp(JoinPlan("127.0.0.1", server.port, "Tess", keep_seats=False))
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "Could not join" in problem_text(app), 5)
                assert "import a name code" not in screen_text(app).lower()
                assert app.screen.check_action("import_code", ()) is False

        run_async(body, timeout=20)
