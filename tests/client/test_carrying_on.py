"""The table can carry on without someone: an away player shows in the players panel with the
votes to let a bot play for them; `A` hands their seat to a bot (at once for the table's
creator, else as a vote), `R` gives it up for good (the creator, after asking), and people in
the lobby see the open seat and sit in it.

The app joins a real server in a thread of its own (`cardtable join`), at 80×24; the other
players are headless sessions (`Remote`) that drop out by closing their connection.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.dialogs import Confirm, SeatChooser
from cardtable.client.ui.table import TableScreen
from cardtable.protocol import SeatSummary
from tests.client.support import (
    SIZE,
    Remote,
    join_app,
    noticed,
    run_async,
    screen_text,
    server_thread,
    shown,
    wait_until,
    words,
)
from tests.client.test_lobby_chat import (
    choose,
    detail,
    errors_shown,
    in_lobby,
    latest,
    open_table,
    rows,
    seated,
)

AppPilot = Pilot[Any]


def players(app: CardtableApp) -> str:
    """The players panel as shown, its words joined by single spaces."""
    assert isinstance(app.screen, TableScreen)
    return words(shown(app, app.screen.query_one("#players")))


async def footer_shows(
    pilot: AppPilot, app: CardtableApp, shows: tuple[str, ...], hides: tuple[str, ...] = ()
) -> None:
    """Wait until the footer (the last row) shows each of `shows` and none of `hides`."""

    def right() -> bool:
        footer = screen_text(app).splitlines()[-1]
        return all(key in footer for key in shows) and not any(key in footer for key in hides)

    try:
        await wait_until(pilot, right, 5, "the footer")
    except AssertionError:
        raise AssertionError(screen_text(app).splitlines()[-1]) from None


async def panel_says(pilot: AppPilot, app: CardtableApp, text: str) -> None:
    await wait_until(pilot, lambda: words(text) in players(app), 5, repr(text))


def asked(app: CardtableApp) -> str:
    """The question a dialog shows, its words joined by single spaces."""
    return words(shown(app, app.screen.query_one(".dialog Static")))


def seat_of(app: CardtableApp, seat: int) -> SeatSummary:
    table = latest(app).table
    assert table is not None
    return table.seats[seat]


async def creator_with_omar_away(pilot: AppPilot, app: CardtableApp, omar: Remote) -> int:
    """The app opens a two-seat table through the form (no bots; the game waits for anyone
    away), Omar sits, the app starts the game, and Omar's connection drops. Returns the table."""
    await in_lobby(pilot, app)
    await pilot.press("n")
    await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
    await choose(pilot, "#option-decks", "1")
    field = app.screen.query_one("#away-bot-after")
    field.focus()
    field.value = ""  # type: ignore[attr-defined]
    await pilot.press(*"off")
    await pilot.click("#bots")
    await pilot.click("#open")
    await seated(pilot, app, 0)
    table = latest(app).table_id
    assert table is not None
    await omar.ado(lambda session: session.sit(table, 1))
    await wait_until(pilot, lambda: "ready to start" in screen_text(app), 5, "Omar seated")
    await pilot.press("s")
    await wait_until(pilot, lambda: "Your hand" in screen_text(app), 5, "the game")
    await asyncio.to_thread(omar.close)
    await panel_says(pilot, app, "Omar ○ away")
    return table


def test_the_creator_hands_an_away_seat_to_a_bot_then_gives_it_up() -> None:
    with server_thread() as server, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            errors = errors_shown(app)
            async with app.run_test(size=SIZE) as pilot:
                await creator_with_omar_away(pilot, app, omar)
                # Both keys fit the footer at 80 columns, and Leave and Quit stay.
                await footer_shows(
                    pilot, app, ("A Bot for away", "R Release seat", "q Leave", "^q Quit")
                )

                await pilot.press("A")  # one away seat: no question which
                await noticed(pilot, app, "A bot plays for Omar now.")
                await panel_says(pilot, app, "Omar ○ bot plays")
                assert seat_of(app, 1).covered
                await footer_shows(pilot, app, ("R Release seat", "^q Quit"), ("Bot for away",))

                await pilot.press("R")
                question = (
                    "Give Omar's seat up? Omar's token stops working and whoever sits there "
                    "next plays on with the hand."
                )
                await wait_until(
                    pilot,
                    lambda: isinstance(app.screen, Confirm) and question == asked(app),
                    5,
                    "asked",
                )
                await pilot.press("n")  # not yet
                await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), 5)
                assert seat_of(app, 1).kind == "player"

                await pilot.press("R")
                await wait_until(pilot, lambda: isinstance(app.screen, Confirm), 5, "asked")
                await pilot.press("y")
                await noticed(pilot, app, "Omar's seat is open for someone else to sit in.")
                await panel_says(pilot, app, "seat 2 (open)")
                await panel_says(pilot, app, "seat 2: a bot plays until someone sits")
                seat = seat_of(app, 1)
                assert (seat.kind, seat.covered) == ("empty", True)
                await footer_shows(pilot, app, ("q Leave", "^q Quit"), ("Release seat",))
                assert errors == []

        run_async(body, timeout=20)


def test_a_player_votes_for_a_bot_choosing_among_two_away_seats() -> None:
    with (
        server_thread() as server,
        Remote(server, "Rhea") as rhea,
        Remote(server, "Omar") as omar,
        Remote(server, "Pia") as pia,
    ):

        async def body() -> None:
            app = join_app(server.port)
            errors = errors_shown(app)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 4, away_bot_after=None)
                await omar.ado(lambda session: session.sit(table, 2))
                await pia.ado(lambda session: session.sit(table, 3))
                await wait_until(pilot, lambda: "waiting (1 free)" in screen_text(app), 5)
                await pilot.press("enter")
                await seated(pilot, app, 1)
                await rhea.ado(lambda session: session.start(table))
                await wait_until(pilot, lambda: "Your hand" in screen_text(app), 5, "the game")
                await asyncio.to_thread(omar.close)
                await asyncio.to_thread(pia.close)
                await panel_says(pilot, app, "Omar ○ away")
                await panel_says(pilot, app, "Pia ○ away")

                # Not the creator: a vote, and no key to give a seat up or set the policy.
                await footer_shows(
                    pilot, app, ("A Bot for away", "^q Quit"), ("Release", "Away policy")
                )

                await pilot.press("A")
                lines = ("Vote to let a bot play for whom?", "1  Omar", "2  Pia", "esc  Cancel")
                await wait_until(
                    pilot,
                    lambda: (
                        isinstance(app.screen, SeatChooser)
                        and all(line in screen_text(app) for line in lines)
                    ),
                    5,
                    "the chooser",
                )
                await pilot.press("2")
                await noticed(
                    pilot,
                    app,
                    "Your vote to let a bot play for Pia is counted: a bot takes over once most "
                    "of the players here agree.",
                )
                # Rhea and we are here: one vote of two is not most of us.
                await panel_says(pilot, app, "Pia: 1 vote to let a bot play")
                assert not seat_of(app, 3).covered
                assert "Omar: " not in players(app)

                # The creator hands Pia's seat to a bot at once.
                await rhea.ado(lambda session: session.cover(table, 3))
                await panel_says(pilot, app, "Pia ○ bot plays")
                assert "vote" not in players(app)

                # One away seat left: A acts on it without asking.
                await pilot.press("A")
                await noticed(
                    pilot,
                    app,
                    "Your vote to let a bot play for Omar is counted: a bot takes over once most "
                    "of the players here agree.",
                )
                await panel_says(pilot, app, "Omar: 1 vote to let a bot play")
                assert errors == []

        run_async(body, timeout=20)


def test_the_lobby_shows_a_seat_given_up_and_sitting_there_plays_on_with_its_hand() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 2, away_bot_after=None)
                await omar.ado(lambda session: session.sit(table, 1))
                await rhea.ado(lambda session: session.start(table))
                hand = omar.look(lambda session: session.view and session.view["table"]["hand"])
                assert hand
                await asyncio.to_thread(omar.close)

                def omar_away() -> bool:
                    summary = latest(app).tables.get(table)
                    seats = summary.seats if summary is not None else ()
                    return len(seats) > 1 and seats[1].kind == "player" and not seats[1].connected

                await wait_until(pilot, omar_away, 5, "Omar away")
                await rhea.ado(lambda session: session.release(table, 1))
                await wait_until(
                    pilot,
                    lambda: "2. open — a bot plays until someone sits" in " ".join(detail(app)),
                    5,
                    "the open seat in the detail",
                )
                await wait_until(
                    pilot, lambda: rows(app)[0][2] == "playing · 1 open", 5, "the open seat's row"
                )
                assert "enter: sit in the open seat and play on" in screen_text(app)

                await pilot.press("enter")
                await seated(pilot, app, 1)
                await wait_until(pilot, lambda: "Your hand" in screen_text(app), 5, "the hand")
                view = latest(app).view
                assert view is not None and view["table"]["hand"]
                assert seat_of(app, 1).name == "Tess"

        run_async(body, timeout=20)
