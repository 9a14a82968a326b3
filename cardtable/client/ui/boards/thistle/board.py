"""The Thistle board: the pile and the drawn card, each seat's area, and your hand; the keys and
clicks that choose a move.

Groups you can act on now get a letter: press it (or click the group) to capture that group, to
place the drawn card there, or to play the selected hand card there (← → choose the card, Home
and End the first and the last). d draws (or deals between hands), e or enter ends the play step,
and o says whether a capture adds your best set-aside card. Partners' areas are framed together
under their team's heading. What the others changed since your last move carries a mark (•).

Every seat's area stays in sight: when the board is short of lines, the areas are written more
briefly, step by step (books by clan and value, a seat in one row, clans by four letters, books
counted), and scroll only when even that is too long.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from cardtable.client.ui.boards.base import draw_keys, hand_keys, scroll_keys, scroll_pages
from cardtable.client.ui.boards.layout import Part
from cardtable.client.ui.boards.thistle.drawing import ThistleDrawing
from cardtable.client.ui.boards.thistle.reading import LETTERS, orphan_choice, thistle_view
from cardtable.client.ui.running import RunningCount
from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import Deal
from cardtable.engine.thistle.types import Capture, Draw, End, Play


class ThistleBoard(ThistleDrawing):
    """Thistle, drawn from a seat's view (or a spectator's: no hand)."""

    #: The moves a key makes: d draws or deals, e ends, enter goes on with whichever is legal.
    MOVES = {"draw": Draw(), "deal": Deal(), "end": End()}

    DEFAULT_CSS = """
    ThistleBoard #thistle-pile, ThistleBoard #thistle-hand { height: auto; }
    ThistleBoard #thistle-areas { height: 1fr; scrollbar-size-vertical: 1; }
    """

    BINDINGS = [
        *hand_keys(),
        *draw_keys(),
        Binding("e", "make('end')", "End turn"),
        Binding("enter", "proceed", "Go on", show=False),
        Binding("o", "orphan", "Set-aside"),
        *scroll_keys(),
        *LETTERS.bindings(),
    ]

    def compose(self) -> ComposeResult:
        yield Part(self, id="thistle-pile")
        with VerticalScroll(id="thistle-areas") as areas:
            areas.can_focus = False
            yield Part(self, id="thistle-table")
        yield Part(self, id="thistle-hand")

    def on_mount(self) -> None:
        self._draw()

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        self.state = state
        cids = [card.cid for card in self.held]
        ready = self._playable()
        if self.selected not in cids or (ready and self.selected not in ready):
            order = ready or cids
            self.selected = order[0] if order else None
        self._draw()

    def running_count(self, state: TableState) -> RunningCount | None:
        view = thistle_view(state.seat_view)
        if view is None or view.table.phase in ("deal", "over"):
            return None
        books = [0] * view.seats
        for book in view.table.books:
            books[book.owner] += book.value
        note = "Cards on the table and in hand are counted when the round ends."
        return RunningCount("Books closed", tuple(books), note)

    def seat_note(self, state: TableState, seat: int) -> str:
        view = thistle_view(state.seat_view)
        if view is None:
            return ""
        table = view.table
        books = sum(1 for book in table.books if book.owner == seat)
        note = f"hand {table.hand_counts[seat]}"
        if books:
            note += f" · {books} book" + ("s" if books > 1 else "")
        if table.partnership:
            note = f"{'AB'[seat % 2]} · " + note
        return note

    def prompt(self, state: TableState) -> str:
        view = thistle_view(state.seat_view)
        waiting = self.waiting_prompt(state)
        if waiting is not None:
            return waiting
        phase = view.table.phase if view else None
        if phase == "deal":
            return "Press d to deal the next hand."
        letters = ", ".join(self.letters().values())
        if phase == "place":
            return f"Place the drawn card on a group: {letters}."
        if phase == "start":
            if letters:
                return f"Capture a lettered group ({letters}) or d to draw."
            return "Press d to draw a card to the table."
        legal = view.legal if view else ()
        can_capture = any(isinstance(action, Capture) for action in legal)
        can_play = any(isinstance(action, Play) for action in legal)
        if phase == "final":
            if can_capture and can_play:
                return "Last turn: capture, or play ←→ a card; e ends."
            if can_capture:
                return f"Last turn: capture ({letters}) or press e to end."
            if can_play:
                return "Last turn: play ←→ a card, or e to end."
            return "Last turn: nothing to play; press e."
        if can_play:
            return "Play ←→ a card on a lettered group; e ends."
        return "Nothing to play: press e to end your turn."

    # -- the player's keys and clicks -----------------------------------------------------------

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        moves = self.moves
        if action == "move":
            return bool(self._playable())
        if action == "orphan":
            return orphan_choice(moves)
        if action == "proceed":
            return any(move in moves for move in self.MOVES.values())
        return True

    def cursor_order(self) -> list[int]:
        """Those with a play, else the whole hand."""
        return self._playable() or [card.cid for card in self.held]

    def cursor_card(self) -> int | None:
        return self.selected

    def put_cursor(self, cid: int) -> None:
        self.selected = cid
        self._draw()

    def action_pick(self, index: int) -> None:
        gid = LETTERS.find(index, self.lettered())
        if gid is not None:
            self.choose(self.targets()[gid])
        elif self.moves:
            self.notify(LETTERS.none_for(index), severity="warning")

    def action_group(self, gid: int) -> None:
        action = self.targets().get(gid)
        if action is not None:
            self.choose(action)
        elif self.moves:
            self.notify("You cannot do anything with that group now.", severity="warning")

    def action_card(self, cid: int) -> None:
        """A click on a hand card: select it, or play it if it was selected and has one place."""
        if cid != self.selected:
            self.selected = cid
            self._draw()
            return
        plays = [move for move in self.moves if isinstance(move, Play) and move.cid == cid]
        if len(plays) == 1:
            self.choose(plays[0])
        elif plays:
            self.notify("Choose a group: press its letter.")

    def action_proceed(self) -> None:
        for kind in ("end", "draw", "deal"):
            if self.make_if_legal(self.MOVES[kind]):
                return

    def action_orphan(self) -> None:
        self.add_orphan = not self.add_orphan
        self._draw()

    def action_scroll(self, pages: int) -> None:
        scroll_pages(self.query_one("#thistle-areas", VerticalScroll), pages)
