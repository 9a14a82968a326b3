"""The Trupe board's keys, clicks and prompts: the moves a player makes on it."""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding

from cardtable.client.ui.boards.base import draw_keys, hand_keys, scroll_keys, unmark_key
from cardtable.client.ui.boards.trupe.drawing import TrupeDrawing
from cardtable.client.ui.boards.trupe.faces import face
from cardtable.client.ui.boards.trupe.reading import (
    DEAL,
    DISCARD,
    DRAW,
    EXTRA,
    LETTERS,
    TAKEN,
    Choice,
    Naming,
)
from cardtable.client.ui.running import RunningCount
from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import Deal, GameAction
from cardtable.engine.trupe.cards import identity_name
from cardtable.engine.trupe.combinations import Kind, classify
from cardtable.engine.trupe.types import Declare, Discard, Draw, Extend, Pair, Take, TrupeTable


class TrupeBoard(TrupeDrawing):
    """Trupe, drawn from a seat's view (or a spectator's: no hand)."""

    PREFIX = "trupe"
    MOVES = {"draw": Draw(), "deal": Deal()}
    #: Premiums and penalties in words (``Prospero (loses a turn) −2 pts``) and what the others
    #: did in full; premiums and penalties in brief (``Prospero −2``); what the others did in
    #: brief (drew, declared, discarded); only marked (•).
    AREA_LEVELS = 4

    BINDINGS = [
        *hand_keys("Select"),
        *draw_keys(),
        Binding("t", "take", "Take"),
        Binding("m", "declare", "Declare"),
        Binding("e", "extend", "Extend"),
        Binding("p", "pair", "Pair"),
        Binding("x", "discard", "Discard"),
        unmark_key("Unselect"),
        *scroll_keys(),
        *(Binding(str(n), f"take_at({n - 1})", "Take", show=False) for n in range(1, 6)),
        *LETTERS.bindings(),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The card taken from the row that was last selected for us.
        self.taken_seen: int | None = None

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        if self.state is None or state.view is not self.state.view:
            self.offer = []  # a choice made for the view before
        self.follow(state)
        taken = self.trupe.taken if self.trupe is not None else None
        if taken is None:
            self.taken_seen = None
        elif state.my_turn and taken.cid != self.taken_seen:
            # The card just taken goes with whatever is declared now: select it.
            self.taken_seen = taken.cid
            self.picked, self.cursor = [taken.cid], taken.cid
        self._draw()

    def running_count(self, state: TableState) -> RunningCount | None:
        table = _table_of(state)
        if table is None or table.phase in ("deal", "over"):
            return None
        specials = [
            sum(1 if card.type == "premium" else -2 for card in cards) for cards in table.specials
        ]
        banked = tuple(
            points + extra for points, extra in zip(table.table_points, specials, strict=True)
        )
        note = (
            "Declarations, +1 a premium, −2 a penalty. When the hand ends, the cards in hand "
            "count against all but the player who went out, who gets +50 for a Trupe or +5 "
            "for a Gam."
        )
        return RunningCount("Declared so far", banked, note)

    def seat_note(self, state: TableState, seat: int) -> str:
        table = _table_of(state)
        if table is None:
            return ""
        # Turns owed to Prospero are in the seat's area: the panel has no room for them.
        return f"hand {table.hand_counts[seat]} · table {table.table_points[seat]}"

    def prompt(self, state: TableState) -> str:
        waiting = self.waiting_prompt(state)
        if waiting is not None:
            return waiting
        table = _table_of(state)
        view = state.seat_view
        if table is None or view is None:
            return ""
        phase, legal = table.phase, view.legal
        if phase == DEAL:
            return "Press d to deal the next round."
        if phase == EXTRA:
            due = table.extra_due[state.seat or 0]
            return f"Your Miranda: discard {due} extra card(s) before play starts (x)."
        if phase == DRAW:
            numbers = [
                str(index + 1) for index, card in enumerate(table.row) if Take(card.cid) in legal
            ]
            if numbers:
                return f"Draw (d), or take a discard to declare: press {', '.join(numbers)}."
            if len(table.hand or ()) == 1:
                return "Holding one card, you draw from the pack: press d."
            return "Draw from the pack: press d."
        if phase == TAKEN:
            name = table.taken.name if table.taken is not None else "card"
            return f"Declare the {name} you took this turn: select cards to go with it, then m."
        if phase == DISCARD:
            return f"Discard {table.discards_due} more (x): one for each extra draw."
        ways = []
        if any(isinstance(action, Declare) for action in legal):
            ways.append("declare (m)")
        if any(isinstance(action, Extend) for action in legal):
            ways.append("extend (e)")
        if any(isinstance(action, Pair) for action in legal):
            ways.append("lay a final pair (p)")
        due = table.discards_due
        ending = "x discards, ending the turn" if due <= 1 else f"x discards ({due} due)"
        if ways:
            return f"Select cards (space) to {' or '.join(ways)}; {ending}."
        return f"Choose a card with ←→; {ending}."

    # -- the player's keys and clicks -----------------------------------------------------------

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        legal = self.moves
        kinds = {a.kind for a in legal}
        if action == "take_at":
            return self.phase == DRAW and bool(legal)
        if action == "discard":  # after a take, x says why it must wait
            return "discard" in kinds or (self.phase == TAKEN and bool(legal))
        if action in ("take", "declare", "extend", "pair"):
            return action in kinds
        if action in ("move", "move_to", "select"):
            return bool(self.held) and self.me is not None
        if action == "unselect":
            return bool(self.picked or self.offer)
        return True

    def _forget_choices(self) -> None:
        if self.offer:  # a choice for other cards: gone, and u with it
            self.offer = []
            self.refresh_bindings()

    def action_pack(self) -> None:
        """A click on the pack: draw (or deal the next hand)."""
        if not self.make_if_legal(Draw()) and not self.make_if_legal(Deal()) and self.moves:
            self.notify("You draw only at the start of your turn.", severity="warning")

    def action_take(self) -> None:
        takes = self.of_kind(Take)
        if len(takes) == 1:
            self.make(takes[0])
        elif takes:
            row = [card.cid for card in self.trupe.row] if self.trupe is not None else []
            numbers = ", ".join(str(row.index(a.cid) + 1) for a in takes)
            self.notify(f"Take which discard? Press {numbers}.")

    def action_take_at(self, index: int) -> None:
        row = self.trupe.row if self.trupe is not None else ()
        action = Take(row[index].cid) if index < len(row) else None
        if action is not None and action in self.moves:
            self.make(action)
        elif self.moves:
            self.notify(self.take_problem(index), severity="warning")

    def action_row(self, index: int) -> None:
        """A click on a row card: take it at the start of a turn, discard onto the row later."""
        if self.phase == DRAW:
            self.action_take_at(index)
        elif self.of_kind(Discard):
            self.action_discard()

    def action_drop(self) -> None:
        """A click on the row (not on a card): discard the chosen card there."""
        if self.of_kind(Discard):
            self.action_discard()

    def action_declare(self) -> None:
        if not self.of_kind(Declare):
            return
        taken = self.trupe.taken if self.trupe is not None else None
        alone = [taken.cid] if taken is not None else []
        if not self.picked or self.picked == alone:
            self._suggest(Declare)
            return
        self._make(Declare, self.chosen(), self.declare_problem)

    def action_pair(self) -> None:
        if not self.of_kind(Pair):
            return
        if not self.picked:
            self._suggest(Pair)
            return
        self._make(Pair, self.chosen(), self.pair_problem)

    def _make(
        self, kind: type[Naming], cids: list[int], problem: Callable[[list[int]], str]
    ) -> None:
        """Declare or pair `cids`: at once, or by a letter when the Trefoil could stand for
        several cards; or say why not."""
        found = self.matching(kind, cids)
        if not found:
            self.notify(problem(cids), severity="warning")
        elif len(found) == 1:
            self.make(found[0])
        else:
            offer: list[Choice] = list(found)
            self.offer = LETTERS.assign(offer)
            self._changed()
            keys = ", ".join(
                f"{t.key} {identity_name(t.item.stands_for or '')}" for t in self.offer
            )
            self.notify(f"The Trefoil stands for: {keys}.")

    def _suggest(self, kind: type[Naming]) -> None:
        """Select cards to declare (or pair): preferring the cursor card, the Trefoil kept back,
        no sequence, then the most points and the most cards."""

        here = self.codes([self.cursor])[0] if self.cursor is not None else None

        def rank(action: Naming) -> tuple[bool, bool, bool, int, int]:
            codes = [code or "" for code in self._codes_of(action)]
            found = classify(codes) if kind is Declare else None
            made = found if isinstance(found, Kind) else None
            return (
                here in codes if here is not None else self.cursor in action.cids,
                action.stands_for is None,
                made is None or made.kind != "sequence",
                made.points if made else 0,
                len(codes),
            )

        best = max(self.of_kind(kind), key=rank)
        self.picked = list(best.cids)
        self._changed()

    def action_extend(self) -> None:
        if not self.of_kind(Extend):
            return
        chosen = self.chosen()
        targets = self.targets() if not self.offer else []
        if len(chosen) != 1:
            self.notify("Select one card to extend a declaration with.", severity="warning")
        elif len(targets) == 1:
            self.make(targets[0].item)
        elif targets:
            keys = ", ".join(t.key for t in targets)
            self.notify(f"Which declaration? Press {keys}.")
        else:
            self.notify(self.extend_problem(chosen[0]), severity="warning")

    def extend_problem(self, cid: int) -> str:
        """Why hand card `cid` extends none of our 3s (ruling 6: only a card drawn from the
        pack does, and never the card taken from the row)."""
        name = face(self.card(cid))
        table = self.trupe
        if table is not None and table.taken is not None and table.taken.cid == cid:
            return f"The {name} you took from the discards never extends a declaration."
        if table is not None and table.from_pack is not None and cid not in table.from_pack:
            return f"Only a card drawn from the pack extends a 3: the {name} was dealt to you."
        return f"The {name} does not turn any of your 3s declared before this turn into a 4."

    def action_discard(self) -> None:
        chosen = self.chosen()
        if len(chosen) == 1 and Discard(chosen[0]) in self.moves:
            self.make(Discard(chosen[0]))
        elif self.of_kind(Discard):
            self.notify("Select one card to discard (u unselects).", severity="warning")
        elif self.moves:
            taken = self.trupe.taken if self.trupe is not None else None
            if taken is not None:
                self.notify(
                    f"Declare the {taken.name} you took from the discards before your turn ends.",
                    severity="warning",
                )

    def action_pick(self, index: int) -> None:
        choice = LETTERS.find(index, self.targets())
        if choice is not None:
            self.make(choice)
        elif self.moves:
            self.notify(LETTERS.none_for(index), severity="warning")

    def action_declaration(self, did: int) -> None:
        """A click on a declaration: extend it with the chosen card."""
        choice = next(
            (
                t.item
                for t in self.targets()
                if isinstance(t.item, Extend) and t.item.declaration == did
            ),
            None,
        )
        if choice is not None:
            self.make(choice)
        elif self.moves:
            self.notify("The chosen card cannot extend that declaration.", severity="warning")

    def action_option(self, index: int) -> None:
        """A click on what the Trefoil stands for."""
        if index < len(self.offer):
            self.make(self.offer[index].item)

    def make(self, action: GameAction) -> None:
        self.picked, self.offer = [], []
        self.choose(action)
        self._changed()


def _table_of(state: TableState) -> TrupeTable | None:
    view = state.seat_view
    return view.table if view is not None and isinstance(view.table, TrupeTable) else None
