"""What a seat cannot see of a Chinese Ten table, card by card: the record
`ChineseTen.from_view` takes and `ChineseTen.unseen` gives."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.engine.chinese_ten.types import ChineseTenTable


@dataclass(frozen=True)
class ChineseTenUnseen:
    """The places a seat's view does not show whole: the other hands (by seat), every spot's
    stack (bottom first: only its top shows), every scoring pile and the deck (top card last)."""

    hands: Mapping[int, tuple[int, ...]]
    spots: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]


def decks_on(table: ChineseTenTable) -> int:
    """How many 52-card decks the table's cards come from."""
    cards = (
        sum(table.hand_counts)
        + table.deck
        + sum(spot.depth for spot in table.spots)
        + sum(pile.count for pile in table.piles)
        + (table.flipped is not None)
    )
    return 1 if cards <= 52 else 2
