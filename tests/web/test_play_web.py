"""`cardtable play --lan --web` whose web port is taken: the player is told at the table, and
the game goes on."""

from __future__ import annotations

import socket

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.create_table import TablePlan
from cardtable.client.ui.table import TableScreen
from cardtable.play import free_port, local_config, play_plan
from cardtable.web.runner import WebSettings
from tests.client.support import SIZE, notices, run_async, screen_text, wait_until


def test_play_with_its_web_port_taken_tells_the_player_and_the_game_goes_on() -> None:
    with socket.socket() as taken:
        taken.bind(("", 0))
        taken.listen()
        web_port = taken.getsockname()[1]
        config = local_config(lan=True, port=free_port(0), announce=False)
        plan, server = play_plan(
            TablePlan("chinese-ten", 2, {}), "Ann", config, web=WebSettings(port=web_port)
        )
        app = CardtableApp(plan)
        told = f"Browsers cannot join: the web port {web_port} is taken; the game goes on."

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), 20)
                await wait_until(pilot, lambda: ("", told) in notices(app), 10, told)
                await wait_until(pilot, lambda: "your turn" in screen_text(app), 20)

        run_async(body)
        assert server.web_problem == told
