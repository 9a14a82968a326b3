"""The lobby: every table on the server, live; open one, sit, watch, add bots, start."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from cardtable.client.session import ClientSession
from cardtable.client.ui.bounded import KeysFooter
from cardtable.client.ui.events import ServerSaid
from cardtable.client.ui.history import HistoryScreen
from cardtable.client.ui.host import host, latest_session
from cardtable.client.ui.keys_screen import KEYS
from cardtable.client.ui.plain import clean, plain
from cardtable.client.ui.rating_words import rated_words, rating_mark
from cardtable.client.ui.record_screen import RecordScreen, rated_names
from cardtable.client.ui.rules import options_shown
from cardtable.client.ui.table_keys import fitted
from cardtable.client.ui.turn_clock import clock_setting_words
from cardtable.protocol import (
    SeatKind,
    SeatSummary,
    TableChanged,
    TableCreated,
    TableRemoved,
    Tables,
    TableStatus,
    TableSummary,
)


def seat_words(seat: SeatSummary) -> Text:
    """A seat in a few words: who, and whether they are here, away or a bot."""
    number = f"{seat.seat + 1}. "
    if seat.kind is SeatKind.EMPTY and seat.covered:
        # Given up during a game: whoever sits there plays on with its hand.
        return Text(number + "open — a bot plays until someone sits", style="bold")
    if seat.kind is SeatKind.EMPTY:
        return Text(number + "empty", style="dim")
    name = clean(seat.name or "?")
    rating = rating_mark(seat)
    if seat.kind is SeatKind.BOT:
        # The server names its bots "Bram (bot)" already; its level follows: "· hard".
        named = name if name.endswith("(bot)") else f"{name} (bot)"
        level = f" · {clean(seat.bot)}" if seat.bot else ""
        return Text(number + named + level) + rating
    if seat.covered:
        # A player's seat (kind "player") that a bot plays while they are away.
        return Text(f"{number}{name} ○ bot plays", style="dim") + rating
    marker = "●" if seat.connected else "○ away"
    return Text(f"{number}{name} {marker}", style="" if seat.connected else "dim") + rating


def players_words(names: Sequence[str], width: int) -> Text:
    """The players' names in at most `width` columns: as many as fit, then "+N" for the others
    (a first name too long on its own is cut short with "…"); "—" for nobody."""
    if not names:
        return Text("—")
    for shown in range(len(names), 0, -1):
        left_out = len(names) - shown
        words = ", ".join(names[:shown]) + (f" +{left_out}" if left_out else "")
        if cell_len(words) <= width:
            return plain(words)
    count = f" +{len(names) - 1}" if len(names) > 1 else ""
    first = plain(names[0])
    first.truncate(max(width - cell_len(count), 1), overflow="ellipsis")
    return first + count


def status_words(table: TableSummary) -> str:
    empty = sum(1 for seat in table.seats if seat.kind is SeatKind.EMPTY)
    if table.status is TableStatus.WAITING:
        return f"waiting ({empty} free)" if empty else "ready"
    if table.status is TableStatus.PLAYING:
        # A seat given up during the game is open to anyone (the column is 16 wide).
        return f"playing · {empty} open" if empty else f"playing game {table.game_no}"
    return "finished"


#: The players' records, a key the footer leaves out when it is short of room.
RECORDS = " · i: records"


class LobbyScreen(Screen[None]):
    """Pick a table, or open one."""

    BINDINGS = [
        Binding("n", "new", "New table"),
        Binding("enter", "sit", "Sit", priority=True),
        Binding("w", "watch", "Watch"),
        Binding("b", "add_bot", "Bot"),
        Binding("x", "remove_bot", "No bot"),
        Binding("s", "start", "Start"),
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("h", "history", "History"),
        Binding("i", "records", "Records"),
        *KEYS,
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="lobby-main"):
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            with Vertical(id="lobby-side"):
                yield Static(id="table-detail")
        yield Static(id="lobby-hint")
        yield KeysFooter()  # the lobby redraws at every change of any table

    def on_mount(self) -> None:
        self.sub_title = f"Lobby · you are {host(self).player_name}"
        tables = self.query_one("#tables", DataTable)
        tables.add_column("#", key="id", width=3)
        tables.add_column("Game", key="game", width=14)
        # Status before players: at 80 columns the list is 54 wide, and the players (also in
        # the detail beside it) are the column that gives way, shortened by `players_words`.
        tables.add_column("Status", key="status", width=16)
        tables.add_column("Players", key="players")
        self.redraw()
        tables.focus()

    def on_resize(self) -> None:
        self.redraw()
        self.refresh_bindings()  # the footer's room changed

    def players_width(self) -> int:
        """The columns left for the players' names: what the list's other columns and its
        scrollbar leave of its width."""
        tables = self.query_one("#tables", DataTable)
        others = sum(
            column.get_render_width(tables)
            for key, column in tables.columns.items()
            if key != "players"
        )
        # The cell's padding (one column each side) is the players column's own.
        return max(tables.scrollable_content_region.width - others - 2, 4)

    # -- following the server -------------------------------------------------------------------

    @property
    def session(self) -> ClientSession | None:
        return latest_session(self)

    def on_server_said(self, said: ServerSaid) -> None:
        if isinstance(said.message, Tables | TableChanged | TableCreated | TableRemoved):
            self.redraw()

    def on_screen_resume(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        session = self.session
        tables_widget = self.query_one("#tables", DataTable)
        known = session.tables if session else {}
        selected = self.selected_id()
        tables_widget.clear()
        width = self.players_width()
        for table_id in sorted(known):
            table = known[table_id]
            # The free seats are counted in the status; the names fit the column.
            names = [clean(seat.name) for seat in table.seats if seat.name]
            # Text, never str: a DataTable reads a str cell as markup.
            tables_widget.add_row(
                Text(str(table_id)),
                plain(table.title),
                Text(status_words(table)),
                players_words(names, width),
                key=str(table_id),
            )
        if selected is not None and str(selected) in {str(key) for key in known}:
            tables_widget.move_cursor(row=tables_widget.get_row_index(str(selected)))
        self._draw_detail()
        self.refresh_bindings()

    def selected_id(self) -> int | None:
        tables_widget = self.query_one("#tables", DataTable)
        if tables_widget.row_count == 0:
            return None
        key = tables_widget.coordinate_to_cell_key(tables_widget.cursor_coordinate).row_key
        return int(key.value) if key.value is not None else None

    def selected_table(self) -> TableSummary | None:
        session = self.session
        table_id = self.selected_id()
        if session is None or table_id is None:
            return None
        return session.tables.get(table_id)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._draw_detail()
        self.refresh_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_sit()

    def _draw_detail(self) -> None:
        detail = self.query_one("#table-detail", Static)
        hint = self.query_one("#lobby-hint", Static)
        table = self.selected_table()
        if table is None:
            detail.update(Text("No table selected.", style="dim"))
            hint.update(Text(" No tables yet: press n to open one.", style="bold"))
            return
        text = Text()
        text.append(f"Table {table.table_id}: {clean(table.title)}\n", style="bold")
        for seat in table.seats:
            text.append_text(seat_words(seat))
            text.append("\n")
        for option in options_shown(table.game_kind, table.options):
            text.append(clean(option) + "\n", style="dim")
        text.append(rated_words(table.settings) + "\n", style="dim")
        clock = clock_setting_words(table.settings)
        if clock is not None:
            text.append(clock + "\n", style="dim")
        text.append(f"Opened by {clean(table.creator)}\n", style="dim")
        if table.spectators:
            text.append(f"{table.spectators} watching\n", style="dim")
        detail.update(text)
        free = [seat for seat in table.seats if seat.kind is SeatKind.EMPTY]
        if free and table.status is TableStatus.PLAYING:
            hint.update(
                Text(" enter: sit in the open seat and play on · w: watch · n: new table" + RECORDS)
            )
        elif free:
            hint.update(
                Text(" enter: sit in the first free seat · w: watch · n: new table" + RECORDS)
            )
        else:
            hint.update(Text(" w: watch this table · n: open a new one" + RECORDS))

    # -- keys -----------------------------------------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys, for the footer: those it has no room for are hidden (see `fitted`)."""
        return fitted(self, super().active_bindings, self.app.size.width)

    def _first_seat(self, kind: SeatKind) -> int | None:
        table = self.selected_table()
        if table is None:
            return None
        for seat in table.seats:
            if seat.kind is kind:
                return seat.seat
        return None

    def _is_creator(self) -> bool:
        """Whether this connection holds the creator's rights to the selected table."""
        session, table = self.session, self.selected_id()
        return session is not None and table is not None and table in session.creator_of

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "sit":
            return self._first_seat(SeatKind.EMPTY) is not None
        if action in ("watch", "rules"):
            return self.selected_table() is not None
        if action == "add_bot":
            return self._is_creator() and self._first_seat(SeatKind.EMPTY) is not None
        if action == "remove_bot":
            return self._is_creator() and self._first_seat(SeatKind.BOT) is not None
        if action == "start":
            table = self.selected_table()
            return (
                self._is_creator()
                and table is not None
                and table.status is not TableStatus.PLAYING
                and self._first_seat(SeatKind.EMPTY) is None
            )
        return True

    def action_new(self) -> None:
        from cardtable.client.ui.create_table import CreateTableScreen, TablePlan

        def create(plan: TablePlan | None) -> None:
            if plan is not None:
                host(self).request(plan.carry_out)

        games = self.session.welcome.games if self.session and self.session.welcome else ()
        self.app.push_screen(CreateTableScreen(games), create)

    def _ask_at_table(self, ask: Callable[[ClientSession, int], Awaitable[object]]) -> None:
        """Make the request `ask` of the selected table, if there is one."""
        table = self.selected_id()
        if table is not None:
            host(self).request(lambda session: ask(session, table))

    def _ask_at_seat(
        self, kind: SeatKind, ask: Callable[[ClientSession, int, int], Awaitable[object]]
    ) -> None:
        """Make the request `ask` of the selected table's first seat of `kind`, if it has one."""
        table, seat = self.selected_id(), self._first_seat(kind)
        if table is not None and seat is not None:
            host(self).request(lambda session: ask(session, table, seat))

    def action_sit(self) -> None:
        self._ask_at_seat(SeatKind.EMPTY, ClientSession.sit)

    def action_watch(self) -> None:
        self._ask_at_table(ClientSession.spectate)

    def action_add_bot(self) -> None:
        self._ask_at_seat(SeatKind.EMPTY, ClientSession.add_bot)

    def action_remove_bot(self) -> None:
        self._ask_at_seat(SeatKind.BOT, ClientSession.remove_bot)

    def action_start(self) -> None:
        self._ask_at_table(ClientSession.start)

    def action_rules(self) -> None:
        table = self.selected_table()
        if table is not None:
            host(self).show_rules(table.game_kind, table.options)

    def action_history(self) -> None:
        self.app.push_screen(HistoryScreen())

    def action_records(self) -> None:
        """Our record, then those of the players at the selected table (`RecordScreen`)."""
        table = self.selected_table()
        me = host(self).player_name
        others = rated_names(table.seats) if table is not None else []
        self.app.push_screen(RecordScreen([me, *(name for name in others if name != me)]))
