"""A board drawn as three sheets: the top lines, the seats' areas, and our hand.

The areas scroll (PgUp / PgDn) while the top lines and the hand stay in sight; a long hand
scrolls to keep the card under the cursor in view. A board may write its areas more briefly when
they do not fit (`AREA_LEVELS`). Cards in hand are marked with space (or a click) for the move
the next key makes, and carry a ✓; ← → move the cursor, Home and End to the first and the last
card. Queen of Scots, Trupe and Nobility are drawn this way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol, TypeVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Region

from cardtable.client.ui.boards.base import Board, scroll_pages
from cardtable.client.ui.boards.layout import Part, Row, Sheet, clicks, lay_out
from cardtable.client.ui.cards import (
    CHANGED,
    CHANGED_MARK,
    GREEN_ON_DARK,
    SELECTED_MARK,
    YELLOW_ON_DARK,
    back_text,
)
from cardtable.client.ui.table_state import TableState
from cardtable.engine import EventPart, SeenEvent


def sheet_text(rows: list[Row], width: int) -> str:
    """`rows` as plain text laid out `width` cells wide."""
    lines, _ = lay_out(rows, width)
    return "\n".join(line.plain for line in lines)


class NamedCard(Protocol):
    """A card as a view shows it: named by its id."""

    @property
    def cid(self) -> int: ...


CardT = TypeVar("CardT", bound=NamedCard)


class SheetBoard(Board):
    """The three sheets and the marking of hand cards. A subclass names its widgets with
    `PREFIX` (``"trupe"`` gives ``#trupe-top``, ``#trupe-areas`` holding ``#trupe-table``, and
    ``#trupe-hand-scroll`` holding ``#trupe-hand``) and draws `top_rows`, `area_rows` and
    `hand_rows`."""

    DEFAULT_CSS = """
    SheetBoard .sheet-top, SheetBoard .sheet-hand { height: auto; }
    SheetBoard .sheet-areas { height: 1fr; scrollbar-size-vertical: 1; }
    SheetBoard .sheet-hand-scroll { height: auto; scrollbar-size-vertical: 1; }
    """

    PREFIX: ClassVar[str] = "sheet"
    #: The most lines of hand shown before the hand scrolls.
    HAND_LINES: ClassVar[int] = 7
    #: How many ways `area_rows` has of writing the areas, from the fullest (0) to the briefest:
    #: the board uses the first that fits.
    AREA_LEVELS: ClassVar[int] = 1

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The card id under the cursor in our hand.
        self.cursor: int | None = None
        #: The marked card ids, in the order they were marked.
        self.picked: list[int] = []

    def compose(self) -> ComposeResult:
        yield Part(self, id=f"{self.PREFIX}-top", classes="sheet-top")
        with VerticalScroll(id=f"{self.PREFIX}-areas", classes="sheet-areas") as areas:
            areas.can_focus = False
            yield Part(self, id=f"{self.PREFIX}-table", classes="sheet-table")
        with VerticalScroll(id=f"{self.PREFIX}-hand-scroll", classes="sheet-hand-scroll") as hand:
            hand.can_focus = False
            hand.styles.max_height = self.HAND_LINES
            yield Part(self, id=f"{self.PREFIX}-hand", classes="sheet-hand")

    def on_mount(self) -> None:
        self._draw()

    # -- what subclasses draw -----------------------------------------------------------------

    def top_rows(self) -> list[Row]:
        raise NotImplementedError

    def area_rows(self, level: int = 0) -> list[Row]:
        """The seats' areas, written as fully as `level` says (0: in full)."""
        raise NotImplementedError

    def hand_rows(self) -> list[Row]:
        raise NotImplementedError

    def _forget_choices(self) -> None:
        """Drop any choice on screen that was for other cards (a subclass's targets)."""

    def hand_order(self) -> list[int]:
        """Our hand's card ids in the order drawn (none for a spectator)."""
        view = self.seat_view
        hand: Sequence[NamedCard] | None = getattr(view.table, "hand", None) if view else None
        return [card.cid for card in hand or ()]

    def follow(self, state: TableState) -> None:
        """Take `state` as the table's, keeping the marks on the cards still in hand and the
        cursor on its card (gone: on the card now in its place, or the last)."""
        old = self.hand_order()
        self.state = state
        cids = self.hand_order()
        self.picked = [cid for cid in self.picked if cid in cids]
        if self.cursor not in cids:
            place = old.index(self.cursor) if self.cursor in old else 0
            self.cursor = cids[min(place, len(cids) - 1)] if cids else None

    def hand_row(self, cards: Sequence[CardT], face: Callable[[CardT, bool, bool], Text]) -> Row:
        """Our hand's `cards` in a row, each drawn by ``face(card, under_cursor, marked)`` with
        the cell before it (✓ when marked); the card under the cursor is kept in sight."""
        show_cursor = self.can_focus
        pieces = []
        under: set[int] = set()
        for index, card in enumerate(cards):
            here = show_cursor and card.cid == self.cursor
            if here:
                under.add(index)
            marked = card.cid in self.picked
            pieces.append(picked(face(card, here, marked), marked))
        return Row(Text(), pieces, under, gap=0)

    def rounds_text(self, target: int) -> Text:
        """``Round 2 · to 500``, dim: the round in play and the score that ends the game."""
        view = self.seat_view
        return Text(f"Round {view.round if view is not None else 1} · to {target}", style="dim")

    # -- marking cards --------------------------------------------------------------------------

    def cursor_order(self) -> list[int]:
        return self.hand_order()

    def cursor_card(self) -> int | None:
        return self.cursor

    def put_cursor(self, cid: int) -> None:
        self.cursor = cid
        self._forget_choices()
        self._draw()

    def point_at(self, cids: Sequence[int]) -> None:
        """The cursor on the first of `cids` in our hand; several are marked (✓), as if
        selected, ready for the move that takes them."""
        held = [cid for cid in cids if cid in self.hand_order()]
        if len(held) < 2:
            super().point_at(held)
            return
        self.cursor = held[0]
        self.picked = held
        self._forget_choices()
        self._changed()

    def action_select(self) -> None:
        if self.cursor is None:
            return
        if self.cursor in self.picked:
            self.picked.remove(self.cursor)
        else:
            self.picked.append(self.cursor)
        self._forget_choices()
        self._changed()

    def action_unselect(self) -> None:
        self.picked = []
        self._forget_choices()
        self._changed()

    def action_card(self, cid: int) -> None:
        """A click on a hand card: the cursor goes there and marks it, or unmarks it."""
        self.cursor = cid
        self.action_select()

    def action_scroll(self, pages: int) -> None:
        scroll_pages(self.query_one(f"#{self.PREFIX}-areas", VerticalScroll), pages)

    def _changed(self) -> None:
        self._draw()
        self.refresh_bindings()

    # -- drawing --------------------------------------------------------------------------------

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if not self.is_mounted or not self.query(f"#{self.PREFIX}-top"):
            return
        self.query_one(f"#{self.PREFIX}-top", Part).update(Sheet(self.top_rows()))
        self.query_one(f"#{self.PREFIX}-table", Part).update(Sheet(self.area_rows(self.level())))
        self.query_one(f"#{self.PREFIX}-hand", Part).update(Sheet(self.hand_rows()))
        self.call_after_refresh(self._reveal)

    def level(self, hand_lines: int | None = None) -> int:
        """The fullest way of writing the areas that fits the lines the board has for them
        (beside a hand of `hand_lines`, by default the hand drawn now)."""
        width = self.content_size.width
        if width <= 0 or self.content_size.height <= 0:
            return 0
        if hand_lines is None:
            hand_lines = len(lay_out(self.hand_rows(), width)[0])
        for level in range(self.AREA_LEVELS):
            if self.areas_fit(level, hand_lines):
                return level
        return self.AREA_LEVELS - 1

    def areas_fit(self, level: int, hand_lines: int) -> bool:
        """Whether the areas written at `level` fit beside the top lines and a hand of
        `hand_lines` lines, without scrolling."""
        width = self.content_size.width
        room = self.content_size.height - len(lay_out(self.top_rows(), width)[0])
        room -= min(self.HAND_LINES, hand_lines)
        return len(lay_out(self.area_rows(level), width)[0]) <= room

    def roomy(self, full: list[Row], short: list[Row]) -> bool:
        """Whether the hand may give whole names (`full`, else `short`): where they take no more
        lines, or the lines they take leave the areas as full as beside short names, unscrolled,
        and the hand whole."""
        width = self.content_size.width
        if width <= 0:
            return False
        full_lines, short_lines = len(lay_out(full, width)[0]), len(lay_out(short, width)[0])
        if full_lines <= short_lines:
            return True
        if full_lines > self.HAND_LINES or self.content_size.height <= 0:
            return False
        return self.areas_fit(self.level(short_lines), full_lines)

    def _reveal(self) -> None:
        """Keep the card under the cursor in sight when the hand is too long to show whole."""
        if not self.is_mounted:
            return
        self._scroll_to_mark(f"{self.PREFIX}-hand", self.hand_rows(), f"{self.PREFIX}-hand-scroll")

    def _scroll_to_mark(self, part_id: str, rows: list[Row], scroll_id: str) -> None:
        """Scroll `scroll_id` to the first marked line of `rows` as drawn in `part_id`."""
        part = self.query_one(f"#{part_id}", Part)
        _, marks = lay_out(rows, part.content_region.width or 1)
        if marks:
            scroll = self.query_one(f"#{scroll_id}", VerticalScroll)
            scroll.scroll_to_region(Region(0, marks[0], 1, 1), animate=False, immediate=True)

    def seat_heading(
        self, seat: int, turn: int | None, *notes: str, out: str | None = None
    ) -> Text:
        """``Tess (you) ▶ · total 120 · hand 9``: the seat's name (ours underlined), ▶ while it
        is to move (the table's `turn`), its side's total, the game's `notes`, and how the seat
        went out (`out`) in green."""
        assert self.state is not None
        mine = seat == self.me
        heading = Text(self.state.name(seat) + (" (you)" if mine else ""), style="bold")
        if mine:
            heading.stylize("underline")
        if self.to_move(seat, turn):
            heading.append(" ▶", style=Style(color=YELLOW_ON_DARK, bold=True))
        heading.append(f" · total {self.total(seat)}", style="bold")
        for note in notes:
            heading.append(f" · {note}")
        if out is not None:
            heading.append(f" · {out}", style=Style(color=GREEN_ON_DARK, bold=True))
        return heading

    def watching_rows(self) -> list[Row]:
        """The hand's place for a spectator."""
        return [Row(Text("You are watching.", style="dim"), [])]

    def table_text(self, width: int, level: int = 0) -> str:
        """The seats' areas as plain text laid out `width` cells wide (in full, or as `level`
        says)."""
        return sheet_text(self.area_rows(level), width)


def picked(card: Text, selected: bool) -> Text:
    """A hand card with the cell before it: ✓ when it is selected (besides its colours)."""
    mark = Text(SELECTED_MARK if selected else " ", style=f"bold {YELLOW_ON_DARK}")
    return mark + card


def pack_text(word: str, count: int, click: str) -> Text:
    """``Stock ▒ 23``: a pack of `count` cards face down (or ``empty``), whose click runs the
    board's action `click`."""
    text = Text(f"{word} ")
    text.append_text(back_text(count) if count else Text("empty"))
    text.stylize(clicks((click,)))
    return text


def changed_mark(changed: bool) -> Text:
    """The mark of something the others changed since our last move (or nothing)."""
    return Text(CHANGED_MARK, style=CHANGED) if changed else Text()


def news_seen(
    recent: Sequence[SeenEvent[EventPart]],
    seat: int,
    level: int,
    words: Callable[[SeenEvent[EventPart], bool], Text | None],
) -> list[Text]:
    """What `seat` did since our last move (`TableState.recent_events`), for beside its name:
    each move in `words` (brief, each kind of move once, from `level` 2), or the mark alone (from
    `level` 3). An event is `seat`'s when its public part has that ``seat``."""
    news = [
        told
        for event in recent
        if getattr(event.public, "seat", None) == seat
        and (told := words(event, level >= 2)) is not None
    ]
    return _news(news, level)


def _news(news: list[Text], level: int) -> list[Text]:
    """The moves told, brief (each kind once) from `level` 2, the mark alone from 3."""
    if level >= 2:
        news = list({told.plain: told for told in news}.values())
    if not news:
        return []
    if level >= 3:
        return [changed_mark(True)]
    return [changed_mark(True) + Text(", ").join(news)]
