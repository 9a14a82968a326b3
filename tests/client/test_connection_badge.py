"""The state of the connection stays in a corner of every screen while the server is gone,
with for how long, and says "Connected" for a moment when it is back."""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import replace
from typing import Any

import trio
from textual.app import App

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.connection_badge import BACK_SHOWN
from cardtable.client.ui.history import HistoryScreen
from cardtable.client.ui.lobby import LobbyScreen
from tests.client.support import (
    SIZE,
    TEST_CONFIG,
    ServerThread,
    join_app,
    run_async,
    screen_text,
    wait_until,
)


def top_row(text: str) -> str:
    return (text.splitlines() or [""])[0]


def down_for(app: App[Any]) -> int | None:
    """The seconds the top right corner says the connection has been down, if it says so."""
    said = re.search(r"Reconnecting… (\d+) s$", top_row(screen_text(app)).rstrip())
    return int(said.group(1)) if said else None


def counting(app: CardtableApp) -> bool:
    """Whether the corner counts seconds, waking the client up each second."""
    return app.connection_indicator.counting


def test_the_corner_says_reconnecting_until_the_server_is_back_on_every_screen() -> None:
    first = ServerThread(TEST_CONFIG)
    first.start()
    port = first.port
    again = ServerThread(replace(TEST_CONFIG, port=port))

    async def body() -> None:
        app = join_app(port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 10, "lobby")
            assert "Reconnecting" not in screen_text(app)
            # With nothing to say, the corner does not wake the client up every second.
            assert not counting(app)
            await asyncio.to_thread(first.stop)
            await wait_until(pilot, lambda: down_for(app) is not None, 10, "down")
            row = top_row(screen_text(app))
            assert len(row) <= 80 and row.rstrip().endswith(" s"), row
            # It counts the seconds, long after the notice of the drop has faded.
            await wait_until(pilot, lambda: (down_for(app) or 0) >= 5, 10, "5 s")
            assert "Connection lost" not in screen_text(app)
            assert counting(app)
            # A screen brought up meanwhile shows it too.
            await pilot.press("h")
            await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), 5, "history")
            await wait_until(
                pilot, lambda: "Reconnecting… " in top_row(screen_text(app)), 5, "on the history"
            )
            await asyncio.to_thread(again.start)
            await wait_until(
                pilot, lambda: "Connected" in top_row(screen_text(app)), 10, "connected"
            )
            assert "Reconnecting" not in screen_text(app)
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5, "lobby")
            await wait_until(
                pilot, lambda: "Connected" in top_row(screen_text(app)), 5, "lobby too"
            )
            await wait_until(
                pilot,
                lambda: "Connected" not in top_row(screen_text(app)),
                BACK_SHOWN + 3,
                "gone again",
            )
            assert not counting(app)

    try:
        run_async(body, timeout=40)
    finally:
        for server in (first, again):
            with contextlib.suppress(trio.RunFinishedError):  # (already stopped)
                server.stop()
