"""Lines of text a widget draws through Textual's line API, each drawn again only when it changes.

A widget that shows a list of lines (a board, the players panel) hands each new list to its
`DrawnLines`, answers `render_line` from it and tells it when Textual changes its styles
(`notify_style_update`): lines equal to those shown before keep their strips, and Textual is
asked to paint again only the rows that changed, not the whole widget.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class DrawnLines:
    """The lines one widget shows, one screen row each (a line wider than the widget is cut), and
    their strips at the widget's width and style."""

    def __init__(self, widget: Widget) -> None:
        self.widget = widget
        self.lines: tuple[Text, ...] = ()
        self._strips: dict[int, Strip] = {}
        #: The widget's own style, under every line (None: to be read again).
        self._style: Style | None = None
        #: The width the strips were drawn at.
        self._width = 0

    def show(self, lines: Sequence[Text]) -> bool:
        """Show `lines`, asking Textual to paint the rows that changed; whether their count
        changed (a widget whose height follows its lines then needs a layout)."""
        old, new = self.lines, tuple(lines)
        self.lines = new
        changed = [
            row
            for row in range(max(len(old), len(new)))
            if row >= len(old) or row >= len(new) or old[row] != new[row]
        ]
        for row in changed:
            self._strips.pop(row, None)
        if changed:
            # A region a run of changed rows: Textual draws again those rows, not those between.
            width, runs = self.widget.size.width, list[list[int]]()
            for row in changed:
                if runs and runs[-1][1] == row:
                    runs[-1][1] = row + 1
                else:
                    runs.append([row, row + 1])
            self.widget.refresh(*(Region(0, start, width, end - start) for start, end in runs))
        return len(old) != len(new)

    def restyle(self) -> None:
        """The widget's styles changed: draw every line again with them."""
        self._style = None
        self._strips.clear()

    def strip(self, row: int) -> Strip:
        """Row `row` as Textual draws it."""
        width = self.widget.size.width
        if width != self._width:
            self._strips.clear()
            self._width = width
        strip = self._strips.get(row)
        if strip is None:
            strip = self._strips[row] = self._draw(row, width)
        return strip

    def _draw(self, row: int, width: int) -> Strip:
        if self._style is None:
            self._style = self.widget.rich_style
        style = self._style
        if row >= len(self.lines):
            return Strip.blank(width, style)
        text, console = self.lines[row], self.widget.app.console
        # Rich leaves a text's own style to whoever renders it (as it does in a console).
        base = style + console.get_style(text.style, default=Style.null())
        segments = list(Segment.apply_style(text.render(console), base))
        room = width - text.cell_len
        if room >= 0:
            if room:
                segments.append(Segment(" " * room, style))
            return Strip(segments, width)
        return Strip(segments, text.cell_len).crop(0, width)
