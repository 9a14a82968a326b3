"""The table screen's two lines: the status above the players (the game, the table, the round
and whose turn) and the prompt under the board (what to do now). Each watches the screen's
`TableShown` and is drawn again only when its words change."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from cardtable.client.ui.boards import Board
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


class TableLine(Static):
    """A line of words drawn from the table's state, drawn again only when they change."""

    shown: reactive[TableShown | None] = reactive(None, init=False, repaint=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text: Text | None = None

    def words(self, state: TableState) -> Text:
        """What the line says of `state`."""
        raise NotImplementedError

    def watch_shown(self, shown: TableShown | None) -> None:
        if shown is None:
            return
        text = self.words(shown.state)
        if self._text is not None and text == self._text and text.style == self._text.style:
            return
        # The same number of rows at this width: the rest of the screen stays where it is.
        layout = self._rows(text) != self._rows(self._text)
        self._text = text
        self.update(text, layout=layout)

    def _rows(self, text: Text | None) -> int:
        if text is None:
            return 0
        width = self.content_size.width
        return len(text.wrap(self.app.console, width)) if width else -1


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
