"""Chinese Ten's types: its actions, its events and what a seat sees of the table.

Read these first: they are the whole of what the rules accept and tell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.actions import NOT_IN_HAND, GameAction, action
from cardtable.engine.cards import CardFace
from cardtable.engine.events import DealtHand, EventPart, event
from cardtable.engine.game_types import GameTypes
from cardtable.wire.codec import wire_field

SPOT_REFUSAL = "Choose one of the spots 1 to 4."

#: Where a card that captures or is laid came from.
Source = Literal["hand", "flip"]


# -- actions ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardOnSpot(GameAction):
    """The fields of step 1: hand card `cid` played to `spot`."""

    cid: int = wire_field(refusal=NOT_IN_HAND)
    spot: int = wire_field(refusal=SPOT_REFUSAL)


@action("capture")
class Capture(CardOnSpot):
    """Step 1: play hand card `cid` to take the top card of `spot`."""


@action("lay")
class Lay(CardOnSpot):
    """Step 1, when no capture exists: lay hand card `cid` on `spot`."""


@dataclass(frozen=True, slots=True)
class FlippedToSpot(GameAction):
    """The fields of step 2: the flipped card goes to `spot`."""

    spot: int = wire_field(refusal=SPOT_REFUSAL)


@action("take", undoable=True)
class Take(FlippedToSpot):
    """Step 2: the flipped card takes the top card of `spot` (where it could take several)."""


@action("place", undoable=True)
class Place(FlippedToSpot):
    """Step 2: the flipped card captures nothing and no spot is empty; it covers `spot`."""


ChineseTenAction = Capture | Lay | Take | Place


# -- events ----------------------------------------------------------------------------------------


@event("deal")
class Dealt(EventPart):
    """A round is dealt: how many cards each holds, the four spots' cards, the deck's size."""

    round: int
    dealer: int
    hand_counts: tuple[int, ...]
    spots: tuple[CardFace, ...]
    deck: int


@event("turn")
class Turn(EventPart):
    seat: int


@event("flip")
class Flipped(EventPart):
    seat: int
    card: CardFace


@event("capture")
class Captured(EventPart):
    """`card` (from the hand or the flip) took `target` from `spot`, worth `points`;
    `uncovered` is the card now on top of the spot."""

    seat: int
    card: CardFace
    target: CardFace
    spot: int
    source: Source = wire_field(name="from")
    points: int = wire_field()
    uncovered: CardFace | None = wire_field()


@event("lay")
class Laid(EventPart):
    """`card` went onto `spot`, covering `covered` (None: the spot was empty)."""

    seat: int
    card: CardFace
    spot: int
    source: Source = wire_field(name="from")
    covered: CardFace | None = wire_field()


# -- the view --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spot:
    top: CardFace | None
    depth: int


@dataclass(frozen=True, slots=True)
class Pile:
    """A seat's scoring pile: how many cards, and their points (None while a round is played at
    a table with the `strict` option: the pile lies face down)."""

    count: int
    points: int | None


@dataclass(frozen=True, slots=True)
class ChineseTenTable:
    """What a seat sees of the table (`hand` is None for a spectator)."""

    turn: int | None
    phase: Literal["play", "take", "place", "deal", "over"]
    hand: tuple[CardFace, ...] | None
    hand_counts: tuple[int, ...]
    spots: tuple[Spot, ...]
    deck: int
    flipped: CardFace | None
    piles: tuple[Pile, ...]
    rounds: int


TYPES = GameTypes(
    "Chinese Ten",
    actions=(Capture, Lay, Take, Place),
    events=((Dealt, DealtHand), Turn, Flipped, Captured, Laid),
    table=ChineseTenTable,
)
