"""How the High Card board draws a seat's view: the stock, the trick, the tricks won, the hand."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardtable.client.ui.boards.base import Board
from cardtable.client.ui.cards import back_text, card_text
from tests.sixth_game.types import HighCardTable, Play


class HighCardDrawing(Board):
    """High Card, drawn from a seat's view (or a spectator's: no hand)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The card id under the cursor in our hand.
        self.selected: int | None = None

    @property
    def table(self) -> HighCardTable | None:
        view = self.seat_view
        return view.table if view is not None and isinstance(view.table, HighCardTable) else None

    @property
    def plays(self) -> list[int]:
        """The cards we may play now, in hand order."""
        view = self.seat_view
        return [action.cid for action in view.legal if isinstance(action, Play)] if view else []

    def render(self) -> RenderableType:
        table = self.table
        if table is None or self.state is None:
            return Text("Waiting for the game to start.", style="dim")
        state = self.state
        stock = Text("Stock ")
        stock.append_text(back_text(table.stock))
        trick = Text("Trick ")
        for index, card in enumerate(table.trick):
            trick.append(f" {state.name((table.leader + index) % len(table.hand_counts))} ")
            trick.append_text(card_text(card))
        won = " · ".join(f"{state.name(seat)} {count}" for seat, count in enumerate(table.tricks))
        return Group(stock, trick, Text(f"Tricks won: {won}"), Text(), *self.hand_lines(table))

    def hand_lines(self, table: HighCardTable) -> list[Text]:
        if table.hand is None:
            return [Text("You are watching.", style="dim")]
        plays = self.plays
        row = Text(no_wrap=True)
        for card in table.hand:
            selected = card.cid == self.selected
            row.append_text(
                card_text(card, playable=not plays or card.cid in plays, selected=selected)
            )
            row.append(" ")
        return [Text(f"Your hand ({len(table.hand)})", style="bold"), row]
