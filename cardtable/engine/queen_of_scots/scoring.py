"""A round's score for one player: the cards on their table minus the cards in their hand
(ruling 7), one line per card value so the breakdown reads across players."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.queen_of_scots.edition import Edition
from cardtable.engine.queen_of_scots.sets import QueenSet
from cardtable.engine.scores import ScoreLine


def seat_lines(
    edition: Edition, sets: Sequence[QueenSet], hand: Sequence[int]
) -> tuple[ScoreLine, ...]:
    """Table cards by value (added), then hand cards by value (deducted); no bonus for going
    out. Every player gets the same lines in the same order; a line may count nothing."""
    on_table = [edition.cards[cid].value for group in sets for cid in group.cards]
    in_hand = [edition.cards[cid].value for cid in hand]
    lines = [ScoreLine(f"On the table at {v}", on_table.count(v), v) for v in edition.values]
    lines += [ScoreLine(f"In hand at {v}", in_hand.count(v), -v) for v in edition.values]
    return tuple(lines)
