"""A greedy Chinese Ten bot: take the most valuable capture, give away the least."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.bots import Bot
from cardtable.engine.core import Action

RANK_POINTS = {"A": 20, "K": 10, "Q": 10, "J": 10, "10": 10}


def wire_points(card: Mapping[str, Any] | None) -> int:
    """Points of a card in its wire form (0 for no card)."""
    if card is None:
        return 0
    return RANK_POINTS.get(card["rank"], 5)


class GreedyBot(Bot):
    """Captures the highest total; lays its lowest card; covers the most valuable top card."""

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
                    wire_points(hand[a["cid"]]),
                    -wire_points(tops[a["spot"]]),
                    tie_break(),
                ),
            )
        if kind == "place":
            return max(legal, key=lambda a: (wire_points(tops[a["spot"]]), tie_break()))
        return self.rng.choice(list(legal))
