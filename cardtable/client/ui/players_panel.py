"""The players panel: a row per seat (turn marker, name, presence, the game's note, the total and
the time left), the news of away and open seats, and the open offers. It watches the table
screen's `TableShown` and counts the turn clock down itself."""

from __future__ import annotations

import time
from collections.abc import Sequence

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget

from cardtable.client.ui.boards import Board
from cardtable.client.ui.cards import on_click
from cardtable.client.ui.dialogs import away_words
from cardtable.client.ui.drawn_lines import DrawnLines
from cardtable.client.ui.plain import clean
from cardtable.client.ui.rating_words import rating_mark
from cardtable.client.ui.table_state import TableShown, TableState
from cardtable.protocol import SeatKind, SeatSummary

#: How the players panel marks our own seat, after our name.
YOU = "(you)"

#: Seconds between looks at the turn clock while someone's time runs.
CLOCK_TICK = 0.25


def away(seat: SeatSummary) -> bool:
    """A person's seat whose player is away (a bot may be playing it for them meanwhile)."""
    return seat.kind is SeatKind.PLAYER and not seat.connected


def away_time(state: TableState) -> float | None:
    """The table's away policy: seconds a player may be away before a bot covers them (None:
    the game waits)."""
    return state.summary.settings.away_bot_after


def others_may_be_away(state: TableState) -> bool:
    """Whether a seat besides ours is, or may become, a person's, whom the away policy concerns
    (a table of bots and us has nobody to wait for)."""
    return any(
        seat.kind is not SeatKind.BOT and seat.seat != state.seat for seat in state.summary.seats
    )


def empty_seats(state: TableState) -> int:
    """How many seats nobody (and no bot) has taken yet."""
    return sum(1 for seat in state.summary.seats if seat.kind is SeatKind.EMPTY)


def players_grid(*, presence: bool = True) -> Table:
    """The players panel's columns: turn marker, name, presence (unless told not to), the seat's
    note, and the total. Where the row is too wide, the name is cut short, never what follows."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=1, no_wrap=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    if presence:
        grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, justify="right")
    return grid


def presence_of(seat: SeatSummary, mine: bool) -> str:
    """What the presence column says of a seat."""
    if seat.kind is SeatKind.EMPTY:
        return "(open)" if seat.covered else "(empty)"
    if seat.covered:
        return "○ bot plays"
    if seat.kind is SeatKind.BOT:
        return ""
    if mine:
        return YOU
    return "●" if seat.connected else "○ away"


def seat_news(state: TableState) -> list[Text]:
    """What the rows do not say: the votes to let a bot play an away seat, and the seats given
    up during a game, which a bot plays until someone sits."""
    lines = []
    for seat in state.summary.seats:
        name = state.name(seat.seat)
        votes = seat.votes
        if away(seat) and not seat.covered and votes:
            count = "1 vote" if votes == 1 else f"{votes} votes"
            lines.append(Text(f"{name}: {count} to let a bot play", style="italic"))
        elif seat.kind is SeatKind.EMPTY and seat.covered:
            lines.append(Text(f"{name}: a bot plays until someone sits", style="italic"))
    watchers = state.summary.watchers
    if watchers:
        lines.append(Text("Watching: " + ", ".join(map(clean, watchers)), style="dim"))
    return lines


#: One row of the panel, cell by cell.
Row = tuple[Text, ...]


def grid_lines(rows: Sequence[Row], width: int) -> list[Text]:
    """`rows` laid out as `players_grid` lays them out `width` cells wide, a line each: a space
    after each column but the last, the last one flush right, and the second (the names) cut
    short with an ellipsis where the row is too wide. The names take the room the others leave
    when the last column has something in it; while it is empty, Rich's grid gives each column
    only the width of its widest cell, and so does this. Drawn this way, a panel's rows cost a
    fraction of a Rich table's."""
    if not rows:
        return []
    columns = len(rows[0])
    widths = [max(cell.cell_len for cell in column) for column in zip(*rows, strict=True)]
    widths[0] = 1
    room = max(width - sum(widths) + widths[1] - (columns - 1), 1)
    widths[1] = room if widths[-1] else min(widths[1], room)
    lines = []
    for row in rows:
        line = Text()
        for index, (cell, cell_width) in enumerate(zip(row, widths, strict=True)):
            cell = cell.copy()
            if index == columns - 1:
                cell.rstrip()
                cell.truncate(cell_width, overflow="ellipsis")
                cell.pad_left(cell_width - cell.cell_len)
            else:
                cell.truncate(cell_width, overflow="ellipsis", pad=True)
            line.append_text(cell)
            if index < columns - 1:
                line.append(" ")
        lines.append(line)
    return lines


class PlayersPanel(Widget):
    """The players at the table. It is drawn again only where what it shows changes: a new
    state whose rows are the same, or a clock tick that moves no time shown, draws nothing, and
    a changed row draws that row alone."""

    shown: reactive[TableShown | None] = reactive(None, init=False, repaint=False)

    def __init__(self, board: Board, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The board, which has a note of its own for each seat.
        self.board = board
        #: What the panel shows: its rows (each seat's) and its lines below them.
        self._rows: tuple[Row, ...] = ()
        self._lines: tuple[Text, ...] = ()
        #: The panel's lines laid out at a width, kept until the rows or the width change.
        self._laid_out: tuple[int, tuple[Text, ...]] | None = None
        self.drawn = DrawnLines(self)
        self._timer: Timer | None = None

    def on_mount(self) -> None:
        # One timer counts the clock down while someone's time runs (paused otherwise).
        self._timer = self.set_interval(CLOCK_TICK, self._draw, pause=True)

    def watch_shown(self, shown: TableShown | None) -> None:
        if shown is None:
            return
        state = shown.state
        # The away policy, where it can matter: someone else at the table is, or may be, a person.
        subtitle = away_words(away_time(state)) if others_may_be_away(state) else ""
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle
        clock = shown.clock
        if self._timer is not None:
            self._timer.resume() if clock is not None and clock.running else self._timer.pause()
        self._draw()

    def _draw(self) -> None:
        shown = self.shown
        if shown is None:
            return
        rows = self._rows_of(shown, time.monotonic())
        note = shown.offers
        offers = [Text(note[0].upper() + note[1:], style="italic")] if note else []
        lines = (*seat_news(shown.state), *offers)
        if rows == self._rows and lines == self._lines:
            return
        self._rows, self._lines = rows, lines
        self._laid_out = None
        self._show()

    def _show(self) -> None:
        """Hand the lines at the panel's width to be drawn (those that changed), with a layout
        when there are more or fewer of them (or before the panel has a width)."""
        width = self.size.width
        if not width or self.drawn.show(self._lines_at(width)):
            self.refresh(layout=True)

    def on_resize(self) -> None:
        self._show()

    def _lines_at(self, width: int) -> tuple[Text, ...]:
        """The rows and the lines below them (wrapped), `width` cells wide, a screen line each."""
        if self._laid_out is None or self._laid_out[0] != width:
            console = self.app.console
            below = [line for text in self._lines for line in text.wrap(console, max(width, 1))]
            self._laid_out = (width, (*grid_lines(self._rows, width), *below))
        return self._laid_out[1]

    def render_line(self, y: int) -> Strip:
        return self.drawn.strip(y)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.drawn.restyle()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines_at(width)) if self._rows or self._lines else 0

    def _rows_of(self, shown: TableShown, now: float) -> tuple[Row, ...]:
        """Each seat's row: turn marker, name, presence (in a column of its own when someone's
        is more than "(you)"), the game's note, and the total with the time left."""
        state, clock = shown.state, shown.clock
        seats = state.summary.seats
        # Presence has a column of its own when someone's is more than "(you)"; else "(you)" goes
        # after the name, which then has the room the column would take.
        presences = [presence_of(seat, seat.seat == state.seat) for seat in seats]
        apart = any(presence not in ("", YOU) for presence in presences)
        view = state.view
        scored = bool(view and view["round_scores"])
        rows = []
        for seat, presence in zip(seats, presences, strict=True):
            index = seat.seat
            name_style = Style(bold=True, underline=index == state.seat)
            if seat.kind is SeatKind.PLAYER and index != state.seat and state.seat is not None:
                name_style += on_click(f"screen.whisper({index})")
            total = ""
            if scored and view is not None:
                side = next(i for i, members in enumerate(view["sides"]) if index in members)
                total = f"total {view['totals'][side]}"
            who = Text(state.name(index), style=name_style) + rating_mark(seat)
            if presence == YOU and not apart:
                who.append(f" {YOU}")
            if seat.kind is SeatKind.BOT and seat.bot:
                who.append(f" {clean(seat.bot)}")  # its level, cut first where room is short
            faint = presence.startswith("○") or "⏱" in presence
            shown_presence = (Text(presence, style="dim" if faint else ""),) if apart else ()
            right = Text(total, style="bold")
            timed = clock is not None and seat.kind is SeatKind.PLAYER  # bots are never timed
            time_left = clock.shown(index, now) if clock is not None and timed else None
            if time_left is not None:
                right = Text.assemble(time_left, " " if total else "", right)
            rows.append(
                (
                    Text("▶" if index in state.actors else "", style="bold yellow"),
                    who,
                    *shown_presence,
                    Text(self.board.seat_note(state, index) if view else ""),
                    right,
                )
            )
        return tuple(rows)
