"""A Queen of Scots game as the modules that read it for the rules know it (`legal`, `view`)."""

from __future__ import annotations

from typing import Protocol

from cardtable.engine.queen_of_scots.edition import Edition
from cardtable.engine.queen_of_scots.sets import QueenSet
from cardtable.engine.queen_of_scots.types import Phase


class Position(Protocol):
    """The edition, the cards and sets, and the state of the turn."""

    seats: int
    edition: Edition
    strict: bool
    target: int
    awaiting_deal: bool
    hands: list[list[int]]
    stock: list[int]
    pile: list[int]
    sets: dict[int, QueenSet]
    turn: int
    phase: Phase
    went_out: int | None

    @property
    def over(self) -> bool: ...

    def own_sets(self, seat: int) -> list[QueenSet]: ...

    def table_value(self, seat: int) -> int: ...
