"""Leaving is a choice: Ctrl-Q at a game in progress asks whether to keep the seat (and come
back to it) or give it to a bot; elsewhere it quits at once. And the away policy a table is
opened with, which its creator can change at the table.

The app joins a real server in a thread of its own (`cardtable join`), at 80×24; the other
players are headless sessions (`Remote`).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.dialogs import AwayPolicy, QuitChoice
from cardtable.client.ui.rules import RulesScreen
from cardtable.client.ui.table import TableScreen
from cardtable.protocol import SeatSummary, TableSettings
from tests.client.support import (
    SIZE,
    Remote,
    ServerThread,
    footer_with,
    join_app,
    noticed,
    run_async,
    screen_text,
    server_thread,
    settled_footer,
    shown,
    wait_until,
    words,
)
from tests.client.test_lobby_chat import choose, errors_shown, in_lobby, open_table, seated

AppPilot = Pilot[Any]


async def exited(app: CardtableApp, timeout: float = 5) -> None:
    """Wait until the app has quit by itself (its own loop is gone: no Pilot pauses)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while app.return_code is None:
        assert loop.time() < deadline, "the app did not quit"
        await asyncio.sleep(0.02)


def seat_of(remote: Remote, table: int, seat: int) -> SeatSummary:
    """Seat `seat` of `table` as `remote` last heard of it."""
    found: SeatSummary = remote.look(lambda session: session.tables[table].seats[seat])
    return found


async def until_seat(remote: Remote, table: int, seat: int, **expected: Any) -> SeatSummary:
    """Wait until seat `seat` of `table`, as `remote` hears of it, has the `expected` values."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 5
    while True:
        found = seat_of(remote, table, seat)
        if all(getattr(found, key) == value for key, value in expected.items()):
            return found
        assert loop.time() < deadline, (found, expected)
        await asyncio.sleep(0.02)


async def at_a_game(pilot: AppPilot, app: CardtableApp, rhea: Remote) -> int:
    """Rhea opens a two-seat table where the game waits for anyone away; the app sits down from
    the lobby (enter) and Rhea starts. Returns the table."""
    await in_lobby(pilot, app)
    table = await asyncio.to_thread(open_table, rhea, 2, away_bot_after=None)
    await wait_until(pilot, lambda: "waiting (1 free)" in screen_text(app), 5, "Rhea's table")
    await pilot.press("enter")
    await seated(pilot, app, 1)
    await rhea.ado(lambda session: session.start(table))
    await wait_until(pilot, lambda: "Your hand" in screen_text(app), 5, "the game")
    return table


@pytest.mark.parametrize("keep", ["k", "enter"])
def test_ctrl_q_at_a_game_asks_escape_stays_and_keeping_the_seat_leaves_it_for_later(
    keep: str,
) -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                table = await at_a_game(pilot, app, rhea)
                screen = app.screen
                assert isinstance(screen, TableScreen)

                await pilot.press("ctrl+q")
                choices = (
                    "k  Keep my seat and quit (come back later with the same command)",
                    "g  Give my seat to a bot and quit",
                    "esc  Cancel",
                )
                await wait_until(
                    pilot,
                    lambda: (
                        isinstance(app.screen, QuitChoice)
                        and all(choice in screen_text(app) for choice in choices)
                    ),
                    5,
                    "the three choices",
                )
                await pilot.press("escape")
                await wait_until(pilot, lambda: app.screen is screen, 5, "the table again")
                assert app.return_code is None

                await pilot.press("ctrl+q")
                await wait_until(pilot, lambda: isinstance(app.screen, QuitChoice), 5, "asked")
                await pilot.press(keep)
                await exited(app)
            # The seat is still ours, waiting for us to come back; no bot took it.
            seat = await until_seat(rhea, table, 1, connected=False)
            assert (seat.kind, seat.name, seat.covered) == ("player", "Tess", False)

        run_async(body, timeout=20)


def test_giving_the_seat_to_a_bot_and_quitting() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                table = await at_a_game(pilot, app, rhea)
                await pilot.press("ctrl+q")
                await wait_until(pilot, lambda: isinstance(app.screen, QuitChoice), 5, "asked")
                await pilot.press("g")
                await exited(app)
            seat = await until_seat(rhea, table, 1, kind="bot")
            assert str(seat.name).endswith("(bot)")

        run_async(body, timeout=20)


def test_ctrl_q_twice_quits_keeping_the_seat() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                table = await at_a_game(pilot, app, rhea)
                await pilot.press("ctrl+q")
                await wait_until(pilot, lambda: isinstance(app.screen, QuitChoice), 5, "asked")
                await pilot.press("ctrl+q")
                await exited(app)
            seat = await until_seat(rhea, table, 1, connected=False)
            assert seat.kind == "player"

        run_async(body, timeout=20)


def test_ctrl_q_quits_at_once_at_a_table_without_a_game_and_in_the_lobby() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await asyncio.to_thread(open_table, rhea, 2)
                await wait_until(pilot, lambda: "waiting (1 free)" in screen_text(app), 5)
                await pilot.press("enter")
                await seated(pilot, app, 1)  # the game has not started
                await pilot.press("ctrl+q")
                await exited(app)

            lobby_app = join_app(server.port, name="Ugo")
            async with lobby_app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, lobby_app)
                await pilot.press("ctrl+q")
                await exited(lobby_app)

        run_async(body, timeout=20)


# -- the away policy ------------------------------------------------------------------------------


def settings_of(server: ServerThread, table: int) -> TableSettings:
    """The table's settings, as the server keeps them."""
    assert server.server is not None
    lobby = server.server.lobby
    settings: TableSettings = server.call(lambda: lobby.tables[table].settings)
    return settings


async def type_into(pilot: AppPilot, field: Input, text: str) -> None:
    """Empty `field` and type `text` into it."""
    field.focus()
    field.value = ""
    await pilot.press(*text)


def test_the_new_table_form_sets_the_away_time_and_refuses_a_bad_one() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            errors = errors_shown(app)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await pilot.press("n")
                await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
                form = app.screen
                field = form.query_one("#away-bot-after", Input)
                assert field.value == "60"  # the default
                text = screen_text(app)
                assert "A bot covers a player away for" in text
                assert "seconds (off: the game waits)" in text
                assert "Open" in text and "Cancel" in text  # nothing cut off at 80×24

                for bad in ("5000", "soon"):
                    await type_into(pilot, field, bad)
                    await pilot.click("#open")
                    await wait_until(pilot, lambda: len(errors) == 1, 5, f"{bad} refused")
                    assert "0 to 3600" in errors.pop()
                    assert app.screen is form

                await choose(pilot, "#option-decks", "1")
                await type_into(pilot, field, "45")
                await pilot.click("#bots")  # no bots: the table waits for people
                await pilot.click("#open")
                await seated(pilot, app, 0)
                table = app.screen
                assert isinstance(table, TableScreen)
                assert settings_of(server, table.table_id).away_bot_after == 45
                players = table.query_one("#players")
                await wait_until(
                    pilot,
                    lambda: "a bot plays for anyone away 45 s" in shown(app, players),
                    5,
                    "the policy under the players",
                )
                assert errors == []

        run_async(body, timeout=20)


def test_off_in_the_form_lets_the_game_wait() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await pilot.press("n")
                await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
                await type_into(pilot, app.screen.query_one("#away-bot-after", Input), "off")
                await pilot.click("#bots")
                await pilot.click("#open")
                await seated(pilot, app, 0)
                assert isinstance(app.screen, TableScreen)
                assert settings_of(server, app.screen.table_id).away_bot_after is None
                await wait_until(
                    pilot, lambda: "the game waits for anyone away" in screen_text(app), 5
                )

        run_async(body, timeout=20)


def test_the_creator_changes_the_away_time_at_the_table_and_others_see_it() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await pilot.press("n")
                await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
                await pilot.click("#bots")
                await pilot.click("#open")
                await seated(pilot, app, 0)
                table = app.screen
                assert isinstance(table, TableScreen)
                await footer_with(
                    pilot, app, {"P Away policy": True, "q Leave": True, "^q Quit": True}
                )

                await pilot.press("P")
                await wait_until(pilot, lambda: isinstance(app.screen, AwayPolicy), 5, "dialog")
                field = app.screen.query_one("#away-seconds", Input)
                assert field.value == "60" and field.has_focus
                await type_into(pilot, field, "4000")
                await pilot.press("enter")
                await noticed(pilot, app, "The away time must be from 0 to 3600 seconds, or off.")
                assert isinstance(app.screen, AwayPolicy)
                await type_into(pilot, field, "90")
                await pilot.press("enter")
                await noticed(pilot, app, "A bot plays for anyone away 90 s.")
                await wait_until(pilot, lambda: app.screen is table, 5, "the table again")
                assert settings_of(server, table.table_id).away_bot_after == 90
                players = table.query_one("#players")
                await wait_until(
                    pilot, lambda: "a bot plays for anyone away 90 s" in shown(app, players), 5
                )
                # Someone else at the table sees the policy too (the summary carries it).
                await rhea.ado(lambda session: session.sit(table.table_id, 1))
                settings = rhea.look(lambda session: session.tables[table.table_id].settings)
                assert settings.away_bot_after == 90

                await pilot.press("P")
                await wait_until(pilot, lambda: isinstance(app.screen, AwayPolicy), 5, "dialog")
                await type_into(pilot, app.screen.query_one("#away-seconds", Input), "off")
                await pilot.press("enter")
                await noticed(pilot, app, "The game waits for anyone away.")
                assert settings_of(server, table.table_id).away_bot_after is None
                assert words("the game waits for anyone away") in words(shown(app, players))

        run_async(body, timeout=20)


def test_only_the_creator_has_the_away_policy_key() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await at_a_game(pilot, app, rhea)
                table = app.screen
                assert isinstance(table, TableScreen)
                await settled_footer(pilot, app)
                footer = screen_text(app).splitlines()[-1]
                assert "Away policy" not in footer and "q Leave" in footer, footer
                await pilot.press("P")
                # No dialog: the next key, ?, opens the rules over the table itself.
                await pilot.press("question_mark")
                await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), 5, "rules")
                assert app.screen_stack[-2] is table
                await pilot.press("escape")
                await wait_until(pilot, lambda: app.screen is table, 5, "the table")
                # Rhea's table lets the game wait, and everyone at it reads so.
                assert "the game waits for anyone away" in shown(app, table.query_one("#players"))

        run_async(body, timeout=20)


def test_a_table_of_bots_and_us_shows_no_away_policy() -> None:
    """A table of bots and one person has nobody to wait for: no policy line, no key."""
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await pilot.press("n")
                await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
                await pilot.click("#open")  # bots in the other seats, and start at once
                await wait_until(pilot, lambda: "Your hand" in screen_text(app), 5, "the game")
                table = app.screen
                assert isinstance(table, TableScreen)
                await settled_footer(pilot, app)
                footer = screen_text(app).splitlines()[-1]
                assert "Away policy" not in footer and "^q Quit" in footer, footer
                assert "away" not in shown(app, table.query_one("#players"))

        run_async(body, timeout=20)
