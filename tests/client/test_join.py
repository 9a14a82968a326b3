"""`cardtable join`: a first connection that fails is explained with what to do, and the player
can fix a wrong password or name right there; `cardtable play --lan` lets others join.

Plain ``def`` tests that drive the app with `run_async` (Textual needs asyncio).
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import trio
from textual.app import App

from cardtable.client.handshake import connect
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.problem_screen import ProblemScreen
from cardtable.client.ui.table import TableScreen
from cardtable.protocol import TableSummary
from cardtable.server.config import ServerConfig
from tests.client.support import (
    SIZE,
    AppPilot,
    Remote,
    join_app,
    lobby_of,
    play_app,
    run_async,
    screen_text,
    server_thread,
    wait_until,
)
from tests.foreign_servers import SILENT, WEB, foreign_server


def closed_port() -> int:
    """A port nothing listens on: one the system just handed out, closed again."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def problem_text(app: App[Any]) -> str:
    """The problem screen's words, joined into one line (the dialog wraps them)."""
    return " ".join(screen_text(app).translate(str.maketrans("█▀▄", "   ")).split())


async def another_name_to_the_lobby(pilot: AppPilot, app: CardtableApp, name: str) -> None:
    """On the problem screen of a name refused: type `name` where it asks, and reach the
    lobby under it."""
    assert "Type another name below." in problem_text(app)
    assert app.focused is app.screen.query_one("#answer")
    await pilot.press(*name, "enter")
    await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5, "lobby")
    assert app.player_name == name


def test_nothing_listening_is_said_plainly_with_what_to_do() -> None:
    port = closed_port()

    async def body() -> None:
        app = join_app(port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: "Could not join" in problem_text(app), 5, "problem")
            assert isinstance(app.screen, ProblemScreen)
            text = problem_text(app)
            assert "Could not join" in text
            assert f"Nothing is listening at 127.0.0.1:{port}." in text, text
            assert "Ask the host to run `cardtable serve`" in text
            # Nothing to type here: no name or password would help.
            assert not app.screen.query("#answer")
            await wait_until(pilot, lambda: "⏎ Try again" in problem_text(app), 5, "the key")
            first = app.screen
            await pilot.press("enter")  # still nothing there: told again, on a fresh screen
            await wait_until(
                pilot,
                lambda: app.screen is not first and isinstance(app.screen, ProblemScreen),
                5,
                "a second try",
            )
            assert len(app.screen_stack) == 2

    run_async(body, timeout=10)


def test_a_web_server_at_the_address_is_said_to_be_no_cardtable_server() -> None:
    with foreign_server(WEB) as port:

        async def body() -> None:
            app = join_app(port)
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "Could not join" in problem_text(app), 5)
                text = problem_text(app)
                assert (
                    f"127.0.0.1:{port} is not a cardtable server: it answers like a web "
                    "server (HTTP)." in text
                ), text
                assert "Check the port" in text
                assert "frame" not in text and "bytes" not in text

        run_async(body, timeout=10)


def test_a_server_that_says_nothing_is_said_to_be_maybe_another_kind() -> None:
    with foreign_server(SILENT) as port:

        async def body() -> None:
            app = join_app(port)
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "Could not join" in problem_text(app), 10)
                text = problem_text(app)
                assert (
                    f"127.0.0.1:{port} took the connection but did not answer as a cardtable "
                    "server would within 5 seconds." in text
                ), text
                assert "It may be another kind of server (a web server, say)" in text

        run_async(body, timeout=15)


def test_wrong_password_then_typing_it_reaches_the_lobby() -> None:
    with server_thread(password="pw") as server:

        async def body() -> None:
            app = join_app(server.port, "Tess", password="wrong")
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "Could not join" in problem_text(app), 5)
                assert isinstance(app.screen, ProblemScreen)
                text = problem_text(app)
                assert "The server's password is needed." in text
                assert "Ask the host for the password and type it below." in text
                answer = app.screen.query_one("#answer")
                assert app.focused is answer
                assert answer.password  # type: ignore[attr-defined]
                await pilot.press("p", "w")
                await wait_until(pilot, lambda: "••" in screen_text(app), 5, "dots")
                assert "pw" not in screen_text(app)  # typed as dots, not shown
                await pilot.press("enter")
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5, "lobby")
                await wait_until(pilot, lambda: "Lobby · you are Tess" in screen_text(app), 5)
                assert server.call(lambda: "Tess" in lobby_of(server).clients)

        run_async(body, timeout=10)


def test_name_taken_then_another_name_reaches_the_lobby() -> None:
    with server_thread() as server, Remote(server, "Tess"):

        async def body() -> None:
            app = join_app(server.port, "Tess")
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "Could not join" in problem_text(app), 5)
                assert isinstance(app.screen, ProblemScreen)
                text = problem_text(app)
                assert "Someone here is already called Tess," in text
                assert "choose another name." in text
                await another_name_to_the_lobby(pilot, app, "Tessa")
                await wait_until(pilot, lambda: "Lobby · you are Tessa" in screen_text(app), 5)
                names = server.call(lambda: sorted(lobby_of(server).clients))
                assert names == ["Tess", "Tessa"]

        run_async(body, timeout=10)


def test_a_bad_name_is_explained_and_can_be_replaced() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port, "[bold]Tess[/bold]")
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "Could not join" in problem_text(app), 5)
                assert isinstance(app.screen, ProblemScreen)
                text = problem_text(app)
                assert "not '['" in text  # the server's reason, shown as written
                assert "Use letters, digits, spaces and - _ . ' only." in text
                # A second bad name is explained again, not accepted.
                await pilot.press(*"T@ss", "enter")
                await wait_until(pilot, lambda: "not '@'" in problem_text(app), 5, "second")
                assert isinstance(app.screen, ProblemScreen)
                await pilot.press(*"Tess", "enter")
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5, "lobby")
                assert app.player_name == "Tess"

        run_async(body, timeout=10)


def test_play_lan_lets_a_second_client_see_the_table() -> None:
    config = ServerConfig(host=None, port=0, bot_delay=0, seed=7)

    async def body() -> None:
        app, local = play_app(config=config)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), 5, "table")
            assert local.running is not None
            port = local.running.port

            async def look() -> tuple[TableSummary, ...]:
                async with connect("127.0.0.1", port, "Ada", timeout=5) as session:
                    return await session.list_tables()

            # A client of its own, on another thread, as another machine on the LAN would be.
            tables = await asyncio.to_thread(trio.run, look)
            assert [(t.game_kind, [s.name for s in t.seats]) for t in tables] == [
                ("chinese-ten", ["Tess", "Bram (bot)"])
            ]

    run_async(body, timeout=10)
