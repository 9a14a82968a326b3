"""A hand's score for one player (rulings 9 and 10), one line per kind of combination so the
breakdown reads across players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.engine.scores import ScoreLine
from cardtable.engine.trupe.cards import MEMBER, PENALTY, PREMIUM, TrupeCard
from cardtable.engine.trupe.combinations import (
    GROUP_HONORS,
    HONOR,
    MEMBERS,
    SEQUENCE,
    Kind,
    points_for,
)

TRUPE: Final = "Trupe"
GAM: Final = "Gam"
REVEL: Final = "Revel"
HAND_TYPES = (TRUPE, GAM, REVEL)

TRUPE_BONUS = 50
GAM_BONUS = 5

#: (label, kind, size, golds) of each line of declarations, in breakdown order.
_DECLARATION_LINES = (
    ("Three like members", MEMBERS, 3, False),
    ("Four like members", MEMBERS, 4, False),
    ("Three Colors, Worlds or Banners", HONOR, 3, False),
    ("Four Colors, Worlds or Banners", HONOR, 4, False),
    ("Three Golds", HONOR, 3, True),
    ("Four Golds", HONOR, 4, True),
    ("Three honors of one group", GROUP_HONORS, 3, False),
    ("Four honors of one group", GROUP_HONORS, 4, False),
)


def seat_lines(
    declared: Sequence[Kind],
    specials: Sequence[TrupeCard],
    hand: Sequence[TrupeCard],
    hand_type: str | None,
) -> tuple[ScoreLine, ...]:
    """Declarations by kind, the finisher's bonus, premiums and penalties, then what is still
    in hand (1 a member, 2 an honor or the Trefoil). Every player gets the same lines in the
    same order; a line may count nothing."""
    lines = [
        ScoreLine(
            label,
            sum((d.kind, d.size, d.gold) == (kind, size, gold) for d in declared),
            points_for(kind, size, "Gold" if gold else ""),
        )
        for label, kind, size, gold in _DECLARATION_LINES
    ]
    lines += [
        ScoreLine("Sequences", sum(d.kind == SEQUENCE for d in declared), 0),
        ScoreLine("Trupe hand", int(hand_type == TRUPE), TRUPE_BONUS),
        ScoreLine("Gam hand", int(hand_type == GAM), GAM_BONUS),
        ScoreLine("Premiums", sum(card.type == PREMIUM for card in specials), 1),
        ScoreLine("Penalties", sum(card.type == PENALTY for card in specials), -2),
        ScoreLine("Members in hand", sum(card.type == MEMBER for card in hand), -1),
        ScoreLine("Honors and Trefoil in hand", sum(card.type != MEMBER for card in hand), -2),
    ]
    return tuple(lines)
