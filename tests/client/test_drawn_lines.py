"""Lines drawn through Textual's line API: a new set of lines paints again only the rows that
changed, and each row comes out as Rich draws its text, cut (never wrapped) at the width."""

from __future__ import annotations

import asyncio
from collections import Counter

from rich.text import Text
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget

from cardtable.client.ui.drawn_lines import DrawnLines
from tests.client.support import run_async, wait_until


class Lines(Widget):
    """A widget drawn from a `DrawnLines`, counting the rows Textual asks it to paint."""

    DEFAULT_CSS = "Lines { width: 20; height: 6; }"

    def __init__(self) -> None:
        super().__init__()
        self.drawn = DrawnLines(self)
        self.painted: Counter[int] = Counter()

    def render_line(self, y: int) -> Strip:
        self.painted[y] += 1
        return self.drawn.strip(y)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.drawn.restyle()


class LinesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Lines()


async def settled(pilot: Pilot[None], lines: Lines) -> None:
    """Let Textual paint what it has been asked to, until a pause paints nothing (a deadline)."""
    deadline = asyncio.get_running_loop().time() + 5
    while lines.painted:
        assert asyncio.get_running_loop().time() < deadline, "never stops painting"
        lines.painted.clear()
        await pilot.pause(0.05)


async def five_lines_shown(pilot: Pilot[None], app: LinesApp) -> Lines:
    """The app's `Lines`, showing five lines, painted and settled."""
    lines = app.query_one(Lines)
    lines.drawn.show(texts("deck", "spot one", "spot two", "news", "hand"))
    await wait_until(pilot, lambda: 4 in lines.painted, what="the first lines")
    await settled(pilot, lines)
    return lines


def texts(*words: str) -> list[Text]:
    return [Text(word) for word in words]


def test_only_the_rows_that_changed_are_painted_again() -> None:
    async def body() -> None:
        app = LinesApp()
        async with app.run_test(size=(40, 10)) as pilot:
            lines = await five_lines_shown(pilot, app)

            lines.drawn.show(texts("deck", "spot one", "spot 2!", "news", "hand"))
            await wait_until(pilot, lambda: 2 in lines.painted, what="the changed row")
            await pilot.pause()

            assert set(lines.painted) == {2}  # painted in the same pass as any other row asked
            assert lines.drawn.strip(2).text.rstrip() == "spot 2!"

    run_async(body)


def test_rows_between_two_changed_rows_are_not_painted_again() -> None:
    async def body() -> None:
        app = LinesApp()
        async with app.run_test(size=(40, 10)) as pilot:
            lines = await five_lines_shown(pilot, app)

            lines.drawn.show(texts("deck", "spot 1!", "spot two", "news", "hand 2"))
            await wait_until(pilot, lambda: {1, 4} <= set(lines.painted), what="the changed rows")
            await pilot.pause()

            assert set(lines.painted) == {1, 4}

    run_async(body)


def test_rows_no_longer_shown_are_painted_blank() -> None:
    async def body() -> None:
        app = LinesApp()
        async with app.run_test(size=(40, 10)) as pilot:
            lines = app.query_one(Lines)
            assert lines.drawn.show(texts("one", "two", "three"))  # more lines than before
            await wait_until(pilot, lambda: 2 in lines.painted, what="the first lines")
            await settled(pilot, lines)

            assert lines.drawn.show(texts("one"))
            await wait_until(pilot, lambda: {1, 2} <= set(lines.painted), what="the rows gone")
            await pilot.pause()

            assert set(lines.painted) == {1, 2}
            assert lines.drawn.strip(1).text == " " * 20
            assert not lines.drawn.show(texts("uno"))  # as many lines: no layout needed

    run_async(body)


def test_a_row_keeps_its_text_style_and_is_cut_at_the_width() -> None:
    async def body() -> None:
        app = LinesApp()
        async with app.run_test(size=(40, 10)) as pilot:
            lines = app.query_one(Lines)
            bold = Text("Your hand (20)", style="bold")
            long = Text("a line far longer than the widget is wide")
            lines.drawn.show([bold, long])
            await pilot.pause()

            first = lines.drawn.strip(0)
            assert first.cell_length == 20
            assert all(
                segment.style and segment.style.bold for segment in first if segment.text.strip()
            )
            second = lines.drawn.strip(1)
            assert second.cell_length == 20
            assert second.text == "a line far longer th"

    run_async(body)
