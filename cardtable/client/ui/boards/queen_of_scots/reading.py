"""What the Queen of Scots board reads from a seat's view: our hand and sets, the ways to take
the pile and the sets a letter acts on, why selected cards cannot be melded or take the pile, and
the prompt (the widget itself is `board`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.client.ui.boards.base import Lettered, Letters
from cardtable.client.ui.boards.queen_of_scots.faces import JEWEL
from cardtable.client.ui.boards.sheet import SheetBoard
from cardtable.client.ui.table_state import TableState
from cardtable.engine import EventPart, GameAction, SeenEvent
from cardtable.engine.queen_of_scots.edition import EDITIONS, STANDARD, Edition
from cardtable.engine.queen_of_scots.sets import match_word, new_set_problem
from cardtable.engine.queen_of_scots.types import (
    Add,
    Meld,
    QueenFace,
    QueenOfScotsTable,
    SetView,
    Stop,
    Take,
)

#: Letters that name what you can act on: none is a key of the table screen or the board.
LETTERS = Letters("afghijknoprwyz", "Set")


@dataclass(frozen=True)
class Target:
    """Something a letter acts on: a way to take the pile, or one of your sets."""

    actions: tuple[GameAction, ...]
    #: The set it acts on, or None for a take shown beside the pile.
    set_id: int | None = None


class QueenOfScotsReading(SheetBoard):
    """The Queen of Scots board's reading of the view; `QueenOfScotsBoard` draws it and acts."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: Adds still to send, one after another, and the view the last one was sent at.
        self.pending: list[GameAction] = []
        self.sent_at: dict[str, Any] | None = None
        #: Selected cards still to add, one after another, to the set just melded (the legal
        #: list gives melds at their smallest).
        self.adding: list[int] = []

    # -- what the view says --------------------------------------------------------------------

    @property
    def queen(self) -> QueenOfScotsTable | None:
        """The table as we see it (None before the first view)."""
        view = self.seat_view
        return view.table if view else None

    @property
    def edition(self) -> Edition:
        return EDITIONS.get(self.queen.edition if self.queen else "", STANDARD)

    @property
    def cards(self) -> tuple[QueenFace, ...]:
        """Our hand (none for a spectator)."""
        return (self.queen.hand or ()) if self.queen else ()

    @property
    def phase(self) -> str | None:
        return self.queen.phase if self.queen else None

    @property
    def recent_seen(self) -> tuple[SeenEvent[EventPart], ...]:
        return self.state.recent_events if self.state else ()

    def chosen(self) -> list[int]:
        """The cards an action takes: the selected ones in hand order, else the cursor's."""
        if self.picked:
            return [card.cid for card in self.cards if card.cid in self.picked]
        return [self.cursor] if self.cursor is not None else []

    def own_sets(self, seat: int) -> list[SetView]:
        return [group for group in self.queen.sets if group.owner == seat] if self.queen else []

    def takes(self) -> list[Take]:
        return [action for action in self.moves if isinstance(action, Take)]

    def melds(self) -> list[Meld]:
        return [action for action in self.moves if isinstance(action, Meld)]

    def matches_top(self, cid: int) -> bool:
        """Whether a hand card matches the top discard (a Crown Jewel on top: another Jewel)."""
        top = self.queen.top if self.queen else None
        if top is None:
            return False
        card, first = self.edition.cards[cid], self.edition.cards[top.cid]
        return card.wild if first.wild else card.match == first.match

    def targets(self) -> list[Lettered[Target]]:
        """Each lettered choice now: the ways to take the pile (a natural card on top), the sets
        the taken Crown Jewel may join, or the sets all the chosen cards may be added to."""
        found: list[Target] = [Target((action,), action.set_id) for action in self.takes()]
        if self.phase == "meld" and self.me is not None:
            chosen = self.chosen()
            for group in self.own_sets(self.me):
                adds = tuple(Add(cid, group.id) for cid in chosen)
                if adds and all(add in self.moves for add in adds):
                    found.append(Target(adds, group.id))
        # Takes beside the pile first, then sets in the order they are drawn.
        sets = self.queen.sets if self.queen else ()
        order = {group.id: n for n, group in enumerate(sets)}
        found.sort(key=lambda target: -1 if target.set_id is None else order[target.set_id])
        return LETTERS.assign(found)

    def set_keys(self) -> dict[int, str]:
        return {t.item.set_id: t.key for t in self.targets() if t.item.set_id is not None}

    def options(self) -> list[Lettered[Target]]:
        """The lettered ways to take the pile shown beside it."""
        return [t for t in self.targets() if t.item.set_id is None]

    def meld_problem(self) -> str | None:
        """Why the selected cards cannot be melded now, or None when they can."""
        if not self.melds():
            return "You cannot meld now."
        cards = [self.edition.cards[cid] for cid in self.chosen()]
        problem = new_set_problem(cards) if self.picked else "Select the cards to meld."
        if problem:
            return problem
        match = next(card.match for card in cards if card.match is not None)
        if any(group.of == match for group in self.own_sets(self.me or 0)):
            return f"You have a {match_word(match)} set already: add these cards to it instead."
        return None

    def take_problem(self) -> str | None:
        """Why the pile cannot be taken with the selected cards, or None when it can."""
        top = self.queen.top if self.queen else None
        if not self.takes() or top is None or top.wild:
            return "You cannot take the pile with those cards."
        wrong = [cid for cid in self.picked if not self.matches_top(cid)]
        if wrong:
            card = self.edition.cards[wrong[0]]
            return f"{card.name} does not match the {top.name} on top."
        if len(self.picked) < 2:
            return f"Select at least two cards matching the {top.name} on top."
        return None

    def prompt(self, state: TableState) -> str:
        waiting = self.waiting_prompt(state)
        if waiting is not None:
            return waiting
        view = state.seat_view
        table: QueenOfScotsTable | None = view.table if view else None
        legal = view.legal if view else ()
        phase = table.phase if table else None
        if phase == "deal":
            return "Press d to deal the next round."
        takes = [action for action in legal if isinstance(action, Take)]
        stop = Stop() in legal
        if phase == "pickup":
            top = table.top if table else None
            take = "take the pile: press a letter" if len(takes) > 1 else "take the pile (t)"
            if takes and top is not None and top.wild:
                take = f"show two {JEWEL}Jewels and {take}"
            if stop:
                if takes:
                    return f"The stock is empty: {take}, or e ends the round."
                return "The stock is empty and you cannot take the pile: e ends the round."
            if takes:
                return f"Draw (d), or {take}."
            return "Draw a card: press d."
        ways = []
        if any(isinstance(action, Meld) for action in legal):
            ways.append("meld (m)")
        if any(isinstance(action, Add) for action in legal):
            ways.append("add to a lettered set")
        if ways:
            return f"Select cards (space) to {' or '.join(ways)}; x discards, ending the turn."
        return "Discard a card: choose it with ←→ and press x."
