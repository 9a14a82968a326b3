"""The Thistle board: the pile and the drawn card, each seat's groups, books and set-aside cards,
and your hand.

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

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region

from cardtable.client.ui.boards import Board, register_board
from cardtable.client.ui.boards.layout import Part, Row, Sheet, clicks, lay_out
from cardtable.client.ui.cards import (
    BLACK_INK,
    CHANGED,
    CHANGED_MARK,
    GREEN_ON_DARK,
    RED_ON_DARK,
    SELECTED_FACE,
    YELLOW_ON_DARK,
    back_text,
)
from cardtable.client.ui.table_state import TableState
from cardtable.engine.thistle.cards import CARD_POINTS, CLAN_NAMES, DECK, WIRES, arms_of, clan_name

#: Letters that name the groups you can act on: none is a key of the table screen or the board.
KEYS = "afghijkmprtuwxyz"
ARMS_SIGN = "⚜"
CASTLE_SIGN = "♜"
STAR = "★"
#: Each clan's colours (background, text), clan 1 first: red, orange, gold, green, blue,
#: purple, pink, teal, lime, tan. The text keeps 4.5:1 on its colour, and 3:1 when dimmed.
CLAN_COLOURS = (
    ("#af0000", "#ffffff"),
    ("#d75f00", "#000000"),
    ("#d7af00", "#000000"),
    ("#005f00", "#ffffff"),
    ("#005fd7", "#ffffff"),
    ("#5f00d7", "#ffffff"),
    ("#af0087", "#ffffff"),
    ("#008787", "#000000"),
    ("#5fd700", "#000000"),
    ("#d7af87", "#000000"),
)
CASTLE_STYLE = Style(color="#ffffff", bgcolor="#585858", bold=True)
SELECTED_STYLE = Style(color=BLACK_INK, bgcolor=SELECTED_FACE, bold=True)
TEAM_COLOURS = ("dodger_blue1", "orchid")
#: The colour of a group you may capture, and of one you may add to.
CAPTURE, BUILD = "green3", "turquoise2"
BOOK_WORDS = {"perfect": "perfect", "castle": "Castle", "thistle": "Thistle"}


def clan_style(clan: int) -> Style:
    background, colour = CLAN_COLOURS[(clan - 1) % len(CLAN_COLOURS)]
    return Style(color=colour, bgcolor=background, bold=True)


def card_style(card: dict[str, Any]) -> Style:
    """A card's colours: its clan's (a Castle's grey)."""
    return CASTLE_STYLE if card["kind"] == "castle" else clan_style(card["clan"])


def short_name(clan: int) -> str:
    """A clan's name in four letters: ``MacD``, ``Camp``."""
    return CLAN_NAMES[clan - 1][:4]


def face(card: dict[str, Any], *, full: bool = False) -> str:
    """A hand card: `` 4 Camp``, `` ⚜ Camp`` (arms), ``♜Castle`` in seven cells; with the
    clan's `full` name, `` 4 Campbell``."""
    if card["kind"] == "castle":
        return f"{CASTLE_SIGN}Castle"
    name = clan_name(card["clan"]) if full else short_name(card["clan"])
    mark = ARMS_SIGN if card["kind"] == "arms" else card["clan"]
    return f"{mark:>2} {name}"


def card_words(card: dict[str, Any]) -> str:
    """``4 Campbell``, ``⚜Campbell arms``, ``♜Castle``."""
    if card["kind"] == "castle":
        return f"{CASTLE_SIGN}Castle"
    if card["kind"] == "arms":
        return f"{ARMS_SIGN}{clan_name(card['clan'])} arms"
    return f"{card['clan']} {clan_name(card['clan'])}"


def bonus_words(bonus: dict[str, Any], clan: int, *, short: bool = False) -> str:
    """A group's bonus card: ``⚜Grant``, ``⚜Campbell★`` (its own clan's: perfect), ``♜Castle``;
    `short`: ``⚜Gran``, ``⚜Camp★``, ``♜``."""
    if bonus["kind"] == "castle":
        return CASTLE_SIGN if short else f"{CASTLE_SIGN}Castle"
    name = short_name(bonus["clan"]) if short else clan_name(bonus["clan"])
    return ARMS_SIGN + name + (STAR if bonus["clan"] == clan else "")


def book_words(book: dict[str, Any], *, short: bool = False) -> str:
    """``Campbell book, perfect, 300``; ``Grant book, Douglas arms, 150``; `short`:
    ``Campbell 300``."""
    if short:
        return f"{clan_name(book['clan'])} {book['value']}"
    kind = book["kind"]
    words = BOOK_WORDS.get(kind) or f"{clan_name(book['bonus']['clan'])} arms"
    return f"{clan_name(book['clan'])} book, {words}, {book['value']}"


def set_aside_words(card: dict[str, Any]) -> str:
    """A set-aside card in brief: ``♜Castle``, ``⚜Grant``."""
    if card["kind"] == "castle":
        return f"{CASTLE_SIGN}Castle"
    return ARMS_SIGN + clan_name(card["clan"])


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


def card_points(card: dict[str, Any]) -> int:
    return CARD_POINTS[card["kind"]]


def seat_points(table: dict[str, Any], seat: int) -> int:
    """What a seat's table shows this hand: its books, its open groups, less its set-aside cards
    (the cards in hand are counted only at the end)."""
    points = sum(book["value"] for book in table["books"] if book["owner"] == seat)
    for group in table["groups"]:
        if group["owner"] == seat:
            cards = group["cards"] + ([group["bonus"]] if group["bonus"] else [])
            points += sum(card_points(card) for card in cards)
    return int(points) - sum(card_points(card) for card in table["orphans"][seat])


def card_text(
    card: dict[str, Any],
    *,
    playable: bool = True,
    selected: bool = False,
    full: bool = False,
    click: tuple[Any, ...] = (),
) -> Text:
    """A card face with one cell either side: its clan's colours (a Castle grey), its letters
    dimmed when it cannot be played; yellow in brackets when selected. `full`: the clan's
    whole name."""
    style = SELECTED_STYLE if selected else card_style(card) + Style(dim=not playable)
    if click:
        style += clicks(click)
    left, right = ("[", "]") if selected else (" ", " ")
    return Text(f"{left}{face(card, full=full)}{right}", style=style)


# -- the board -----------------------------------------------------------------------------------


@register_board("thistle")
class ThistleBoard(Board):
    """Thistle, drawn from a seat's view (or a spectator's: no hand)."""

    DEFAULT_CSS = """
    ThistleBoard #thistle-pile, ThistleBoard #thistle-hand { height: auto; }
    ThistleBoard #thistle-areas { height: 1fr; scrollbar-size-vertical: 1; }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Card", key_display="←→"),
        Binding("right", "move(1)", "Card", show=False),
        Binding("home", "move_to(0)", "First card", show=False),
        Binding("end", "move_to(-1)", "Last card", show=False),
        Binding("d", "draw", "Draw"),
        Binding("d", "deal", "Deal"),
        Binding("e", "end", "End turn"),
        Binding("enter", "proceed", "Go on", show=False),
        Binding("o", "orphan", "Set-aside"),
        Binding("pageup", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll(1)", "Scroll", show=False),
        *(Binding(key, f"pick({index})", "Group", show=False) for index, key in enumerate(KEYS)),
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

    def _playable(self) -> list[int]:
        """Hand cards with a play, in hand order (the order ← and → go through)."""
        cids = {action["cid"] for action in self.legal if action["kind"] == "play"}
        return [card["cid"] for card in self.hand if card["cid"] in cids]

    def seat_order(self) -> list[list[int]]:
        """The areas, by team: ours first (us first), then the others from our left."""
        view = self.state.view if self.state else None
        if not view:
            return []
        me = self.state.seat if self.state and self.state.seat is not None else 0
        seats = int(view["seats"])
        around = [(me + offset) % seats for offset in range(seats)]
        if not self.table.get("partnership"):
            return [[seat] for seat in around]
        return [[seat for seat in around if seat % 2 == side] for side in (me % 2, 1 - me % 2)]

    def groups_in_order(self) -> list[dict[str, Any]]:
        """The open groups as drawn: area by area, each seat's by clan."""
        groups = self.table.get("groups") or []
        ordered = []
        for team in self.seat_order():
            for seat in team:
                mine = [group for group in groups if group["owner"] == seat]
                ordered += sorted(mine, key=lambda group: (group["clan"], group["id"]))
        return ordered

    def _best_orphan(self, group: dict[str, Any]) -> int | None:
        """The set-aside card a capture of `group` best adds: its own clan's arms, a Castle, any."""
        offered: list[int] = [
            action["orphan"]
            for action in self.legal
            if action["kind"] == "capture" and action["group"] == group["id"] and "orphan" in action
        ]
        if not offered:
            return None

        def worth(cid: int) -> int:
            if cid == arms_of(group["clan"]):  # its own Coat of Arms: towards a perfect book
                return 0
            return 1 if DECK[cid].kind == "castle" else 2

        return min(offered, key=worth)

    def targets(self) -> dict[int, dict[str, Any]]:
        """What acting on each group does now, by group id: place the drawn card, play the
        selected card, or capture (with our best set-aside card, if `add_orphan`)."""
        legal = self.legal
        found: dict[int, dict[str, Any]] = {}
        for action in legal:
            if action["kind"] == "place":
                found[action["group"]] = action
            elif action["kind"] == "play" and action["cid"] == self.selected:
                found.setdefault(action["group"], action)
        for group in self.table.get("groups") or []:
            if {"kind": "capture", "group": group["id"]} not in legal or group["id"] in found:
                continue
            orphan = self._best_orphan(group) if self.add_orphan else None
            action = {"kind": "capture", "group": group["id"]}
            found[group["id"]] = action if orphan is None else {**action, "orphan": orphan}
        return found

    def letters(self) -> dict[int, str]:
        """The letter of each group you can act on now, in the order they are drawn."""
        targets = self.targets()
        lettered = [group["id"] for group in self.groups_in_order() if group["id"] in targets]
        return dict(zip(lettered, KEYS, strict=False))

    def _orphan_choice(self) -> bool:
        return any("orphan" in action for action in self.legal)

    def _orphan_words(self) -> str:
        """What a capture adds: ``adds your ♜Castle``, ``adds no set-aside card``."""
        added: set[int] = {a["orphan"] for a in self.targets().values() if "orphan" in a}
        if not self.add_orphan or not added:
            return "adds no set-aside card"
        if len(added) > 1:
            return "adds your best set-aside card"
        return f"adds your {card_words(dict(WIRES[added.pop()]))}"

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        self.state = state
        cids = [card["cid"] for card in self.hand]
        playable = self._playable()
        if self.selected not in cids or (playable and self.selected not in playable):
            order = playable or cids
            self.selected = order[0] if order else None
        self._draw()

    def seat_note(self, state: TableState, seat: int) -> str:
        table = state.view["table"] if state.view else {}
        if not table:
            return ""
        books = sum(1 for book in table["books"] if book["owner"] == seat)
        note = f"hand {table['hand_counts'][seat]}"
        if books:
            note += f" · {books} book" + ("s" if books > 1 else "")
        if table.get("partnership"):
            note = f"{'AB'[seat % 2]} · " + note
        return note

    def prompt(self, state: TableState) -> str:
        table = state.view["table"] if state.view else {}
        phase = table.get("phase")
        waiting = self.waiting_prompt(state)
        if waiting is not None:
            return waiting
        if phase == "deal":
            return "Press d to deal the next hand."
        letters = ", ".join(self.letters().values())
        if phase == "place":
            return f"Place the drawn card on a group: {letters}."
        if phase == "start":
            if letters:
                return f"Capture a lettered group ({letters}) or d to draw."
            return "Press d to draw a card to the table."
        kinds = {action["kind"] for action in state.legal}
        if phase == "final":
            if "capture" in kinds and "play" in kinds:
                return "Last turn: capture, or play ←→ a card; e ends."
            if "capture" in kinds:
                return f"Last turn: capture ({letters}) or press e to end."
            if "play" in kinds:
                return "Last turn: play ←→ a card, or e to end."
            return "Last turn: nothing to play; press e."
        if "play" in kinds:
            return "Play ←→ a card on a lettered group; e ends."
        return "Nothing to play: press e to end your turn."

    # -- the player's keys and clicks -----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        legal = self.legal
        if action in ("draw", "deal", "end"):
            return {"kind": action} in legal
        if action == "move":
            return bool(self._playable())
        if action == "orphan":
            return self._orphan_choice()
        if action == "proceed":
            return any(action["kind"] in ("draw", "deal", "end") for action in legal)
        return True

    def action_move(self, step: int) -> None:
        order = self._playable() or [card["cid"] for card in self.hand]
        if not order:
            return
        index = order.index(self.selected) if self.selected in order else -step
        self.selected = order[(index + step) % len(order)]
        self._draw()

    def action_move_to(self, index: int) -> None:
        """Home / End: the first or the last card (of those with a play)."""
        order = self._playable() or [card["cid"] for card in self.hand]
        if order:
            self.selected = order[index]
            self._draw()

    def action_pick(self, index: int) -> None:
        for gid, key in self.letters().items():
            if key == KEYS[index]:
                self.choose(self.targets()[gid])
                return
        if self.legal:
            self.notify(f"No group has the letter {KEYS[index]} now.", severity="warning")

    def action_group(self, gid: int) -> None:
        action = self.targets().get(gid)
        if action is not None:
            self.choose(action)
        elif self.legal:
            self.notify("You cannot do anything with that group now.", severity="warning")

    def action_card(self, cid: int) -> None:
        """A click on a hand card: select it, or play it if it was selected and has one place."""
        if cid != self.selected:
            self.selected = cid
            self._draw()
            return
        plays = [a for a in self.legal if a["kind"] == "play" and a["cid"] == cid]
        if len(plays) == 1:
            self.choose(plays[0])
        elif plays:
            self.notify("Choose a group: press its letter.")

    def action_draw(self) -> None:
        if {"kind": "draw"} in self.legal:
            self.choose({"kind": "draw"})

    def action_deal(self) -> None:
        if {"kind": "deal"} in self.legal:
            self.choose({"kind": "deal"})

    def action_end(self) -> None:
        if {"kind": "end"} in self.legal:
            self.choose({"kind": "end"})

    def action_proceed(self) -> None:
        for kind in ("end", "draw", "deal"):
            if {"kind": kind} in self.legal:
                self.choose({"kind": kind})
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

    def pile_rows(self) -> list[Row]:
        table = self.table
        if not table:
            return [Row(Text("Waiting for the game to start.", style="dim"), [])]
        pile = Text("Pile ")
        if table["pile"]:
            pile.append_text(back_text(table["pile"]))
        else:
            pile.append("empty", style="bold")
        if {"kind": "draw"} in self.legal:
            pile.stylize(clicks(("draw",)))
        pieces = [pile]
        drawn = table.get("drawn")
        if drawn:
            piece = Text("Drawn ")
            piece.append(f" {card_words(drawn)} ", style=card_style(drawn))
            pieces.append(piece)
        if table.get("phase") == "final":
            pieces.append(Text("Last round: one more turn each, no draws", style="bold"))
        if self._orphan_choice():
            pieces.append(Text(f"A capture {self._orphan_words()} (o)", style="italic"))
        return [Row(Text(), pieces)]

    def changes(self) -> tuple[set[int], set[int], dict[int, list[dict[str, Any]]]]:
        """What the others changed since our last move: the groups they made or added to (by
        id, a book by the id its group had), the cards they set aside, and the groups each seat
        lost to a capture (the capture events, by victim)."""
        groups = self.recent_values("group", "add", "book") | self.recent_values(
            "new_group", "capture"
        )
        orphans = {event["card"]["cid"] for event in self.recent if event["kind"] == "orphan"}
        lost: dict[int, list[dict[str, Any]]] = {}
        for event in self.recent:
            if event["kind"] == "capture":
                lost.setdefault(event["victim"], []).append(event)
        return groups, orphans, lost

    def area_rows(self, detail: Detail = DETAILS[0]) -> list[Row]:
        rows: list[Row] = []
        if not self.table:
            return rows
        letters, targets = self.letters(), self.targets()
        for team in self.seat_order():
            bar = Text()
            if len(team) > 1:
                if rows and not detail.tight:
                    rows.append(Row(Text(), []))
                side = team[0] % 2
                # The bar alone in the team's colour: a lead's own style would run on into the area.
                bar = Text.assemble(("▌", TEAM_COLOURS[side]))
                points = sum(seat_points(self.table, seat) for seat in team)
                heading = Text(f"Team {'AB'[side]}", style="bold")
                heading.stylize(TEAM_COLOURS[side], 0, 6)
                if not detail.short_teams:
                    heading.append(": " + " & ".join(self.seat_name(seat) for seat in team))
                heading.append(f" · {points} pts")
                rows.append(Row(bar + " ", [heading]))
            for seat in team:
                rows += self._seat_rows(seat, bar, letters, targets, detail)
        return rows

    def seat_name(self, seat: int) -> str:
        assert self.state is not None
        return self.state.name(seat)

    def _seat_rows(
        self,
        seat: int,
        bar: Text,
        letters: dict[int, str],
        targets: dict[int, dict[str, Any]],
        detail: Detail,
    ) -> Iterator[Row]:
        """A seat's heading, its groups (lettered when you can act on them), books and
        set-aside cards: a row each, or all in one row."""
        table = self.table
        assert self.state is not None
        changed, new_orphans, lost = self.changes()
        mine = seat == self.state.seat
        if detail.numbers:  # ours is the first area, and underlined
            heading = Text(self.seat_name(seat).removesuffix(" (bot)"), style="bold")
        else:
            heading = Text(self.seat_name(seat) + (" (you)" if mine else ""), style="bold")
        if mine:
            heading.stylize("underline")
        if seat == table.get("turn"):
            heading.append(" ▶", style=Style(color=YELLOW_ON_DARK, bold=True))
        heading.append(f"{' ' if detail.numbers else ' · '}{seat_points(table, seat)} pts")
        if table.get("went_out") == seat:
            heading.append(" · went out", style=Style(color=GREEN_ON_DARK, bold=True))
        groups = [group for group in self.groups_in_order() if group["owner"] == seat]
        pieces: list[Text] = []
        marked: set[int] = set()
        for group in groups:
            key = letters.get(group["id"])
            kind = targets[group["id"]]["kind"] if key else ""
            if key:
                marked.add(len(pieces))
            colour = CAPTURE if kind == "capture" else BUILD
            pieces.append(
                group_text(
                    group,
                    key,
                    colour,
                    short=detail.short_groups,
                    tight=detail.tight,
                    numbers=detail.numbers,
                    changed=group["id"] in changed,
                )
            )
        for capture in lost.get(seat, []):
            taker = self.seat_name(capture["seat"])
            pieces.append(lost_text(capture, taker, short=detail.short_groups, tight=detail.tight))
        if not pieces:
            pieces.append(Text("no groups", style="dim"))
        books = [book for book in table["books"] if book["owner"] == seat]
        orphans = table["orphans"][seat]
        extras = self._books_and_set_aside(books, orphans, detail, changed, new_orphans)
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
        targeted = any(group["id"] in letters for group in groups)
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
        self,
        books: list[dict[str, Any]],
        orphans: list[dict[str, Any]],
        detail: Detail,
        changed: set[int],
        new_orphans: set[int],
    ) -> list[Text]:
        """A seat's books and set-aside cards as pieces, as fully as `detail` says; the ones the
        others made since our last move marked."""
        pieces: list[Text] = []
        if detail.books == "count":
            if books:
                total = sum(book["value"] for book in books)
                text = changed_mark(any(book["group"] in changed for book in books))
                text.append(f"{len(books)} book{'s' if len(books) > 1 else ''} {total}")
                pieces.append(text)
            if orphans:
                text = changed_mark(any(card["cid"] in new_orphans for card in orphans))
                text.append(f"{len(orphans)} set aside", style=RED_ON_DARK)
                pieces.append(text)
            return pieces
        for number, book in enumerate(books):
            text = (
                Text("Books: ", style="dim") if detail.books == "short" and not number else Text()
            )
            text.append_text(book_text(book, short=detail.books == "short"))
            if book["group"] in changed:
                text = changed_mark(True) + text
            pieces.append(text)
        if orphans:
            text = Text("set aside: ", style=RED_ON_DARK)
            for number, card in enumerate(orphans):
                if number:
                    text.append(", ", style=RED_ON_DARK)
                if card["cid"] in new_orphans:
                    text.append(CHANGED_MARK, style=CHANGED)
                words = card_words(card) if detail.books == "full" else set_aside_words(card)
                text.append(words, style=RED_ON_DARK)
            pieces.append(text)
        return pieces

    def hand_rows(self) -> list[Row]:
        if not self.table:
            return []
        if self.state is None or self.state.seat is None:
            return [Row(Text("You are watching.", style="dim"), [])]
        heading = Text(f"Your hand ({len(self.hand)})", style="bold")
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
        playable = self._playable()
        choosing = bool(playable)
        return [
            card_text(
                card,
                playable=not choosing or card["cid"] in playable,
                selected=choosing and card["cid"] == self.selected,
                full=full,
                click=("card", card["cid"]),
            )
            for card in self.hand
        ]


def changed_mark(changed: bool) -> Text:
    """The mark of something the others changed since our last move (or nothing)."""
    return Text(CHANGED_MARK, style=CHANGED) if changed else Text()


def group_text(
    group: dict[str, Any],
    key: str | None,
    colour: str,
    *,
    short: bool = False,
    tight: bool = False,
    numbers: bool = False,
    changed: bool = False,
) -> Text:
    """``a 4 Campbell ×2! +⚜Grant``: the letter if you can act on it, the clan in its colours,
    the Clan-card count (``!``: exposed to capture), the bonus card; ``•`` first when the others
    made or changed it since our last move. `short`: ``a 4 Camp ×2! +⚜Gran``; `tight` too:
    ``a 4 Camp×2!+⚜Gran``; `numbers`: ``a 4×2!+⚜``."""
    text = changed_mark(changed)
    if key:
        text.append(key, style=Style(color=BLACK_INK, bgcolor=colour, bold=True))
        text.append(" ")
    clan = group["clan"]
    name = short_name(clan) if short else clan_name(clan)
    text.append(f"{clan}" if numbers else f"{clan} {name}", style=clan_style(clan))
    rest = Style(color=colour, bold=True) if key else Style()
    space = "" if tight else " "
    text.append(f"{space}×{group['size']}", style=rest)
    if group["size"] in (2, 3):
        text.append("!", style="bold orange1")
    bonus = group["bonus"]
    if bonus and numbers:
        sign = CASTLE_SIGN if bonus["kind"] == "castle" else ARMS_SIGN
        text.append(f"+{sign}" + (STAR if bonus.get("clan") == clan else ""), style=rest)
    elif bonus:
        text.append(f"{space}+" + bonus_words(bonus, clan, short=short), style=rest)
    text.stylize(clicks(("group", group["id"])))
    return text


def lost_text(capture: dict[str, Any], taker: str, *, short: bool, tight: bool) -> Text:
    """A group this seat lost to a capture since our last move: ``•Campbell ×3 to Bram``;
    `tight`: ``•Camp×3→Bram``."""
    clan = capture["clan"]
    name = short_name(clan) if short else clan_name(clan)
    size = len([card for card in capture["taken"] if card["kind"] == "clan"])
    text = changed_mark(True)
    text.append(f"{name}{'' if tight else ' '}×{size}", style=Style(strike=True))
    text.append(f"→{taker.removesuffix(' (bot)')}" if tight else f" to {taker}")
    return text


def book_text(book: dict[str, Any], *, short: bool = False) -> Text:
    """A closed book: its clan in its colours, the kind and the value (`short`: the value)."""
    text = Text(book_words(book, short=short))
    text.stylize(clan_style(book["clan"]), 0, len(clan_name(book["clan"])))
    return text
