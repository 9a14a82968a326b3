"""A greedy Chinese Ten bot: take the most valuable capture, give away the least."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.cards import CardFace
from cardtable.engine.chinese_ten.types import Capture, ChineseTenTable, Lay, Place
from cardtable.engine.views import SeatView

RANK_POINTS = {"A": 20, "K": 10, "Q": 10, "J": 10, "10": 10}
#: The rank each rank captures.
PARTNER = {"A": "9", "9": "A", "2": "8", "8": "2", "3": "7", "7": "3", "4": "6", "6": "4"}
#: How much cheaper a card is to lay when another card in hand could take it back: enough to
#: prefer such a card among equal points, never enough to lay a dearer one.
RECAPTURE_BONUS = 3


def face_points(card: CardFace | None) -> int:
    """Points of a card as seen (0 for no card)."""
    if card is None:
        return 0
    return RANK_POINTS.get(card.rank, 5)


def lay_cost(cid: int, hand: Mapping[int, CardFace]) -> int:
    """How much laying this card gives away: its points, less if the hand could retake it."""
    rank = hand[cid].rank
    wanted = PARTNER.get(rank, rank)
    retake = any(card.rank == wanted for other, card in hand.items() if other != cid)
    return face_points(hand[cid]) - (RECAPTURE_BONUS if retake else 0)


class GreedyBot(Bot[ChineseTenTable]):
    """Captures the highest total; lays its least useful card (the cheapest, preferably one it
    could take back) over the most valuable top card; covers the most valuable top card."""

    def choose(
        self, view: SeatView[ChineseTenTable] | None, legal: Sequence[GameAction]
    ) -> GameAction:
        if view is None:
            return self.rng.choice(list(legal))
        table = view.table
        tops = [spot.top for spot in table.spots]
        hand = {card.cid: card for card in table.hand or ()}

        def tie_break() -> float:
            return self.rng.random()

        captures = [action for action in legal if isinstance(action, Capture)]
        if captures:
            return max(
                captures,
                key=lambda a: (face_points(hand[a.cid]) + face_points(tops[a.spot]), tie_break()),
            )
        lays = [action for action in legal if isinstance(action, Lay)]
        if lays:
            # Give the next player as little as possible, and hide the best card on the table.
            return min(
                lays,
                key=lambda a: (lay_cost(a.cid, hand), -face_points(tops[a.spot]), tie_break()),
            )
        places = [action for action in legal if isinstance(action, Place)]
        if places:
            return max(places, key=lambda a: (face_points(tops[a.spot]), tie_break()))
        return self.rng.choice(list(legal))
