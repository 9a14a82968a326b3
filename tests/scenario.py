"""Helpers every game's scenario tests use: event kinds, one event's fields, the last round's
score lines, and the check that a refused action changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest

from cardtable.engine import Event, Game, GameAction, IllegalAction, PlainAction

G = TypeVar("G", bound=Game)


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


def check_refused(
    game: G, seat: int, action: GameAction | PlainAction, snapshot: Callable[[G], Any]
) -> str:
    """Apply an action the rules forbid: check that it changes nothing `snapshot` sees and that
    its reason is a sentence, and return the reason."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, action)
    assert snapshot(game) == before
    reason = caught.value.reason
    assert reason[:1].isupper() or reason[:1] == "'", reason
    assert reason.endswith("."), reason
    return reason
