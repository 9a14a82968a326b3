"""The turn clock on screen: the time left on the player to move, counting down, the notice when
our time runs out, and the clock set in the new-table form (a bad number refused there)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from textual.widgets import Input

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.create_table import TablePlan
from cardtable.client.ui.table import TableScreen
from cardtable.client.ui.turn_clock import clock_from_text, clock_setting_words, clock_words
from cardtable.play import play_plan
from cardtable.protocol import ClockMode, ClockSettings, TableSettings, TimeoutRule
from tests.client.support import (
    SIZE,
    TEST_CONFIG,
    join_app,
    noticed,
    run_async,
    screen_text,
    server_thread,
    shown,
    wait_until,
)
from tests.client.test_leaving import settings_of, type_into
from tests.client.test_lobby_chat import choose, errors_shown, in_lobby, seated

#: A clock in the players panel: ⏱ and minutes:seconds.
CLOCK = re.compile(r"⏱(\d+):(\d\d)")


def our_row_clock(app: CardtableApp) -> int | None:
    """The seconds our row of the players panel shows on its clock (None: no clock there)."""
    screen = app.screen
    panel = screen.query("#players") if isinstance(screen, TableScreen) else None
    if not panel:  # not at the table, or its screen is still being put together
        return None
    rows = [line for line in shown(app, panel.first()).splitlines() if "(you)" in line]
    found = CLOCK.search(rows[0]) if rows else None
    return int(found[1]) * 60 + int(found[2]) if found else None


def test_the_time_left_counts_down_beside_us_and_a_bot_moves_when_it_runs_out() -> None:
    table = TablePlan(
        "chinese-ten", 2, {"decks": 1}, settings={"clock": {"mode": "move", "move": 5}}
    )
    plan, _server = play_plan(table, "Tess", TEST_CONFIG)

    async def body() -> None:
        app = CardtableApp(plan)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: our_row_clock(app) is not None, 10, "our clock")
            first = our_row_clock(app)
            assert first is not None and 4 <= first <= 5
            # It counts down by itself, with no message from the server.
            await wait_until(
                pilot, lambda: (our_row_clock(app) or 99) < first, 3, "the clock counting down"
            )
            await noticed(pilot, app, "Your time ran out: a bot played your move.")
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.turn_clock is not None
            assert screen.turn_clock.timeouts[0] == 1
            # The bot played our move; the next one is ours again, with its full time.
            await wait_until(pilot, lambda: (our_row_clock(app) or 0) >= 4, 5, "a fresh clock")
            assert re.search(r"Tess +\(you\)", screen_text(app))

    run_async(body, timeout=30)


def test_out_of_time_a_bot_plays_our_seat_and_the_panel_says_so() -> None:
    clock = {"mode": "move", "move": 5, "timeout": "bot_seat"}
    table = TablePlan("chinese-ten", 3, {"decks": 1}, settings={"clock": clock})
    # Bots that take their time, so the game is still on when we look.
    plan, _server = play_plan(table, "Tess", replace(TEST_CONFIG, bot_delay=0.4))

    async def body() -> None:
        app = CardtableApp(plan)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: our_row_clock(app) is not None, 10, "our clock")
            await noticed(
                pilot, app, "Your time ran out: a bot plays your seat until this game ends."
            )
            screen = app.screen
            assert isinstance(screen, TableScreen)
            players = screen.query_one("#players")
            await wait_until(
                pilot,
                lambda: re.search(r"Tess +\(you\).*⏱ bot plays", shown(app, players)),
                5,
                "our mark",
            )
            assert our_row_clock(app) is None  # a bot's moves are not timed

    run_async(body, timeout=30)


def test_the_new_table_form_sets_a_bank_and_refuses_a_bank_out_of_range() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            errors = errors_shown(app)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await pilot.press("n")
                await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
                form = app.screen
                assert not form.query_one("#clock-amount").display  # off: no numbers shown
                await choose(pilot, "#clock-mode", "a bank each")
                amount = form.query_one("#clock-amount", Input)
                await wait_until(pilot, lambda: amount.display, 5, "the bank's field")
                assert amount.value == "10" and "minutes each" in screen_text(app)
                open_button = form.query_one("#open")
                assert open_button.region.bottom <= SIZE[1]  # nothing cut off at 80×24

                await type_into(pilot, amount, "500")
                await pilot.click("#open")
                await wait_until(pilot, lambda: len(errors) == 1, 5, "500 minutes refused")
                assert "The bank must be from 1 to 120 minutes." in errors.pop()
                assert app.screen is form

                await type_into(pilot, amount, "3")
                await type_into(pilot, form.query_one("#clock-increment", Input), "2")
                await choose(pilot, "#clock-timeout", "a bot plays the seat")
                await pilot.click("#open")
                await seated(pilot, app, 0)
                screen = app.screen
                assert isinstance(screen, TableScreen)
                clock = settings_of(server, screen.table_id).clock
                assert (clock.mode, clock.bank, clock.increment) == ("bank", 3.0, 2.0)
                assert clock.timeout == "bot_seat"
                await wait_until(
                    pilot, lambda: (our_row_clock(app) or 0) > 170, 10, "our bank of 3 minutes"
                )
                assert errors == []

        run_async(body, timeout=30)


def test_play_clock_texts() -> None:
    assert clock_from_text("30s") == {"mode": "move", "move": 30.0, "timeout": "bot_move"}
    assert clock_from_text("10m+5s") == {
        "mode": "bank",
        "bank": 10.0,
        "increment": 5.0,
        "timeout": "bot_move",
    }
    assert clock_from_text("2m")["increment"] == 0.0
    for bad, words in [
        ("soon", "is not a clock"),
        ("3s", "from 5 to 600 seconds"),
        ("200m", "from 1 to 120 minutes"),
        ("1m+90s", "from 0 to 60 seconds"),
    ]:
        with pytest.raises(ValueError, match=words):
            clock_from_text(bad)
    assert [clock_words(s) for s in (0, 0.2, 59.5, 61, 3725)] == [
        "0:00",
        "0:01",
        "1:00",
        "1:01",
        "1:02:05",
    ]


def test_the_lobby_tells_a_tables_clock_in_words() -> None:
    bank = ClockSettings(ClockMode.BANK, bank=10.0, increment=5.0, timeout=TimeoutRule.BOT_SEAT)
    assert clock_setting_words(TableSettings(clock=bank)) == (
        "Clock: 10 min each + 5 s a move; out of time, a bot plays the seat"
    )
    move = ClockSettings(ClockMode.MOVE, move=30.0)
    words = clock_setting_words(TableSettings(clock=move))
    assert words == "Clock: 30 s a move; out of time, a bot moves"
    assert clock_setting_words(TableSettings()) is None
