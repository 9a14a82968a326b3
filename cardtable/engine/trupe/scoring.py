"""A hand's score (rulings 9 and 10): the type of the hand gone out with, and each player's
lines, one per kind of combination so the breakdown reads across players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardtable.engine.breakdown import shared_lines
from cardtable.engine.scores import ScoreLine
from cardtable.engine.trupe.cards import DECK, MEMBER, PENALTY, PREMIUM, TrupeCard
from cardtable.engine.trupe.combinations import (
    GROUP_HONORS,
    HONOR,
    MEMBERS,
    SEQUENCE,
    Kind,
    points_for,
)
from cardtable.engine.trupe.position import Position
from cardtable.engine.trupe.types import HandType

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


def hand_type(game: Position, seat: int) -> HandType:
    """Ruling 9: the type of `seat`'s hand as she goes out — a Revel with a sequence declared,
    a Trupe with every combination and her final pair of one group, else a Gam."""
    declared = game.own_declarations(seat)
    if any(d.kind.kind == SEQUENCE for d in declared):
        return REVEL
    groups = {d.kind.group for d in declared}
    if seat in game.pairs:
        groups |= {code[0] for code in game.pairs[seat].codes()}
    return TRUPE if len(groups) == 1 and None not in groups else GAM


def hand_lines(game: Position, winner: int | None) -> tuple[tuple[ScoreLine, ...], ...]:
    """Every seat's lines for the hand, the bonus of `game.hand_type` to `winner`, who went out
    (None: nobody did), without the lines that count nothing for anyone."""
    return shared_lines(
        seat_lines(
            [d.kind for d in game.own_declarations(seat)],
            [DECK[cid] for cid in game.specials[seat]],
            [DECK[cid] for cid in game.hands[seat]],
            game.hand_type if seat == winner else None,
        )
        for seat in range(game.seats)
    )
