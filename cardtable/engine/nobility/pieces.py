"""The pieces of what a Nobility seat sees of the table, which events carry too: a meld, an
open offer, a choice owed and a battle being resolved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.cards import CardFace
from cardtable.wire.codec import wire_field

#: What a seat owes: the winner's spent attackers, a defender's losses, unpaid defenders.
OwedKind = Literal["spoils", "losses", "unpaid"]
Coalition = Literal["form", "dissolve"]


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table: its provinces in sequence order, defenders and Joker; `income` is
    what a claim pays it (doubled for the majority), `upkeep` its defenders' maintenance."""

    id: int
    owner: int
    suit: str
    cards: tuple[CardFace, ...]
    defenders: tuple[CardFace, ...]
    joker: CardFace | None
    length: int
    income: int
    defence: int
    upkeep: int


@dataclass(frozen=True, slots=True)
class DealTerms:
    """Offer `deal` as it travels: who made it to whom, and its terms (the fields an open
    offer and the deal done share)."""

    deal: int
    maker: int = wire_field(name="from")
    to: int = wire_field()
    give_money: int = wire_field()
    give_melds: tuple[int, ...] = wire_field()
    get_money: int = wire_field()
    get_melds: tuple[int, ...] = wire_field()
    coalition: Coalition | None = wire_field()


@dataclass(frozen=True, slots=True)
class OfferView(DealTerms):
    """An open offer as its two parties see it."""

    lapses_on_turn: int = wire_field()


@dataclass(frozen=True, slots=True)
class OwedView:
    """A choice `seat` owes: `count` of `cards` to give up (none shown when they are in her
    hand and you are not her)."""

    seat: int
    kind: OwedKind
    count: int
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class BattleView:
    attacker: int
    nobles: tuple[CardFace, ...]
    meld: int | None
    victim: int
    won: bool
