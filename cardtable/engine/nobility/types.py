"""Nobility's types: its actions (the offers among them), its events and what a seat sees of
the table.

Read these first: they are the whole of what the rules accept and tell. Cards travel as
`CardFace`s; a Joker is ``CardFace(cid, "Joker", "")``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from cardtable.engine.cards import CardFace
from cardtable.engine.core import EventPart, GameAction, GameTypes, cards_field
from cardtable.wire.codec import Plain, WireError, read_as, wire_field

CARD_REFUSAL = "Cards are named by their numbers."
MELD_REFUSAL = "Melds are named by their numbers."
MERGE_REFUSAL = "Merge your melds into another player's, by seat (`to`)."
TO_SEAT = "Make an offer to one of the other players, by seat."
MONEY_LIMIT = 180
MONEY_RANGE = f"An amount of money is a whole number from 0 to {MONEY_LIMIT}."
MELD_LIST = "Melds are named by a list of their numbers."
NAME_THE_OFFER = "Name the offer by its number, as `deal`."
NO_SUCH_OFFER = "There is no open offer with that number."

#: The phases of a turn (and the election that interrupts one).
Phase = Literal["start", "main", "melding", "retrieving", "discard", "election"]
#: What a seat owes: the winner's spent attackers, a defender's losses, unpaid defenders.
OwedKind = Literal["spoils", "losses", "unpaid"]
Coalition = Literal["form", "dissolve"]


def _whole(data: Plain) -> bool:
    return isinstance(data, int) and not isinstance(data, bool)


def _record(data: Plain, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise WireError(f"Expected a record for {what}.")
    return data


# -- actions: a turn ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw(GameAction):
    """Draw the top card of the stock (the start of a turn)."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Take(GameAction):
    """Take the top card of the stock discard pile instead of drawing."""

    kind: ClassVar[str] = "take"
    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class MeldCards(GameAction):
    """Lay `cids` (three or more provinces of a suit in sequence, in card order) as a meld."""

    kind: ClassVar[str] = "meld"
    cids: tuple[int, ...] = cards_field()


@dataclass(frozen=True, slots=True)
class Extend(GameAction):
    """Add province `cid` at either end of meld `meld` (anyone's)."""

    kind: ClassVar[str] = "extend"
    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int = wire_field(refusal=MELD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Defend(GameAction):
    """Put noble `cid` on one's own meld `meld` of its suit."""

    kind: ClassVar[str] = "defend"
    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int = wire_field(refusal=MELD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Corrupt(GameAction):
    """Put Joker `cid` on meld `meld`: it pays no more income."""

    kind: ClassVar[str] = "joker"
    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int = wire_field(refusal=MELD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Claim(GameAction):
    """Meld noble `cid` to claim income for its suit."""

    kind: ClassVar[str] = "claim"
    cid: int = wire_field(refusal=CARD_REFUSAL)


def _number(data: Plain) -> int:
    """An optional field's number: one that is left out when there is none, so an explicit
    null is not sent as the view lists the action, and is refused."""
    number: int = read_as(int, data)
    return number


@dataclass(frozen=True, slots=True)
class Battle(GameAction):
    """Attack meld `meld` or seat `hand`'s hand (one of the two) with nobles `cids`.

    On the wire only the target named travels: ``{"cids": [...], "meld": 2}`` or
    ``{"cids": [...], "hand": 1}``."""

    kind: ClassVar[str] = "battle"
    cids: tuple[int, ...] = cards_field()
    meld: int | None = wire_field(optional=True, parse=_number, refusal=MELD_REFUSAL)
    hand: int | None = wire_field(
        optional=True, parse=_number, refusal="Name the hand to attack by its seat."
    )


@dataclass(frozen=True, slots=True)
class Retrieve(GameAction):
    """Pay for noble `cid` from the noble discard pile: to hand, or onto one's own `meld`.

    On the wire ``meld`` travels only when there is one."""

    kind: ClassVar[str] = "retrieve"
    undoable: ClassVar[bool] = True
    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int | None = wire_field(optional=True, parse=_number, refusal=MELD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Recall(GameAction):
    """Take defender `cid` back from one's own meld to hand (a retrieval)."""

    kind: ClassVar[str] = "recall"
    undoable: ClassVar[bool] = True
    cid: int = wire_field(refusal=CARD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Done(GameAction):
    """The meld phase or the retrieval is over."""

    kind: ClassVar[str] = "done"
    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Discard(GameAction):
    kind: ClassVar[str] = "discard"
    cid: int = wire_field(refusal=CARD_REFUSAL)


@dataclass(frozen=True, slots=True)
class GiveUp(GameAction):
    """Give up noble `cid`, one of those owed."""

    kind: ClassVar[str] = "give_up"
    cid: int = wire_field(refusal=CARD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Ready(GameAction):
    """Ready for the election's vote."""

    kind: ClassVar[str] = "ready"
    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Pass(GameAction):
    """The endgame: do nothing this turn."""

    kind: ClassVar[str] = "pass"
    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Merge(GameAction):
    """The endgame: hand every one of one's melds to seat `to`."""

    kind: ClassVar[str] = "merge"
    undoable: ClassVar[bool] = True
    to: int = wire_field(refusal=MERGE_REFUSAL)


# -- actions: diplomacy (free: any seat, whenever the game allows) -----------------------------


def _amount(record: Mapping[str, Any], key: str) -> int:
    value = record.get(key, 0)
    if not _whole(value) or not 0 <= value <= MONEY_LIMIT:
        raise WireError(MONEY_RANGE)
    assert isinstance(value, int)
    return value


def _meld_ids(record: Mapping[str, Any], key: str) -> tuple[int, ...]:
    value = record.get(key, [])
    if not isinstance(value, list) or not all(_whole(item) for item in value):
        raise WireError(MELD_LIST)
    if len(set(value)) != len(value):
        raise WireError("A meld is named twice in the offer.")
    return tuple(value)


_OFFER_FIELDS = {"kind", "to", "give_money", "give_melds", "get_money", "get_melds", "coalition"}


@dataclass(frozen=True, slots=True)
class Offer(GameAction):
    """Offer seat `to` a deal (ruling 12): what the maker gives, what she asks for, and a
    coalition to form or dissolve."""

    kind: ClassVar[str] = "offer"
    free: ClassVar[bool] = True
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
        record = _record(data, cls.kind)
        to = record.get("to")
        if not _whole(to):
            raise WireError(TO_SEAT)
        assert isinstance(to, int)
        unknown = sorted(str(key) for key in set(record) - _OFFER_FIELDS)
        if unknown:
            raise WireError(f"An offer has no part called {unknown[0]!r}.")
        coalition = record.get("coalition")
        if coalition is not None and coalition not in ("form", "dissolve"):
            raise WireError("A coalition is either formed or dissolved.")
        return cls(
            to=to,
            give_money=_amount(record, "give_money"),
            give_melds=_meld_ids(record, "give_melds"),
            get_money=_amount(record, "get_money"),
            get_melds=_meld_ids(record, "get_melds"),
            coalition=coalition,
        )


def _deal_number(data: Plain, kind: str) -> int:
    """The offer an answer names. Read by hand for its words: a missing number or a field too
    many is "Name the offer by its number, as `deal`.", a number that is not one "There is no
    open offer with that number."; the codec gives one `refusal` for a missing field and a wrong
    one, and one sentence for an unknown field in any action."""
    record = _record(data, kind)
    if set(record) != {"kind", "deal"}:
        raise WireError(NAME_THE_OFFER)
    deal = record["deal"]
    if not _whole(deal):
        raise WireError(NO_SUCH_OFFER)
    assert isinstance(deal, int)
    return deal


@dataclass(frozen=True, slots=True)
class Accept(GameAction):
    """Accept offer `deal` (made to you): it is carried out whole, now."""

    kind: ClassVar[str] = "accept"
    free: ClassVar[bool] = True
    deal: int

    @classmethod
    def from_wire(cls, data: Plain) -> Accept:
        return cls(_deal_number(data, cls.kind))


@dataclass(frozen=True, slots=True)
class Decline(GameAction):
    kind: ClassVar[str] = "decline"
    free: ClassVar[bool] = True
    deal: int

    @classmethod
    def from_wire(cls, data: Plain) -> Decline:
        return cls(_deal_number(data, cls.kind))


@dataclass(frozen=True, slots=True)
class Withdraw(GameAction):
    """Withdraw offer `deal` (made by you)."""

    kind: ClassVar[str] = "withdraw"
    free: ClassVar[bool] = True
    deal: int

    @classmethod
    def from_wire(cls, data: Plain) -> Withdraw:
        return cls(_deal_number(data, cls.kind))


NobilityAction = (
    Draw | Take | MeldCards | Extend | Defend | Corrupt | Claim | Battle | Retrieve | Recall
    | Done | Discard | GiveUp | Ready | Pass | Merge
)  # fmt: skip
#: The moves that make up the meld phase.
MeldMove = MeldCards | Extend | Defend | Corrupt | Claim
Answer = Accept | Decline | Withdraw


# -- the view's pieces (events carry some of them too) -----------------------------------------


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
class OfferView:
    """An open offer as its two parties see it."""

    deal: int
    maker: int = wire_field(name="from")
    to: int = wire_field()
    give_money: int = wire_field()
    give_melds: tuple[int, ...] = wire_field()
    get_money: int = wire_field()
    get_melds: tuple[int, ...] = wire_field()
    coalition: Coalition | None = wire_field()
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


@dataclass(frozen=True, slots=True)
class Dealt(EventPart):
    """A rubber is dealt: three each, the stock, its top card turned up."""

    kind: ClassVar[str] = "deal"
    round: int
    dealer: int
    stock: int
    turned: CardFace
    bank: int


@dataclass(frozen=True, slots=True)
class DealtHand:
    hand: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class Drew(EventPart):
    """`seat` drew `count` cards from the stock, which has `stock` left."""

    kind: ClassVar[str] = "draw"
    seat: int
    count: int
    stock: int


@dataclass(frozen=True, slots=True)
class DrawnCards:
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class Took(EventPart):
    kind: ClassVar[str] = "take"
    seat: int
    card: CardFace


@dataclass(frozen=True, slots=True)
class Discarded(EventPart):
    kind: ClassVar[str] = "discard"
    seat: int
    card: CardFace


@dataclass(frozen=True, slots=True)
class Recalled(EventPart):
    kind: ClassVar[str] = "recall"
    seat: int
    card: CardFace


@dataclass(frozen=True, slots=True)
class Retrieved(EventPart):
    """`seat` paid `paid` for `card` from the noble pile, to hand (`meld` None) or a meld."""

    kind: ClassVar[str] = "retrieve"
    seat: int
    card: CardFace
    meld: int | None
    paid: int


@dataclass(frozen=True, slots=True)
class Melded(EventPart):
    kind: ClassVar[str] = "meld"
    seat: int
    meld: MeldView


@dataclass(frozen=True, slots=True)
class Extended(EventPart):
    kind: ClassVar[str] = "extend"
    seat: int
    card: CardFace
    meld: int
    owner: int


@dataclass(frozen=True, slots=True)
class Defended(EventPart):
    kind: ClassVar[str] = "defend"
    seat: int
    card: CardFace
    meld: int
    owner: int


@dataclass(frozen=True, slots=True)
class Corrupted(EventPart):
    kind: ClassVar[str] = "joker"
    seat: int
    card: CardFace
    meld: int
    owner: int


@dataclass(frozen=True, slots=True)
class Claimed(EventPart):
    kind: ClassVar[str] = "claim"
    seat: int
    card: CardFace


@dataclass(frozen=True, slots=True)
class Income(EventPart):
    """`seat` was owed `due` for `suit` and the bank paid `paid`."""

    kind: ClassVar[str] = "income"
    seat: int
    suit: str
    due: int
    paid: int


@dataclass(frozen=True, slots=True)
class Maintenance(EventPart):
    kind: ClassVar[str] = "maintenance"
    seat: int
    nobles: int
    paid: int


@dataclass(frozen=True, slots=True)
class Unpaid(EventPart):
    """Defenders `seat` could not pay for, gone to the stock discard pile."""

    kind: ClassVar[str] = "unpaid"
    seat: int
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class Fought(EventPart):
    """`seat` attacked meld `meld` (None: `victim`'s hand) with `nobles`."""

    kind: ClassVar[str] = "battle"
    seat: int
    victim: int
    meld: int | None
    nobles: tuple[CardFace, ...]
    attack: int
    defence: int
    won: bool


@dataclass(frozen=True, slots=True)
class ToNobles(EventPart):
    """`cards` of `seat` went to the noble discard pile, and `why`."""

    kind: ClassVar[str] = "to_nobles"
    seat: int
    cards: tuple[CardFace, ...]
    why: str


@dataclass(frozen=True, slots=True)
class Captured(EventPart):
    kind: ClassVar[str] = "captured"
    seat: int
    meld: int
    source: int = wire_field(name="from")


@dataclass(frozen=True, slots=True)
class HandTaken(EventPart):
    """`seat` won `victim`'s hand: `count` cards (which the two of them see)."""

    kind: ClassVar[str] = "hand_taken"
    seat: int
    victim: int
    count: int


@dataclass(frozen=True, slots=True)
class TakenCards:
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class Kept(EventPart):
    kind: ClassVar[str] = "kept"
    seat: int
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class Passed(EventPart):
    kind: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class Merged(EventPart):
    kind: ClassVar[str] = "merge"
    seat: int
    to: int
    melds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Turn(EventPart):
    kind: ClassVar[str] = "turn"
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class WasReady(EventPart):
    kind: ClassVar[str] = "ready"
    seat: int


@dataclass(frozen=True, slots=True)
class StockOut(EventPart):
    """The stock ran out: election `number` is due; in the `endgame` when the discard pile
    was gone too."""

    kind: ClassVar[str] = "stock_out"
    number: int
    stock: int
    endgame: bool


@dataclass(frozen=True, slots=True)
class ElectionOpens(EventPart):
    kind: ClassVar[str] = "election_opens"
    number: int


@dataclass(frozen=True, slots=True)
class Election(EventPart):
    kind: ClassVar[str] = "election"
    number: int
    majority: tuple[int, ...]
    coalition: tuple[int, ...]
    provinces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MajorityNow(EventPart):
    kind: ClassVar[str] = "majority"
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CoalitionFormed(EventPart):
    kind: ClassVar[str] = "coalition"
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CoalitionEnds(EventPart):
    kind: ClassVar[str] = "coalition_ends"
    seats: tuple[int, ...]
    why: str


@dataclass(frozen=True, slots=True)
class RubberEnd(EventPart):
    """The rubber is decided: `winner` (None: nobody ahead), `why`, and where it stood."""

    kind: ClassVar[str] = "rubber_end"
    winner: int | None
    why: str
    provinces: tuple[int, ...]
    money: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OfferMade(EventPart):
    """An offer, told to its two parties alone."""

    kind: ClassVar[str] = "offer"
    offer: OfferView


@dataclass(frozen=True, slots=True)
class OfferClosed(EventPart):
    """Offer `deal` was withdrawn, declined or lapsed (`how`), told to its parties alone."""

    kind: ClassVar[str] = "offer_closed"
    deal: int
    how: str


@dataclass(frozen=True, slots=True)
class DealDone(EventPart):
    """Offer `deal` was accepted and carried out (public)."""

    kind: ClassVar[str] = "deal_done"
    deal: int
    maker: int = wire_field(name="from")
    to: int = wire_field()
    give_money: int = wire_field()
    give_melds: tuple[int, ...] = wire_field()
    get_money: int = wire_field()
    get_melds: tuple[int, ...] = wire_field()
    coalition: Coalition | None = wire_field()


TYPES = GameTypes(
    "Nobility",
    actions=(
        Draw, Take, MeldCards, Extend, Defend, Corrupt, Claim, Battle, Retrieve, Recall, Done,
        Discard, GiveUp, Ready, Pass, Merge, Offer, Accept, Decline, Withdraw,
    ),
    events=(
        (Dealt, DealtHand), (Drew, DrawnCards), Took, Discarded, Recalled, Retrieved, Melded,
        Extended, Defended, Corrupted, Claimed, Income, Maintenance, Unpaid, Fought, ToNobles,
        Captured, (HandTaken, TakenCards), Kept, Passed, Merged, Turn, WasReady, StockOut,
        ElectionOpens, Election, MajorityNow, CoalitionFormed, CoalitionEnds, RubberEnd,
        OfferMade, OfferClosed, DealDone,
    ),
    table=NobilityTable,
)  # fmt: skip
