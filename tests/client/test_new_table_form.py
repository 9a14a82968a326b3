"""The new-table form as a newcomer meets it at 80×24: an open list of choices stands apart from
the lines it covers and says that it wraps around, Tab into a number field puts the cursor where
typing goes, and a checkbox shows off and on by more than a colour.

A real server on loopback, the real app joined to it, driven through Pilot.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Select

from cardtable.client.ui.create_table import WRAPS, CreateTableScreen
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.table import TableScreen

from .contrast import Cell, cells, contrast, eight_bit
from .support import SIZE, AppPilot, join_app, run_async, server_thread, wait_until

#: The glyphs of a border's sides and corners.
BORDER = frozenset("│╭╮╰╯─")
#: The least contrast of a part of the picture that must be made out (WCAG 2.1, 1.4.11).
SHAPE_RATIO = 3.0


async def the_form(pilot: AppPilot) -> CreateTableScreen:
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
    await pilot.press("n")
    await wait_until(pilot, lambda: isinstance(app.screen, CreateTableScreen), what="the form")
    screen = app.screen
    assert isinstance(screen, CreateTableScreen)
    await pilot.pause()
    return screen


async def open_list(pilot: AppPilot, form: CreateTableScreen, select_id: str) -> Widget:
    """Open a choice's list with the keyboard; its overlay, once drawn."""
    select = form.query_one(f"#{select_id}", Select)
    select.focus()
    await pilot.press("enter")
    overlay = select.query_one("SelectOverlay")
    await wait_until(pilot, lambda: select.expanded and overlay.region.height, what="the list")
    await pilot.pause()
    return overlay


def at(found: list[Cell], x: int, y: int) -> Cell:
    return next(cell for cell in found if cell.x == x and cell.y == y)


def test_an_open_list_stands_apart_from_the_lines_it_covers() -> None:
    """The clock's list opens over the checkbox's line: a border round it, seen against the
    form, keeps its words from running into the label beside it (`▐X▌ Boper move eats`)."""
    with server_thread() as server:
        app = join_app(server.port)

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                form = await the_form(pilot)
                overlay = await open_list(pilot, form, "clock-mode")
                found = cells(app)
                region = overlay.region
                # It covers the checkbox's line, left of which the label's first letters stay.
                covered = form.query_one("#bots", Checkbox).region.y
                assert region.y < covered < region.bottom - 1
                for y in range(region.y, region.bottom):
                    for x in (region.x, region.right - 1):
                        edge = at(found, x, y)
                        assert edge.char in BORDER, (x, y, edge.char)
                        behind = at(found, region.x - 1, y).bg  # the form's background
                        for fg, bg in ((edge.fg, behind), (eight_bit(edge.fg), eight_bit(behind))):
                            assert contrast(fg, bg) >= SHAPE_RATIO, (edge, bg)

        run_async(body)


def test_the_game_list_says_it_wraps_around() -> None:
    """↑ on the first game goes to the last (as in every Textual list), and the open list says
    so at its foot."""
    with server_thread() as server:
        app = join_app(server.port)

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                form = await the_form(pilot)
                overlay = await open_list(pilot, form, "game")
                region = overlay.region
                foot = "".join(
                    cell.char
                    for cell in cells(app)
                    if cell.y == region.bottom - 1 and region.x <= cell.x < region.right
                )
                assert WRAPS in foot, foot
                games = len(form.games)
                assert getattr(overlay, "highlighted", None) == 0
                await pilot.press("up")
                assert getattr(overlay, "highlighted", None) == games - 1

        run_async(body)


def test_tab_into_a_number_field_puts_the_cursor_where_typing_goes() -> None:
    """Tab to the away time: the cursor stands after "60" with nothing selected, so a 5 typed
    goes after it, as the cursor shows."""
    with server_thread() as server:
        app = join_app(server.port)

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                form = await the_form(pilot)
                field = form.query_one("#away-bot-after", Input)
                for _ in range(20):
                    if app.focused is field:
                        break
                    await pilot.press("tab")
                assert app.focused is field
                await pilot.pause()
                assert field.selection.is_empty, field.selection
                assert field.cursor_position == len(field.value) == 2
                await pilot.press("5")
                assert field.value == "605"

        run_async(body)


def box_of(app: Any, tick: Checkbox) -> list[Cell]:
    region = tick.region
    return [cell for cell in cells(app) if cell.y == region.y and region.x <= cell.x < region.x + 3]


def test_a_checkbox_shows_off_and_on_by_more_than_a_colour() -> None:
    """Ticked, the box holds an X; unticked it is empty. In both states the box is seen against
    the form, in 24-bit colour and in 256 colours."""
    with server_thread() as server:
        app = join_app(server.port)

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                form = await the_form(pilot)
                tick = form.query_one("#bots", Checkbox)
                assert tick.value
                shown = {}
                for state in (True, False):
                    if tick.value != state:
                        tick.focus()
                        await pilot.press("space")
                        await wait_until(pilot, lambda on=state: tick.value == on, what="toggled")
                        await pilot.pause()
                    box = box_of(app, tick)
                    shown[state] = "".join(cell.char for cell in box)
                    left = box[0]
                    for fg, bg in ((left.fg, left.bg), (eight_bit(left.fg), eight_bit(left.bg))):
                        assert contrast(fg, bg) >= SHAPE_RATIO, (state, left)
                assert shown == {True: "▐X▌", False: "▐ ▌"}

        run_async(body)


def test_the_bots_kind_is_asked_only_when_bots_fill_the_seats() -> None:
    """Unticking "Bots in the other seats" takes the bots' kind off the form; ticking it again
    brings it back."""
    with server_thread() as server:
        app = join_app(server.port)

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                form = await the_form(pilot)
                tick, fields = form.query_one("#bots", Checkbox), form.query_one("#bot-fields")
                assert tick.value and fields.display
                tick.focus()
                for state in (False, True):
                    await pilot.press("space")
                    await wait_until(
                        pilot, lambda on=state: fields.display == on, what=f"bots shown: {state}"
                    )

        run_async(body)


def test_an_unrated_table_may_be_opened_without_hints() -> None:
    """Unticking "Rated" and "Hints when unrated" opens an unrated table that offers no hints:
    its table screen has no `H`."""
    with server_thread() as server:
        app = join_app(server.port)

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                form = await the_form(pilot)
                for box in ("rated", "hints"):
                    tick = form.query_one(f"#{box}", Checkbox)
                    assert tick.value
                    tick.focus()
                    await pilot.press("space")
                    await wait_until(pilot, lambda t=tick: not t.value, what=f"{box} off")
                form.query_one("#open", Button).press()
                await wait_until(
                    pilot,
                    lambda: isinstance(app.screen, TableScreen) and app.screen.state is not None,
                    what="the table",
                )
                table = app.screen
                assert isinstance(table, TableScreen) and table.state is not None
                settings = table.state.summary.settings
                assert not settings.rated and not settings.hints
                assert table.check_action("hint", ()) is False

        run_async(body)
