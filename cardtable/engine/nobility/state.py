"""What a Nobility game keeps between actions besides cards and money: a choice owed, a battle
being resolved, an income claim being paid out, and the open offers; and the `Position` the
modules that carry out the rules read and change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cardtable.engine.events import Event
from cardtable.engine.nobility.melds import Meld
from cardtable.engine.nobility.pieces import OwedKind
from cardtable.engine.nobility.types import Offer, Phase


@dataclass
class Owed:
    """A choice someone owes before play goes on: nobles to give up, one at a time.

    ``spoils``: the winning attacker gives up `count` of her committed nobles; ``losses``: a
    defender gives up defenders or hand nobles; ``unpaid``: maintenance she cannot pay sends
    defenders to the stock discard pile."""

    seat: int
    kind: OwedKind
    count: int
    cards: list[int]
    hidden: bool = False  # the cards are in the seat's hand


@dataclass
class Fight:
    """A battle being resolved (while someone owes a choice)."""

    attacker: int
    committed: list[int]
    meld: int | None
    victim: int
    won: bool


@dataclass
class Payout:
    """An income claim being paid out, seat by seat (ruling 6)."""

    suit: str
    order: list[int]


@dataclass(frozen=True, slots=True)
class OpenOffer:
    """An open offer, numbered within the game: `terms` as its maker sent them."""

    id: int
    maker: int
    terms: Offer
    made_on_turn: int

    @property
    def to(self) -> int:
        return self.terms.to

    def parties(self) -> tuple[int, int]:
        return (self.maker, self.to)


class Position(Protocol):
    """A Nobility game as the modules that read and change it for the rules know it: its
    cards, money and the state named above."""

    seats: int
    hands: list[list[int]]
    stock: list[int]
    pile: list[int]
    nobles: list[int]
    melds: dict[int, Meld]
    next_meld: int
    money: list[int]
    bank: int
    coalition: tuple[int, ...]
    majority: tuple[int, ...]
    elections: int
    ready: set[int]
    endgame: bool
    endgame_turns: int
    passes: int
    owed: Owed | None
    battle: Fight | None
    claim: Payout | None
    won_hand: bool
    taken: int | None
    turn: int
    turns: int
    phase: Phase
    rubbers_to_win: int
    offers: dict[int, OpenOffer]

    def own_melds(self, seat: int) -> list[Meld]: ...

    def income_due(self, seat: int, suit: str) -> int: ...

    def provinces(self, seat: int) -> int: ...

    def all_provinces(self) -> tuple[int, ...]: ...

    def end_coalition(self, why: str) -> list[Event]: ...
