"""`Setup`: everything that fixes a game before its first action."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.options import Options
from cardtable.wire.codec import WireMap


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything that fixes a game before its first action."""

    game: str
    seats: int
    options: Options
    seed: int
    dealer: int = 0

    def to_wire(self) -> WireMap:
        return {
            "game": self.game,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "dealer": self.dealer,
        }
