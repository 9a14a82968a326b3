"""`Setup`: everything that fixes a game before its first action."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything that fixes a game before its first action."""

    game: str
    seats: int
    options: Mapping[str, Any]
    seed: int
    dealer: int = 0

    def to_wire(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "dealer": self.dealer,
        }
