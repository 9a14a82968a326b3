"""What a seat cannot see of a Queen of Scots table: the record `QueenOfScots.from_view` takes
and `QueenOfScots.unseen` gives; and the sets read back from a view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.engine.queen_of_scots.sets import QueenSet
from cardtable.engine.queen_of_scots.types import QueenOfScotsTable


@dataclass(frozen=True)
class QueenOfScotsUnseen:
    """The other hands (by seat), the stock (top card last), and the pile under the cards the
    view shows of it (bottom first; empty unless the table plays `strict`)."""

    hands: Mapping[int, tuple[int, ...]]
    stock: tuple[int, ...]
    under: tuple[int, ...] = ()


def sets_shown(table: QueenOfScotsTable) -> dict[int, QueenSet]:
    """The table's sets, by id, as the view shows them."""
    return {
        shown.id: QueenSet(shown.id, shown.owner, shown.of, [card.cid for card in shown.cards])
        for shown in table.sets
    }
