"""`v` during a round: what each seat has banked so far, as its game counts it and as far as the
view lets the seat know, played through `cardtable play` at 80×24 with Pilot."""

from __future__ import annotations

import re

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.running import RunningScreen
from cardtable.client.ui.table import TableScreen

from .support import (
    SIZE,
    AppPilot,
    at_table,
    our_turn,
    play_app,
    run_async,
    shown,
    view,
    wait_until,
)


async def running(pilot: AppPilot, app: CardtableApp, table: TableScreen) -> str:
    """Open the running count with v and return what the screen shows."""
    await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
    await pilot.press("v")
    await wait_until(pilot, lambda: isinstance(app.screen, RunningScreen), what="the count")
    await pilot.pause()
    return shown(app, app.screen.query_one("#running")).replace("█", " ")


def row_of(text: str, name: str) -> str:
    """The count's line for the player `name`."""
    line = next(
        line for line in text.splitlines() if re.search(rf"(^|\s){re.escape(name)}(\s|$)", line)
    )
    return line.rstrip()


def player_names(table: TableScreen) -> list[str]:
    assert table.state is not None
    return list(table.state.names)


def test_queen_of_scots_counts_the_sets_on_the_table() -> None:
    async def body() -> None:
        app, _ = play_app("queen-of-scots", 2, {"target": 100})
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            text = await running(pilot, app, table)
            assert "Round 1 so far" in text and "Sets on the table" in text
            assert "cards still in a hand count against" in text
            values = view(app)["table"]["table_values"]
            for seat, name in enumerate(player_names(table)):
                assert row_of(text, name).split()[-1] == str(values[seat])
            assert "(you)" in row_of(text, player_names(table)[0])
            # No round scored yet: no earlier round to open.
            await pilot.press("p")
            assert type(app.screen).__name__ == "RunningScreen"
            await pilot.press("escape")
            assert app.screen is table

    run_async(body)


def test_trupe_counts_declarations_premiums_and_penalties() -> None:
    async def body() -> None:
        app, _ = play_app("trupe", 2, {"target": 50})
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            text = await running(pilot, app, table)
            assert "Declared so far" in text
            seen = view(app)["table"]
            for seat, name in enumerate(player_names(table)):
                extra = sum(1 if c["type"] == "premium" else -2 for c in seen["specials"][seat])
                due = seen["table_points"][seat] + extra
                assert row_of(text, name).split()[-1] == str(due)
            await pilot.press("v")  # v closes it again
            assert app.screen is table

    run_async(body)


def test_chinese_ten_strict_keeps_the_piles_face_down_until_the_round_is_scored() -> None:
    async def body() -> None:
        app, _ = play_app("chinese-ten", 2, {"decks": 1, "strict": True})
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            piles = view(app)["table"]["piles"]
            assert all(pile["points"] is None for pile in piles)
            players = shown(app, table.query_one("#players"))
            assert "pts" not in players and "pile 0" in players
            text = await running(pilot, app, table)
            assert "Points captured" in text and "face down" in text
            for name in player_names(table):
                assert row_of(text, name).split()[-1] == "hidden"
            await pilot.press("escape")
            assert app.screen is table

    run_async(body)
