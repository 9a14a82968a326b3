"""The table screen's log: the game's events in words, this game's only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual.binding import Binding

from cardtable.client.ui.bounded import BoundedLog
from cardtable.engine import GameSpec


class GameLog(BoundedLog):
    """The game's log, every event in words. Once it has the focus (Tab), ↑ ↓, Page Up, Page
    Down, Home and End scroll it."""

    BINDINGS = [
        Binding("escape", "screen.board", "Board"),
        Binding("up", "scroll_up", "Scroll", key_display="↑↓"),
        Binding("down", "scroll_down", "Scroll", show=False),
    ]

    def __init__(self, spec: GameSpec, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.spec = spec
        #: The number of the game the log tells of.
        self.game = 0

    def show_game(
        self, game: int, events: Sequence[Mapping[str, object]], names: list[str]
    ) -> None:
        """Tell all of game `game` so far, `events`, afresh."""
        self.clear()
        self.game = game
        for event in events:
            self.add(self.tell(event, names))

    def follow(self, game: int, events: Sequence[Mapping[str, object]], names: list[str]) -> None:
        """Add `events` of game `game`; a new game starts the log afresh, as the session's."""
        if game != self.game:
            self.game = game
            self.clear()
            self.add(Text(f"— Game {game} —", style="bold"))
        for event in events:
            self.add(self.tell(event, names))

    def tell(self, event: Mapping[str, object], names: list[str]) -> Text:
        """`event` in words, with the seats called by `names`."""
        try:
            words = self.spec.tell(event, names)
        except IndexError:  # a seat the summary has not named yet
            words = str(event.get("kind", "?"))
        style = "bold" if event.get("kind") in ("round_end", "game_end") else ""
        return Text(words, style=style)
