"""The Thistle deck (ruling 1): 10 clans × (9 Clan cards + 1 Coat of Arms), and 6 Castles.

Card ids: Clan cards 0–89 (clan ``cid // 9 + 1``), Coats of Arms 90–99 (clan ``cid - 89``),
Castles 100–105. A Coat of Arms or a Castle is a *bonus card*.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

CLAN_NAMES = (
    "MacArthur",
    "Scott",
    "Grant",
    "Campbell",
    "MacDonald",
    "Stewart",
    "Fraser",
    "Gordon",
    "MacGregor",
    "Douglas",
)
CLANS = tuple(range(1, len(CLAN_NAMES) + 1))
CLAN_CARDS_PER_CLAN = 9
CASTLES = 6

#: What a card is: a Clan card, a Coat of Arms or a Castle.
CardKind = Literal["clan", "arms", "castle"]

CLAN: CardKind = "clan"
ARMS: CardKind = "arms"
CASTLE: CardKind = "castle"

#: Points of a card lying in an open group, and deducted for one in hand or set aside (16, 17).
CARD_POINTS = {CLAN: 5, ARMS: 10, CASTLE: 25}


def clan_name(clan: int) -> str:
    """``4`` → ``Campbell``."""
    return CLAN_NAMES[clan - 1]


@dataclass(frozen=True, slots=True)
class ThistleCard:
    """One card: a Clan card or a Coat of Arms of clan 1–10, or a Castle (no clan).

    It is also the card as seen: it travels as ``{"cid", "kind", "clan"}`` (its ``kind`` is a
    field, not an event's or an action's tag)."""

    cid: int
    kind: CardKind
    clan: int | None

    @property
    def is_bonus(self) -> bool:
        return self.kind != CLAN

    @property
    def points(self) -> int:
        return CARD_POINTS[self.kind]

    @property
    def label(self) -> str:
        """Short words: ``4 Campbell``, ``Campbell arms``, ``Castle``."""
        if self.kind == CLAN:
            return f"{self.clan} {clan_name(self.clan or 0)}"
        if self.kind == ARMS:
            return f"{clan_name(self.clan or 0)} arms"
        return "Castle"


def _build_deck() -> tuple[ThistleCard, ...]:
    clan_count = len(CLANS) * CLAN_CARDS_PER_CLAN
    cards = [ThistleCard(cid, CLAN, cid // CLAN_CARDS_PER_CLAN + 1) for cid in range(clan_count)]
    cards += [ThistleCard(clan_count + clan - 1, ARMS, clan) for clan in CLANS]
    cards += [ThistleCard(len(cards) + index, CASTLE, None) for index in range(CASTLES)]
    return tuple(cards)


#: Every card, indexed by card id.
DECK = _build_deck()
#: Hands are kept sorted: Clan cards by clan, then Coats of Arms, then Castles.
SORT_KEYS = tuple(
    ((CLAN, ARMS, CASTLE).index(card.kind), card.clan or 0, card.cid) for card in DECK
)


def clan_cards(clan: int) -> range:
    """The ids of a clan's nine Clan cards."""
    start = (clan - 1) * CLAN_CARDS_PER_CLAN
    return range(start, start + CLAN_CARDS_PER_CLAN)


def arms_of(clan: int) -> int:
    """The id of a clan's Coat of Arms."""
    return len(CLANS) * CLAN_CARDS_PER_CLAN + clan - 1


def castles() -> range:
    start = len(CLANS) * (CLAN_CARDS_PER_CLAN + 1)
    return range(start, start + CASTLES)


def faces(cids: Sequence[int]) -> tuple[ThistleCard, ...]:
    """The cards `cids`, as a view shows them."""
    return tuple(DECK[cid] for cid in cids)
