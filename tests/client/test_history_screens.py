"""The history of finished games and their replays, driven through the app at 80×24.

Games are played to the end against the in-process server of `cardtable play` (a fixed shuffle,
instant bots; our moves go straight through the session), then looked at from the lobby with h.
What the screens show is checked against what the game told us while it was played.
"""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.boards.chinese_ten.board import ChineseTenBoard
from cardtable.client.ui.history import WINNER_WIDTH, HistoryScreen
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.replay import ReplayScores, ReplayScreen
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.engine.cards import SUIT_SYMBOLS
from cardtable.protocol.seat_holders import SeatHolder
from tests.protocol.records import history_entry_of
from tests.test_cli_history import store_finished_game

from .support import (
    SIZE,
    hand_of,
    join_app,
    notices,
    play_app,
    run_async,
    screen_text,
    server_thread,
    wait_until,
)

#: One deck: 13 cards each for two players, so a game is a handful of turns, and no card
#: appears twice (a card's label on the screen names one card).
ONE_DECK = {"decks": 1}

AppPilot = Pilot[Any]


# -- playing -------------------------------------------------------------------------------------


def top(app: CardtableApp) -> Screen[Any]:
    return app.screen


def session_of(app: CardtableApp) -> ClientSession | None:
    return app.link.latest if app.link else None


async def play_out(pilot: AppPilot, app: CardtableApp) -> dict[str, Any]:
    """Play our moves (each time the first legal action) until the game's last scores show;
    returns what the game told our seat: its log, the final view and the players."""
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
    acted_at = (-1, -1)  # the game and seq we last acted at: act once per update, never twice
    deadline = asyncio.get_running_loop().time() + 60
    while not (isinstance(app.screen, ScoringScreen) and app.screen.over):
        assert asyncio.get_running_loop().time() < deadline, "the game did not end"
        session = session_of(app)
        if session is not None and session.legal and (session.game_no, session.seq) != acted_at:
            acted_at = (session.game_no, session.seq)
            action = session.legal[0]

            async def act(s: ClientSession, action: dict[str, Any] = action) -> None:
                await s.act(action)

            app.request(act)
        await pilot.pause(0.02)
    session = session_of(app)
    assert session is not None and session.table is not None and session.view is not None
    names = [seat.name for seat in session.table.seats]
    return {"log": list(session.log), "view": session.view, "names": names}


async def to_the_lobby(pilot: AppPilot, app: CardtableApp) -> None:
    await pilot.press("o")  # the scoring window's "back to the lobby"
    await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")


async def open_history(pilot: AppPilot, app: CardtableApp) -> HistoryScreen:
    await pilot.press("h")
    await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), what="the history")
    screen = app.screen
    assert isinstance(screen, HistoryScreen)
    await wait_until(pilot, lambda: not screen.loading, what="the first page")
    return screen


async def loaded(pilot: AppPilot, replay: ReplayScreen, seat: int | None) -> None:
    await wait_until(
        pilot,
        lambda: not replay.loading and replay.steps is not None and replay.seat == seat,
        what=f"the replay from seat {seat}",
    )


# -- what the screen shows -----------------------------------------------------------------------


def words(text: str) -> str:
    return " ".join(text.split())


def label(card: dict[str, Any]) -> str:
    return f"{card['rank']}{SUIT_SYMBOLS[card['suit']]}"


def rows(screen: HistoryScreen) -> list[list[str]]:
    table = screen.query_one("#history", DataTable)
    return [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]


def shown(app: CardtableApp, selector: str) -> str:
    """A widget's part of the screen, its rows joined by newlines."""
    region = app.screen.query_one(selector).region
    lines = screen_text(app).splitlines()
    return "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])


def board_text(app: CardtableApp, replay: ReplayScreen) -> str:
    return shown(app, "#board")


def hand_on_screen(app: CardtableApp, replay: ReplayScreen) -> set[str]:
    """The card labels in the hand the board shows (the rows under "Your hand")."""
    text = board_text(app, replay)
    assert "Your hand" in text, text
    return set(text.partition("Your hand")[2].split()[1:])


def step_line(app: CardtableApp) -> str:
    """The line above the players: which step of how many, and who made it."""
    return shown(app, "#replay-step").strip()


def scores(played: dict[str, Any]) -> tuple[str, str]:
    """The final scores and the winner as the history should show them."""
    result, names = played["view"]["result"], played["names"]
    totals = " · ".join(
        f"{names[side[0]]} {total}"
        for side, total in zip(result["sides"], result["totals"], strict=True)
    )
    return totals, " & ".join(names[seat] for seat in result["winning_seats"])


# -- a game, listed and replayed -----------------------------------------------------------------


def test_a_finished_game_is_listed_and_replayed_step_by_step_from_every_seat() -> None:
    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            played = await play_out(pilot, app)
            await to_the_lobby(pilot, app)
            assert "h History" in screen_text(app)
            history = await open_history(pilot, app)

            # The game, with its players, their final scores and the winner.
            totals, winner = scores(played)
            assert played["names"] == ["Tess", "Bram (bot)"]
            assert [row[1:] for row in rows(history)] == [["Chinese Ten", "1", "1", winner, totals]]
            text = screen_text(app)
            assert "Chinese Ten at table 1, game 1" in text
            assert f"{totals} · {winner} won" in text
            # The options in the lobby's words.
            assert "decks: 1, rounds: 1, strict: off" in text

            # Enter replays it from our seat, from the deal on.
            await pilot.press("enter")
            assert isinstance(app.screen, ReplayScreen)
            replay = app.screen
            await loaded(pilot, replay, 0)
            # The steps hold the events our seat was told while playing, in order: the deal,
            # then one step per action, begun by the seat that acted.
            assert replay.steps is not None
            steps = replay.steps
            assert [event for step in steps for event in step["events"]] == played["log"]
            last = len(steps) - 1
            assert last >= 10 and replay.last == last

            def actor(step: int) -> str:
                return str(played["names"][steps[step]["events"][0]["seat"]])

            assert step_line(app) == f"Step 0 of {last} — the deal"
            assert "Tess's seat" in screen_text(app)
            deal = played["log"][0]
            assert deal["kind"] == "deal"
            ours = {label(card) for card in deal["hand"]}
            assert len(ours) == 13
            assert f"Your hand ({len(ours)})" in board_text(app, replay)
            assert hand_on_screen(app, replay) == ours
            assert "Round 1: Tess deals." in screen_text(app)  # the log

            # Forward, back, to the end and to the start.
            for _ in range(3):
                await pilot.press("right")
            assert step_line(app) == f"Step 3 of {last} — {actor(3)}"
            await pilot.press("left")
            assert step_line(app) == f"Step 2 of {last} — {actor(2)}"
            await pilot.press("end")
            assert step_line(app) == f"Step {last} of {last} — {actor(last)}"
            assert words(shown(app, "#replay-result")) == f"{winner} won. Final: {totals}"
            await pilot.press("right")  # past the end: stays
            assert step_line(app).startswith(f"Step {last} of {last} — ")
            await pilot.press("v")
            scores_shown = top(app)  # (mypy takes app.screen for the replay still)
            assert isinstance(scores_shown, ReplayScores)
            assert "Round 1 scores" in screen_text(app) and "This round" in screen_text(app)
            await pilot.press("escape")
            assert top(app) is replay
            await pilot.press("home")
            assert step_line(app) == f"Step 0 of {last} — the deal"
            assert words(shown(app, "#replay-result")) == f"Next: {actor(1)} plays."
            await pilot.press("left")  # before the deal: stays
            assert step_line(app) == f"Step 0 of {last} — the deal"

            # p: the other seat's eyes at the same step; its hand, not ours.
            await pilot.press("right", "right")
            await pilot.press("p")
            await loaded(pilot, replay, 1)
            assert step_line(app) == f"Step 2 of {last} — {actor(2)}"
            assert "Bram (bot)'s seat" in screen_text(app)
            await pilot.press("home")
            theirs = hand_on_screen(app, replay)
            assert len(theirs) == 13 and not theirs & ours
            assert isinstance(replay.board, ChineseTenBoard)
            assert theirs == {label(card) for card in hand_of(replay.board)}
            # Then a spectator's, who sees no hand; then ours again.
            await pilot.press("p")
            await loaded(pilot, replay, None)
            assert "a spectator" in screen_text(app)
            assert "You are watching." in board_text(app, replay)
            await pilot.press("p")
            await loaded(pilot, replay, 0)
            assert hand_on_screen(app, replay) == ours

            await pilot.press("escape")
            assert top(app) is history
            await pilot.press("escape")
            assert isinstance(top(app), LobbyScreen)
            await pilot.press("ctrl+q")

    run_async(body)


def test_older_games_come_a_page_at_a_time_the_latest_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(HistoryScreen, "PAGE", 1)

    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            first = await play_out(pilot, app)
            await pilot.press("r")  # a rematch: game 2 at the same table
            await wait_until(
                pilot,
                lambda: getattr(session_of(app), "game_no", 0) == 2,
                what="game 2",
            )
            second = await play_out(pilot, app)
            await to_the_lobby(pilot, app)
            history = await open_history(pilot, app)

            assert [row[1:4] for row in rows(history)] == [["Chinese Ten", "1", "2"]]
            assert rows(history)[0][4:] == list(reversed(scores(second)))
            assert "m: older ones" in screen_text(app) and "m Older games" in screen_text(app)
            await pilot.press("m")
            await wait_until(pilot, lambda: len(rows(history)) == 2, what="the second page")
            assert [row[3] for row in rows(history)] == ["2", "1"]
            assert rows(history)[1][4:] == list(reversed(scores(first)))
            await wait_until(pilot, lambda: not history.loading, what="the page to settle")
            assert not history.more
            assert "2 finished games" in screen_text(app)
            assert "m Older games" not in screen_text(app)

            # The older one replays as itself: game 1, whose deal was the first.
            await pilot.press("down", "enter")
            assert isinstance(app.screen, ReplayScreen)
            replay = app.screen
            await loaded(pilot, replay, 0)
            assert "table 1, game 1" in screen_text(app)
            deal = first["log"][0]
            assert hand_on_screen(app, replay) == {label(card) for card in deal["hand"]}
            await pilot.press("ctrl+q")

    run_async(body)


def winners_of(result: dict[str, Any], names: tuple[str, ...]) -> str:
    return " & ".join(names[seat] for seat in result["winning_seats"])


def test_a_seat_taken_over_shows_who_played_each_step_and_both_holders(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    holders = (SeatHolder(1, 5, "Cleo", bot_for=True), SeatHolder(1, 9, "greedy bot 9590"))
    result = store_finished_game(path, 1, ("Ada", "Cleo"), seed=3, holders=holders)
    held = "Cleo, then greedy bot 9590"

    async def body(port: int) -> None:
        app = join_app(port, name="greedy bot 9590")
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="lobby")
            await open_history(pilot, app)
            ada, cleo = result["totals"]
            assert f"Ada {ada} · {held} {cleo}" in screen_text(app)  # the detail
            # In the list, long winners are cut to leave the players' column in sight.
            header, row = shown(app, "#history").splitlines()[:2]
            assert "Players" in header, header
            # (This game was won by Cleo's seat, so its winners are longer than the column.)
            assert len(winners_of(result, ("Ada", held))) > WINNER_WIDTH
            assert "…" in row and f"Ada {ada}" in row, row

            # The replay opens from the seat we took over, named by who held it then.
            await pilot.press("enter")
            replay = app.screen
            assert isinstance(replay, ReplayScreen)
            await loaded(pilot, replay, 1)
            assert "Cleo's seat" in screen_text(app)
            assert replay.steps is not None
            by_cleo = [step["seq"] for step in replay.steps if step["actor"] == 1]
            shown_steps = {
                "Cleo": min(by_cleo),
                "bot for Cleo": min(seq for seq in by_cleo if seq >= 5),
                "greedy bot 9590": min(seq for seq in by_cleo if seq >= 9),
            }
            for who, seq in shown_steps.items():
                await pilot.press("home", *["right"] * seq)
                assert step_line(app) == f"Step {seq} of {replay.last} — {who}"
                assert who in shown(app, "#players")
                # The log tells that step's events by the name of who played it.
                log = [line.lstrip("▏") for line in shown(app, "#replay-log").splitlines()]
                assert any(line.startswith((f"{who} plays ", f"{who} lays ")) for line in log)
            await pilot.press("end")
            assert "greedy bot 9590's seat" in screen_text(app)
            winners = winners_of(result, ("Ada", held))
            final = words(shown(app, "#replay-result"))
            assert final == f"{winners} won. Final: Ada {ada} · {held} {cleo}"
            await pilot.press("ctrl+q")

    with server_thread(db=str(path)) as server:
        run_async(lambda: body(server.port))


# -- no games, and a failed request --------------------------------------------------------------


def test_a_server_without_finished_games_says_so_and_a_missing_game_is_refused() -> None:
    async def body(port: int) -> None:
        app = join_app(port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="lobby")
            history = await open_history(pilot, app)
            assert rows(history) == []
            assert "No finished games yet." in screen_text(app)
            assert "Replay" not in screen_text(app)  # nothing to replay: not in the footer
            await pilot.press("enter")
            assert top(app) is history

            # A game the server does not have (a list from before it was reset, say): the
            # replay says so, and escape goes back.
            entry = history_entry_of(99, "chinese-ten", "Chinese Ten", ["Tess", "Bo"])
            replay = ReplayScreen(entry, 0)
            await app.push_screen(replay)
            await wait_until(pilot, lambda: replay.problem is not None, what="the refusal")
            message = "There is no finished game 99 in the history."
            assert words(step_line(app)) == f"Could not load the game: {message}"
            await wait_until(pilot, lambda: ("Replay", message) in notices(app), what="the notice")
            await pilot.press("right", "end", "p", "v")  # nothing to step through: no harm
            assert top(app) is replay and replay.steps is None
            await pilot.press("escape")
            assert top(app) is history
            await pilot.press("escape")
            assert isinstance(top(app), LobbyScreen)
            await pilot.press("ctrl+q")

    with server_thread() as server:
        run_async(lambda: body(server.port))


def test_a_history_request_the_server_fails_is_shown_and_r_tries_again(tmp_path: Path) -> None:
    path = tmp_path / "server.db"

    def sql(statement: str) -> None:
        with closing(sqlite3.connect(path)) as connection:
            connection.execute(statement)
            connection.commit()

    async def body(port: int) -> None:
        app = join_app(port)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="lobby")
            # The server's file loses its games table: the server cannot read the history.
            sql("ALTER TABLE games RENAME TO games_elsewhere")
            history = await open_history(pilot, app)
            text = screen_text(app)
            assert "Could not load the games: The server failed on that request" in words(text)
            failed = ("History", "The server failed on that request; nothing else was affected.")
            await wait_until(pilot, lambda: failed in notices(app), what="the notice")
            assert "No finished games yet." not in text

            sql("ALTER TABLE games_elsewhere RENAME TO games")
            await pilot.press("r")
            await wait_until(pilot, lambda: not history.loading, what="the second try")
            assert history.problem is None
            assert "No finished games yet." in screen_text(app)
            await pilot.press("ctrl+q")

    with server_thread(db=str(path)) as server:
        run_async(lambda: body(server.port))
