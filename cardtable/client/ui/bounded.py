"""Widgets that stay the same size however long the app runs: a log that keeps its latest
lines, and a footer drawn again only when its keys change.

The app may watch bots play all evening, with an update every few milliseconds. Anything that
grows a little at each update grows without end (see "The client over an evening" in
docs/performance.md).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from typing import TypeVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.events import Resize
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Footer, RichLog

ResultT = TypeVar("ResultT")

#: The lines a log keeps: its latest ones.
KEPT_LINES = 2000


class BoundedLog(RichLog):
    """A `RichLog` that keeps its latest `KEPT_LINES` lines, shown or not.

    A `RichLog` that has never been shown (a hidden tab) does not know its width, so it keeps
    every line written to it to draw later, beyond its `max_lines`; this one keeps only the
    latest of those too.
    """

    def __init__(self, *, id: str | None = None, max_lines: int = KEPT_LINES) -> None:
        # min_width=1: wrap at the widget's width (the default, 78, cuts lines off).
        super().__init__(
            id=id, max_lines=max_lines, wrap=True, markup=False, highlight=False, min_width=1
        )
        #: The lines written before the log first knew its width, in order.
        self._unsized: deque[RenderableType] = deque(maxlen=max_lines)
        self._sized = False
        #: Whether the log keeps its latest line in view: until someone scrolls up to read,
        #: and again once they scroll back down to the end.
        self._follow = True

    def add(self, line: RenderableType) -> None:
        """Write `line` at the bottom, or keep it for when the log is first shown. The log
        follows its end, unless someone scrolled back to read."""
        if not self._sized:
            self._unsized.append(line)
        else:
            self.write(line, scroll_end=self._follow)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._follow = new_value >= self.max_scroll_y

    def action_scroll_end(self) -> None:
        """End: to the latest line at once (lines that come in while it glides there would
        leave it short of the end), and follow the lines again."""
        self._follow = True
        self.scroll_end(animate=False)

    def clear(self) -> BoundedLog:
        self._unsized.clear()
        super().clear()
        return self

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        if event.size.width and not self._sized:
            self._sized = True
            while self._unsized:
                self.write(self._unsized.popleft())

    @property
    def kept(self) -> int:
        """How many lines the log holds, drawn or waiting to be."""
        return len(self.lines) + len(self._unsized)


def footer_keys(screen: Screen[ResultT]) -> Hashable:
    """What a footer on `screen` shows now: each key with its action, words and whether it can
    be used, and whether the app has the terminal's focus (a footer is drawn only then)."""
    return (
        screen.app.app_focus,
        tuple(
            (
                key,
                active.binding.action,
                active.binding.description,
                active.binding.key_display,
                active.binding.show,
                active.enabled,
                active.tooltip,
            )
            for key, active in screen.active_bindings.items()
        ),
    )


class KeysFooter(Footer):
    """A `Footer` drawn again only when the keys it shows change.

    Textual draws a footer again, with new widgets for its keys, each time anything asks for
    the keys to be refreshed (a board does at every update), and each key it drops stays alive:
    its data binding to the footer's `compact` is a watcher that is never removed. So the
    footer here skips a refresh that changes nothing, and lets go of the old keys after each
    redraw.

    What it drew is noted when it draws, not when it is asked to: Textual runs the redraw
    after the screen in front has been refreshed, and a screen in front that closes before
    that (the scores, closed with the key that made the last move) drops it. The next refresh
    of the keys (the screen coming back to the front asks for one) then draws them.
    """

    class Resized(Message):
        """The footer's width changed: the room for its keys with it."""

    def __init__(self) -> None:
        super().__init__()
        self._drawn: Hashable | None = None

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            # A new key starts compact, then takes the footer's `compact`: its styles worked
            # out twice, at every redraw. It starts as the footer is.
            compact = getattr(type(widget), "compact", None)
            if isinstance(compact, Reactive):
                widget.set_reactive(compact, self.compact)
            yield widget

    def on_resize(self, event: Resize) -> None:
        self.post_message(self.Resized())

    def bindings_changed(self, screen: Screen[ResultT]) -> None:
        if footer_keys(screen) == self._drawn:
            return
        super().bindings_changed(screen)

    async def recompose(self) -> None:
        if self.is_attached:
            keys = footer_keys(self.screen)
            if keys == self._drawn:  # asked twice before drawing: drawn already
                return
            self._drawn = keys
        await super().recompose()
        # Setting `compact` to itself makes Textual drop the watchers of the keys just removed.
        self.mutate_reactive(Footer.compact)
