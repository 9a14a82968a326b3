"""How the Thistle board draws a seat's view (`ThistleDrawing`): the pile and the drawn card,
each seat's area (its groups, books and set-aside cards, partners framed together), written as
fully as the lines allow (`DETAILS` from the fullest to the briefest), and the hand."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Region

from cardtable.client.ui.boards.layout import Part, Row, Sheet, clicks, lay_out, waiting_rows
from cardtable.client.ui.boards.thistle.faces import (
    BUILD,
    CAPTURE,
    TEAM_COLOURS,
    book_text,
    card_style,
    card_text,
    card_words,
    changed_mark,
    group_text,
    lost_text,
    seat_points,
    set_aside_words,
)
from cardtable.client.ui.boards.thistle.reading import (
    Changes,
    GroupAction,
    ThistleReading,
    lettered,
    orphan_choice,
    orphan_words,
)
from cardtable.client.ui.cards import (
    CHANGED,
    CHANGED_MARK,
    GREEN_ON_DARK,
    RED_ON_DARK,
    YELLOW_ON_DARK,
    back_text,
)
from cardtable.engine.thistle.cards import ThistleCard
from cardtable.engine.thistle.types import BookView, Capture, Draw, GroupView, ThistleTable


@dataclass(frozen=True)
class Detail:
    """How fully the seats' areas are written: all of it, or less, to keep every seat in sight."""

    #: Books as ``Grant book, Douglas arms, 150`` ("full"), ``Grant 150`` ("short"), or only
    #: counted, ``2 books 300`` ("count"); set-aside cards named, or only counted with "count".
    books: str = "full"
    #: A seat's heading, groups, books and set-aside cards in one row (else a row each).
    one_row: bool = False
    #: Clans by four letters in the groups: ``5 MacD ×4 +⚜Gord``.
    short_groups: bool = False
    #: A team's heading without its players' names (they head their own areas).
    short_teams: bool = False
    #: No blank line between the teams, one cell between pieces, groups without spaces:
    #: ``5 MacD×4+⚜Gord``.
    tight: bool = False
    #: Headings in brief, ``Bram ▶ 35 pts:``, and groups by clan number, ``5×4+⚜``.
    numbers: bool = False


#: From the fullest to the briefest: the board uses the first that fits.
DETAILS = (
    Detail(),
    Detail(books="short"),
    Detail(books="short", one_row=True),
    Detail(books="short", one_row=True, short_groups=True),
    Detail(books="count", one_row=True, short_groups=True),
    Detail(books="count", one_row=True, short_groups=True, short_teams=True),
    Detail(books="count", one_row=True, short_groups=True, short_teams=True, tight=True),
    Detail(
        books="count", one_row=True, short_groups=True, short_teams=True, tight=True, numbers=True
    ),
)


@dataclass(frozen=True)
class Scene:
    """What the areas are drawn from: the table, the seats by team, who we are, the players'
    names, the groups in the order drawn, what we can do to each (and its letter) and what the
    others changed since our last move."""

    table: ThistleTable
    order: Sequence[Sequence[int]]
    me: int | None
    name: Callable[[int], str]
    groups: Sequence[GroupView]
    letters: dict[int, str]
    targets: dict[int, GroupAction]
    changes: Changes


def area_rows(scene: Scene, detail: Detail = DETAILS[0]) -> list[Row]:
    """Every seat's area, team by team, as `detail` says."""
    rows: list[Row] = []
    for team in scene.order:
        bar = Text()
        if len(team) > 1:
            if rows and not detail.tight:
                rows.append(Row(Text(), []))
            side = team[0] % 2
            # The bar alone in the team's colour: a lead's own style would run on into the area.
            bar = Text.assemble(("▌", TEAM_COLOURS[side]))
            points = sum(seat_points(scene.table, seat) for seat in team)
            heading = Text(f"Team {'AB'[side]}", style="bold")
            heading.stylize(TEAM_COLOURS[side], 0, 6)
            if not detail.short_teams:
                heading.append(": " + " & ".join(scene.name(seat) for seat in team))
            heading.append(f" · {points} pts")
            rows.append(Row(bar + " ", [heading]))
        for seat in team:
            rows += _seat_rows(scene, seat, bar, detail)
    return rows


def _heading(scene: Scene, seat: int, detail: Detail) -> Text:
    table = scene.table
    mine = seat == scene.me
    if detail.numbers:  # ours is the first area, and underlined
        heading = Text(scene.name(seat).removesuffix(" (bot)"), style="bold")
    else:
        heading = Text(scene.name(seat) + (" (you)" if mine else ""), style="bold")
    if mine:
        heading.stylize("underline")
    if seat == table.turn:
        heading.append(" ▶", style=Style(color=YELLOW_ON_DARK, bold=True))
    heading.append(f"{' ' if detail.numbers else ' · '}{seat_points(table, seat)} pts")
    if table.went_out == seat:
        heading.append(" · went out", style=Style(color=GREEN_ON_DARK, bold=True))
    return heading


def _seat_rows(scene: Scene, seat: int, bar: Text, detail: Detail) -> Iterator[Row]:
    """A seat's heading, its groups (lettered when you can act on them), books and
    set-aside cards: a row each, or all in one row."""
    table, changes = scene.table, scene.changes
    heading = _heading(scene, seat, detail)
    groups = [group for group in scene.groups if group.owner == seat]
    pieces: list[Text] = []
    marked: set[int] = set()
    for group in groups:
        key = scene.letters.get(group.id)
        if key:
            marked.add(len(pieces))
        capture = key is not None and isinstance(scene.targets[group.id], Capture)
        pieces.append(
            group_text(
                group,
                key,
                CAPTURE if capture else BUILD,
                short=detail.short_groups,
                tight=detail.tight,
                numbers=detail.numbers,
                changed=group.id in changes.groups,
            )
        )
    for lost in changes.lost.get(seat, []):
        taker = scene.name(lost.seat)
        pieces.append(lost_text(lost, taker, short=detail.short_groups, tight=detail.tight))
    if not pieces:
        pieces.append(Text("no groups", style="dim"))
    books = [book for book in table.books if book.owner == seat]
    orphans = table.orphans[seat]
    extras = _books_and_set_aside(books, orphans, detail, changes)
    lead = bar + "   "
    if detail.one_row:
        heading.append(":")
        yield Row(
            bar + " ",
            [heading, *pieces, *extras],
            {1 + n for n in marked},
            gap=1 if detail.tight else 2,
            more=lead,
        )
        return
    targeted = any(group.id in scene.letters for group in groups)
    yield Row(bar + " ", [heading], {0} if targeted else set())
    yield Row(lead, pieces, marked)
    if detail.books == "full":
        if books:
            label = Text("Books: ", style="dim")
            more = lead + " " * label.cell_len
            yield Row(lead + label, extras[: len(books)], more=more)
        if orphans:
            yield Row(lead, extras[len(books) :])
    elif extras:
        yield Row(lead, extras)


def _books_and_set_aside(
    books: Sequence[BookView], orphans: Sequence[ThistleCard], detail: Detail, changes: Changes
) -> list[Text]:
    """A seat's books and set-aside cards as pieces, as fully as `detail` says; the ones the
    others made since our last move marked."""
    pieces: list[Text] = []
    if detail.books == "count":
        if books:
            total = sum(book.value for book in books)
            text = changed_mark(any(book.group in changes.groups for book in books))
            text.append(f"{len(books)} book{'s' if len(books) > 1 else ''} {total}")
            pieces.append(text)
        if orphans:
            text = changed_mark(any(card.cid in changes.orphans for card in orphans))
            text.append(f"{len(orphans)} set aside", style=RED_ON_DARK)
            pieces.append(text)
        return pieces
    for number, book in enumerate(books):
        text = Text("Books: ", style="dim") if detail.books == "short" and not number else Text()
        text.append_text(book_text(book, short=detail.books == "short"))
        if book.group in changes.groups:
            text = changed_mark(True) + text
        pieces.append(text)
    if orphans:
        text = Text("set aside: ", style=RED_ON_DARK)
        for number, card in enumerate(orphans):
            if number:
                text.append(", ", style=RED_ON_DARK)
            if card.cid in changes.orphans:
                text.append(CHANGED_MARK, style=CHANGED)
            words = card_words(card) if detail.books == "full" else set_aside_words(card)
            text.append(words, style=RED_ON_DARK)
        pieces.append(text)
    return pieces


class ThistleDrawing(ThistleReading):
    """Thistle, drawn from a seat's view: the pile, each seat's area and the hand."""

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
            return waiting_rows()
        table = view.table
        pile = Text("Pile ")
        if table.pile:
            pile.append_text(back_text(table.pile))
        else:
            pile.append("empty", style="bold")
        if Draw() in view.legal:
            pile.stylize(clicks(("make", "draw")))
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
