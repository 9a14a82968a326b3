"""Scoring a Chinese Ten round: each player's pile, by the ranks of its cards."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.scores import ScoreLine


def pile_lines(ranks: Sequence[int]) -> tuple[ScoreLine, ...]:
    """The score lines of a pile holding cards of `ranks`."""
    return (
        ScoreLine("Aces", sum(1 for rank in ranks if rank == 1), 20),
        ScoreLine("Kings, queens, jacks and tens", sum(1 for rank in ranks if rank >= 10), 10),
        ScoreLine("Twos to nines", sum(1 for rank in ranks if 2 <= rank <= 9), 5),
    )
