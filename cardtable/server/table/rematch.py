"""Offers of a rematch at a table: who offered, who has accepted, and who turned it down.

Any player at a finished table may offer; the offer goes to everyone there. The next game starts
once every player present at the table has accepted: bots accept by themselves, and a player who
is away is not waited for. One player declining closes the offer (everyone sees who did); a new
offer may be made at any time. Offers live in memory only: a server restart drops them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.server.table.seats import Seat


@dataclass
class RematchOffer:
    """An offer of a rematch, by the player on seat `by`."""

    by: int
    #: The seats whose players have accepted (the one who offered among them).
    accepted: set[int] = field(default_factory=set)
    #: The seat whose player declined, which closed the offer (None: still open).
    declined_by: int | None = None

    @property
    def open(self) -> bool:
        return self.declined_by is None

    def waiting_for(self, present: Sequence[Seat]) -> list[int]:
        """The seats of the players present who have not accepted yet."""
        return [seat.index for seat in present if seat.index not in self.accepted]

    def to_wire(self, present: Sequence[Seat]) -> dict[str, Any]:
        """The offer as the table's players see it in the table's summary."""
        return {
            "by": self.by,
            "accepted": sorted(self.accepted),
            "waiting": self.waiting_for(present) if self.open else [],
            "declined_by": self.declined_by,
        }
