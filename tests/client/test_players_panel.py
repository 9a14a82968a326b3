"""The players panel lays its rows out as `players_grid`, Rich's grid, would, cell for cell and
style for style, without the cost of a Rich table at each update."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.style import Style
from rich.text import Text

from cardtable.client.ui.players_panel import Row, grid_lines, players_grid

WIDTH = 44
ME = Style(bold=True, underline=True)
CLICK = Style(bold=True) + Style.from_meta({"@click": "screen.whisper(1)"})

CASES: dict[str, list[Row]] = {
    "no totals yet": [
        (Text("▶", style="bold yellow"), Text("Tess (you)", style=ME), Text("hand 4"), Text("")),
        (Text(""), Text("Bram (bot)", style="bold"), Text("hand 13 · 20 pts"), Text("")),
    ],
    "totals": [
        (Text("▶"), Text("Tess (you)", style=ME), Text("hand 4"), Text("total 10", style="bold")),
        (Text(""), Text("Bram", style=CLICK), Text(""), Text("total 120", style="bold")),
    ],
    "a name cut short": [
        (Text(""), Text("A very long name indeed, longer than the row"), Text("hand 3"), Text("9")),
    ],
    "presence in a column and a clock": [
        (
            Text("▶"),
            Text("Tess", style=ME),
            Text("(you)"),
            Text("hand 4 · money 0"),
            Text.assemble(Text("⏱0:09", style="bold red"), " ", Text("total 3", style="bold")),
        ),
        (Text(""), Text("Rhea", style=CLICK), Text("○ away", style="dim"), Text(""), Text("")),
    ],
    "empty columns": [(Text(""), Text("Bo"), Text(""), Text(""))],
}


def cells(lines: list[list[tuple[str, Style | None]]]) -> list[list[tuple[str, str]]]:
    """Each line character by character, each with its style (meta and all)."""
    return [
        [(char, repr(style) if style else "") for text, style in line for char in text]
        for line in lines
    ]


@pytest.mark.parametrize("name", list(CASES))
def test_the_rows_are_laid_out_as_rich_lays_out_the_players_grid(name: str) -> None:
    rows = CASES[name]
    console = Console(width=WIDTH)
    options = console.options.update_width(WIDTH)
    grid = players_grid(presence=len(rows[0]) == 5)
    for row in rows:
        grid.add_row(*row)
    by_rich = console.render_lines(grid, options, pad=False)
    ours = [console.render_lines(line, options, pad=False)[0] for line in grid_lines(rows, WIDTH)]
    expected = cells([[(s.text, s.style) for s in line] for line in by_rich])
    assert cells([[(s.text, s.style) for s in line] for line in ours]) == expected
