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

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region

from cardtable.client.ui.boards.base import Board, Lettered, hand_keys, scroll_keys
from cardtable.client.ui.boards.layout import Part, Row, Sheet, clicks, lay_out
from cardtable.client.ui.boards.thistle.areas import DETAILS, Detail, Scene, area_rows
from cardtable.client.ui.boards.thistle.faces import card_style, card_text, card_words
from cardtable.client.ui.boards.thistle.targets import (
    LETTERS,
    Changes,
    GroupAction,
    groups_in_order,
    lettered,
    orphan_choice,
    orphan_words,
    playable,
    seat_order,
    targets,
    thistle_view,
)
from cardtable.client.ui.cards import back_text
from cardtable.client.ui.running import RunningCount
from cardtable.client.ui.table_state import TableState
from cardtable.engine import GameAction, SeatView
from cardtable.engine.actions import Deal
from cardtable.engine.thistle.cards import ThistleCard
from cardtable.engine.thistle.types import Capture, Draw, End, GroupView, Play, ThistleTable

#: The moves a key makes: d draws or deals, e ends, enter goes on with whichever is legal.
SIMPLE: dict[str, GameAction] = {"draw": Draw(), "deal": Deal(), "end": End()}


class ThistleBoard(Board):
    """Thistle, drawn from a seat's view (or a spectator's: no hand)."""

    DEFAULT_CSS = """
    ThistleBoard #thistle-pile, ThistleBoard #thistle-hand { height: auto; }
    ThistleBoard #thistle-areas { height: 1fr; scrollbar-size-vertical: 1; }
    """

    BINDINGS = [
        *hand_keys(),
        Binding("d", "draw", "Draw"),
        Binding("d", "deal", "Deal"),
        Binding("e", "end", "End turn"),
        Binding("enter", "proceed", "Go on", show=False),
        Binding("o", "orphan", "Set-aside"),
        *scroll_keys(),
        *LETTERS.bindings(),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The card id under the cursor in our hand.
        self.selected: int | None = None
        #: Whether a capture adds our best set-aside card (when the group has no bonus card).
        self.add_orphan = True

    def compose(self) -> ComposeResult:
        yield Part(self, id="thistle-pile")
        with VerticalScroll(id="thistle-areas") as areas:
            areas.can_focus = False
            yield Part(self, id="thistle-table")
        yield Part(self, id="thistle-hand")

    def on_mount(self) -> None:
        self._draw()

    # -- what the view says --------------------------------------------------------------------

    @property
    def view(self) -> SeatView[ThistleTable] | None:
        """The view, typed (None before the first)."""
        return thistle_view(self.seat_view)

    @property
    def moves(self) -> tuple[GameAction, ...]:
        """Our legal actions, typed (none when it is not our move)."""
        view = self.view
        return view.legal if view else ()

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
        if action in SIMPLE:
            return SIMPLE[action] in moves
        if action == "move":
            return bool(self._playable())
        if action == "orphan":
            return orphan_choice(moves)
        if action == "proceed":
            return any(move in moves for move in SIMPLE.values())
        return True

    def action_move(self, step: int) -> None:
        order = self._playable() or [card.cid for card in self.held]
        if not order:
            return
        index = order.index(self.selected) if self.selected in order else -step
        self.selected = order[(index + step) % len(order)]
        self._draw()

    def action_move_to(self, index: int) -> None:
        """Home / End: the first or the last card (of those with a play)."""
        order = self._playable() or [card.cid for card in self.held]
        if order:
            self.selected = order[index]
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

    def _simple(self, kind: str) -> bool:
        """Make the move of `kind` (draw, deal, end) if it is legal; whether it was."""
        if SIMPLE[kind] in self.moves:
            self.choose(SIMPLE[kind])
            return True
        return False

    def action_draw(self) -> None:
        self._simple("draw")

    def action_deal(self) -> None:
        self._simple("deal")

    def action_end(self) -> None:
        self._simple("end")

    def action_proceed(self) -> None:
        for kind in ("end", "draw", "deal"):
            if self._simple(kind):
                return

    def action_orphan(self) -> None:
        self.add_orphan = not self.add_orphan
        self._draw()

    def action_scroll(self, pages: int) -> None:
        areas = self.query_one("#thistle-areas", VerticalScroll)
        areas.scroll_to(y=areas.scroll_y + pages * max(1, areas.size.height - 1), animate=False)

    # -- drawing --------------------------------------------------------------------------------

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if not self.is_mounted or not self.query("#thistle-pile"):
            return
        self.query_one("#thistle-pile", Part).update(Sheet(self.pile_rows()))
        self.query_one("#thistle-table", Part).update(Sheet(self.area_rows(self.detail())))
        self.query_one("#thistle-hand", Part).update(Sheet(self.hand_rows()))
        self.call_after_refresh(self._reveal)

    def detail(self, hand_lines: int | None = None) -> Detail:
        """The fullest way of writing the areas that fits the lines the board has for them
        (beside a hand of `hand_lines`, by default the hand drawn now)."""
        width = self.content_size.width
        if width <= 0 or self.content_size.height <= 0:
            return DETAILS[0]
        if hand_lines is None:
            hand_lines = len(lay_out(self.hand_rows(), width)[0])
        for detail in DETAILS:
            if self.areas_fit(detail, hand_lines):
                return detail
        return DETAILS[-1]

    def areas_fit(self, detail: Detail, hand_lines: int) -> bool:
        """Whether the areas written as `detail` says fit beside the pile's line and a hand of
        `hand_lines` lines, without scrolling."""
        width = self.content_size.width
        room = self.content_size.height - len(lay_out(self.pile_rows(), width)[0]) - hand_lines
        return len(lay_out(self.area_rows(detail), width)[0]) <= room

    def _reveal(self) -> None:
        """Scroll the areas so the first seat with groups you can act on is in sight, from its
        heading to its first such group (when even the briefest areas are too long)."""
        sheet = self.query_one("#thistle-table", Part)
        _, marks = lay_out(self.area_rows(self.detail()), sheet.content_region.width or 1)
        if marks:
            top, bottom = marks[0], marks[1] if len(marks) > 1 else marks[0]
            region = Region(0, top, 1, bottom - top + 1)
            areas = self.query_one("#thistle-areas", VerticalScroll)
            areas.scroll_to_region(region, animate=False, immediate=True)

    def table_text(self, width: int, detail: Detail | None = None) -> str:
        """The areas as plain text laid out `width` cells wide, scrolled out of sight or not
        (written in full, or as `detail` says)."""
        lines, _ = lay_out(self.area_rows(detail or DETAILS[0]), width)
        return "\n".join(line.plain for line in lines)

    def scene(self) -> Scene | None:
        """What the areas are drawn from (None before the first view)."""
        view = self.view
        if view is None or self.state is None:
            return None
        found = self.targets()
        groups = self.groups_in_order()
        return Scene(
            table=view.table,
            order=self.seat_order(),
            me=self.me,
            name=self.state.name,
            groups=groups,
            letters={entry.item: entry.key for entry in lettered(groups, found)},
            targets=found,
            changes=Changes.of(self.state.recent_events),
        )

    def area_rows(self, detail: Detail = DETAILS[0]) -> list[Row]:
        scene = self.scene()
        return area_rows(scene, detail) if scene else []

    def pile_rows(self) -> list[Row]:
        view = self.view
        if view is None:
            return [Row(Text("Waiting for the game to start.", style="dim"), [])]
        table = view.table
        pile = Text("Pile ")
        if table.pile:
            pile.append_text(back_text(table.pile))
        else:
            pile.append("empty", style="bold")
        if Draw() in view.legal:
            pile.stylize(clicks(("draw",)))
        pieces = [pile]
        if table.drawn:
            piece = Text("Drawn ")
            piece.append(f" {card_words(table.drawn)} ", style=card_style(table.drawn))
            pieces.append(piece)
        if table.phase == "final":
            pieces.append(Text("Last round: one more turn each, no draws", style="bold"))
        if orphan_choice(view.legal):
            words = orphan_words(self.targets(), self.add_orphan)
            pieces.append(Text(f"A capture {words} (o)", style="italic"))
        return [Row(Text(), pieces)]

    def hand_rows(self) -> list[Row]:
        if self.view is None:
            return []
        if self.me is None:
            return [Row(Text("You are watching.", style="dim"), [])]
        heading = Text(f"Your hand ({len(self.held)})", style="bold")
        return [Row(heading, []), Row(Text(), self._hand_cards(full=self.whole_names()), gap=1)]

    def whole_names(self) -> bool:
        """Whether the hand gives the clans' whole names: where they take no more lines than
        four letters do, or the lines they take leave the areas as full as beside four
        letters, unscrolled."""
        width = self.content_size.width
        if width <= 0:
            return False
        heading = Row(Text("Your hand"), [])
        short = [heading, Row(Text(), self._hand_cards(full=False), gap=1)]
        full = [heading, Row(Text(), self._hand_cards(full=True), gap=1)]
        full_lines, short_lines = len(lay_out(full, width)[0]), len(lay_out(short, width)[0])
        if full_lines <= short_lines:
            return True
        if self.content_size.height <= 0:
            return False
        return self.areas_fit(self.detail(short_lines), full_lines)

    def _hand_cards(self, *, full: bool) -> list[Text]:
        ready = self._playable()
        choosing = bool(ready)
        return [
            card_text(
                card,
                playable=not choosing or card.cid in ready,
                selected=choosing and card.cid == self.selected,
                full=full,
                click=("card", card.cid),
            )
            for card in self.held
        ]
