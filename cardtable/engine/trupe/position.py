"""A Trupe game as the modules that read it for the rules know it (`legal`, `view`)."""

from __future__ import annotations

from typing import Protocol

from cardtable.engine.trupe.declaring import Declaration, FinalPair
from cardtable.engine.trupe.types import HandType


class Position(Protocol):
    """The cards, the board and the state of the hand."""

    seats: int
    target: int
    first_rulings: bool
    awaiting_deal: bool
    hands: list[list[int]]
    pack: list[int]
    row: list[int]
    open_pack: list[int]
    declarations: dict[int, Declaration]
    pairs: dict[int, FinalPair]
    specials: list[list[int]]
    lost_turns: list[int]
    extra_due: list[int]
    turn: int
    phase: str
    discards_due: int
    taken: int | None
    turnovers: int
    turn_number: int
    from_pack: set[int]
    went_out: int | None
    hand_type: HandType | None

    @property
    def over(self) -> bool: ...

    def own_declarations(self, seat: int) -> list[Declaration]: ...

    def table_points(self, seat: int) -> int: ...
