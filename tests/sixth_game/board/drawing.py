"""How the High Card board draws a seat's view: the stock, the trick, the tricks won, the hand."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cardtable.client.ui.boards.layout import Row, Sheet
from cardtable.client.ui.cards import back_text, card_text
from tests.sixth_game.board.reading import HighCardReading
from tests.sixth_game.types import HighCardTable


class HighCardDrawing(HighCardReading):
    """High Card, drawn from a seat's view (or a spectator's: no hand)."""

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

    def hand_lines(self, table: HighCardTable) -> list[RenderableType]:
        """``Your hand (8)`` over the cards, wrapped to the board's width."""
        if table.hand is None:
            return [Text("You are watching.", style="dim")]
        plays = self.plays
        cards = [
            card_text(
                card, playable=not plays or card.cid in plays, selected=card.cid == self.selected
            )
            for card in table.hand
        ]
        heading = Text(f"Your hand ({len(table.hand)})", style="bold")
        return [heading, Sheet([Row(Text(), cards, gap=1)])]
