"""The High Card board's keys: each move is one of the view's legal actions."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from cardtable.client.ui.boards.base import hand_keys
from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import Deal
from tests.sixth_game.board.drawing import HighCardDrawing
from tests.sixth_game.types import Play


class HighCardBoard(HighCardDrawing):
    """High Card's board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *hand_keys(),
        Binding("enter", "play", "Play"),
        Binding("d", "deal", "Deal"),
    ]

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "deal":
            view = self.seat_view
            return view is not None and Deal() in view.legal
        if action == "play":
            return bool(self.plays)
        return True

    def show(self, state: TableState) -> None:
        self.state = state
        plays = self.plays
        if plays and self.selected not in plays:
            self.selected = plays[0]
        self.refresh(layout=True)

    def prompt(self, state: TableState) -> str:
        waiting = self.waiting_prompt(state)
        if waiting is not None:
            return waiting
        if self.table is not None and self.table.phase == "deal":
            return "Press d to deal the next round."
        return "Play a card: ← → choose, enter plays."

    def action_move(self, step: int) -> None:
        plays = self.plays
        if plays:
            index = plays.index(self.selected) if self.selected in plays else -step
            self.selected = plays[(index + step) % len(plays)]
            self.refresh()

    def action_move_to(self, index: int) -> None:
        plays = self.plays
        if plays:
            self.selected = plays[index]
            self.refresh()

    def action_play(self) -> None:
        if self.selected in self.plays:
            self.choose(Play(self.selected))

    def action_deal(self) -> None:
        if self.allows("deal", ()):
            self.choose(Deal())
