"""The spots of a Chinese Ten table: stacks of cards (bottom first), only each top card showing.
Which spots a card takes from, and where a card may be laid."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.chinese_ten.types import SPOT_REFUSAL
from cardtable.engine.refusal import IllegalAction

SPOTS = 4

#: The spots, each a stack with its top card last.
Stacks = Sequence[Sequence[int]]


def spots_with_top(spots: Stacks, ranks: Sequence[int], rank: int) -> list[int]:
    """Spots whose top card is of `rank` (those a card capturing that rank takes from)."""
    return [spot for spot, stack in enumerate(spots) if stack and ranks[stack[-1]] == rank]


def spots_by_top_rank(spots: Stacks, ranks: Sequence[int]) -> dict[int, list[int]]:
    """The non-empty spots, grouped by the rank of their top card."""
    found: dict[int, list[int]] = {}
    for spot, stack in enumerate(spots):
        if stack:
            found.setdefault(ranks[stack[-1]], []).append(spot)
    return found


def empty_spots(spots: Stacks) -> list[int]:
    return [spot for spot, stack in enumerate(spots) if not stack]


def lay_spots(spots: Stacks) -> list[int]:
    """Where a card may be laid: the empty spots, or every spot if none is empty."""
    return empty_spots(spots) or list(range(SPOTS))


def check_spot(spot: int) -> None:
    """`IllegalAction` unless `spot` is one of the spots."""
    if not 0 <= spot < SPOTS:
        raise IllegalAction(SPOT_REFUSAL)
