"""Province melds: who owns them, their provinces in cyclic order, defending nobles, a Joker."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.engine.nobility.cards import (
    PROVINCES_PER_SUIT,
    card_face,
    faces,
    income_for,
    is_king,
    open_ends,
    position,
    suit_of,
)
from cardtable.engine.nobility.pieces import MeldView

#: Each non-King defender costs this at every claim that pays its meld (ruling 7), and a
#: retrieval costs it per noble (ruling 10).
NOBLE_COST = 15


@dataclass
class Meld:
    """A meld on the table. `cards` are its provinces in sequence order."""

    id: int
    owner: int
    suit: str
    cards: list[int]
    defenders: list[int] = field(default_factory=list)
    joker: int | None = None

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def income(self) -> int:
        """What a claim of its suit pays it, before doubling; nothing once a Joker is on it."""
        return 0 if self.joker is not None else income_for(self.suit, self.length)

    @property
    def defence(self) -> int:
        """The meld's own 1 plus one per defending noble (ruling 8)."""
        return 1 + len(self.defenders)

    @property
    def upkeep(self) -> list[int]:
        """Defenders that cost maintenance: every one but a King."""
        return [cid for cid in self.defenders if not is_king(cid)]

    def all_cards(self) -> list[int]:
        return [*self.cards, *self.defenders, *([self.joker] if self.joker is not None else [])]

    def extends_with(self, cid: int) -> bool:
        """Whether province `cid` joins this meld at either end."""
        return suit_of(cid) == self.suit and position(cid) in open_ends(self.cards)

    def extend(self, cid: int) -> None:
        if position(cid) == (position(self.cards[-1]) + 1) % PROVINCES_PER_SUIT:
            self.cards.append(cid)
        else:
            self.cards.insert(0, cid)

    def view(self, doubled: bool) -> MeldView:
        """The meld as everyone sees it; `doubled`: its owner holds the majority."""
        return MeldView(
            id=self.id,
            owner=self.owner,
            suit=self.suit,
            cards=faces(self.cards),
            defenders=faces(self.defenders),
            joker=card_face(self.joker) if self.joker is not None else None,
            length=self.length,
            income=self.income * (2 if doubled else 1),
            defence=self.defence,
            upkeep=NOBLE_COST * len(self.upkeep),
        )
