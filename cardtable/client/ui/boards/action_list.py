"""A board for any game: its legal actions as a list to pick from."""

from __future__ import annotations

import json
from typing import Any

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive

from cardtable.client.ui.boards import Board
from cardtable.client.ui.table_state import TableState


def action_words(action: dict[str, Any]) -> str:
    """An action as short words: ``capture cid=12 spot=2``."""
    rest = " ".join(f"{key}={json.dumps(value)}" for key, value in action.items() if key != "kind")
    return f"{action['kind']} {rest}".strip()


class ActionListBoard(Board):
    """Lists the legal actions; up and down choose, enter plays."""

    BINDINGS = [
        Binding("up", "move(-1)", "Previous", show=False),
        Binding("down", "move(1)", "Next", show=False),
        Binding("enter", "play", "Play"),
    ]

    cursor = reactive(0)

    def show(self, state: TableState) -> None:
        self.cursor = 0
        super().show(state)

    def action_move(self, step: int) -> None:
        legal = self.legal
        if legal:
            self.cursor = (self.cursor + step) % len(legal)

    def action_play(self) -> None:
        legal = self.legal
        if legal:
            self.choose(legal[min(self.cursor, len(legal) - 1)])

    def action_pick(self, index: int) -> None:
        self.cursor = index
        self.action_play()

    def render(self) -> RenderableType:
        text = Text()
        legal = self.legal
        if not legal:
            return Text("Nothing to do until it is your turn.", style="dim")
        for index, action in enumerate(legal):
            style = Style(reverse=index == self.cursor) + Style.from_meta(
                {"@click": f"pick({index})"}
            )
            text.append(f" {action_words(action)} \n", style=style)
        return text
