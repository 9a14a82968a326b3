"""Helpers every game's scenario tests use to read what happened: event kinds, one event's
fields, and the last round's score lines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine import Event, Game


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def event(events: Sequence[Event], kind: str) -> dict[str, Any]:
    """The public fields of the only event of `kind`."""
    found = [dict(e.public) for e in events if e.kind == kind]
    assert len(found) == 1, f"{len(found)} {kind} events"
    return found[0]


def lines(game: Game, seat: int) -> list[tuple[str, int, int]]:
    """The last round's score lines of `seat`'s side that count something, as (label, count,
    each)."""
    return [
        (line.label, line.count, line.each)
        for line in game.round_scores[-1].lines[game.side_of(seat)]
        if line.count
    ]
