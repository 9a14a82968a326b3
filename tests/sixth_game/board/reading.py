"""What the High Card board reads from a seat's view: the table and the cards we may play."""

from __future__ import annotations

from cardtable.client.ui.boards.base import Board
from tests.sixth_game.types import HighCardTable, Play


class HighCardReading(Board):
    """High Card's view, as the board reads it."""

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
