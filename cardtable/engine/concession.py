"""Conceding: the open offers to concede, side by side, and what each answer to one does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.engine.actions import GameAction, PlayOn
from cardtable.engine.events import (
    Conceded,
    ConcessionDeclined,
    ConcessionLapsed,
    ConcessionOffered,
    Event,
)
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.scores import Result


@dataclass
class Concessions:
    """The open offers to concede: a side's index to the seats on it that have conceded. A
    side concedes when every seat on it has (see `Concede`)."""

    votes: dict[int, frozenset[int]] = field(default_factory=dict)

    def due(self, index: int, seat: int) -> bool:
        """Whether a partner of `seat` (on side `index`) has offered to concede and `seat` has
        not yet answered."""
        votes = self.votes.get(index)
        return votes is not None and seat not in votes

    def answer(
        self, index: int, side: tuple[int, ...], seat: int, action: GameAction
    ) -> list[Event]:
        """Concede, agree to concede, or play on (`Concede`, `PlayOn`) for `seat` on side
        `index`; when the side has conceded, the last event is `Conceded` and every offer is
        closed. Raises `IllegalAction` before changing anything."""
        votes = self.votes.get(index, frozenset())
        if isinstance(action, PlayOn):
            if not votes:
                raise IllegalAction("Nobody on your side has offered to concede.")
            del self.votes[index]
            return [Event(ConcessionDeclined(seat), audience=side)]
        if seat in votes:
            waiting = tuple(other for other in side if other not in votes)
            raise IllegalAction(
                "You have offered to concede; {0} has not answered yet.", seats=waiting[:1]
            )
        votes |= {seat}
        if votes != frozenset(side):
            self.votes[index] = votes
            return [Event(ConcessionOffered(seat), audience=side)]
        self.votes.clear()
        return [Event(Conceded(side))]

    def lapse(self, index: int, side: tuple[int, ...], *, over: bool) -> list[Event]:
        """A move by a seat on side `index` lets the side's open offer lapse (told to the side
        unless the game is `over`)."""
        votes = self.votes.pop(index, None)
        if votes is None or over:
            return []
        return [Event(ConcessionLapsed(min(votes)), audience=side)]


def conceded_result(
    sides: tuple[tuple[int, ...], ...], totals: Sequence[int], index: int
) -> Result:
    """How a game ends when side `index` concedes: the best of the other sides win."""
    others = [other for other in range(len(sides)) if other != index]
    top = max(totals[other] for other in others)
    winners = tuple(other for other in others if totals[other] == top)
    return Result(sides, tuple(totals), winners, (index,))
