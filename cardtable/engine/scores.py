"""Scores: a score line, a round's score per side, and how a finished game ended."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardtable.wire.codec import Plain, WireError, WireMap, WireValue, read_as


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a score breakdown, e.g. ``ScoreLine("Aces", 3, 20)`` is 3 × 20 = 60 points."""

    label: str
    count: int
    each: int

    @property
    def points(self) -> int:
        return self.count * self.each

    def __deepcopy__(self, memo: dict[int, object]) -> ScoreLine:
        return self  # immutable all the way down: a copy would be the same

    def to_wire(self) -> list[WireValue]:
        """``[label, count, each]``: a breakdown has many lines, so they go without names
        (the line's points are ``count × each``)."""
        return [self.label, self.count, self.each]

    @classmethod
    def from_wire(cls, data: Plain) -> ScoreLine:
        """From ``[label, count, each]``, or the map earlier versions stored
        (``{"label", "count", "each", "points"}``)."""
        if isinstance(data, dict):
            data = [data.get("label"), data.get("count"), data.get("each")]
        line = read_as(list[object], data)
        if len(line) != 3:
            raise WireError("A score line is [label, count, each].")
        return cls(read_as(str, line[0]), read_as(int, line[1]), read_as(int, line[2]))


def line_totals(lines: Iterable[Iterable[ScoreLine]]) -> tuple[int, ...]:
    """Each side's points: the sum of its score lines."""
    return tuple(sum(line.points for line in side_lines) for side_lines in lines)


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The scoring of one round (one deal): a breakdown per side and each side's points."""

    round: int
    sides: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[ScoreLine, ...], ...]

    @property
    def points(self) -> tuple[int, ...]:
        return line_totals(self.lines)

    def __deepcopy__(self, memo: dict[int, object]) -> RoundScore:
        return self  # immutable all the way down: a copy would be the same

    def to_wire(self) -> WireMap:
        return {
            "round": self.round,
            "sides": [list(side) for side in self.sides],
            "lines": [[line.to_wire() for line in side_lines] for side_lines in self.lines],
            "points": list(self.points),
        }

    @classmethod
    def from_wire(cls, data: Plain) -> RoundScore:
        score = read_as(dict[str, object], data)
        return cls(
            read_as(int, score.get("round")),
            read_as(tuple[tuple[int, ...], ...], score.get("sides")),
            read_as(tuple[tuple[ScoreLine, ...], ...], score.get("lines")),
        )


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: each side's total and the winning sides (ties share);
    `conceded`: the sides that conceded, which ended the game (they rank last)."""

    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    conceded: tuple[int, ...] = ()

    @property
    def winning_seats(self) -> tuple[int, ...]:
        return tuple(seat for index in self.winners for seat in self.sides[index])

    def to_wire(self) -> WireMap:
        """The plain form; ``conceded`` is there only when a side conceded."""
        wire: WireMap = {
            "sides": [list(side) for side in self.sides],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "winning_seats": list(self.winning_seats),
        }
        if self.conceded:
            wire["conceded"] = list(self.conceded)
        return wire

    @classmethod
    def from_wire(cls, data: Plain) -> Result:
        result = read_as(dict[str, object], data)
        return cls(
            read_as(tuple[tuple[int, ...], ...], result.get("sides")),
            read_as(tuple[int, ...], result.get("totals")),
            read_as(tuple[int, ...], result.get("winners")),
            read_as(tuple[int, ...], result.get("conceded", [])),
        )


def best_sides(totals: Sequence[int]) -> tuple[int, ...]:
    """Indexes of the highest totals; equal totals share the win."""
    top = max(totals)
    return tuple(index for index, total in enumerate(totals) if total == top)
