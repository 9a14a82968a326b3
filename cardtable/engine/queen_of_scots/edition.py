"""The Queen of Scots deck as data: one table per edition, read into cards with stable ids.

An edition is a plain text table, one line per card kind (name | short name | copies | value |
type), so another edition is loaded by writing its table and passing it to `parse_edition`.
Card ids follow the table: the first kind's copies come first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from cardtable.engine.queen_of_scots.types import CardType, QueenFace

CHARACTER = "character"
ROYAL = "royal"
WILD = "wild"
TYPES = (CHARACTER, ROYAL, WILD)

#: The match key every royal shares (ruling 2: any royal matches any royal).
ROYAL_FAMILY = "royal family"

#: The project's edition (rulings, "The deck"): 90 playing cards.
STANDARD_TABLE = """
Mary Seton           | Seton    | 8 |  5 | character
Lord Ruthven         | Ruthven  | 8 |  5 | character
William Maitland     | Maitland | 8 |  5 | character
David Rizzio         | Rizzio   | 8 | 10 | character
Cardinal Beaton      | Beaton   | 8 | 10 | character
Earl of Arran        | Arran    | 8 | 10 | character
John Knox            | Knox     | 8 | 15 | character
Earl of Bothwell     | Bothwell | 8 | 15 | character
King James           | James    | 8 | 20 | royal
Lord Darnley         | Darnley  | 4 | 20 | royal
Mary of Guise        | Guise    | 4 | 25 | royal
Mary, Queen of Scots | Mary     | 4 | 30 | royal
Crown Jewels         | Jewels   | 6 | 50 | wild
"""


@dataclass(frozen=True, slots=True)
class QueenCard:
    """One card: a character, a member of the royal family, or a wild Crown Jewel."""

    cid: int
    name: str
    short: str
    value: int
    type: str
    #: What this card matches (ruling 2): its own name, the royal family, or nothing (a wild).
    match: str | None = field(init=False)

    def __post_init__(self) -> None:
        match = None if self.type == WILD else ROYAL_FAMILY if self.type == ROYAL else self.name
        object.__setattr__(self, "match", match)

    @property
    def wild(self) -> bool:
        return self.type == WILD

    @property
    def royal(self) -> bool:
        return self.type == ROYAL

    @property
    def face(self) -> QueenFace:
        """The card as a seat sees it."""
        return QueenFace(self.cid, self.name, self.short, self.value, cast(CardType, self.type))


@dataclass(frozen=True)
class Edition:
    """A deck: every card indexed by id, with their faces and hand order."""

    name: str
    cards: tuple[QueenCard, ...]
    faces: tuple[QueenFace, ...] = field(init=False, repr=False)
    sort_keys: tuple[tuple[int, int, int], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "faces", tuple(card.face for card in self.cards))
        names = dict.fromkeys(card.name for card in self.cards)
        order = {name: index for index, name in enumerate(names)}
        keys = tuple((TYPES.index(card.type), order[card.name], card.cid) for card in self.cards)
        object.__setattr__(self, "sort_keys", keys)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def values(self) -> tuple[int, ...]:
        """Every card value in the deck, lowest first."""
        return tuple(sorted({card.value for card in self.cards}))

    def sorted(self, cids: list[int] | tuple[int, ...]) -> list[int]:
        """Cards in hand order: characters, royals, then Crown Jewels; each kind together."""
        return sorted(cids, key=self.sort_keys.__getitem__)

    def face(self, cid: int) -> QueenFace:
        """Card `cid` as a seat sees it."""
        return self.faces[cid]

    def faces_of(self, cids: Sequence[int]) -> tuple[QueenFace, ...]:
        return tuple(self.faces[cid] for cid in cids)


class EditionError(ValueError):
    """An edition table that cannot be read; the message names the line."""


def parse_edition(name: str, table: str) -> Edition:
    """Read an edition table (``name | short | copies | value | type`` per line)."""
    cards: list[QueenCard] = []
    for number, line in enumerate(table.strip().splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) != 5:
            raise EditionError(f"line {number}: expected 5 columns, found {len(parts)}")
        card_name, short, copies, value, card_type = parts
        if card_type not in TYPES:
            raise EditionError(f"line {number}: type must be one of {', '.join(TYPES)}")
        try:
            count, points = int(copies), int(value)
        except ValueError:
            raise EditionError(f"line {number}: copies and value must be numbers") from None
        if count < 1:
            raise EditionError(f"line {number}: a card needs at least one copy")
        cards += [
            QueenCard(len(cards) + copy, card_name, short, points, card_type)
            for copy in range(count)
        ]
    if not cards:
        raise EditionError("an edition needs cards")
    return Edition(name, tuple(cards))


STANDARD = parse_edition("standard", STANDARD_TABLE)
#: The editions a table may choose (option ``edition``).
EDITIONS: dict[str, Edition] = {STANDARD.name: STANDARD}
