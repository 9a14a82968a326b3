"""Pieces of a board laid out in lines, and parts of a board that act on clicks: shared by the
boards that draw their table as rows of pieces (Thistle, Queen of Scots)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widgets import Static

from cardtable.client.ui.boards.base import Board

#: The style meta key of a piece a click acts on: (board action, arguments).
CLICK = "board-click"


def clicks(action: tuple[Any, ...]) -> Style:
    """A style that makes a click run the board's `action_NAME(*arguments)`."""
    return Style.from_meta({CLICK: (action[0], action[1:])})


@dataclass
class Row:
    """Pieces laid left to right after `lead`, wrapping between pieces; `marked` are indexes of
    pieces to keep in sight (the groups you can act on, and their seat's heading)."""

    lead: Text
    pieces: list[Text]
    marked: set[int] = field(default_factory=set)
    gap: int = 2
    #: The lead of the lines after the first (by default `lead` again).
    more: Text | None = None


#: Wraps a piece too long for a line (its own width is given each time).
WRAPPER = Console()


def lay_out(rows: Iterable[Row], width: int) -> tuple[list[Text], list[int]]:
    """The rows as lines at most `width` cells wide (a piece too long for a line of its own is
    wrapped at its spaces), and the lines where the marked pieces start."""
    lines: list[Text] = []
    marks: list[int] = []
    for row in rows:
        more = row.more or row.lead
        line, empty = row.lead.copy(), True
        for index, piece in enumerate(row.pieces):
            if not empty and line.cell_len + row.gap + piece.cell_len > width:
                lines.append(line)
                line, empty = more.copy(), True
            if not empty:
                line.append(" " * row.gap)
            if index in row.marked:
                marks.append(len(lines))
            room = max(1, width - line.cell_len)
            parts = list(piece.wrap(WRAPPER, room)) if piece.cell_len > room else [piece]
            for part in parts[:-1]:
                lines.append(line + part)
                line = more.copy()
            line.append_text(parts[-1])
            empty = False
        lines.append(line)
    return lines, marks


def waiting_rows() -> list[Row]:
    """What a board shows before the game's first view."""
    return [Row(Text("Waiting for the game to start.", style="dim"), [])]


class Sheet:
    """Rows as a renderable that lays itself out at the width it is given."""

    def __init__(self, rows: list[Row]) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines, _ = lay_out(self.rows, options.max_width)
        yield from lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """The width it needs: a row's lead and its widest piece (the rest wraps)."""
        needed = (
            max(
                (row.lead.cell_len + max((p.cell_len for p in row.pieces), default=0))
                for row in self.rows
            )
            if self.rows
            else 0
        )
        return Measurement(needed, needed)


class Part(Static):
    """A part of the board. A click on a piece runs the board's action that the piece names in
    its style's meta under `CLICK` (not Textual's "@click", which recolours what it marks)."""

    def __init__(self, board: Board, *, id: str, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board = board

    def on_click(self, event: events.Click) -> None:
        named = event.style.meta.get(CLICK)
        if named:
            event.stop()
            action, argument = named
            getattr(self.board, f"action_{action}")(*argument)
