"""A Thistle game as the modules that read it for the rules know it (`legal`, `view`)."""

from __future__ import annotations

from typing import Protocol

from cardtable.engine.thistle.groups import Book, Group
from cardtable.engine.thistle.types import Phase


class Position(Protocol):
    """The cards on the table and in hand, and the state of the turn."""

    seats: int
    partnership: bool
    awaiting_deal: bool
    hands: list[list[int]]
    pile: list[int]
    groups: dict[int, Group]
    books: list[Book]
    orphans: list[list[int]]
    drawn: int | None
    turn: int
    phase: Phase
    played: bool
    final_turns: list[int] | None
    went_out: int | None

    @property
    def over(self) -> bool: ...

    def may_build_on(self, seat: int, group: Group) -> bool: ...
