"""The Queen of Scots board's keys and clicks: each move is one of the view's legal actions."""

from __future__ import annotations

from collections import Counter

from textual.binding import Binding

from cardtable.client.ui.boards.base import draw_keys, hand_keys, scroll_keys, unmark_key
from cardtable.client.ui.boards.queen_of_scots.drawing import QueenOfScotsDrawing
from cardtable.client.ui.boards.queen_of_scots.faces import meld_words
from cardtable.client.ui.boards.queen_of_scots.reading import LETTERS
from cardtable.client.ui.running import RunningCount
from cardtable.client.ui.table_state import TableState
from cardtable.engine import GameAction
from cardtable.engine.actions import Deal
from cardtable.engine.queen_of_scots.types import Add, Discard, Draw, Meld, Stop, Take


class QueenOfScotsBoard(QueenOfScotsDrawing):
    """Queen of Scots, drawn from a seat's view (or a spectator's: no hand)."""

    MOVES = {"draw": Draw(), "deal": Deal(), "stop": Stop()}

    BINDINGS = [
        *hand_keys("Select"),
        *draw_keys(),
        Binding("t", "take", "Take pile"),
        Binding("e", "make('stop')", "End round"),
        Binding("m", "meld", "Meld"),
        Binding("x", "discard", "Discard"),
        unmark_key("Unselect"),
        *scroll_keys(),
        *LETTERS.bindings(),
    ]

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        self.follow(state)
        if self.pending and state.view is not self.sent_at:
            if self.pending[0] in self.moves:
                self.sent_at = state.view
                self.choose(self.pending.pop(0))
            else:
                self.pending = []
        if self.adding and state.view is not self.sent_at:
            add = next((a for a in self.moves if isinstance(a, Add) and a.cid in self.adding), None)
            self.adding = [cid for cid in self.adding if add is not None and cid != add.cid]
            if add is not None:
                self.sent_at = state.view
                self.choose(add)
        self._draw()

    def seat_note(self, state: TableState, seat: int) -> str:
        view = state.seat_view
        if view is None:
            return ""
        table = view.table
        return f"hand {table.hand_counts[seat]} · sets {table.table_values[seat]}"

    def running_count(self, state: TableState) -> RunningCount | None:
        table = self.queen
        if table is None or table.phase in ("deal", "over"):
            return None
        note = "When the round ends, the cards still in a hand count against their holder."
        return RunningCount("Sets on the table", table.table_values, note)

    # -- the player's keys and clicks -----------------------------------------------------------

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        moves = self.moves
        kinds = {"take": Take, "meld": Meld, "discard": Discard}
        if action in kinds:
            return any(isinstance(move, kinds[action]) for move in moves)
        if action in ("move", "move_to", "select"):
            return bool(self.cards) and self.me is not None
        if action == "unselect":
            return bool(self.picked)
        return True

    def action_stock(self) -> None:
        """A click on the stock: draw, or end the round when it is empty."""
        if not self.make_if_legal(Draw()):
            self.make_if_legal(Stop())

    def action_pile(self) -> None:
        """A click on the pile: take it at the start of a turn, discard onto it later."""
        if self.phase == "meld":
            self.action_discard()
        else:
            self.action_take()

    def action_take(self) -> None:
        takes = self.takes()
        if not takes:
            if self.moves:
                self.notify("You cannot take the pile now.", severity="warning")
            return
        top = self.queen.top if self.queen else None
        wild = top is not None and top.wild
        if self.picked and not wild:
            problem = self.take_problem()
            if problem:
                self.notify(problem, severity="warning")
            else:
                self.send([Take(cids=tuple(self.chosen()))])
        elif len(takes) == 1:
            self.send(list(takes))
        else:
            keys = ", ".join(t.key for t in self.targets())
            what = "the set for the Crown Jewels" if wild else "the cards to show"
            self.notify(f"Choose {what}: press {keys}.")

    def action_meld(self) -> None:
        if not self.melds():
            return
        if not self.picked:
            self._suggest_meld()
            return
        problem = self.meld_problem()
        if problem:
            self.notify(problem, severity="warning")
            return
        chosen = self.chosen()
        listed = self.listed_meld(chosen)
        if listed is None:
            self.notify("Those cards cannot be melded now.", severity="warning")
            return
        extra = [cid for cid in chosen if cid not in listed.cids]
        self.send([listed])
        self.adding = extra[: len(chosen) - len(listed.cids)]

    def listed_meld(self, cids: list[int]) -> Meld | None:
        """The legal meld (melds are listed at their smallest, one per choice of names) made
        of cards with the names of some of `cids`."""
        have = Counter(self.edition.cards[cid].name for cid in cids)
        for action in self.melds():
            need = Counter(self.edition.cards[cid].name for cid in action.cids)
            if all(have[name] >= count for name, count in need.items()):
                return action
        return None

    def _suggest_meld(self) -> None:
        """Select a meld to make, and say which: every card of a kind we hold three of (the
        cursor card's kind first), else of the cursor's kind (or the first that can be melded)
        with a Crown Jewel."""
        deck = self.edition.cards
        kinds = list(dict.fromkeys(deck[meld.cids[0]].match for meld in self.melds()))
        here = deck[self.cursor].match if self.cursor is not None else None

        def naturals(match: str | None) -> list[int]:
            return [c.cid for c in self.cards if deck[c.cid].match == match]

        # Natural sets first (no Crown Jewel spent), then the cursor's kind, then the listed order.
        match = max(kinds, key=lambda kind: (len(naturals(kind)) >= 3, kind == here))
        chosen = naturals(match)
        if len(chosen) < 3:
            chosen += [c.cid for c in self.cards if c.wild][:1]
        self.picked = chosen
        self._changed()
        words = meld_words([deck[cid] for cid in chosen])
        self.notify(f"Selected {words}: m melds it, u unselects.")

    def action_discard(self) -> None:
        chosen = self.chosen()
        if len(chosen) == 1 and self.make_if_legal(Discard(chosen[0])):
            return
        if any(isinstance(action, Discard) for action in self.moves):
            self.notify("Select one card to discard (u unselects).", severity="warning")

    def action_pick(self, index: int) -> None:
        target = LETTERS.find(index, self.targets())
        if target is not None:
            self.send(list(target.actions))
        elif self.moves:
            self.notify(LETTERS.none_for(index), severity="warning")

    def action_set(self, sid: int) -> None:
        """A click on a set: add the chosen cards to it, or take a Crown Jewel onto it."""
        target = next((t.item for t in self.targets() if t.item.set_id == sid), None)
        if target is not None:
            self.send(list(target.actions))
        elif self.moves:
            self.notify("You cannot do anything with that set now.", severity="warning")

    def action_option(self, index: int) -> None:
        """A click on a way to take the pile."""
        options = self.options()
        if index < len(options):
            self.send(list(options[index].item.actions))

    def make(self, action: GameAction) -> None:
        self.send([action])

    def send(self, actions: list[GameAction]) -> None:
        """Choose the first action; the rest follow, each once the one before has been made."""
        first, *self.pending = actions
        self.sent_at = self.state.view if self.state else None
        self.picked = []
        self.choose(first)
        self._changed()
