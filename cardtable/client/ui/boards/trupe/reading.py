"""What the Trupe board reads from the seat's view: our cards, the legal moves that fit the
cards chosen, the lettered choices (what the Trefoil stands for, the declaration to extend) and
why a move cannot be made."""

from __future__ import annotations

from typing import Any, TypeVar

from cardtable.client.ui.boards.base import Lettered, Letters
from cardtable.client.ui.boards.sheet import SheetBoard
from cardtable.client.ui.boards.trupe.faces import TREFOIL_MARK, combination_label, same_codes
from cardtable.engine.actions import GameAction
from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.trupe.combinations import Kind, classify, is_pair
from cardtable.engine.trupe.types import (
    DeclarationView,
    Declare,
    Extend,
    Pair,
    Phase,
    Take,
    TrupeFace,
    TrupeTable,
)

#: Letters that name a choice: none is a key of the table screen or the board.
LETTERS = Letters("afghijknorwyz", "Choose")
DEAL, DRAW, TAKEN, PLAY = "deal", "draw", "declare taken", "play"
EXTRA, DISCARD = "discard extra", "discard"

#: A move that names several cards of the hand, perhaps with the Trefoil standing in.
Naming = Declare | Pair
#: Something a letter picks: what the Trefoil stands for, or the declaration to extend.
Choice = Declare | Pair | Extend
MoveT = TypeVar("MoveT", bound=GameAction)


class TrupeReading(SheetBoard):
    """The view, read for the board's keys and drawing."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: What the Trefoil may stand for in the action being made, each with its letter.
        self.offer: list[Lettered[Choice]] = []

    # -- what the view says --------------------------------------------------------------------

    @property
    def trupe(self) -> TrupeTable | None:
        """The game's part of the view, typed (None before the first view)."""
        view = self.seat_view
        return view.table if view is not None else None

    @property
    def held(self) -> tuple[TrupeFace, ...]:
        """Our hand's cards (none for a spectator)."""
        table = self.trupe
        return table.hand or () if table is not None else ()

    @property
    def events(self) -> tuple[SeenEvent[EventPart], ...]:
        """What the others did since our last move, typed."""
        return self.state.recent_events if self.state else ()

    def recent_parts(self, kind: type[Any]) -> list[Any]:
        """The public parts of the recent events of `kind`."""
        return [event.public for event in self.events if isinstance(event.public, kind)]

    @property
    def phase(self) -> Phase | None:
        return self.trupe.phase if self.trupe is not None else None

    def codes(self, cids: list[int], trefoil_as: str | None = None) -> list[str | None]:
        """What our hand cards count as (the Trefoil: `trefoil_as`)."""
        by_cid = {card.cid: card for card in self.held}
        return [trefoil_as if by_cid[cid].type == "trefoil" else by_cid[cid].code for cid in cids]

    def card(self, cid: int) -> TrupeFace:
        return next(card for card in self.held if card.cid == cid)

    def chosen(self) -> list[int]:
        """The cards an action takes: the selected ones in hand order, else the cursor's."""
        if self.picked:
            return [card.cid for card in self.held if card.cid in self.picked]
        return [self.cursor] if self.cursor is not None else []

    def own_declarations(self, seat: int) -> list[DeclarationView]:
        table = self.trupe
        return [d for d in table.declarations if d.owner == seat] if table is not None else []

    def of_kind(self, kind: type[MoveT]) -> list[MoveT]:
        return [action for action in self.moves if isinstance(action, kind)]

    def matching(self, kind: type[Naming], cids: list[int]) -> list[Naming]:
        """The legal declarations (or final pairs) of cards like `cids`: one for each card the
        Trefoil may stand for. The legal list names each choice once, by the lowest ids of each
        identity: so a declaration may be made with another copy of a selected card, which is
        the same to the game."""
        trefoil = None in self.codes(cids)
        found: dict[str | None, Naming] = {}
        for action in self.of_kind(kind):
            if len(action.cids) != len(cids) or (action.stands_for is not None) != trefoil:
                continue
            trefoil_as = action.stands_for
            if not same_codes(self.codes(cids, trefoil_as), self._codes_of(action)):
                continue
            if trefoil_as not in found or sorted(action.cids) == sorted(cids):
                found[trefoil_as] = action  # the very cards selected, where the list has them
        return list(found.values())

    def extends(self) -> list[Extend]:
        """The legal extends of the one chosen card."""
        chosen = self.chosen()
        if len(chosen) != 1:
            return []
        return [action for action in self.of_kind(Extend) if action.cid == chosen[0]]

    def targets(self) -> list[Lettered[Choice]]:
        """Each lettered choice now: what the Trefoil stands for in the action being made, else
        the declarations the chosen card extends (in the order they are drawn)."""
        if self.offer:
            return self.offer
        if self.me is None:
            return []
        order = {d.id: n for n, d in enumerate(self.own_declarations(self.me))}
        found = sorted(self.extends(), key=lambda action: order.get(action.declaration, 0))
        return LETTERS.assign(found)

    def declaration_keys(self) -> dict[int, str]:
        """The letter of each declaration the chosen card extends."""
        return {t.item.declaration: t.key for t in self.targets() if isinstance(t.item, Extend)}

    def takeable(self) -> set[int]:
        return {action.cid for action in self.of_kind(Take)}

    def useful(self) -> set[int]:
        """Hand cards that some legal declaration could use (after a take: with the card)."""
        declares = self.of_kind(Declare)
        codes = {code for action in declares for code in self._codes_of(action)}
        trefoil = any(action.stands_for is not None for action in declares)
        return {
            card.cid
            for card in self.held
            if (trefoil if card.type == "trefoil" else card.code in codes)
        }

    def declarable(self) -> list[str]:
        """What may be declared now, in few words: ``B2×3``, ``B1-2-3``, ``Gold×3``,
        ``B honors``, and ``♣`` for the declarations the Trefoil makes."""
        labels: list[str] = []
        trefoil = False
        for action in self.of_kind(Declare):
            if action.stands_for is not None:
                trefoil = True
                continue
            codes = [code or "" for code in self._codes_of(action)]
            found = classify(codes)
            if isinstance(found, Kind):
                labels.append(combination_label(found, codes))
        return [*dict.fromkeys(labels), *([f"{TREFOIL_MARK}…"] if trefoil else [])]

    def _codes_of(self, action: Naming) -> list[str | None]:
        return self.codes(list(action.cids), action.stands_for)

    # -- why an action cannot be made -----------------------------------------------------------

    def declare_problem(self, cids: list[int]) -> str:
        """Why the selected cards make no declaration now."""
        codes = self.codes(cids)
        taken = self.trupe.taken if self.trupe is not None else None
        has_trefoil = None in codes
        if not has_trefoil:
            kind = classify([code or "" for code in codes])
            if isinstance(kind, str):
                return kind
        elif len(cids) not in (3, 4):
            return "A combination is exactly 3 or 4 cards."
        if taken is not None and taken.cid not in cids:
            return (
                f"Keep the cards that declare the {taken.name} you took from the discards: it "
                "must be declared this turn."
            )
        if len(self.held) - len(cids) < self.keep():
            return self.keep_problem()
        if has_trefoil:
            return "The Trefoil cannot stand for any card that makes those a combination."
        return "You cannot declare those cards now."

    def keep(self) -> int:
        """The fewest cards a declaration may leave in hand: one for each discard owed, but a
        final pair already laid stands in for the turn's own discard."""
        table = self.trupe
        if table is None:
            return 0
        pairs = table.pairs
        laid = self.me is not None and self.me < len(pairs) and pairs[self.me] is not None
        return table.discards_due - laid

    def keep_problem(self) -> str:
        keep = self.keep()
        owed = "a card" if keep == 1 else f"{keep} cards"
        return (
            f"Keep {owed} to discard: you go out with a final discard, or by laying down a "
            "final pair."
        )

    def pair_problem(self, cids: list[int]) -> str:
        if len(cids) != 2:
            return "Select the two cards of your final pair."
        codes = self.codes(cids)
        if None in codes:
            return "The Trefoil cannot make a final pair with that card."
        if not is_pair(codes[0] or "", codes[1] or ""):
            return (
                "A final pair is two like members, two honors of one group, or one honor of "
                "two groups."
            )
        return "You cannot lay down that pair now."

    def take_problem(self, index: int) -> str:
        row = self.trupe.row if self.trupe is not None else ()
        if self.phase != DRAW:
            return "You take a discard only at the start of your turn."
        if index >= len(row):
            return f"The row has no card {index + 1}."
        if len(self.held) < 2:
            return "Holding one card, you draw from the pack only."
        return (
            f"You may take the {row[index].name} only to declare it this turn in a new "
            "combination with cards from your hand, and your hand has none for it."
        )
