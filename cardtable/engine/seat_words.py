"""Words with seats in them: the engine knows no names, so a phrase writes ``{0}``, ``{1}``, ...
for its seats and `seats_named` fills in the players' names (or seat numbers from 1)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

#: A place in a template for one of its seats: ``{0}``, ``{1}``, ...
_SEAT_PLACE = re.compile(r"\{(\d+)\}")

#: What ends a sentence, or a clause before a colon: "seat 2" right after one, or first of all in
#: a reason, is written "Seat 2".
_SENTENCE_ENDS = (".", ":", "!", "?")


def seats_named(template: str, seats: Sequence[int], names: Sequence[str]) -> str:
    """`template` with ``{i}`` replaced by the name of ``seats[i]`` or, without one, by
    ``seat N`` counted from 1 (``Seat N`` where a sentence starts); other braces, or a place
    with no seat, stay as they are."""

    def fill(place: re.Match[str]) -> str:
        index = int(place.group(1))
        if index >= len(seats):
            return place.group(0)
        seat = seats[index]
        if 0 <= seat < len(names):
            return names[seat]
        before = template[: place.start()].rstrip()
        starts = not before or before.endswith(_SENTENCE_ENDS)
        return f"{'Seat' if starts else 'seat'} {seat + 1}"

    return _SEAT_PLACE.sub(fill, template) if seats else template


@dataclass(frozen=True, slots=True)
class Words:
    """A phrase the engine gives without names: ``{0}``, ``{1}``, ... stand for `seats`
    (filled in by `seats_named`), e.g. ``Words("extending {0}'s meld with 7♣", (2,))``."""

    text: str
    seats: tuple[int, ...] = ()
