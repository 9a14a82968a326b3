"""What a seat cannot see of a Trupe table: the record `Trupe.from_view` takes and
`Trupe.unseen` gives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardtable.engine.trupe.types import TrupeFace


@dataclass(frozen=True)
class TrupeUnseen:
    """The other hands (by seat, a card just taken from the row included), the open pack under
    its top (bottom first), the pack (top card last), and which of the other hands' cards were
    drawn from the pack this hand (ruling 6: they alone extend a three)."""

    hands: Mapping[int, tuple[int, ...]]
    under: tuple[int, ...]
    pack: tuple[int, ...]
    from_pack: frozenset[int]


def trefoil_shown(cards: Sequence[TrupeFace]) -> str | None:
    """The identity a Trefoil among `cards` was declared as (None: there is none)."""
    return next((card.stands_for for card in cards if card.stands_for is not None), None)
