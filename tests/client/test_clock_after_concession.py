"""The turn clock stops showing when the game ends, a concession included."""

from __future__ import annotations

from dataclasses import replace

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.create_table import TablePlan
from cardtable.client.ui.table import TableScreen
from cardtable.play import play_plan
from tests.client.support import SIZE, TEST_CONFIG, run_async, screen_text, shown, wait_until


def players(app: CardtableApp) -> str:
    screen = app.screen
    return shown(app, screen.query_one("#players")) if isinstance(screen, TableScreen) else ""


def test_a_conceded_game_shows_no_clock_running() -> None:
    table = TablePlan("nobility", 3, {}, settings={"clock": {"mode": "move", "move": 60}})
    plan, _server = play_plan(table, "Tess", replace(TEST_CONFIG, bot_delay=1.0))

    async def body() -> None:
        app = CardtableApp(plan)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: "⏱" in players(app), 20, "a clock running")
            assert isinstance(app.screen, TableScreen)
            await pilot.press("C")
            await wait_until(pilot, lambda: "Concede the game?" in screen_text(app), 5, "ask")
            await pilot.press("y")
            await wait_until(pilot, lambda: "game over" in screen_text(app), 10, "game over")
            await wait_until(pilot, lambda: "⏱" not in players(app), 5, "the clock gone")

    run_async(body, timeout=30)
