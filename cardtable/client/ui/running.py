"""The running count of a round in play: what each seat has banked so far, as its game counts it
and as far as the seat's view lets it know; `v` shows it until the round is scored."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from cardtable.client.ui.keys_screen import KEYS
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table_state import TableState


@dataclass(frozen=True, slots=True)
class RunningCount:
    """One line per seat, in seat order: `label` says what is counted (``Points captured``);
    a value of None is one the seat may not know (a pile lying face down). `note` says what
    is still to come when the round is scored."""

    label: str
    values: tuple[int | None, ...]
    note: str = ""


def running_table(state: TableState, count: RunningCount) -> Table:
    """A row per seat: its name, what it has banked so far this round and, when each seat plays
    alone, its total before this round."""
    view = state.view or {}
    totals = view.get("totals") or []
    alone = len(totals) == len(count.values)
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=False)
    table.add_column("")
    table.add_column(Text(count.label, style="bold"), justify="right")
    if alone and view.get("round_scores"):
        table.add_column(Text("Total before", style="bold"), justify="right")
    for seat, value in enumerate(count.values):
        name = state.names[seat] if seat < len(state.names) else f"Seat {seat + 1}"
        if seat == state.seat:
            name += " (you)"
        cells = [Text(name), Text("hidden" if value is None else str(value))]
        if alone and view.get("round_scores"):
            cells.append(Text(str(totals[seat])))
        table.add_row(*cells)
    return table


class RunningScreen(ModalScreen[None]):
    """The round so far; `p` opens the last scored round's breakdown, if there is one."""

    BINDINGS = [
        Binding("escape,enter,v", "close", "Close"),
        Binding("p", "previous", "Last round"),
        *KEYS,
    ]

    def __init__(self, state: TableState, count: RunningCount) -> None:
        super().__init__()
        self.state = state
        self.count = count

    @property
    def round(self) -> int:
        return int((self.state.view or {}).get("round", 1))

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="running"):
            yield Static(Text(f"Round {self.round} so far", style="bold"))
            yield Static(running_table(self.state, self.count))
            if self.count.note:
                yield Static(Text(self.count.note, style="dim"))
            with Horizontal(classes="buttons"):
                yield Button("Close (enter)", id="close")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "previous":
            view = self.state.seat_view
            return view is not None and bool(view.round_scores)
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_previous(self) -> None:
        view = self.state.seat_view
        scores = view.round_scores if view is not None else ()
        if scores:
            self.app.switch_screen(ScoringScreen(self.state, scores[-1], may_start=False))
