"""The server's finished games, the latest first; enter replays one step by step."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Static

from cardtable.client.ui.history_words import (
    options_words,
    scores_words,
    seat_held_by,
    when,
    winner_words,
)
from cardtable.client.ui.host import host
from cardtable.client.ui.keys_screen import KEYS
from cardtable.client.ui.paged import PagedScreen
from cardtable.client.ui.plain import clean, plain
from cardtable.client.ui.replay import ReplayScreen
from cardtable.protocol import History, HistoryEntry

#: The list's winners column at its widest; the detail under the list names them all.
WINNER_WIDTH = 24


def cut(text: Text, width: int) -> Text:
    """`text`, cut to `width` cells with an ellipsis if it is longer."""
    text.truncate(width, overflow="ellipsis")
    return text


class HistoryScreen(PagedScreen):
    """The finished games on the server, a page at a time."""

    SUB_TITLE = "Finished games"

    BINDINGS = [
        Binding("enter", "replay", "Replay", priority=True),
        Binding("m", "more", "Older games"),
        Binding("r", "reload", "Reload"),
        Binding("escape", "back", "Lobby"),
        *KEYS,
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    #: Games asked for at a time.
    PAGE = 50
    FAILED_TITLE = "History"

    def __init__(self) -> None:
        super().__init__()
        self.games: list[HistoryEntry] = []
        #: Whether the server has older games than those listed.
        self.more = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        yield Static(id="history-detail")
        yield Static(id="history-hint")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#history", DataTable)
        games.add_column("Finished", key="finished")
        games.add_column("Game", key="game")
        games.add_column("Table", key="table")
        games.add_column("No.", key="no")
        # The players last: with four of them it is the column that may run off the edge, and
        # the winners are cut to leave it room (the detail under the list shows them all).
        games.add_column("Winner", key="winner")
        games.add_column("Players and scores", key="players")
        games.focus()
        self._load(None)

    # -- asking the server ----------------------------------------------------------------------

    def _load(self, before: int | None) -> None:
        self.loading = True
        self._draw_status()
        self.refresh_bindings()
        page = self.PAGE
        host(self).ask(
            self, lambda session: session.history(page, before), self._loaded, self._failed
        )

    def _loaded(self, page: History) -> None:
        self.loading = False
        self.problem = None
        self.more = page.more
        known = {game.game_id for game in self.games}
        table = self.query_one("#history", DataTable)
        for entry in page.games:
            if entry.game_id in known:
                continue
            self.games.append(entry)
            # Text, never str: a DataTable reads a str cell as markup.
            table.add_row(
                Text(when(entry.finished)),
                plain(entry.title),
                plain(str(entry.table_id)),
                plain(str(entry.game_no)),
                cut(Text(winner_words(entry), style="bold"), WINNER_WIDTH),
                Text(scores_words(entry)),
                key=str(entry.game_id),
            )
        self._draw_status()
        self.refresh_bindings()

    # -- drawing --------------------------------------------------------------------------------

    def selected(self) -> HistoryEntry | None:
        table = self.query_one("#history", DataTable)
        if not self.games or table.row_count == 0:
            return None
        row = min(max(table.cursor_row, 0), len(self.games) - 1)
        return self.games[row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._draw_status()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_replay()

    def _draw_status(self) -> None:
        detail = self.query_one("#history-detail", Static)
        hint = self.query_one("#history-hint", Static)
        entry = self.selected()
        if self.problem is not None:
            hint.update(Text(f" Could not load the games: {self.problem}  r: try again", "bold"))
        elif self.loading:
            hint.update(Text(" Loading…", style="italic"))
        elif self.more:
            hint.update(Text(f" The latest {len(self.games)} games. m: older ones"))
        else:
            count = len(self.games)
            hint.update(Text(f" {count} finished game{'' if count == 1 else 's'}" if count else ""))
        if entry is None:
            if self.loading or self.problem is not None:
                detail.update("")
            else:
                detail.update(
                    Text("No finished games yet. A game shows up here once it ends.", "bold")
                )
            return
        text = Text()
        text.append(clean(entry.title), style="bold")
        text.append(f" at table {entry.table_id}, game {entry.game_no}")
        text.append(f" · finished {when(entry.finished, '%Y-%m-%d %H:%M')}\n", style="dim")
        text.append(scores_words(entry))
        winners = winner_words(entry)
        if winners != "—":
            text.append(f" · {winners} won", style="bold")
        options = options_words(entry)
        if options:
            text.append(f"\n{options}", style="dim")
        detail.update(text)

    # -- keys -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            if self.selected() is None:
                return False
            return None if self.loading else True
        if action == "more":
            return None if self.loading else self.more
        if action == "reload":
            return not self.loading
        return True

    def action_replay(self) -> None:
        entry = self.selected()
        if entry is None or self.loading:
            return
        me = host(self).player_name
        seat = seat_held_by(entry, me)
        self.app.push_screen(ReplayScreen(entry, 0 if seat is None else seat))

    def action_more(self) -> None:
        if self.more and not self.loading and self.games:
            self._load(min(game.game_id for game in self.games))

    def action_reload(self) -> None:
        if self.loading:
            return
        self.games = []
        self.more = False
        self.query_one("#history", DataTable).clear()
        self._load(None)

    def action_back(self) -> None:
        self.dismiss(None)
