"""What a seat may know: its `SeatView` (the frame every game shares and the game's own table),
and the `Zone`s where cards lie, with who may see each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from cardtable.engine.actions import GameAction
from cardtable.engine.scores import Result, RoundScore

#: A game's table view type (the game's part of a `SeatView`).
TableT = TypeVar("TableT")
#: The same where only read: a `SeatView` of a game's table is a `SeatView[object]`.
TableT_co = TypeVar("TableT_co", covariant=True)


@dataclass(frozen=True, slots=True)
class SeatView(Generic[TableT_co]):
    """Everything one seat may know now (None: a spectator): the frame every game shares and
    the game's own `table`."""

    game: str
    seat: int | None
    seats: int
    sides: tuple[tuple[int, ...], ...]
    round: int
    dealer: int
    awaiting_deal: bool
    actors: tuple[int, ...]
    legal: tuple[GameAction, ...]
    table: TableT_co
    round_scores: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    result: Result | None


@dataclass(frozen=True, slots=True)
class Zone:
    """A place cards lie, for conservation and secrecy checks.

    A zone is seen by everyone (``public``), by its ``owner`` alone, or by nobody.
    """

    cards: tuple[int, ...]
    public: bool = False
    owner: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.public or (seat is not None and self.owner == seat)
