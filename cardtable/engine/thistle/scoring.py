"""A hand's score for each side, line by line (rulings 15–18)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.engine.scores import ScoreLine
from cardtable.engine.thistle.cards import ARMS, CARD_POINTS, CASTLE, CLAN, DECK
from cardtable.engine.thistle.groups import (
    ARMS_BOOK,
    BOOK_VALUES,
    CASTLE_BOOK,
    PERFECT_BOOK,
    THISTLE_BOOK,
    Book,
    Group,
)
from cardtable.engine.thistle.position import Position

BOOK_LABELS = {
    PERFECT_BOOK: "Perfect books (own arms)",
    CASTLE_BOOK: "Castle books",
    ARMS_BOOK: "Books with another clan's arms",
    THISTLE_BOOK: "Thistle books (no bonus card)",
}
TABLE_LABELS = {
    CLAN: "Clan cards on the table",
    ARMS: "Coats of Arms on the table",
    CASTLE: "Castles on the table",
}
HAND_LABELS = {
    CLAN: "Clan cards left in hand",
    ARMS: "Coats of Arms left in hand",
    CASTLE: "Castles left in hand",
}
ORPHAN_LABELS = {ARMS: "Coats of Arms set aside", CASTLE: "Castles set aside"}
DOUBLING_LABEL = "Doubled for going out"


def _count(cards: Iterable[int], kind: str) -> int:
    return sum(1 for cid in cards if DECK[cid].kind == kind)


def side_lines(
    books: Sequence[Book],
    groups: Sequence[Group],
    hands: Sequence[Sequence[int]],
    orphans: Sequence[Sequence[int]],
    *,
    went_out: bool,
) -> tuple[ScoreLine, ...]:
    """The score lines of one side, from its seats' books, open groups, hands and orphans.

    Every side has the same lines in the same order, so sides can be read across; a line may
    count nothing. Going out adds the net score once more (the doubling line counts 0 for a side
    that did not go out).
    """
    lines: list[ScoreLine] = []
    for book_kind, value in BOOK_VALUES.items():
        count = sum(1 for book in books if book.kind == book_kind)
        lines.append(ScoreLine(BOOK_LABELS[book_kind], count, value))
    on_table = [cid for group in groups for cid in group.all_cards()]
    for kind, label in TABLE_LABELS.items():
        lines.append(ScoreLine(label, _count(on_table, kind), CARD_POINTS[kind]))
    in_hand = [cid for hand in hands for cid in hand]
    for kind, label in HAND_LABELS.items():
        lines.append(ScoreLine(label, _count(in_hand, kind), -CARD_POINTS[kind]))
    set_aside = [cid for seat_orphans in orphans for cid in seat_orphans]
    for kind, label in ORPHAN_LABELS.items():
        lines.append(ScoreLine(label, _count(set_aside, kind), -CARD_POINTS[kind]))
    net = sum(line.points for line in lines)
    lines.append(ScoreLine(DOUBLING_LABEL, net if went_out else 0, 1))
    return tuple(lines)


def hand_lines(game: Position, sides: Sequence[Sequence[int]]) -> tuple[tuple[ScoreLine, ...], ...]:
    """The score lines of each of `sides` (the seats of each) for the hand."""
    return tuple(
        side_lines(
            [book for book in game.books if book.owner in side],
            [group for group in game.groups.values() if group.owner in side],
            [game.hands[seat] for seat in side],
            [game.orphans[seat] for seat in side],
            went_out=game.went_out in side,
        )
        for side in sides
    )
