"""The keys screen (`K`, F1, or its entry in the footer): every key the screen in front takes
now, each a line to click, tap or pick with ↑↓ and enter, which runs that key's action.

A footer too narrow for every key leaves some out (see `table_keys.fitted`); on a phone, with
no keyboard, this screen is how those are reached."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

#: The action that opens the keys screen (the app's `action_keys`).
KEYS_ACTION = "app.keys"

#: The keys to the keys screen, for every screen with a footer. F1 is the one the footer shows
#: while a line to type in takes the letters (K among them).
KEYS = [Binding("K", KEYS_ACTION, "Keys"), Binding("f1", KEYS_ACTION, "Keys")]


@dataclass(frozen=True)
class KeyLine:
    """One action a screen offers now: its keys as drawn, its words, and where it runs."""

    keys: str
    description: str
    action: str
    #: The widget, screen or app whose binding it is (the action runs there, as by its key).
    node: DOMNode
    #: Whether it can be used now (a key the footer draws dimmed cannot).
    enabled: bool


def key_lines(screen: Screen[Any]) -> list[KeyLine]:
    """Every action `screen` takes now with a description, whether its footer has room for it
    or not: first those a footer shows, in its order (the focused widget's first, then its
    containers'), then those it never shows (a widget's own, such as scrolling); an action's
    keys together on its line. The keys to this screen and the letters a board draws beside
    what they pick (system keys) are left out."""
    app = screen.app
    # Textual's own list of the keys, before a footer short of room leaves any out (`fitted`).
    every = Screen.active_bindings.__get__(screen)
    # A key the footer shows stands for the others of its words too ("←→ Card": ← and →).
    shown = {
        (id(active.node), active.binding.description)
        for active in every.values()
        if active.binding.show
    }
    shown_first = sorted(
        every.values(),
        key=lambda active: (id(active.node), active.binding.description) not in shown,
    )
    found: dict[tuple[int, str], KeyLine] = {}
    for active in shown_first:
        binding = active.binding
        if not binding.description or binding.system or binding.action == KEYS_ACTION:
            continue
        # The key itself, not the footer's shorthand for a group of keys ("←→", "1-4").
        key = app.get_key_display(replace(binding, key_display=None))
        where = (id(active.node), binding.action)
        if where in found:
            found[where] = replace(found[where], keys=f"{found[where].keys} {key}")
        else:
            found[where] = KeyLine(
                key, binding.description, binding.action, active.node, active.enabled
            )
    return list(found.values())


def line_words(line: KeyLine, width: int) -> Text:
    """A line as the list shows it: its keys in a column `width` cells wide, then its words."""
    keys = Text(line.keys, style="bold")
    keys.pad_right(max(width - cell_len(line.keys), 0))
    return keys + "  " + line.description


class KeysScreen(ModalScreen[KeyLine | None]):
    """The list of `lines`; dismisses with the one chosen, or None (escape, Close, K again)."""

    BINDINGS = [Binding("escape,K,f1", "close", "Close")]

    def __init__(self, lines: list[KeyLine]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        width = max((cell_len(line.keys) for line in self.lines), default=0)
        with Vertical(classes="dialog", id="keys"):
            yield Static(Text("Keys: pick one to use it", style="bold"), id="keys-title")
            yield OptionList(
                *(
                    Option(line_words(line, width), disabled=not line.enabled)
                    for line in self.lines
                ),
                id="keys-list",
            )
            yield Button("Close (esc)", id="keys-close", compact=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.lines[event.option_index])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def show_keys(screen: Screen[Any]) -> None:
    """Open the keys screen over `screen`; the line chosen runs its action there, as its key
    would have (the app checks first that it can be used now)."""
    app = screen.app

    async def run(line: KeyLine | None) -> None:
        if line is not None:
            await app.run_action(line.action, line.node)

    app.push_screen(KeysScreen(key_lines(screen)), run)
