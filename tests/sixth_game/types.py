"""High Card's types: its one action, its events and what a seat sees of the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.actions import NOT_IN_HAND, GameAction, action
from cardtable.engine.cards import CardFace
from cardtable.engine.events import EventPart, event
from cardtable.engine.game_types import GameTypes
from cardtable.wire.codec import wire_field


@action("play")
class Play(GameAction):
    """Play hand card `cid` to the trick."""

    cid: int = wire_field(refusal=NOT_IN_HAND)


@event("deal")
class Dealt(EventPart):
    """Round `round` is dealt by `dealer`: `hand` cards to each player, the rest to the stock."""

    round: int
    dealer: int
    hand: int
    stock: int


@dataclass(frozen=True, slots=True)
class YourCards:
    """What `Dealt` shows the seat dealt `cards` alone."""

    cards: tuple[CardFace, ...]


@event("play")
class Played(EventPart):
    seat: int
    card: CardFace


@event("trick")
class TrickWon(EventPart):
    """`seat` won the trick of `cards` (the leader's first)."""

    seat: int
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class HighCardTable:
    """What a seat sees of the table (`hand` is None for a spectator)."""

    turn: int | None
    phase: Literal["play", "deal", "over"]
    hand: tuple[CardFace, ...] | None
    hand_counts: tuple[int, ...]
    #: The trick in play, the leader's card first.
    trick: tuple[CardFace, ...]
    leader: int
    #: Tricks won this round, by seat.
    tricks: tuple[int, ...]
    stock: int
    rounds: int


TYPES = GameTypes(
    "High Card",
    actions=(Play,),
    events=((Dealt, YourCards), Played, TrickWon),
    table=HighCardTable,
)
