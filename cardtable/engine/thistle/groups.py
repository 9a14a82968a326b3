"""Groups on the table (ruling 4) and the books they close into (ruling 15)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.engine.thistle.cards import ARMS, CASTLE, DECK, ThistleCard
from cardtable.engine.thistle.types import BookKind, BookView, GroupView
from cardtable.wire.records import record_from

BOOK_SIZE = 6
#: A group of exactly this many Clan cards can be captured (ruling 10).
CAPTURABLE_SIZES = (2, 3)

THISTLE_BOOK: BookKind = "thistle"
ARMS_BOOK: BookKind = "arms"
CASTLE_BOOK: BookKind = "castle"
PERFECT_BOOK: BookKind = "perfect"
#: Book kinds, best first, with their values (ruling 15).
BOOK_VALUES: dict[BookKind, int] = {
    PERFECT_BOOK: 300,
    CASTLE_BOOK: 200,
    ARMS_BOOK: 150,
    THISTLE_BOOK: 100,
}


class ClanCards:
    """What a group and a book hold: Clan cards of one clan, and at most one bonus card."""

    cards: Sequence[int]
    bonus: int | None

    def all_cards(self) -> tuple[int, ...]:
        return (*self.cards, *(() if self.bonus is None else (self.bonus,)))

    def card_faces(self) -> tuple[ThistleCard, ...]:
        return tuple(DECK[cid] for cid in self.cards)

    def bonus_face(self) -> ThistleCard | None:
        return None if self.bonus is None else DECK[self.bonus]


@dataclass
class Group(ClanCards):
    """Clan cards of one clan owned by one seat, with at most one bonus card."""

    id: int
    owner: int
    clan: int
    cards: list[int] = field(default_factory=list)
    bonus: int | None = None

    @property
    def size(self) -> int:
        """How many Clan cards it holds."""
        return len(self.cards)

    @property
    def capturable(self) -> bool:
        return self.size in CAPTURABLE_SIZES

    @property
    def full(self) -> bool:
        return self.size >= BOOK_SIZE

    def view(self) -> GroupView:
        """The group as every seat sees it."""
        return record_from(GroupView, self, cards=self.card_faces(), bonus=self.bonus_face())


def book_kind(clan: int, bonus: int | None) -> BookKind:
    """What a closed book of `clan` with `bonus` is (ruling 15)."""
    if bonus is None:
        return THISTLE_BOOK
    card = DECK[bonus]
    if card.kind == CASTLE:
        return CASTLE_BOOK
    assert card.kind == ARMS
    return PERFECT_BOOK if card.clan == clan else ARMS_BOOK


@dataclass(frozen=True)
class Book(ClanCards):
    """A closed group of six Clan cards, set aside for scoring."""

    group: int
    owner: int
    clan: int
    cards: tuple[int, ...]
    bonus: int | None

    @classmethod
    def of(cls, group: Group) -> Book:
        return cls(group.id, group.owner, group.clan, tuple(group.cards), group.bonus)

    @property
    def kind(self) -> BookKind:
        return book_kind(self.clan, self.bonus)

    @property
    def value(self) -> int:
        return BOOK_VALUES[self.kind]

    def view(self) -> BookView:
        """The book as every seat sees it."""
        return record_from(BookView, self, cards=self.card_faces(), bonus=self.bonus_face())
