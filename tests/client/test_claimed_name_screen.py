"""A name another device has claimed, in the terminal client: the server's reason reaches the
name screen, another name gets in, and the device whose key holds the name gets in under it."""

from __future__ import annotations

import secrets

from cardtable.client.handshake import connect
from cardtable.client.player_key import player_key
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.problem_screen import ProblemScreen
from tests.client.support import (
    SIZE,
    join_app,
    run_async,
    screen_text,
    server_thread,
    wait_until,
)
from tests.client.test_join import another_name_to_the_lobby, problem_text
from tests.server.players import finish_a_game


async def claim(port: int, name: str, key: str) -> None:
    """`key` finishes a game under `name` on the server at `port`, which claims it."""
    async with connect("127.0.0.1", port, name, key=key) as session:
        await finish_a_game(session)
        assert await session.list_names() == [name]


def test_a_name_claimed_on_another_device_is_explained_on_the_name_screen() -> None:
    with server_thread() as server:
        server.run(claim, server.port, "Tess", secrets.token_hex(32))

        async def body() -> None:
            app = join_app(server.port, "Tess")
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "Could not join" in problem_text(app), 5)
                assert isinstance(app.screen, ProblemScreen)
                text = problem_text(app)
                assert "Tess plays here from another device and keeps the name." in text
                assert "cardtable name export" in text
                await another_name_to_the_lobby(pilot, app, "Tessa")

        run_async(body, timeout=20)


def test_the_device_whose_key_holds_the_name_gets_in_under_it() -> None:
    with server_thread() as server:
        server.run(claim, server.port, "Tess", player_key())  # this data folder's key

        async def body() -> None:
            app = join_app(server.port, "Tess")
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5, "lobby")
                await wait_until(pilot, lambda: "Lobby · you are Tess" in screen_text(app), 5)

        run_async(body, timeout=20)
