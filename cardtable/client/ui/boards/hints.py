"""A board's hints about the move in hand ("Choose a spot: 1, 3."), drawn by the board itself
at its foot: each shows until its time is up or the turn moves on, when it means nothing more."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.notifications import SeverityLevel
from textual.widgets import Static


@dataclass(frozen=True, eq=False)
class Hint:
    """One hint: its words and how much it matters (a warning: the move cannot be made)."""

    message: str
    severity: SeverityLevel


class Hints(Static):
    """The board's hints still showing, latest last; hidden while there are none."""

    DEFAULT_CSS = """
    Hints {
        dock: bottom;
        height: auto;
        display: none;
        background: $panel;
        color: $foreground;
        padding: 0 1;
        border-left: outer $primary;
    }
    Hints.-warning {
        border-left: outer $warning;
    }
    Hints.-error {
        border-left: outer $error;
    }
    """

    def __init__(self) -> None:
        super().__init__(classes="board-hints")
        self.showing: list[Hint] = []

    def add(self, message: str, severity: SeverityLevel, seconds: float) -> None:
        """Show `message` for `seconds`."""
        hint = Hint(message, severity)
        self.showing.append(hint)
        self.set_timer(seconds, lambda: self._drop(hint))
        self._draw()

    def clear(self) -> None:
        """Take every hint down (nothing to draw when none shows: boards clear at every
        update)."""
        if self.showing:
            self.showing = []
            self._draw()

    def _drop(self, hint: Hint) -> None:
        if hint in self.showing:
            self.showing.remove(hint)
            self._draw()

    def _draw(self) -> None:
        self.display = bool(self.showing)
        severities = {hint.severity for hint in self.showing}
        self.set_class("error" in severities, "-error")
        self.set_class("warning" in severities and "error" not in severities, "-warning")
        self.update(Text("\n".join(hint.message for hint in self.showing)))
