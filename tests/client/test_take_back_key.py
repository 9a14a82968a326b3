"""Take-back at the table screen: `U Take back` shows in the footer only while the server says
we may take back, pressing it takes our last action back, and the log says so."""

from __future__ import annotations

from typing import Any

from textual.widgets import RichLog

from cardtable.client.ui.table import TableScreen

from .support import SIZE, footer_with, play_app, run_async, session, view, wait_until

KEY = "U Take back"
#: Take-backs are for unrated tables (`cardtable play --unrated`).
UNRATED: dict[str, object] = {"rated": False}


def log_text(table: TableScreen) -> str:
    log = table.query_one("#log", RichLog)
    return " ".join(" ".join(strip.text for strip in log.lines).split())


def test_the_take_back_key_shows_when_allowed_and_takes_back() -> None:
    async def body() -> None:
        app, _ = play_app("nobility", 3, {"rubbers": 1}, name="Tess", settings=UNRATED)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(
                pilot,
                lambda: (
                    isinstance(app.screen, TableScreen)
                    and app.screen.state is not None
                    and session(app).view is not None  # (none while the seat is rejoined)
                    and {"kind": "take"} in view(app)["legal"]
                ),
                what="our turn, with the pile to take",
            )
            table = app.screen
            assert isinstance(table, TableScreen)
            before: dict[str, Any] = view(app)
            await footer_with(pilot, app, {KEY: False, "t Take": True})
            await pilot.press("t")
            await wait_until(pilot, lambda: session(app).can_take_back, what="the take made")
            await footer_with(pilot, app, {KEY: True})
            await pilot.press("U")
            await wait_until(pilot, lambda: view(app) == before, what="the take taken back")
            await footer_with(pilot, app, {KEY: False, "t Take": True})
            table.action_log()  # (a log draws its lines once it is shown)
            await wait_until(
                pilot, lambda: "Tess took back taking " in log_text(table), what="the log's line"
            )
            await pilot.press("ctrl+q")

    run_async(body)
