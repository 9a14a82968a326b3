"""A greedy Chinese Ten bot: take the most valuable capture, give away the least."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.bots import Bot
from cardtable.engine.core import Action

RANK_POINTS = {"A": 20, "K": 10, "Q": 10, "J": 10, "10": 10}
#: The rank each rank captures.
PARTNER = {"A": "9", "9": "A", "2": "8", "8": "2", "3": "7", "7": "3", "4": "6", "6": "4"}
#: How much cheaper a card is to lay when another card in hand could take it back: enough to
#: prefer such a card among equal points, never enough to lay a dearer one.
RECAPTURE_BONUS = 3


def wire_points(card: Mapping[str, Any] | None) -> int:
    """Points of a card in its wire form (0 for no card)."""
    if card is None:
        return 0
    return RANK_POINTS.get(card["rank"], 5)


def lay_cost(cid: int, hand: Mapping[int, Mapping[str, Any]]) -> int:
    """How much laying this card gives away: its points, less if the hand could retake it."""
    rank = hand[cid]["rank"]
    wanted = PARTNER.get(rank, rank)
    retake = any(card["rank"] == wanted for other, card in hand.items() if other != cid)
    return wire_points(hand[cid]) - (RECAPTURE_BONUS if retake else 0)


class GreedyBot(Bot):
    """Captures the highest total; lays its least useful card (the cheapest, preferably one it
    could take back) over the most valuable top card; covers the most valuable top card."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        table = view["table"]
        tops = [spot["top"] for spot in table["spots"]]
        hand = {card["cid"]: card for card in table["hand"] or []}
        kind = legal[0]["kind"]

        def tie_break() -> float:
            return self.rng.random()

        if kind == "capture":
            return max(
                legal,
                key=lambda a: (
                    wire_points(hand[a["cid"]]) + wire_points(tops[a["spot"]]),
                    tie_break(),
                ),
            )
        if kind == "lay":
            # Give the next player as little as possible, and hide the best card on the table.
            return min(
                legal,
                key=lambda a: (
                    lay_cost(a["cid"], hand),
                    -wire_points(tops[a["spot"]]),
                    tie_break(),
                ),
            )
        if kind == "place":
            return max(legal, key=lambda a: (wire_points(tops[a["spot"]]), tie_break()))
        return self.rng.choice(list(legal))
