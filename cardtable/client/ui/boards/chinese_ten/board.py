"""The Chinese Ten board's keys and clicks: each move is one of the view's legal actions."""

from __future__ import annotations

from textual.binding import Binding

from cardtable.client.ui.boards.base import hand_keys
from cardtable.client.ui.boards.chinese_ten.drawing import ChineseTenDrawing
from cardtable.client.ui.boards.chinese_ten.reading import table_of
from cardtable.client.ui.cards import card_label
from cardtable.client.ui.running import RunningCount
from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import Deal
from cardtable.engine.chinese_ten.types import Capture


class ChineseTenBoard(ChineseTenDrawing):
    """Chinese Ten, drawn from a seat's view."""

    BINDINGS = [
        *hand_keys(),
        Binding("1", "spot(0)", "Spot", key_display="1-4"),
        Binding("2", "spot(1)", "Spot 2", show=False),
        Binding("3", "spot(2)", "Spot 3", show=False),
        Binding("4", "spot(3)", "Spot 4", show=False),
        Binding("enter", "play", "Play"),
        Binding("d", "deal", "Deal"),
    ]

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "deal":
            return Deal() in self.moves
        if action in ("play", "spot"):
            return bool(self.spot_moves)
        if action in ("move", "move_to"):
            return not self.flipped_step()  # the hand waits while a flipped card is placed
        return True

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        self.state = state
        cids = [card.cid for card in self.cards]
        playable = self._playable()
        if self.selected not in cids or (playable and self.selected not in playable):
            order = [cid for cid in cids if cid in playable] or cids
            self.selected = order[0] if order else None
        self.redraw()

    def seat_note(self, state: TableState, seat: int) -> str:
        table = table_of(state.seat_view)
        if table is None:
            return ""
        pile = table.piles[seat]
        if pile.points is None:  # a strict table: the pile lies face down
            return f"hand {table.hand_counts[seat]} · pile {pile.count}"
        return f"hand {table.hand_counts[seat]} · {pile.points} pts"

    def running_count(self, state: TableState) -> RunningCount | None:
        table = table_of(state.seat_view)
        if table is None or table.phase in ("deal", "over"):
            return None
        points = tuple(pile.points for pile in table.piles)
        note = (
            "At this table the scoring piles lie face down: they are counted when the round ends."
            if None in points
            else "Cards left in the layout or the deck at the end score nothing."
        )
        return RunningCount("Points captured", points, note)

    def prompt(self, state: TableState) -> str:
        table = table_of(state.seat_view)
        waiting = self.waiting_prompt(state)
        if waiting is not None:
            return waiting
        if table is None:
            return ""
        phase, flipped = table.phase, table.flipped
        if phase == "deal":
            return "Press d to deal the next round."
        if phase == "take" and flipped is not None:
            spots = ", ".join(str(spot + 1) for spot in sorted(self._targets()))
            return f"The flipped {card_label(flipped).strip()} captures: press {spots}."
        if phase == "place" and flipped is not None:
            return f"The flipped {card_label(flipped).strip()} goes on a spot: 1–4."
        legal = state.seat_view.legal if state.seat_view is not None else ()
        if any(isinstance(action, Capture) for action in legal):
            return "Capture: a card (←→), then a bold-framed spot."
        return "No capture: lay a card (←→) on a spot (1–4)."

    # -- the player's keys and clicks -----------------------------------------------------------

    def cursor_order(self) -> list[int]:
        """The cards ← and → go through: those with a move, else the whole hand."""
        cids = [card.cid for card in self.cards]
        playable = self._playable()
        return [cid for cid in cids if cid in playable] or cids

    def cursor_card(self) -> int | None:
        return self.selected

    def put_cursor(self, cid: int) -> None:
        self.selected = cid
        self.redraw()

    def action_card(self, cid: int) -> None:
        """A click on a card: select it, or play it if it was selected and has one place."""
        if cid == self.selected:
            self.action_play()
        else:
            self.selected = cid
            self.redraw()

    def action_spot(self, spot: int) -> None:
        matches = [action for action in self._actions_for(self.selected) if action.spot == spot]
        matches.sort(key=lambda action: not isinstance(action, Capture))
        if matches:
            self.choose(matches[0])
        elif self.state is not None and self.state.my_turn:
            self.notify(f"That card cannot go to spot {spot + 1}.", severity="warning")

    def action_play(self) -> None:
        spots = {action.spot for action in self._actions_for(self.selected)}
        if len(spots) == 1:
            self.action_spot(spots.pop())
        elif spots:
            choices = ", ".join(str(spot + 1) for spot in sorted(spots))
            self.notify(f"Choose a spot: {choices}.")
        elif self.state is not None and self.state.my_turn:
            self.notify("That card cannot be played now.", severity="warning")

    def action_deal(self) -> None:
        if Deal() in self.moves:
            self.choose(Deal())
