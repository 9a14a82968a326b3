"""Each seat's area on the Thistle board (its groups, books and set-aside cards, partners framed
together), written as fully as the lines allow: `DETAILS` from the fullest to the briefest."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.boards.layout import Row
from cardtable.client.ui.boards.thistle.faces import (
    BUILD,
    CAPTURE,
    TEAM_COLOURS,
    book_text,
    card_words,
    changed_mark,
    group_text,
    lost_text,
    seat_points,
    set_aside_words,
)
from cardtable.client.ui.boards.thistle.targets import Changes, GroupAction
from cardtable.client.ui.cards import (
    CHANGED,
    CHANGED_MARK,
    GREEN_ON_DARK,
    RED_ON_DARK,
    YELLOW_ON_DARK,
)
from cardtable.engine.thistle.cards import ThistleCard
from cardtable.engine.thistle.types import BookView, Capture, GroupView, ThistleTable


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
