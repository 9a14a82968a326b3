"""The heuristic Nobility bot's reading of its seat's view: its hand, the melds on the table
and whose they are, money and the coalition (see `bots`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.engine.cards import CardFace
from cardtable.engine.nobility.cards import (
    is_province,
    open_ends,
    position,
    suit_of,
)
from cardtable.engine.nobility.types import (
    NobilityTable,
)
from cardtable.engine.views import SeatView


@dataclass(frozen=True, slots=True)
class ViewMeld:
    id: int
    owner: int
    suit: str
    cards: tuple[int, ...]
    defenders: tuple[int, ...]
    joker: bool
    income: int
    defence: int

    @property
    def length(self) -> int:
        return len(self.cards)

    def extended_by(self, cid: int) -> bool:
        return (
            is_province(cid)
            and suit_of(cid) == self.suit
            and position(cid) in open_ends(self.cards)
        )


@dataclass
class Reading:
    """What the bot makes of its view."""

    seat: int
    phase: str
    endgame: bool
    hand: list[int]
    melds: list[ViewMeld]
    money: list[int]
    bank: int
    provinces: list[int]
    majority: list[int]
    coalition: list[int]
    income: dict[str, list[int]]
    hand_counts: list[int]
    pile_top: int | None
    seen: set[int] = field(default_factory=set)

    @property
    def partner(self) -> int | None:
        if self.seat in self.coalition:
            return next(s for s in self.coalition if s != self.seat)
        return None

    def own(self) -> list[ViewMeld]:
        return [m for m in self.melds if m.owner == self.seat]

    def friendly(self, owner: int) -> bool:
        return owner == self.seat or owner == self.partner

    def opponents(self) -> list[ViewMeld]:
        return [m for m in self.melds if not self.friendly(m.owner)]

    def own_suits(self) -> set[str]:
        return {m.suit for m in self.own()}

    def meld(self, meld_id: int) -> ViewMeld:
        return next(m for m in self.melds if m.id == meld_id)

    def leader(self) -> int:
        """The other seat (not the partner) with the most provinces."""
        others = [s for s in range(len(self.provinces)) if not self.friendly(s)]
        if not others:
            return -1
        return max(others, key=lambda s: (self.provinces[s], -s))


def _cids(cards: Sequence[CardFace] | None) -> list[int]:
    return [card.cid for card in cards or ()]


def read(view: SeatView[NobilityTable]) -> Reading:
    table = view.table
    melds = [
        ViewMeld(
            id=m.id,
            owner=m.owner,
            suit=m.suit,
            cards=tuple(_cids(m.cards)),
            defenders=tuple(_cids(m.defenders)),
            joker=m.joker is not None,
            income=m.income,
            defence=m.defence,
        )
        for m in table.melds
    ]
    pile = _cids(table.stock_discard)
    hand = _cids(table.hand)
    seen = set(hand) | set(pile) | set(_cids(table.noble_discard))
    for m in table.melds:
        seen |= set(_cids(m.cards)) | set(_cids(m.defenders))
        if m.joker is not None:
            seen.add(m.joker.cid)
    assert view.seat is not None, "a bot plays a seat"
    return Reading(
        seat=view.seat,
        phase=table.phase,
        endgame=table.endgame,
        hand=hand,
        melds=melds,
        money=list(table.money),
        bank=table.bank,
        provinces=list(table.provinces),
        majority=list(table.majority),
        coalition=list(table.coalition),
        income={suit: list(pays) for suit, pays in table.income.items()},
        hand_counts=list(table.hand_counts),
        pile_top=pile[-1] if pile else None,
        seen=seen,
    )
