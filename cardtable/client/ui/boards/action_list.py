"""A board for any game: its legal actions as a list to pick from."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.widgets import OptionList, Static

from cardtable.client.ui.boards.base import Board
from cardtable.client.ui.table_state import TableState
from cardtable.engine import GameAction
from cardtable.wire.codec import to_wire

#: A legal action as the list holds it: typed, or plain for a game not yet on its types.


def action_words(action: Mapping[str, Any]) -> str:
    """An action as short words: ``capture cid=12 spot=2``."""
    rest = " ".join(f"{key}={json.dumps(value)}" for key, value in action.items() if key != "kind")
    return f"{action['kind']} {rest}".strip()


def listed_actions(state: TableState) -> tuple[GameAction, ...]:
    """The legal actions of `state`, typed."""
    view = state.seat_view
    return view.legal if view is not None else ()


class Actions(OptionList):
    """The list itself; enter plays the highlighted action."""

    BINDINGS = [Binding("enter", "select", "Play")]


class ActionListBoard(Board):
    """Lists the legal actions: up and down choose, enter or a click plays."""

    DEFAULT_CSS = """
    ActionListBoard #idle { color: $text-muted; }
    """

    #: The legal actions shown, in order (the list is drawn again only when they change).
    actions: reactive[tuple[GameAction, ...]] = reactive(())

    def compose(self) -> ComposeResult:
        actions = Actions(id="actions", compact=True)
        actions.can_focus = self.can_focus  # a board shown only to look at (a replay) takes no keys
        yield actions
        yield Static("Nothing to do until it is your turn.", id="idle")

    def show(self, state: TableState) -> None:
        self.actions = listed_actions(state)
        super().show(state)

    def watch_actions(self, actions: Sequence[GameAction]) -> None:
        options = self.query_one(Actions)
        options.set_options(action_words(to_wire(action)) for action in actions)
        options.highlighted = 0 if actions else None
        options.display = bool(actions)
        self.query_one("#idle").display = not actions

    def on_focus(self) -> None:
        """The keys go on to the list."""
        options = self.query_one(Actions)
        if options.focusable:
            self.screen.set_focus(options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.actions):
            self.choose(self.actions[event.option_index])
