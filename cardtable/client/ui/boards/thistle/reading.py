"""What the Thistle board lets you do now, from the typed view: which hand cards have a play,
what acting on each group does (and its letter), and what the others changed since your move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.client.ui.boards.base import Board, Lettered, Letters
from cardtable.client.ui.boards.thistle.faces import card_words
from cardtable.engine import EventPart, GameAction, SeatView, SeenEvent
from cardtable.engine.thistle.cards import CASTLE, DECK, ThistleCard, arms_of
from cardtable.engine.thistle.types import (
    Added,
    BookClosed,
    Capture,
    Captured,
    GroupView,
    Place,
    Play,
    SetAside,
    ThistleTable,
)

#: Letters that name the groups you can act on: none is a key of the table screen or the board.
LETTERS = Letters("afghijkmprtuwxyz", "Group")

#: What acting on a group may do: capture it, place the drawn card on it, or play a card on it.
GroupAction = Capture | Place | Play


def thistle_view(view: SeatView[Any] | None) -> SeatView[ThistleTable] | None:
    """`view` if it is a Thistle view (None otherwise: the board draws nothing)."""
    if view is None or not isinstance(view.table, ThistleTable):
        return None
    return view


def playable(legal: Sequence[GameAction], table: ThistleTable) -> list[int]:
    """Hand cards with a play, in hand order (the order ← and → go through)."""
    cids = {action.cid for action in legal if isinstance(action, Play)}
    return [card.cid for card in table.hand or () if card.cid in cids]


def seat_order(view: SeatView[ThistleTable], me: int | None) -> list[list[int]]:
    """The areas, by team: ours first (us first), then the others from our left."""
    seat = me if me is not None else 0
    around = [(seat + offset) % view.seats for offset in range(view.seats)]
    if not view.table.partnership:
        return [[other] for other in around]
    return [[other for other in around if other % 2 == side] for side in (seat % 2, 1 - seat % 2)]


def groups_in_order(table: ThistleTable, order: Sequence[Sequence[int]]) -> list[GroupView]:
    """The open groups as drawn: area by area, each seat's by clan."""
    ordered: list[GroupView] = []
    for team in order:
        for seat in team:
            mine = [group for group in table.groups if group.owner == seat]
            ordered += sorted(mine, key=lambda group: (group.clan, group.id))
    return ordered


def best_orphan(legal: Sequence[GameAction], group: GroupView) -> int | None:
    """The set-aside card a capture of `group` best adds: its own clan's arms, a Castle, any."""
    offered = [
        action.orphan
        for action in legal
        if isinstance(action, Capture) and action.group == group.id and action.orphan is not None
    ]
    if not offered:
        return None

    def worth(cid: int) -> int:
        if cid == arms_of(group.clan):  # its own Coat of Arms: towards a perfect book
            return 0
        return 1 if DECK[cid].kind == CASTLE else 2

    return min(offered, key=worth)


def targets(
    legal: Sequence[GameAction], table: ThistleTable, selected: int | None, add_orphan: bool
) -> dict[int, GroupAction]:
    """What acting on each group does now, by group id: place the drawn card, play the
    selected card, or capture (with our best set-aside card, if `add_orphan`)."""
    found: dict[int, GroupAction] = {}
    for action in legal:
        if isinstance(action, Place):
            found[action.group] = action
        elif isinstance(action, Play) and action.cid == selected:
            found.setdefault(action.group, action)
    for group in table.groups:
        if Capture(group.id) not in legal or group.id in found:
            continue
        orphan = best_orphan(legal, group) if add_orphan else None
        found[group.id] = Capture(group.id, orphan)
    return found


def lettered(groups: Sequence[GroupView], found: dict[int, GroupAction]) -> list[Lettered[int]]:
    """The ids of the groups you can act on, in the order they are drawn, with their letters."""
    return LETTERS.assign(group.id for group in groups if group.id in found)


def orphan_choice(legal: Sequence[GameAction]) -> bool:
    """Whether some capture may add a set-aside card (o then says whether it does)."""
    return any(isinstance(action, Capture) and action.orphan is not None for action in legal)


def orphan_words(found: dict[int, GroupAction], add_orphan: bool) -> str:
    """What a capture adds: ``adds your ♜Castle``, ``adds no set-aside card``."""
    added = {
        action.orphan
        for action in found.values()
        if isinstance(action, Capture) and action.orphan is not None
    }
    if not add_orphan or not added:
        return "adds no set-aside card"
    if len(added) > 1:
        return "adds your best set-aside card"
    return f"adds your {card_words(DECK[added.pop()])}"


@dataclass(frozen=True)
class Changes:
    """What the others changed since our last move: the groups they made or added to (by id,
    a book by the id its group had), the cards they set aside, and the groups each seat lost
    to a capture (the capture events, by victim)."""

    groups: set[int] = field(default_factory=set)
    orphans: set[int] = field(default_factory=set)
    lost: dict[int, list[Captured]] = field(default_factory=dict)

    @classmethod
    def of(cls, recent: Sequence[SeenEvent[EventPart]]) -> Changes:
        changes = cls()
        for event in recent:
            match event.public:
                case Added(group=gid) | BookClosed(group=gid):
                    changes.groups.add(gid)
                case Captured() as captured:
                    changes.groups.add(captured.new_group)
                    changes.lost.setdefault(captured.victim, []).append(captured)
                case SetAside(card=card):
                    changes.orphans.add(card.cid)
        return changes


class ThistleReading(Board):
    """Thistle's view, as the board reads it: our hand and moves, the areas' order, the letters."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The card id under the cursor in our hand.
        self.selected: int | None = None
        #: Whether a capture adds our best set-aside card (when the group has no bonus card).
        self.add_orphan = True

    @property
    def view(self) -> SeatView[ThistleTable] | None:
        """The view, typed (None before the first)."""
        return thistle_view(self.seat_view)

    @property
    def held(self) -> tuple[ThistleCard, ...]:
        """Our hand's cards (none for a spectator)."""
        view = self.view
        return view.table.hand or () if view else ()

    def _playable(self) -> list[int]:
        """Hand cards with a play, in hand order (the order ← and → go through)."""
        view = self.view
        return playable(view.legal, view.table) if view else []

    def seat_order(self) -> list[list[int]]:
        """The areas, by team: ours first (us first), then the others from our left."""
        view = self.view
        return seat_order(view, self.me) if view else []

    def groups_in_order(self) -> list[GroupView]:
        """The open groups as drawn: area by area, each seat's by clan."""
        view = self.view
        return groups_in_order(view.table, self.seat_order()) if view else []

    def targets(self) -> dict[int, GroupAction]:
        """What acting on each group does now, by group id: place the drawn card, play the
        selected card, or capture (with our best set-aside card, if `add_orphan`)."""
        view = self.view
        return targets(view.legal, view.table, self.selected, self.add_orphan) if view else {}

    def lettered(self) -> list[Lettered[int]]:
        """The groups you can act on now, in the order they are drawn, with their letters."""
        return lettered(self.groups_in_order(), self.targets())

    def letters(self) -> dict[int, str]:
        """The letter of each group you can act on now, by group id."""
        return {entry.item: entry.key for entry in self.lettered()}
