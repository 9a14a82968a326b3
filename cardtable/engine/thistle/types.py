"""Thistle's types: its actions, its events and what a seat sees of the table.

Read these first: they are the whole of what the rules accept and tell. A card as seen is a
`ThistleCard` (``{"cid", "kind", "clan"}``).
"""

# `wire_field` gives a field its wire metadata and no default: a safe call in a dataclass.

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.actions import NOT_IN_HAND, GameAction, action, optional_number
from cardtable.engine.events import EventPart, event
from cardtable.engine.game_types import GameTypes
from cardtable.engine.thistle.cards import ThistleCard
from cardtable.wire.codec import wire_field

GROUP_REFUSAL = "There is no such group on the table."
ORPHAN_REFUSAL = "That card is not one of your set-aside bonus cards."

#: What a closed book is (ruling 15).
BookKind = Literal["perfect", "castle", "arms", "thistle"]
#: Where a card added to a group came from: the first draw, a chosen place, or the hand.
Source = Literal["draw", "place", "hand"]
#: The step of the turn ("deal": between two hands; "over": the game has ended).
Phase = Literal["start", "place", "play", "final", "deal", "over"]


# -- actions ---------------------------------------------------------------------------------------


@action("draw")
class Draw(GameAction):
    """The first draw of a regular turn: the top card goes to the drawer's side."""


@action("end")
class End(GameAction):
    """End the play step (a regular turn then makes its second draw) or a final turn."""


@action("place", undoable=True)
class Place(GameAction):
    """Put the first drawn card on `group`, one of the drawer's groups it may join."""

    group: int = wire_field(refusal=GROUP_REFUSAL)


@action("play")
class Play(GameAction):
    """Play hand card `cid` onto `group` (the seat's own, or its partner's)."""

    cid: int = wire_field(refusal=NOT_IN_HAND)
    group: int = wire_field(refusal=GROUP_REFUSAL)


@action("capture")
class Capture(GameAction):
    """Capture `group` with as many Clan cards of its clan from hand, adding the set-aside
    bonus card `orphan` to the new group if one is named.

    Without an orphan the action travels without the field (``{"kind": "capture", "group": 3}``);
    read, a missing orphan is None, but a null one is refused: only the form the legal actions
    list is accepted."""

    group: int = wire_field(refusal=GROUP_REFUSAL)
    orphan: int | None = wire_field(optional=True, parse=optional_number, refusal=ORPHAN_REFUSAL)


ThistleAction = Draw | End | Place | Play | Capture


# -- events ----------------------------------------------------------------------------------------


@event("deal")
class Dealt(EventPart):
    """A hand is dealt: how many cards each holds and how many lie in the pile."""

    round: int
    dealer: int
    hand_counts: tuple[int, ...]
    pile: int


@dataclass(frozen=True, slots=True)
class DealtHand:
    """The private part of `Dealt`: the receiving seat's own hand."""

    hand: tuple[ThistleCard, ...]


@event("turn")
class Turn(EventPart):
    """`seat`'s turn begins; `last`: a final turn of the last-card round."""

    seat: int
    last: bool


@event("draw")
class Drew(EventPart):
    """The first draw: `card` goes to `seat`'s side of the table; `pile` cards are left."""

    seat: int
    card: ThistleCard
    pile: int


@event("orphan")
class SetAside(EventPart):
    """The drawn bonus `card` had no group to join and is set aside."""

    seat: int
    card: ThistleCard


@event("add")
class Added(EventPart):
    """`card` joined `group` (of `owner`, clan `clan`, now `size` Clan cards); `new`: it
    started the group."""

    seat: int
    card: ThistleCard
    source: Source = wire_field(name="from")
    group: int = wire_field()
    owner: int = wire_field()
    clan: int = wire_field()
    size: int = wire_field()
    new: bool = wire_field()


@event("capture")
class Captured(EventPart):
    """`seat` captured `victim`'s `group` (the cards `taken`) with the cards `played` from hand
    and the set-aside `orphan`, if any: together they are `new_group` of `size` Clan cards."""

    seat: int
    victim: int
    group: int
    new_group: int
    clan: int
    taken: tuple[ThistleCard, ...]
    played: tuple[ThistleCard, ...]
    orphan: ThistleCard | None
    size: int


@event("book")
class BookClosed(EventPart):
    """`owner`'s `group` of `clan` closed into a book of kind `book`, worth `value`."""

    group: int
    owner: int
    clan: int
    cards: tuple[ThistleCard, ...]
    bonus: ThistleCard | None
    value: int
    book: BookKind


@event("draw_hand")
class DrewToHand(EventPart):
    """The second draw: `seat` drew a card into their hand; `pile` cards are left."""

    seat: int
    pile: int


@dataclass(frozen=True, slots=True)
class DrawnCard:
    """The private part of `DrewToHand`: the card the drawer drew."""

    card: ThistleCard


@event("last_card")
class LastCard(EventPart):
    """`seat` drew the last card: everyone has one more turn, in `order`."""

    seat: int
    order: tuple[int, ...]


@event("out")
class WentOut(EventPart):
    """`seat` emptied their hand, which ends the hand."""

    seat: int


# -- the view --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GroupView:
    """An open group: Clan cards of one clan owned by one seat, with at most one bonus card."""

    id: int
    owner: int
    clan: int
    cards: tuple[ThistleCard, ...]
    bonus: ThistleCard | None
    size: int
    capturable: bool


@dataclass(frozen=True, slots=True)
class BookView:
    """A closed book, set aside for scoring (its `kind` is a field: what book it is)."""

    group: int
    owner: int
    clan: int
    cards: tuple[ThistleCard, ...]
    bonus: ThistleCard | None
    kind: BookKind
    value: int


@dataclass(frozen=True, slots=True)
class ThistleTable:
    """What a seat sees of the table (`hand` is None for a spectator)."""

    turn: int | None
    phase: Phase
    partnership: bool
    rounds: int
    hand: tuple[ThistleCard, ...] | None
    hand_counts: tuple[int, ...]
    pile: int
    drawn: ThistleCard | None
    groups: tuple[GroupView, ...]
    books: tuple[BookView, ...]
    orphans: tuple[tuple[ThistleCard, ...], ...]
    played: bool
    last_round: bool
    final_turns: tuple[int, ...]
    went_out: int | None


TYPES = GameTypes(
    "Thistle",
    actions=(Draw, End, Place, Play, Capture),
    events=(
        (Dealt, DealtHand),
        Turn,
        Drew,
        SetAside,
        Added,
        Captured,
        BookClosed,
        (DrewToHand, DrawnCard),
        LastCard,
        WentOut,
    ),
    table=ThistleTable,
)
