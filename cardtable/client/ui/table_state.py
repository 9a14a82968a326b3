"""What a table screen shows, gathered from the session into one value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardtable.client.session import ClientSession
from cardtable.client.ui.plain import clean


@dataclass(frozen=True)
class TableState:
    """One moment at a table, as this client knows it."""

    summary: dict[str, Any]
    #: Our seat, or None when watching.
    seat: int | None
    view: dict[str, Any] | None
    names: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, session: ClientSession) -> TableState | None:
        if session.table is None:
            return None
        return cls(session.table, session.seat, session.view, seat_names(session.table))

    @property
    def game(self) -> str:
        return str(self.summary["game"])

    @property
    def legal(self) -> list[dict[str, Any]]:
        return list(self.view["legal"]) if self.view else []

    @property
    def actors(self) -> list[int]:
        return list(self.view["actors"]) if self.view else []

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    @property
    def playing(self) -> bool:
        return bool(self.summary["status"] == "playing")

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"


def seat_names(summary: dict[str, Any]) -> list[str]:
    """Each seat's name as it may be shown (``seat 2`` while empty)."""
    names = []
    for seat in summary["seats"]:
        name = seat.get("name")
        names.append(clean(name) if name else f"seat {seat['seat'] + 1}")
    return names
