"""What a seat cannot see of a Trupe table: the record `Trupe.from_view` takes and
`Trupe.unseen` gives; and the declarations and final pairs read back from a view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardtable.engine.trupe.declaring import Declaration, FinalPair
from cardtable.engine.trupe.types import TrupeFace, TrupeTable


@dataclass(frozen=True)
class TrupeUnseen:
    """The other hands (by seat, a card just taken from the row included), the open pack under
    its top (bottom first), the pack (top card last), and which of the other hands' cards were
    drawn from the pack this hand (ruling 6: they alone extend a three)."""

    hands: Mapping[int, tuple[int, ...]]
    under: tuple[int, ...]
    pack: tuple[int, ...]
    from_pack: frozenset[int]


def _trefoil_shown(cards: Sequence[TrupeFace]) -> str | None:
    """The identity a Trefoil among `cards` was declared as (None: there is none)."""
    return next((card.stands_for for card in cards if card.stands_for is not None), None)


def declarations_shown(table: TrupeTable, turn: int) -> dict[int, Declaration]:
    """The table's declarations, by id, as the view shows them: those declared this turn dated
    the hand's `turn`, the others 0 (ruling 6 asks only whether a 3 was declared this turn)."""
    this_turn = set(table.declared_this_turn)
    return {
        shown.id: Declaration(
            shown.id,
            shown.owner,
            [card.cid for card in shown.cards],
            _trefoil_shown(shown.cards),
            turn if shown.id in this_turn else 0,
        )
        for shown in table.declarations
    }


def pairs_shown(table: TrupeTable) -> dict[int, FinalPair]:
    """The final pairs laid down, by owner, as the view shows them."""
    return {
        owner: FinalPair([card.cid for card in pair.cards], _trefoil_shown(pair.cards))
        for owner, pair in enumerate(table.pairs)
        if pair is not None
    }
