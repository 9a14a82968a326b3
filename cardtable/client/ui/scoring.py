"""The scoring of a round, line by line as the engine gives it; at the end, the result."""

from __future__ import annotations

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from cardtable.client.ui.bounded import KeysFooter
from cardtable.client.ui.cards import GREEN_ON_DARK
from cardtable.client.ui.host import host
from cardtable.client.ui.keys_screen import KEYS
from cardtable.client.ui.offers import ask_for_rematch
from cardtable.client.ui.plain import plain
from cardtable.client.ui.table_state import TableState
from cardtable.engine.scores import RoundScore, ScoreLine
from cardtable.engine.text import side_names


def breakdown(state: TableState, read: RoundScore) -> Table:
    """One column per side: each scoring line that counts something for some side (a side that
    counts nothing on it has a blank), the round's points, and the running totals."""
    view = state.seat_view
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=False)
    table.add_column("")
    for side in read.sides:
        table.add_column(Text(side_names(side, state.names), style="bold"), justify="right")
    labels: list[str] = []
    for side_lines in read.lines:
        for line in side_lines:
            if line.label not in labels:
                labels.append(line.label)
    for label in labels:
        found = [
            next((line for line in side_lines if line.label == label), None)
            for side_lines in read.lines
        ]
        if not any(line and line.count for line in found):
            continue  # nobody counted anything here
        # Text, never str: a Rich table reads a str cell as markup.
        cells = [Text(_cell(line)) if line and line.count else "" for line in found]
        table.add_row(plain(label), *cells)
    table.add_row(
        Text("This round", style="bold"), *[Text(str(p), style="bold") for p in read.points]
    )
    totals = view.totals if view is not None else ()
    if totals and len(totals) == len(read.sides):
        table.add_row(Text("Total", style="bold"), *[Text(str(t), style="bold") for t in totals])
    return table


def _cell(line: ScoreLine) -> str:
    if line.each == 1:
        return str(line.points)
    return f"{line.count} × {line.each} = {line.points}"


def result_words(state: TableState) -> str | None:
    """Who won (and who conceded), once the game is over."""
    view = state.seat_view
    result = view.result if view is not None else None
    if result is None:
        return None
    winners = result.winning_seats
    if state.seat is not None and state.seat in winners:
        headline = "You won!" if len(result.winners) == 1 else "You share the win!"
    else:
        headline = f"{side_names(winners, state.names)} won."
    losers = [seat for index in result.conceded for seat in result.sides[index]]
    if state.seat is not None and state.seat in losers:
        return f"You conceded. {headline}"
    if losers:
        return f"{headline} {side_names(losers, state.names)} conceded."
    return headline


def result_text(state: TableState) -> Text | None:
    """Who won, once the game is over."""
    words = result_words(state)
    if words is None:
        return None
    return Text(words, style=Style(color=GREEN_ON_DARK, bold=True))


class ScoringScreen(ModalScreen[None]):
    """A round's breakdown; after the last round, rematch or back to the lobby.

    A table keeps one and `show`s each round's scores in it again: opening a window built
    afresh at every round's end costs many times more than filling this one."""

    BINDINGS = [
        Binding("escape,enter", "close", "Close"),
        Binding("r", "rematch", "Rematch"),
        Binding("o", "lobby", "Lobby"),
        *KEYS,
    ]

    def __init__(self, state: TableState, score: RoundScore, may_start: bool) -> None:
        super().__init__()
        self.state = state
        self.score = score
        self.may_start = may_start

    @property
    def over(self) -> bool:
        view = self.state.seat_view
        return view is not None and view.result is not None

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="scoring"):
            yield Static(id="round")
            yield Static(id="breakdown")
            yield Static(id="result")
            with Horizontal(classes="buttons"):
                yield Button("Rematch (r)", id="rematch", variant="success")
                yield Button("Lobby (o)", id="lobby", variant="primary")
                yield Button("Close (enter)", id="close")
        yield KeysFooter()  # (drawn again only when its keys change: the window is filled again)

    def on_mount(self) -> None:
        self._fill()

    def show(self, state: TableState, score: RoundScore, may_start: bool) -> None:
        """Show `score` in place of what this window showed."""
        self.state, self.score, self.may_start = state, score, may_start
        if self.is_mounted:
            self._fill()
            self.query_one("#scoring", VerticalScroll).scroll_home(animate=False)

    def _fill(self) -> None:
        self.query_one("#round", Static).update(
            Text(f"Round {self.score.round} scores", style="bold")
        )
        self.query_one("#breakdown", Static).update(breakdown(self.state, self.score))
        headline = result_text(self.state)
        result = self.query_one("#result", Static)
        result.display = headline is not None
        result.update(headline or "")
        self.query_one("#rematch").display = self.over and self.may_start
        self.query_one("#lobby").display = self.over
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rematch":
            return self.over and self.may_start
        if action == "lobby":
            return self.over
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        getattr(self, f"action_{event.button.id}")()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rematch(self) -> None:
        table = self.state.summary.table_id
        self.dismiss(None)
        host(self).request(lambda session: ask_for_rematch(session, table))

    def action_lobby(self) -> None:
        self.dismiss(None)
        host(self).request(lambda session: session.leave())
