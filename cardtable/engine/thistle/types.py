"""Thistle's types: its actions, its events and what a seat sees of the table.

Read these first: they are the whole of what the rules accept and tell. A card as seen is a
`ThistleCard` (``{"cid", "kind", "clan"}``).
"""

# `wire_field` gives a field its wire metadata and no default: a safe call in a dataclass.

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from cardtable.engine.actions import GameAction
from cardtable.engine.events import EventPart
from cardtable.engine.game_types import GameTypes
from cardtable.engine.thistle.cards import ThistleCard
from cardtable.wire.codec import Plain, read_as, wire_field

GROUP_REFUSAL = "There is no such group on the table."
CARD_REFUSAL = "That card is not in your hand."
ORPHAN_REFUSAL = "That card is not one of your set-aside bonus cards."

#: What a closed book is (ruling 15).
BookKind = Literal["perfect", "castle", "arms", "thistle"]
#: Where a card added to a group came from: the first draw, a chosen place, or the hand.
Source = Literal["draw", "place", "hand"]
#: The step of the turn ("deal": between two hands; "over": the game has ended).
Phase = Literal["start", "place", "play", "final", "deal", "over"]


# -- actions ---------------------------------------------------------------------------------------


def _card_id(data: Plain) -> int:
    """A card named by its number (the codec's refusal words replace this error's)."""
    number: int = read_as(int, data)
    return number


@dataclass(frozen=True, slots=True)
class Draw(GameAction):
    """The first draw of a regular turn: the top card goes to the drawer's side."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class End(GameAction):
    """End the play step (a regular turn then makes its second draw) or a final turn."""

    kind: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class Place(GameAction):
    """Put the first drawn card on `group`, one of the drawer's groups it may join."""

    kind: ClassVar[str] = "place"
    undoable: ClassVar[bool] = True
    group: int = wire_field(refusal=GROUP_REFUSAL)


@dataclass(frozen=True, slots=True)
class Play(GameAction):
    """Play hand card `cid` onto `group` (the seat's own, or its partner's)."""

    kind: ClassVar[str] = "play"
    cid: int = wire_field(refusal=CARD_REFUSAL)
    group: int = wire_field(refusal=GROUP_REFUSAL)


@dataclass(frozen=True, slots=True)
class Capture(GameAction):
    """Capture `group` with as many Clan cards of its clan from hand, adding the set-aside
    bonus card `orphan` to the new group if one is named.

    Without an orphan the action travels without the field (``{"kind": "capture", "group": 3}``);
    read, a missing orphan is None, but a null one is refused: only the form the legal actions
    list is accepted."""

    kind: ClassVar[str] = "capture"
    group: int = wire_field(refusal=GROUP_REFUSAL)
    orphan: int | None = wire_field(optional=True, parse=_card_id, refusal=ORPHAN_REFUSAL)


ThistleAction = Draw | End | Place | Play | Capture


# -- events ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Dealt(EventPart):
    """A hand is dealt: how many cards each holds and how many lie in the pile."""

    kind: ClassVar[str] = "deal"
    round: int
    dealer: int
    hand_counts: tuple[int, ...]
    pile: int


@dataclass(frozen=True, slots=True)
class DealtHand:
    """The private part of `Dealt`: the receiving seat's own hand."""

    hand: tuple[ThistleCard, ...]


@dataclass(frozen=True, slots=True)
class Turn(EventPart):
    """`seat`'s turn begins; `last`: a final turn of the last-card round."""

    kind: ClassVar[str] = "turn"
    seat: int
    last: bool


@dataclass(frozen=True, slots=True)
class Drew(EventPart):
    """The first draw: `card` goes to `seat`'s side of the table; `pile` cards are left."""

    kind: ClassVar[str] = "draw"
    seat: int
    card: ThistleCard
    pile: int


@dataclass(frozen=True, slots=True)
class SetAside(EventPart):
    """The drawn bonus `card` had no group to join and is set aside."""

    kind: ClassVar[str] = "orphan"
    seat: int
    card: ThistleCard


@dataclass(frozen=True, slots=True)
class Added(EventPart):
    """`card` joined `group` (of `owner`, clan `clan`, now `size` Clan cards); `new`: it
    started the group."""

    kind: ClassVar[str] = "add"
    seat: int
    card: ThistleCard
    source: Source = wire_field(name="from")
    group: int = wire_field()
    owner: int = wire_field()
    clan: int = wire_field()
    size: int = wire_field()
    new: bool = wire_field()


@dataclass(frozen=True, slots=True)
class Captured(EventPart):
    """`seat` captured `victim`'s `group` (the cards `taken`) with the cards `played` from hand
    and the set-aside `orphan`, if any: together they are `new_group` of `size` Clan cards."""

    kind: ClassVar[str] = "capture"
    seat: int
    victim: int
    group: int
    new_group: int
    clan: int
    taken: tuple[ThistleCard, ...]
    played: tuple[ThistleCard, ...]
    orphan: ThistleCard | None
    size: int


@dataclass(frozen=True, slots=True)
class BookClosed(EventPart):
    """`owner`'s `group` of `clan` closed into a book of kind `book`, worth `value`."""

    kind: ClassVar[str] = "book"
    group: int
    owner: int
    clan: int
    cards: tuple[ThistleCard, ...]
    bonus: ThistleCard | None
    value: int
    book: BookKind


@dataclass(frozen=True, slots=True)
class DrewToHand(EventPart):
    """The second draw: `seat` drew a card into their hand; `pile` cards are left."""

    kind: ClassVar[str] = "draw_hand"
    seat: int
    pile: int


@dataclass(frozen=True, slots=True)
class DrawnCard:
    """The private part of `DrewToHand`: the card the drawer drew."""

    card: ThistleCard


@dataclass(frozen=True, slots=True)
class LastCard(EventPart):
    """`seat` drew the last card: everyone has one more turn, in `order`."""

    kind: ClassVar[str] = "last_card"
    seat: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WentOut(EventPart):
    """`seat` emptied their hand, which ends the hand."""

    kind: ClassVar[str] = "out"
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
