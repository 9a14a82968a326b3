"""A replay longer than a page, through the app at 80×24: the first page shows at once, the
rest come in while the player looks, and End reaches the game's last step once its page has
come."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from cardtable.client.session import ClientSession
from cardtable.client.ui.history import HistoryScreen
from cardtable.client.ui.replay import ReplayScreen
from tests.server.players import game_over

from .support import SIZE, Remote, join_app, run_async, screen_text, server_thread, wait_until

#: Four seats, two decks, two rounds: more steps than fit one page.
LONG_GAME = {"decks": 2, "rounds": 2}


def test_a_long_replay_shows_its_first_page_and_loads_the_rest(tmp_path: Path) -> None:
    # Replays paced at 32 KB a second after the first 16 KB: the pages after the first come
    # a second or more apart.
    paced = {"history_rate": 32 * 1024, "history_burst": 16 * 1024}
    with (
        server_thread(db=str(tmp_path / "server.db"), **paced) as server,
        Remote(server, "Rhea") as rhea,
    ):

        async def bots_play(session: ClientSession) -> int:
            table = await session.create_table("chinese-ten", seats=4, options=LONG_GAME)
            for seat in range(4):
                await session.add_bot(table.table_id, seat)
            await session.spectate(table.table_id)
            await session.start(table.table_id)
            await game_over(session, 1)
            return int(table.table_id)

        rhea.do(bots_play)

        async def body() -> None:
            app = join_app(server.port)
            pilot: Pilot[Any]
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: "h History" in screen_text(app), what="lobby")
                await pilot.press("h")
                await wait_until(
                    pilot,
                    lambda: isinstance(app.screen, HistoryScreen) and not app.screen.loading,
                    what="the history",
                )
                await pilot.press("enter")
                replay = app.screen
                assert isinstance(replay, ReplayScreen)
                await wait_until(pilot, lambda: replay.steps is not None, what="the first page")
                assert replay.steps is not None
                # The first page shows; the screen does not wait for the others.
                assert len(replay.steps) < replay.total
                await wait_until(pilot, lambda: "loaded to step" in screen_text(app), what="note")
                assert f"Step 0 of {replay.total - 1}" in screen_text(app)

                await pilot.press("end")
                last = replay.total - 1
                await wait_until(
                    pilot,
                    lambda: f"Step {last} of {last}" in screen_text(app),
                    30,
                    "the last step, once its page came",
                )
                assert replay.steps is not None and len(replay.steps) == replay.total
                assert [step["seq"] for step in replay.steps] == list(range(replay.total))
                assert "won" in screen_text(app)

        run_async(body, timeout=90)
