"""Nobility's types: its offers (free actions; a turn's actions are in ``actions``), what a
seat sees of the table (its pieces in ``pieces``), its events, and the registry of them all.

Read these first: they are the whole of what the rules accept and tell. Cards travel as
`CardFace`s; a Joker is ``CardFace(cid, "Joker", "")``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Self

from cardtable.engine.actions import GameAction, action
from cardtable.engine.cards import CardFace
from cardtable.engine.events import DealtHand, EventPart, event
from cardtable.engine.game_types import GameTypes
from cardtable.engine.nobility.actions import TURN_ACTIONS
from cardtable.engine.nobility.offer_reading import (
    OFFER_FIELDS,
    TO_SEAT,
    amount,
    as_record,
    deal_number,
    meld_ids,
    whole,
)
from cardtable.engine.nobility.pieces import (
    BattleView,
    Coalition,
    DealTerms,
    MeldView,
    OfferView,
    OwedView,
)
from cardtable.wire.codec import Plain, WireError, wire_field

#: The phases of a turn (and the election that interrupts one).
Phase = Literal["start", "main", "melding", "retrieving", "discard", "election"]

# -- actions: diplomacy (free: any seat, whenever the game allows; the turn's are in ``actions``)


@action("offer", free=True)
class Offer(GameAction):
    """Offer seat `to` a deal (ruling 12): what the maker gives, what she asks for, and a
    coalition to form or dissolve."""

    to: int
    give_money: int = 0
    give_melds: tuple[int, ...] = ()
    get_money: int = 0
    get_melds: tuple[int, ...] = ()
    coalition: Coalition | None = None

    @property
    def empty(self) -> bool:
        return not (self.give_money or self.give_melds or self.get_money or self.get_melds) and (
            self.coalition is None
        )

    @classmethod
    def from_wire(cls, data: Plain) -> Offer:
        # Read by hand for its words: an offer is typed by a player (the diplomacy chat), not
        # picked from the legal list, so a part it does not have is named ("An offer has no
        # part called 'gift'."); the codec refuses any unknown field with the one sentence of
        # every action ("Send one of your legal actions exactly as the view lists it.").
        parts = as_record(data, cls.kind)
        to = parts.get("to")
        if not whole(to):
            raise WireError(TO_SEAT)
        assert isinstance(to, int)
        unknown = sorted(str(key) for key in set(parts) - OFFER_FIELDS)
        if unknown:
            raise WireError(f"An offer has no part called {unknown[0]!r}.")
        coalition = parts.get("coalition")
        if coalition is not None and coalition not in ("form", "dissolve"):
            raise WireError("A coalition is either formed or dissolved.")
        return cls(
            to=to,
            give_money=amount(parts, "give_money"),
            give_melds=meld_ids(parts, "give_melds"),
            get_money=amount(parts, "get_money"),
            get_melds=meld_ids(parts, "get_melds"),
            coalition=coalition,
        )


@dataclass(frozen=True, slots=True)
class DealAnswer(GameAction):
    """The field of an answer to offer `deal`."""

    deal: int

    @classmethod
    def from_wire(cls, data: Plain) -> Self:
        return cls(deal_number(data, cls.kind))


@action("accept", free=True)
class Accept(DealAnswer):
    """Accept offer `deal` (made to you): it is carried out whole, now."""


@action("decline", free=True)
class Decline(DealAnswer):
    """Decline offer `deal` (made to you)."""


@action("withdraw", free=True)
class Withdraw(DealAnswer):
    """Withdraw offer `deal` (made by you)."""


Answer = Accept | Decline | Withdraw


# -- what a seat sees of the table ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NobilityTable:
    """What a seat sees of the table (`hand` is None for a spectator; `taken`, the card taken
    from the stock discard pile this turn, is told to its taker alone)."""

    turn: int
    turns: int
    phase: Phase
    endgame: bool
    endgame_turns_left: int | None
    passes: int
    taken: CardFace | None
    turn_limit: int
    hand: tuple[CardFace, ...] | None
    hand_counts: tuple[int, ...]
    stock: int
    stock_discard: tuple[CardFace, ...]
    noble_discard: tuple[CardFace, ...]
    melds: tuple[MeldView, ...]
    money: tuple[int, ...]
    bank: int
    provinces: tuple[int, ...]
    majority: tuple[int, ...]
    coalition: tuple[int, ...]
    elections: int
    last_election: int
    ready: tuple[int, ...]
    #: What a claim of each suit would pay each seat now.
    income: Mapping[str, tuple[int, ...]]
    owed: OwedView | None
    battle: BattleView | None
    won_hand: bool
    offers: tuple[OfferView, ...]
    rubbers_to_win: int


# -- events --------------------------------------------------------------------------------------


@event("deal")
class Dealt(EventPart):
    """A rubber is dealt: three each, the stock, its top card turned up."""

    round: int
    dealer: int
    stock: int
    turned: CardFace
    bank: int


@event("draw")
class Drew(EventPart):
    """`seat` drew `count` cards from the stock, which has `stock` left."""

    seat: int
    count: int
    stock: int


@dataclass(frozen=True, slots=True)
class DrawnCards:
    cards: tuple[CardFace, ...]


@event("take")
class Took(EventPart):
    seat: int
    card: CardFace


@event("discard")
class Discarded(EventPart):
    seat: int
    card: CardFace


@event("recall")
class Recalled(EventPart):
    seat: int
    card: CardFace


@event("retrieve")
class Retrieved(EventPart):
    """`seat` paid `paid` for `card` from the noble pile, to hand (`meld` None) or a meld."""

    seat: int
    card: CardFace
    meld: int | None
    paid: int


@event("meld")
class Melded(EventPart):
    seat: int
    meld: MeldView


@event("extend")
class Extended(EventPart):
    seat: int
    card: CardFace
    meld: int
    owner: int


@event("defend")
class Defended(EventPart):
    seat: int
    card: CardFace
    meld: int
    owner: int


@event("joker")
class Corrupted(EventPart):
    seat: int
    card: CardFace
    meld: int
    owner: int


@event("claim")
class Claimed(EventPart):
    seat: int
    card: CardFace


@event("income")
class Income(EventPart):
    """`seat` was owed `due` for `suit` and the bank paid `paid`."""

    seat: int
    suit: str
    due: int
    paid: int


@event("maintenance")
class Maintenance(EventPart):
    seat: int
    nobles: int
    paid: int


@event("unpaid")
class Unpaid(EventPart):
    """Defenders `seat` could not pay for, gone to the stock discard pile."""

    seat: int
    cards: tuple[CardFace, ...]


@event("battle")
class Fought(EventPart):
    """`seat` attacked meld `meld` (None: `victim`'s hand) with `nobles`."""

    seat: int
    victim: int
    meld: int | None
    nobles: tuple[CardFace, ...]
    attack: int
    defence: int
    won: bool


@event("to_nobles")
class ToNobles(EventPart):
    """`cards` of `seat` went to the noble discard pile, and `why`."""

    seat: int
    cards: tuple[CardFace, ...]
    why: str


@event("captured")
class Captured(EventPart):
    seat: int
    meld: int
    source: int = wire_field(name="from")


@event("hand_taken")
class HandTaken(EventPart):
    """`seat` won `victim`'s hand: `count` cards (which the two of them see)."""

    seat: int
    victim: int
    count: int


@dataclass(frozen=True, slots=True)
class TakenCards:
    cards: tuple[CardFace, ...]


@event("kept")
class Kept(EventPart):
    seat: int
    cards: tuple[CardFace, ...]


@event("pass")
class Passed(EventPart):
    seat: int


@event("merge")
class Merged(EventPart):
    seat: int
    to: int
    melds: tuple[int, ...]


@event("turn")
class Turn(EventPart):
    seat: int
    turn: int


@event("ready")
class WasReady(EventPart):
    seat: int


@event("stock_out")
class StockOut(EventPart):
    """The stock ran out: election `number` is due; in the `endgame` when the discard pile
    was gone too."""

    number: int
    stock: int
    endgame: bool


@event("election_opens")
class ElectionOpens(EventPart):
    number: int


@event("election")
class Election(EventPart):
    number: int
    majority: tuple[int, ...]
    coalition: tuple[int, ...]
    provinces: tuple[int, ...]


@event("majority")
class MajorityNow(EventPart):
    seats: tuple[int, ...]


@event("coalition")
class CoalitionFormed(EventPart):
    seats: tuple[int, ...]


@event("coalition_ends")
class CoalitionEnds(EventPart):
    seats: tuple[int, ...]
    why: str


@event("rubber_end")
class RubberEnd(EventPart):
    """The rubber is decided: `winner` (None: nobody ahead), `why`, and where it stood."""

    winner: int | None
    why: str
    provinces: tuple[int, ...]
    money: tuple[int, ...]


@event("offer")
class OfferMade(EventPart):
    """An offer, told to its two parties alone."""

    offer: OfferView


@event("offer_closed")
class OfferClosed(EventPart):
    """Offer `deal` was withdrawn, declined or lapsed (`how`), told to its parties alone."""

    deal: int
    how: str


@event("deal_done")
class DealDone(DealTerms, EventPart):
    """Offer `deal` was accepted and carried out (public)."""


TYPES = GameTypes(
    "Nobility",
    actions=(*TURN_ACTIONS, Offer, Accept, Decline, Withdraw),
    events=(
        (Dealt, DealtHand), (Drew, DrawnCards), Took, Discarded, Recalled, Retrieved, Melded,
        Extended, Defended, Corrupted, Claimed, Income, Maintenance, Unpaid, Fought, ToNobles,
        Captured, (HandTaken, TakenCards), Kept, Passed, Merged, Turn, WasReady, StockOut,
        ElectionOpens, Election, MajorityNow, CoalitionFormed, CoalitionEnds, RubberEnd,
        OfferMade, OfferClosed, DealDone,
    ),
    table=NobilityTable,
)  # fmt: skip
