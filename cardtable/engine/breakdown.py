"""Score breakdowns shared by the games: one set of lines that reads across players."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.engine.scores import ScoreLine


def shared_lines(
    per_seat: Iterable[tuple[ScoreLine, ...]],
) -> tuple[tuple[ScoreLine, ...], ...]:
    """Every seat's lines without those that count nothing for anyone, so a breakdown stays
    short and still reads across players (same lines, same order)."""
    seats = tuple(per_seat)
    kept = [i for i in range(len(seats[0])) if any(lines[i].count for lines in seats)]
    return tuple(tuple(lines[i] for i in kept) for lines in seats)
