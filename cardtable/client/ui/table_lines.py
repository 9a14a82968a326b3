"""The table screen's two lines: the status above the players (the game, the table, the round
and whose turn) and the prompt under the board (what to do now). Each watches the screen's
`TableShown` and is drawn again only when its words change."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from cardtable.client.ui.boards import Board
from cardtable.client.ui.drawn_lines import DrawnLines
from cardtable.client.ui.players_panel import empty_seats
from cardtable.client.ui.table_state import TableShown, TableState
from cardtable.protocol import TableStatus


def status_text(title: str, state: TableState) -> Text:
    """The status line: the game's `title`, the table, the round, and what it waits for."""
    summary = state.summary
    text = Text()
    text.append(f" {title} ", style="bold reverse")
    text.append(f" table {summary.table_id}")
    view = state.view
    if view is not None:
        rounds = view["table"].get("rounds") if isinstance(view.get("table"), dict) else None
        text.append(f" · round {view['round']}" + (f" of {rounds}" if rounds else ""))
    if summary.status is TableStatus.WAITING:
        empty = empty_seats(state)
        players = "1 player" if empty == 1 else f"{empty} players"
        text.append(f" · waiting for {players}" if empty else " · ready to start")
    elif view is not None and view.get("result"):
        text.append(" · game over", style="bold")
    elif state.my_turn:
        text.append(" · your turn", style="bold green")
    if state.seat is None:
        text.append(" · watching", style="italic")
    return text


class TableLine(Widget):
    """A line of words drawn from the table's state (more rows if they wrap), drawn again only
    when they change, through Textual's line API."""

    DEFAULT_CSS = """
    TableLine {
        height: auto;
    }
    """

    shown: reactive[TableShown | None] = reactive(None, init=False, repaint=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()
        self.drawn = DrawnLines(self)

    def words(self, state: TableState) -> Text:
        """What the line says of `state`."""
        raise NotImplementedError

    def watch_shown(self, shown: TableShown | None) -> None:
        if shown is None:
            return
        text = self.words(shown.state)
        if text == self._text and text.style == self._text.style:
            return
        self._text = text
        self._draw()

    def _draw(self) -> None:
        if self.drawn.show(self._rows(self.content_size.width)):
            self.refresh(layout=True)  # more or fewer rows: the rest of the screen moves

    def _rows(self, width: int) -> list[Text]:
        return list(self._text.wrap(self.app.console, width)) if width else [self._text]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows(width))

    def on_resize(self) -> None:
        self._draw()

    def render_line(self, y: int) -> Strip:
        return self.drawn.strip(y)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.drawn.restyle()


class StatusLine(TableLine):
    """The game, the table, the round and whose turn it is."""

    def __init__(self, title: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = title

    def words(self, state: TableState) -> Text:
        return status_text(self.title, state)


class PromptLine(TableLine):
    """What the player should do now, as the board says it."""

    def __init__(self, board: Board, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board = board

    def words(self, state: TableState) -> Text:
        return Text(self.board.prompt(state), style="bold")
