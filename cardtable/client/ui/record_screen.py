"""A player's record: per game, the rated games and wins, the rating now and over time (a small
chart), and how they fared against their regular opponents, with their favourite game. Opened
from the lobby (the selected table's players, or ours) and from the table (its players); ← and →
go from one player to the next."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Sparkline, Static

from cardtable.client.ui.host import host
from cardtable.client.ui.keys_screen import KEYS
from cardtable.client.ui.plain import clean
from cardtable.engine import get_game
from cardtable.protocol import GameStanding, RecordReply, SeatKind, SeatSummary
from cardtable.protocol.player_record import bot_player


def rated_names(seats: Sequence[SeatSummary]) -> list[str]:
    """The names the seats' players are rated under: people by name, bots by kind."""
    names = []
    for seat in seats:
        if seat.kind is SeatKind.BOT and seat.bot is not None:
            name = bot_player(seat.bot)
        elif seat.kind is SeatKind.PLAYER and seat.name is not None:
            name = seat.name
        else:
            continue
        if name not in names:
            names.append(name)
    return names


def title_of(game_kind: str) -> str:
    try:
        return get_game(game_kind).title
    except Exception:  # a game this client does not know: its kind
        return game_kind


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def standing_words(standing: GameStanding) -> Text:
    """A game's lines of the record, but its chart: games, wins, rating, opponents."""
    text = Text()
    text.append(title_of(standing.game_kind), style="bold")
    text.append(
        f"  {plural(standing.games, 'game')} · {standing.wins} won · rating {standing.rating}"
    )
    if len(standing.history) > 1:
        low, high = min(standing.history), max(standing.history)
        text.append(f" (from {low} to {high})", style="dim")
    for rival in standing.opponents:
        text.append(
            f"\n  against {clean(rival.opponent)}: {plural(rival.games, 'game')},"
            f" ahead in {rival.wins}"
        )
    return text


class RecordScreen(Screen[None]):
    """The record of each of `names`, one at a time."""

    SUB_TITLE = "Records"

    BINDINGS = [
        Binding("right", "other(1)", "Next player"),
        Binding("left", "other(-1)", "Previous"),
        Binding("escape", "app.pop_screen", "Back"),
        *KEYS,
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__()
        self.names = list(names)
        self.index = 0
        #: The record shown (None while it is asked for).
        self.record: RecordReply | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="record-title")
        yield VerticalScroll(id="record-games")
        yield Footer()

    def on_mount(self) -> None:
        self._load()

    def _load(self) -> None:
        name = self.names[self.index]
        self.record = None
        self.query_one("#record-title", Static).update(Text(f" {clean(name)}: loading…"))
        host(self).ask(self, lambda session: session.player_record(name), self._show, self._failed)

    def _failed(self, reason: str) -> None:
        self.query_one("#record-title", Static).update(Text(f" {reason}", style="bold"))

    def _show(self, record: RecordReply) -> None:
        if record.name == self.names[self.index]:  # (not an answer about the one before)
            self.call_later(self._fill, record)

    async def _fill(self, record: RecordReply) -> None:
        self.record = record
        title = Text(f" {clean(record.name)}", style="bold")
        if record.favourite is not None:
            title.append(f" · favourite game: {title_of(record.favourite)}")
        if len(self.names) > 1:
            title.append(f"  ({self.index + 1} of {len(self.names)}: ← →)", style="dim")
        self.query_one("#record-title", Static).update(title)
        games = self.query_one("#record-games", VerticalScroll)
        await games.remove_children()
        if not record.games:
            await games.mount(Static(Text(" No rated games yet.", style="dim")))
            return
        for standing in record.games:
            await games.mount(Static(standing_words(standing), classes="record-game"))
            if len(standing.history) > 1:
                await games.mount(
                    Sparkline([float(value) for value in standing.history], classes="record-chart")
                )

    def action_other(self, step: int) -> None:
        if len(self.names) > 1:
            self.index = (self.index + step) % len(self.names)
            self._load()
