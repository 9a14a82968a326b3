"""Ratings in the client, against a real server on loopback: the lobby shows each seated
player's rating beside their name and whether the table is rated, and `i` opens the records of
the player and of the selected table's players (← and → go from one to the next), each game's
rated games, wins, rating, chart and opponents, in 80 columns."""

from __future__ import annotations

import secrets
from typing import Any

from textual.app import App
from textual.widgets import Sparkline

from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.record_screen import RecordScreen

from .support import SIZE, Remote, join_app, run_async, screen_text, server_thread, wait_until


def detail_line(app: App[Any], start: str) -> str:
    """The line of the lobby's table detail that begins with `start` ("" if none does)."""
    for line in screen_text(app).splitlines():
        _, bar, detail = line.partition("▏")
        if bar and detail.strip().startswith(start):
            return detail.strip()
    return ""


def test_the_lobby_shows_ratings_and_opens_the_players_records() -> None:
    with (
        server_thread() as server,
        Remote(server, "Bram", key=secrets.token_hex(32)) as bram,
        Remote(server, "Cleo", key=secrets.token_hex(32)) as cleo,
    ):
        for loser in (bram, cleo, bram):  # Bram loses twice, Cleo once
            table = bram.do(lambda s: s.create_table("chinese-ten", 2, {"decks": 1})).table_id
            bram.do(lambda s, t=table: s.sit(t, 0))
            cleo.do(lambda s, t=table: s.sit(t, 1))
            bram.do(lambda s, t=table: s.start(t))
            loser.do(lambda s: s.wait_for(lambda: s.view is not None))
            loser.do(lambda s: s.concede())
            for player in (bram, cleo):
                player.do(lambda s: s.wait_for(lambda: s.view and s.view["result"]))
                player.do(lambda s: s.leave())
        practice = bram.do(
            lambda s: s.create_table("chinese-ten", 3, {"decks": 1}, {"rated": False})
        ).table_id
        bram.do(lambda s: s.sit(practice, 0))
        cleo.do(lambda s: s.sit(practice, 1))
        bram.do(lambda s: s.add_bot(practice, 2, "greedy"))
        [bram_standing] = bram.do(lambda s: s.player_record("Bram")).games
        [cleo_standing] = bram.do(lambda s: s.player_record("Cleo")).games
        app = join_app(server.port, "Tess")

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="lobby")
                seats = (
                    f"1. Bram ● · {bram_standing.rating}",
                    f"2. Cleo ● · {cleo_standing.rating}",
                    "3. Cleo (bot) · normal",  # never rated: no rating after its level
                    "Unrated (practice)",
                    "Hints on",
                )
                await wait_until(pilot, lambda: "ready" in screen_text(app), what="table 4")
                await pilot.press("down", "down", "down")  # the practice table, the last one
                await wait_until(
                    pilot,
                    lambda: [detail_line(app, words[:4]) for words in seats] == list(seats),
                    what="the seats with their ratings",
                )
                await pilot.press("i")
                await wait_until(pilot, lambda: isinstance(app.screen, RecordScreen))
                await wait_until(
                    pilot,
                    lambda: "No rated games yet." in screen_text(app),
                    what="Tess's empty record",
                )
                assert "Tess  (1 of 4: ← →)" in screen_text(app)
                await pilot.press("right")
                bram_lines = (
                    "Bram · favourite game: Chinese Ten  (2 of 4: ← →)",
                    f"Chinese Ten  3 games · 1 won · rating {bram_standing.rating}",
                    "against Cleo: 3 games, ahead in 1",
                )
                await wait_until(
                    pilot,
                    lambda: all(line in screen_text(app) for line in bram_lines),
                    what="Bram's record",
                )
                chart = app.screen.query_one(Sparkline)
                assert list(chart.data or []) == [float(v) for v in bram_standing.history]
                assert len(bram_standing.history) == 3
                assert all(len(line) <= 80 for line in screen_text(app).splitlines())
                await pilot.press("left", "left")
                await wait_until(pilot, lambda: "normal bot  (4 of 4: ← →)" in screen_text(app))
                await pilot.press("escape")
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))

        run_async(body)
