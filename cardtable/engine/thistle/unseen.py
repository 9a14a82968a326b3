"""What a seat cannot see of a Thistle table: the record `Thistle.from_view` takes and
`Thistle.unseen` gives; and the groups and books read back from a view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.engine.thistle.groups import Book, Group
from cardtable.engine.thistle.types import ThistleTable


@dataclass(frozen=True)
class ThistleUnseen:
    """The other hands (by seat) and the pile (top card last): everything else is public."""

    hands: Mapping[int, tuple[int, ...]]
    pile: tuple[int, ...]


def groups_shown(table: ThistleTable) -> dict[int, Group]:
    """The table's groups, by id, as the view shows them."""
    return {
        group.id: Group(
            group.id,
            group.owner,
            group.clan,
            [card.cid for card in group.cards],
            None if group.bonus is None else group.bonus.cid,
        )
        for group in table.groups
    }


def books_shown(table: ThistleTable) -> list[Book]:
    """The table's books, as the view shows them."""
    return [
        Book(
            book.group,
            book.owner,
            book.clan,
            tuple(card.cid for card in book.cards),
            None if book.bonus is None else book.bonus.cid,
        )
        for book in table.books
    ]
