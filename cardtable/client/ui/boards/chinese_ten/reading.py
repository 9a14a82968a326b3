"""What the Chinese Ten board reads from a seat's view: our hand, our moves to a spot and
the cards that have one, and what the others did since our last move."""

from __future__ import annotations

from typing import Any

from cardtable.client.ui.boards.base import Board
from cardtable.engine.actions import GameAction
from cardtable.engine.cards import CardFace
from cardtable.engine.chinese_ten.types import (
    Capture,
    Captured,
    ChineseTenTable,
    Laid,
    Lay,
    Place,
    Take,
)
from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.views import SeatView

#: A move of one card to one spot, and what the board calls it.
SpotMove = Capture | Lay | Take | Place


def table_of(view: SeatView[Any] | None) -> ChineseTenTable | None:
    """Our game's part of a typed view (None before the first view)."""
    if view is None or not isinstance(view.table, ChineseTenTable):
        return None
    return view.table


class ChineseTenReading(Board):
    """Chinese Ten's view, as the board reads it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The card id under the cursor in our hand.
        self.selected: int | None = None

    def flipped_step(self) -> bool:
        """Whether the move in hand is the flipped card's (to a spot with 1–4 alone)."""
        table = self.ten
        return table is not None and table.phase in ("take", "place") and table.flipped is not None

    @property
    def ten(self) -> ChineseTenTable | None:
        """The table as our seat sees it (None before the first view)."""
        return table_of(self.seat_view)

    @property
    def moves(self) -> tuple[GameAction, ...]:
        """Our legal actions now."""
        view = self.seat_view
        return view.legal if view is not None else ()

    @property
    def spot_moves(self) -> list[SpotMove]:
        """Our legal moves to a spot (all of them but the deal)."""
        return [action for action in self.moves if isinstance(action, SpotMove)]

    @property
    def cards(self) -> tuple[CardFace, ...]:
        """Our hand's cards (none for a spectator)."""
        table = self.ten
        return table.hand or () if table is not None else ()

    def _actions_for(self, cid: int | None) -> list[SpotMove]:
        """Legal moves with the card `cid`; for a flipped card (take, place), all of them."""
        return [
            action
            for action in self.spot_moves
            if not isinstance(action, Capture | Lay) or action.cid == cid
        ]

    def _playable(self) -> set[int]:
        return {action.cid for action in self.spot_moves if isinstance(action, Capture | Lay)}

    def _targets(self) -> dict[int, str]:
        """Spots the selected (or flipped) card may go to now, with the action's kind."""
        targets: dict[int, str] = {}
        for action in self._actions_for(self.selected):
            targets.setdefault(action.spot, action.kind)
        return targets


def move_of(event: SeenEvent[EventPart]) -> Captured | Laid | None:
    """The capture or lay an event tells of; None for what needs no telling."""
    public = event.public
    return public if isinstance(public, Captured | Laid) else None
