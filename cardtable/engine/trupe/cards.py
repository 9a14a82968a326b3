"""The 89 Trupe cards with stable ids, and the identities cards are declared as.

Ids: each group takes 20 ids in a row (its 1s, 2s, 3s and 4s, four of each, then its honors
Gold, Colors, World and Banner); then the four premiums (80–83), the two Prosperos (84, 85),
the Mirandas with one and two extra draws (86, 87) and the Trefoil (88).

An *identity* is what a card counts as in a combination: a group and a rank, written as a code
such as ``B2`` (a Brownie 2) or ``MGold`` (the Mariner Gold). Copies of a member share an
identity; the Trefoil takes the identity it is declared as.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import cast

from cardtable.engine.trupe.types import CardType, TrupeFace

#: Group letter → the group's name and the name of one of its cards.
GROUPS = {"B": "Brownies", "G": "Girl Scouts", "M": "Mariners", "S": "Seniors"}
MEMBER_OF = {"B": "Brownie", "G": "Girl Scout", "M": "Mariner", "S": "Senior"}
NUMERALS = (1, 2, 3, 4)
HONORS = ("Gold", "Colors", "World", "Banner")
#: Ranks in hand order: the members' numerals, then the honors.
RANKS = (*(str(n) for n in NUMERALS), *HONORS)
COPIES = 4

MEMBER = "member"
HONOR = "honor"
PREMIUM = "premium"
PENALTY = "penalty"
TREFOIL = "trefoil"

PROSPERO = "Prospero, the Goat"
MIRANDA = "Miranda, the Pig"


@dataclass(frozen=True, slots=True)
class TrupeCard:
    """One card. Members and honors have a group and a rank; a Miranda has its extra draws."""

    cid: int
    type: str
    name: str
    short: str
    group: str | None = None
    rank: str | None = None
    #: A Miranda's extra draws from the pack (ruling 2).
    extra_draws: int = 0
    #: Whether this is a Prospero, whose holder loses their next regular turn.
    loses_turn: bool = False

    @property
    def identity(self) -> str | None:
        """``B2`` or ``MGold``; None for the Trefoil and the special cards."""
        return None if self.group is None else f"{self.group}{self.rank}"

    @property
    def special(self) -> bool:
        """A premium or penalty card: declared and replaced as soon as it is seen."""
        return self.type in (PREMIUM, PENALTY)

    @property
    def trefoil(self) -> bool:
        return self.type == TREFOIL

    @property
    def face(self) -> TrupeFace:
        """The card as seen (a penalty says what it does)."""
        penalty = self.type == PENALTY
        return TrupeFace(
            self.cid,
            cast(CardType, self.type),
            self.name,
            self.short,
            self.group,
            self.rank,
            extra_draws=self.extra_draws if penalty else None,
            loses_turn=self.loses_turn if penalty else None,
        )


def identity_name(code: str) -> str:
    """``B2`` → ``Brownie 2``; ``MGold`` → ``Mariner Gold``."""
    return f"{MEMBER_OF[code[0]]} {code[1:]}"


def is_honor(code: str) -> bool:
    return code[1:] in HONORS


def group_of(code: str) -> str:
    return code[0]


def rank_of(code: str) -> str:
    return code[1:]


#: Every identity a card or a Trefoil can have, in hand order.
IDENTITIES = tuple(f"{group}{rank}" for group in GROUPS for rank in RANKS)


def _build_deck() -> tuple[TrupeCard, ...]:
    cards: list[TrupeCard] = []
    for group in GROUPS:
        for numeral in NUMERALS:
            for _ in range(COPIES):
                name = f"{MEMBER_OF[group]} {numeral}"
                cards.append(
                    TrupeCard(len(cards), MEMBER, name, f"{group}{numeral}", group, str(numeral))
                )
        for honor in HONORS:
            name = f"{MEMBER_OF[group]} {honor}"
            cards.append(TrupeCard(len(cards), HONOR, name, f"{group}{honor}", group, honor))
    for number in range(1, 5):
        cards.append(TrupeCard(len(cards), PREMIUM, "Premium", f"P{number}"))
    for _ in range(2):
        cards.append(TrupeCard(len(cards), PENALTY, PROSPERO, "Pro", loses_turn=True))
    for extra in (1, 2):
        what = "one extra draw" if extra == 1 else "two extra draws"
        cards.append(
            TrupeCard(len(cards), PENALTY, f"{MIRANDA} ({what})", f"Mi{extra}", extra_draws=extra)
        )
    cards.append(TrupeCard(len(cards), TREFOIL, "Trefoil", "Tref"))
    return tuple(cards)


DECK = _build_deck()
DECK_SIZE = len(DECK)
TREFOIL_CID = DECK_SIZE - 1
_FACES = tuple(card.face for card in DECK)
_ORDER = {**{code: index for index, code in enumerate(IDENTITIES)}}


def face(cid: int, trefoil_as: str | None = None) -> TrupeFace:
    """A card as seen; a declared Trefoil also says what it stands for (`trefoil_as`)."""
    if cid == TREFOIL_CID and trefoil_as is not None:
        return replace(_FACES[cid], stands_for=trefoil_as, as_name=identity_name(trefoil_as))
    return _FACES[cid]


def faces(cids: Sequence[int], trefoil_as: str | None = None) -> tuple[TrupeFace, ...]:
    return tuple(face(cid, trefoil_as) for cid in cids)


def hand_order(cids: list[int]) -> list[int]:
    """Cards by group, then rank (numerals, then honors); the Trefoil last."""
    return sorted(cids, key=lambda cid: (_ORDER.get(DECK[cid].identity or "", len(_ORDER)), cid))
