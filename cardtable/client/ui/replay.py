"""A finished game, step by step: the deal, then one step per action, seen from one seat.

The server replays the game a page of steps at a time, each step with its events and the view
after them as the chosen seat (or a spectator) saw it. The screen shows the first page at once
and asks for the next ones in turn while the player looks; it draws one step at a time with the
game's own board, read-only: no legal actions, no focus, no keys of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from cardtable.client.ui.boards import Board, board_for
from cardtable.client.ui.cards import GREEN_ON_DARK, RED_ON_DARK, YELLOW_ON_DARK
from cardtable.client.ui.history_words import holder_names, names_at, side_words
from cardtable.client.ui.host import host
from cardtable.client.ui.keys_screen import KEYS
from cardtable.client.ui.paged import PagedScreen
from cardtable.client.ui.plain import clean
from cardtable.client.ui.players_panel import players_grid
from cardtable.client.ui.scoring import breakdown
from cardtable.client.ui.table_state import TableState
from cardtable.engine import GameSpec, OptionError, get_game
from cardtable.engine.scores import RoundScore
from cardtable.protocol import (
    HistoryEntry,
    ReplaySteps,
    SeatKind,
    SeatSummary,
    TableSettings,
    TableStatus,
    TableSummary,
)

#: The log shows at most this many events, the latest last.
LOG_LINES = 150


def eyes_words(seat: int | None, names: list[str]) -> str:
    """Whose eyes a replay is seen through: ``Tess's seat`` or ``a spectator``."""
    if seat is None:
        return "a spectator"
    return f"{names[seat]}'s seat" if 0 <= seat < len(names) else f"seat {seat + 1}"


class ReplayScreen(PagedScreen):
    """One finished game, a step at a time."""

    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display="←→", priority=True),
        Binding("right", "step(1)", "Step", show=False, priority=True),
        Binding("home", "first", "First", priority=True),
        Binding("end", "last", "Last", priority=True),
        Binding("p", "perspective", "Seat"),
        Binding("v", "scores", "Scores"),
        Binding("escape", "back", "History"),
        *KEYS,
        Binding("ctrl+q", "app.quit", "Quit"),
    ]
    #: Nothing here takes focus: the keys step through the game.
    AUTO_FOCUS = ""
    FAILED_TITLE = "Replay"

    def __init__(self, entry: HistoryEntry, seat: int | None) -> None:
        super().__init__()
        self.entry = entry
        #: The seat whose eyes the steps are seen through (None: a spectator's).
        self.seat = seat
        #: Each seat's holders in turn, for the result: ``Cleo, then greedy bot 9590``.
        self.holders = holder_names(entry)
        self.steps: list[dict[str, Any]] | None = None
        #: Steps in the whole game, once the first page has said.
        self.total = 0
        #: The step shown: 0 is the deal, then one per action.
        self.step = 0
        #: The step asked for with a key, shown once its page has come.
        self.target = 0
        #: Counts the loads begun, so that pages of a load given up are dropped.
        self._load_number = 0
        #: The seat being asked for while `loading`.
        self.wanted: int | None = seat
        game = entry.game_kind
        try:
            self.spec: GameSpec | None = get_game(game)
        except OptionError:
            self.spec = None  # a game this client does not know: its events show by kind
        self.board: Board = board_for(game)
        self.board.can_focus = False

    def names(self, step: int | None = None) -> list[str]:
        """Who played each seat at `step` (None: the shown step): ``bot for Cleo`` for a bot
        that played for its holder."""
        return names_at(self.entry, self.step if step is None else step)

    def eyes(self, seat: int | None) -> str:
        """Whose eyes the shown step is seen through, by the seat's holder then."""
        return eyes_words(seat, names_at(self.entry, self.step, bots=False))

    @property
    def last(self) -> int:
        """The game's last step."""
        return self.total - 1 if self.total else 0

    @property
    def last_loaded(self) -> int:
        return len(self.steps) - 1 if self.steps else 0

    def compose(self) -> ComposeResult:
        yield Static(id="replay-status")
        with Horizontal(id="replay-main"):
            with Vertical(id="replay-play"):
                yield Static(id="replay-step")
                yield Static(id="players")
                yield self.board
                yield Static(id="replay-result")
            # A Static, not a RichLog: it wraps at the width it has when drawn, whenever that is.
            with VerticalScroll(id="replay-log") as log:
                log.can_focus = False
                yield Static(id="replay-events")
        yield Footer()

    def on_mount(self) -> None:
        self._load(self.seat)

    # -- asking the server ----------------------------------------------------------------------

    def _load(self, seat: int | None) -> None:
        self.loading = True
        self.wanted = seat
        self.problem = None
        self._load_number += 1
        self._draw_status()
        self.refresh_bindings()
        self._ask(seat, 0, self._load_number)

    def _ask(self, seat: int | None, start: int, number: int) -> None:
        game_id = self.entry.game_id
        host(self).ask(
            self,
            lambda session: session.replay(game_id, seat, start),
            lambda reply: self._loaded(reply, number),
            self._failed,
        )

    def _loaded(self, reply: ReplaySteps, number: int) -> None:
        if number != self._load_number:
            return  # a page of a load given up (another seat was asked for since)
        if reply.start == 0:
            self.steps = list(reply.steps)
            self.seat = reply.seat
            self.total = reply.total
            self.loading = False
        elif self.steps is not None and reply.start == len(self.steps):
            self.steps.extend(reply.steps)
        if reply.more and self.steps is not None:
            self._ask(reply.seat, len(self.steps), number)
        self.step = min(self.target, self.last_loaded)
        self.draw()

    # -- drawing --------------------------------------------------------------------------------

    def state(self) -> TableState | None:
        """The shown step as a table state the board can draw: no legal actions."""
        if not self.steps:
            return None
        view = dict(self.steps[self.step]["view"], legal=[])
        entry, names = self.entry, self.names()
        summary = TableSummary(
            table_id=entry.table_id,
            game_kind=entry.game_kind,
            title=entry.title,
            options=entry.options,
            settings=TableSettings(),
            creator="",
            status=TableStatus.FINISHED,
            game_no=entry.game_no,
            seats=tuple(
                SeatSummary(seat, SeatKind.PLAYER, name, True, None, False, 0)
                for seat, name in enumerate(names)
            ),
            spectators=0,
            result=entry.result,
            clock=None,
        )
        return TableState(summary, self.seat, view, names)

    def draw(self) -> None:
        state = self.state()
        self._draw_status()
        if state is None or self.steps is None:
            return
        step = self.steps[self.step]
        self.board.show(state)
        who = "the deal" if step["actor"] is None else state.name(step["actor"])
        coming = self.last_loaded < self.last
        self.query_one("#replay-step", Static).update(
            Text.assemble(
                (f"Step {self.step} of {self.last}", "bold"),
                f" — {who}",
                (f" (loaded to step {self.last_loaded}…)" if coming else "", "dim italic"),
            )
        )
        self.query_one("#players", Static).update(self._players_text(state))
        self.query_one("#replay-result", Static).update(self._result_text(state))
        self._draw_log()
        self.refresh_bindings()

    def _draw_status(self) -> None:
        entry = self.entry
        text = Text()
        text.append(f" {clean(entry.title)} ", style="bold reverse")
        text.append(f" replay · table {entry.table_id}, game {entry.game_no}")
        state = self.state()
        view = state.seat_view if state else None
        if view is not None:
            rounds = getattr(view.table, "rounds", None)
            text.append(f" · round {view.round}" + (f" of {rounds}" if rounds else ""))
        if self.steps is None:
            text.append(f" · {self.eyes(self.wanted)}", style="italic")
        else:
            text.append(f" · {self.eyes(self.seat)}", style="italic")
            if self.loading:
                text.append(f" → {self.eyes(self.wanted)}…", style="dim")
        self.query_one("#replay-status", Static).update(text)
        if self.problem is not None:
            self.query_one("#replay-step", Static).update(
                Text(
                    f"Could not load the game: {self.problem}",
                    style=Style(color=RED_ON_DARK, bold=True),
                )
            )
        elif self.loading and self.steps is None:
            self.query_one("#replay-step", Static).update(Text("Loading…", style="italic"))

    def _players_text(self, state: TableState) -> Table:
        """One row per seat: next to play, name (the seen seat underlined), note, total."""
        grid = players_grid(presence=False)  # nobody is present or away in a replay
        view = state.seat_view
        for index in range(len(state.names)):
            total = ""
            if view is not None and view.round_scores:
                side = next(i for i, members in enumerate(view.sides) if index in members)
                total = f"total {view.totals[side]}"
            grid.add_row(
                Text(
                    "▶" if index in state.actors else "",
                    style=Style(color=YELLOW_ON_DARK, bold=True),
                ),
                Text(state.name(index), style=Style(bold=True, underline=index == state.seat)),
                Text(self.board.seat_note(state, index)),
                Text(total, style="bold"),
            )
        return grid

    def _result_text(self, state: TableState) -> Text:
        """At the end, who won and the final totals; before it, who plays next."""
        view = state.seat_view
        result = view.result if view is not None else None
        if result is not None:
            totals = " · ".join(
                f"{side_words(side, self.holders)} {total}"
                for side, total in zip(result.sides, result.totals, strict=False)
            )
            return Text(
                f"{side_words(result.winning_seats, self.holders)} won. Final: {totals}",
                Style(color=GREEN_ON_DARK, bold=True),
            )
        if view is not None and view.awaiting_deal:
            return Text(f"Next: {state.name(view.dealer)} deals.", style="dim")
        actors = state.actors
        return Text(f"Next: {state.name(actors[0])} plays." if actors else "", style="dim")

    def _draw_log(self) -> None:
        """The events up to the shown step: earlier steps dim, the shown step's bright."""
        assert self.steps is not None
        lines: list[Text] = []
        for number in range(self.step, -1, -1):
            events = self.steps[number]["events"]
            for event in reversed(events):
                bold = event.get("kind") in ("round_end", "game_end")
                style = "dim" if number < self.step else "bold" if bold else ""
                lines.append(Text(self._event_words(event, number), style=style))
            if len(lines) >= LOG_LINES:
                break
        text = Text("\n").join(reversed(lines[:LOG_LINES]))
        self.query_one("#replay-events", Static).update(text)
        # Anchored: kept scrolled to the end as the text grows, even after a scroll up.
        self.query_one("#replay-log", VerticalScroll).anchor()

    def _event_words(self, event: Mapping[str, object], step: int) -> str:
        if self.spec is None:
            return str(event.get("kind", "?"))
        try:
            return self.spec.tell(event, self.names(step))
        except IndexError:  # a seat beyond the names the history gave
            return str(event.get("kind", "?"))

    # -- keys -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "perspective":
            return None if self.loading else True
        if action == "scores":
            state = self.state()
            return bool(state and state.seat_view and state.seat_view.round_scores)
        return True

    def action_step(self, by: int) -> None:
        self._go(self.step + by)

    def action_first(self) -> None:
        self._go(0)

    def action_last(self) -> None:
        self._go(self.last)

    def _go(self, step: int) -> None:
        """Show `step`, or the last loaded so far and `step` once its page has come."""
        self.target = min(max(step, 0), self.last)
        step = min(self.target, self.last_loaded)
        if self.steps and step != self.step:
            self.step = step
            self.draw()

    def action_perspective(self) -> None:
        """The next seat's eyes (seat 1, 2, … then a spectator's), at the same step."""
        if self.loading:
            return
        seats = self.entry.seats
        if self.seat is None:
            seat: int | None = 0
        else:
            seat = self.seat + 1 if self.seat + 1 < seats else None
        self._load(seat)

    def action_scores(self) -> None:
        state = self.state()
        view = state.seat_view if state else None
        if state is None or view is None or not view.round_scores:
            return
        self.app.push_screen(ReplayScores(state, view.round_scores[-1], self.holders))

    def action_back(self) -> None:
        self.dismiss(None)


class ReplayScores(ModalScreen[None]):
    """The breakdown of the last round scored by the shown step; at the end, who won."""

    BINDINGS = [Binding("escape,enter,v", "close", "Close"), *KEYS]

    def __init__(self, state: TableState, score: RoundScore, names: list[str]) -> None:
        super().__init__()
        self.state = state
        self.score = score
        self.names = names

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="replay-scores"):
            yield Static(Text(f"Round {self.score.round} scores", style="bold"))
            yield Static(breakdown(self.state, self.score))
            view = self.state.seat_view
            if view is not None and view.result is not None:
                yield Static(
                    Text(
                        f"{side_words(view.result.winning_seats, self.names)} won.",
                        style=Style(color=GREEN_ON_DARK, bold=True),
                    )
                )
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
