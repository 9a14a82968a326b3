"""Sets on the table and the checks for making and growing them (rulings 2 and 5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.engine.queen_of_scots.edition import ROYAL_FAMILY, Edition, QueenCard
from cardtable.engine.queen_of_scots.types import SetView

MIN_SET = 3
MIN_NATURALS = 2


@dataclass
class QueenSet:
    """A set on its owner's side: cards that match one character or the royal family, and any
    number of Crown Jewels. Sets never move or split."""

    id: int
    owner: int
    match: str
    cards: list[int] = field(default_factory=list)

    def value(self, edition: Edition) -> int:
        return sum(edition.cards[cid].value for cid in self.cards)

    def seen(self, edition: Edition) -> SetView:
        """The set as every seat sees it."""
        return SetView(
            id=self.id,
            owner=self.owner,
            of=self.match,
            royal=self.match == ROYAL_FAMILY,
            cards=edition.faces_of(self.cards),
            value=self.value(edition),
        )


def matches(card: QueenCard, match: str | None) -> bool:
    """Whether a natural card matches `match` (a name or the royal family); wilds never do."""
    return match is not None and card.match == match


def fits(card: QueenCard, group: QueenSet) -> bool:
    """Ruling 5: a matching card or a Crown Jewel may join one's own set."""
    return card.wild or card.match == group.match


def match_word(match: str) -> str:
    """``John Knox`` or ``royal family`` as a set is named in words."""
    return "royal family" if match == ROYAL_FAMILY else match


def new_set_problem(cards: Sequence[QueenCard]) -> str | None:
    """Why `cards` cannot open a new set (ruling 5), or None when they can."""
    if len(cards) < MIN_SET:
        return f"A new set needs at least {MIN_SET} cards; that is {len(cards)}."
    naturals = [card for card in cards if not card.wild]
    if len(naturals) < MIN_NATURALS:
        return (
            "A new set needs at least two matching cards (two of one character, or two of the "
            "royal family); Crown Jewels alone cannot make a set."
        )
    kinds = {card.match for card in naturals}
    if len(kinds) > 1:
        names = ", ".join(sorted({card.name for card in naturals}))
        return (
            f"{names} do not match: a set is one character, or members of the royal family, "
            "plus any Crown Jewels."
        )
    return None
