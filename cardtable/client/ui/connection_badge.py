"""The state of the connection, in the top right corner of whatever screen is on top.

While the connection is down the corner says so, with for how long ("Reconnecting… 12 s"), on
the lobby, the table, a replay or a dialog alike; once it is back it says "Connected" for a few
seconds, and "Disconnected" for good if the server will not take us back. While all is well it
shows nothing. `ConnectionIndicator` keeps the state; it puts a `ConnectionBadge` on each screen
that comes on top while there is something to show.
"""

from __future__ import annotations

import enum
import time

from rich.cells import cell_len
from textual.app import App
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

#: Seconds "Connected" stays up once the connection is back.
BACK_SHOWN = 4.0


class Shown(enum.Enum):
    NOTHING = "nothing"
    WAITING = "waiting"
    DOWN = "down"
    BACK = "back"
    CLOSED = "closed"


class ConnectionBadge(Static):
    """One line over the screen's top right corner; it takes no room from the layout."""

    DEFAULT_CSS = """
    ConnectionBadge {
        overlay: screen;
        position: absolute;
        width: auto;
        height: 1;
        padding: 0 1;
        display: none;
        text-style: bold;
    }
    ConnectionBadge.-waiting, ConnectionBadge.-down { background: $warning; color: $text; }
    ConnectionBadge.-back { background: $success; color: $text; }
    ConnectionBadge.-closed { background: $error; color: $text; }
    """

    def __init__(self) -> None:
        super().__init__(markup=False)

    def show(self, shown: Shown, text: str, screen_width: int) -> None:
        """Say `text` in the corner of a screen `screen_width` wide (nothing: hide)."""
        self.set_classes(f"-{shown.value}")
        self.display = shown is not Shown.NOTHING
        if not self.display:
            return
        self.update(text)
        self.styles.offset = (max(0, screen_width - cell_len(text) - 2), 0)


class ConnectionIndicator:
    """What to show of the connection, kept for the app; `start` it once the app runs."""

    def __init__(self, app: App[None]) -> None:
        self.app = app
        self.shown = Shown.NOTHING
        #: When the connection went down (monotonic seconds), while it is down.
        self.since = 0.0
        #: Counts the seconds in the corner; there only while there is something to count, so
        #: that an idle client stays idle.
        self._ticking: Timer | None = None

    def start(self) -> None:
        self.app.screen_change_signal.subscribe(self.app, self._screen_changed)

    @property
    def counting(self) -> bool:
        """Whether the corner counts seconds (waking the client up each second)."""
        return self._ticking is not None

    def down(self, *, ever_connected: bool) -> None:
        """The connection is down (or not up yet, `ever_connected` False) and being retried."""
        if self.shown not in (Shown.DOWN, Shown.WAITING):
            self.since = time.monotonic()
        self.shown = Shown.DOWN if ever_connected else Shown.WAITING
        self.refresh()

    def back(self) -> None:
        """The connection is up: say so for a moment, if it was down."""
        if self.shown is Shown.DOWN:
            self.shown = Shown.BACK
            self.since = time.monotonic()
        elif self.shown is Shown.WAITING:
            self.shown = Shown.NOTHING
        self.refresh()

    def closed(self) -> None:
        """The connection is over for good."""
        self.shown = Shown.CLOSED
        self.refresh()

    def text(self) -> str:
        """The words for the corner now ("" when there is nothing to say)."""
        seconds = int(time.monotonic() - self.since)
        if self.shown is Shown.DOWN:
            return f"Reconnecting… {seconds} s"
        if self.shown is Shown.WAITING:
            return f"Waiting for the server… {seconds} s"
        if self.shown is Shown.BACK:
            if seconds >= BACK_SHOWN:
                self.shown = Shown.NOTHING
                return ""
            return "Connected"
        if self.shown is Shown.CLOSED:
            return "Disconnected"
        return ""

    def refresh(self) -> None:
        """Show the state on the screen on top (mounting a badge there if it needs one)."""
        if not self.app.is_running:
            return
        text = self.text()
        if self.shown in (Shown.NOTHING, Shown.CLOSED):
            if self._ticking is not None:
                self._ticking.stop()
                self._ticking = None
        elif self._ticking is None:
            self._ticking = self.app.set_interval(1.0, self.refresh)
        screen = self.app.screen
        badges = screen.query_children(ConnectionBadge)
        if badges:
            badges.first().show(self.shown, text, screen.size.width)
        elif self.shown is not Shown.NOTHING and screen.is_mounted:
            badge = ConnectionBadge()
            screen.mount(badge)
            badge.show(self.shown, text, screen.size.width)

    def _screen_changed(self, screen: Widget) -> None:
        # (On the screen's own queue: after it has mounted what it composed.)
        screen.call_after_refresh(self.refresh)
