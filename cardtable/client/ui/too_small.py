"""The notice in front of every screen while the terminal is smaller than the app is drawn for:
what would be out of sight is not hidden without a word."""

from __future__ import annotations

from typing import TypeVar

from textual.app import App
from textual.geometry import Size
from textual.widgets import Static

ReturnT = TypeVar("ReturnT")

#: The smallest terminal every screen is drawn to fit.
SMALLEST = Size(80, 24)


#: What a browser tab too small for the table (a phone's) is told: textual-serve's page draws
#: cells of 9×18 pixels at its usual font (16), and half that at ?fontsize=8.
IN_A_BROWSER = (
    "In a browser: the table needs a page of about 720×432 pixels; on a phone, add "
    "?fontsize=8 to the address (or turn the phone sideways with it)."
)


def too_small_words(size: Size, *, in_browser: bool = False) -> str | None:
    """What to tell someone whose terminal (or browser tab) is `size` (None: it is big
    enough)."""
    if size.width >= SMALLEST.width and size.height >= SMALLEST.height:
        return None
    if in_browser:
        return (
            f"The page is {size.width}×{size.height} cells: cardtable needs at least "
            f"{SMALLEST.width}×{SMALLEST.height}. {IN_A_BROWSER}"
        )
    return (
        f"The terminal is {size.width}×{size.height}: cardtable needs at least "
        f"{SMALLEST.width}×{SMALLEST.height}. Make the window bigger (or the font smaller)."
    )


class TooSmall(Static):
    """The notice itself, laid over the screen it is on."""


def follow_size(app: App[ReturnT], size: Size | None = None) -> None:
    """Lay the notice over the screen in front while the terminal (`size`, by default the
    app's) is too small, saying its size; take it off every screen once it is big enough."""
    words = too_small_words(size or app.size, in_browser=app.is_web)
    for screen in app.screen_stack:
        if words is None or screen is not app.screen:
            screen.query(TooSmall).remove()
    if words is None:
        return
    shown = app.screen.query(TooSmall)
    if shown:
        shown.first().update(words)
    else:
        app.screen.mount(TooSmall(words))
