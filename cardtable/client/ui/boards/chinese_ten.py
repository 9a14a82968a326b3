"""The Chinese Ten board: the deck, the flipped card, the four spots and your hand.

Pick a card with ← and → (Home and End: the first and the last; or click it), then a spot with
1–4 (or click it): the card captures there if it can, else it is laid there. A flipped card goes
with 1–4 alone; d deals. What the others did since your last move is told under the spots, and
the spots it changed carry a mark.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from cardtable.client.ui.boards.base import Board, hand_keys
from cardtable.client.ui.boards.layout import Row, lay_out
from cardtable.client.ui.cards import (
    CHANGED,
    CHANGED_MARK,
    RED_ON_DARK,
    RED_SUITS,
    WHITE_ON_DARK,
    back_text,
    card_label,
    card_text,
)
from cardtable.client.ui.running import RunningCount
from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import Deal, GameAction
from cardtable.engine.cards import CardFace
from cardtable.engine.chinese_ten.types import (
    Capture,
    Captured,
    ChineseTenTable,
    Laid,
    Lay,
    Place,
    Take,
)
from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.views import SeatView

INNER = 5  # a card face is five cells wide
CARD_STEP = INNER + 1  # a card and the space after it
#: Box corners and edges: top-left, horizontal, top-right, vertical, bottom-left, bottom-right.
LIGHT = "╭─╮│╰╯"
HEAVY = "┏━┓┃┗┛"
#: A spot's frame: where the card captures, where it may be laid, any other spot.
CAPTURE, LAY, IDLE = "#00d700", "#00d7ff", "#949494"


#: A move of one card to one spot, and what the board calls it.
SpotMove = Capture | Lay | Take | Place


def table_of(view: SeatView[Any] | None) -> ChineseTenTable | None:
    """Our game's part of a typed view (None before the first view)."""
    if view is None or not isinstance(view.table, ChineseTenTable):
        return None
    return view.table


class ChineseTenBoard(Board):
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

    def flipped_step(self) -> bool:
        """Whether the move in hand is the flipped card's (to a spot with 1–4 alone)."""
        table = self.ten
        return table is not None and table.phase in ("take", "place") and table.flipped is not None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The card id under the cursor in our hand.
        self.selected: int | None = None

    # -- what the view says --------------------------------------------------------------------

    @property
    def ten(self) -> ChineseTenTable | None:
        """The table as our seat sees it (None before the first view)."""
        return table_of(self.seat_view)

    @property
    def moves(self) -> tuple[GameAction, ...]:
        """Our legal actions now."""
        view = self.seat_view
        return view.legal if view is not None else ()

    @property
    def spot_moves(self) -> list[SpotMove]:
        """Our legal moves to a spot (all of them but the deal)."""
        return [action for action in self.moves if isinstance(action, SpotMove)]

    @property
    def cards(self) -> tuple[CardFace, ...]:
        """Our hand's cards (none for a spectator)."""
        table = self.ten
        return table.hand or () if table is not None else ()

    def _actions_for(self, cid: int | None) -> list[SpotMove]:
        """Legal moves with the card `cid`; for a flipped card (take, place), all of them."""
        return [
            action
            for action in self.spot_moves
            if not isinstance(action, Capture | Lay) or action.cid == cid
        ]

    def _playable(self) -> set[int]:
        return {action.cid for action in self.spot_moves if isinstance(action, Capture | Lay)}

    def _targets(self) -> dict[int, str]:
        """Spots the selected (or flipped) card may go to now, with the action's kind."""
        targets: dict[int, str] = {}
        for action in self._actions_for(self.selected):
            targets.setdefault(action.spot, action.kind)
        return targets

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        self.state = state
        cids = [card.cid for card in self.cards]
        playable = self._playable()
        if self.selected not in cids or (playable and self.selected not in playable):
            order = [cid for cid in cids if cid in playable] or cids
            self.selected = order[0] if order else None
        self.refresh(layout=True)

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

    def _order(self) -> list[int]:
        """The cards ← and → go through: those with a move, else the whole hand."""
        cids = [card.cid for card in self.cards]
        playable = self._playable()
        return [cid for cid in cids if cid in playable] or cids

    def action_move(self, step: int) -> None:
        order = self._order()
        if not order:
            return
        index = order.index(self.selected) if self.selected in order else -step
        self.selected = order[(index + step) % len(order)]
        self.refresh()

    def action_move_to(self, index: int) -> None:
        """Home / End: the first or the last card (of those with a move)."""
        order = self._order()
        if order:
            self.selected = order[index]
            self.refresh()

    def action_card(self, cid: int) -> None:
        """A click on a card: select it, or play it if it was selected and has one place."""
        if cid == self.selected:
            self.action_play()
        else:
            self.selected = cid
            self.refresh()

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

    # -- drawing --------------------------------------------------------------------------------

    def render(self) -> RenderableType:
        table = self.ten
        if table is None:
            return Text("Waiting for the game to start.", style="dim")
        spots, hand = self._spot_rows(table), self._hand_lines()
        room = self.size.height - 1 - len(spots) - 1 - len(hand)
        # Each player's news whole, the latest players' first to stay when lines are short.
        news: list[Text] = []
        for row in reversed(self.news_rows()):
            lines, _ = lay_out([row], max(1, self.size.width))
            if len(news) + len(lines) > room:
                break
            news = lines + news
        return Group(self._stock_line(table), *spots, *news, Text(), *hand)

    @property
    def recent_moves(self) -> list[Captured | Laid]:
        """What the other players did since our last move: their captures and lays."""
        events = self.state.recent_events if self.state else ()
        return [moved for moved in map(move_of, events) if moved is not None]

    def news_rows(self) -> list[Row]:
        """What each other player did since our last move: ``Bram: 9♣ took A♦ from 3 (+25)``,
        ``laid 8♥ on 2``, ``flipped 6♦ onto 1``."""
        if self.state is None:
            return []
        rows: list[Row] = []
        seat: int | None = None
        for moved in self.recent_moves:
            if moved.seat != seat:
                seat = moved.seat
                lead = Text.assemble((self.state.name(seat), "bold"), ": ")
                rows.append(Row(lead, [], more=Text("  ")))
            rows[-1].pieces.append(news_words(moved))
        for row in rows:  # a comma after each move but the last
            for piece in row.pieces[:-1]:
                piece.append(",")
        return rows

    def _stock_line(self, table: ChineseTenTable) -> Text:
        line = Text("Deck ")
        line.append_text(back_text(table.deck))
        if table.flipped is not None:
            line.append("   Flipped ")
            line.append_text(card_text(table.flipped, selected=True))
        return line

    def _spot_rows(self, table: ChineseTenTable) -> list[Text]:
        targets = self._targets() if self.state and self.state.my_turn else {}
        changed = {moved.spot for moved in self.recent_moves}
        top, middle, bottom = Text(), Text(), Text()
        for index, spot in enumerate(table.spots):
            kind = targets.get(index)
            colour = CAPTURE if kind in ("capture", "take") else LAY if kind else IDLE
            edge = Style(color=colour, bold=kind is not None) + Style.from_meta(
                {"@click": f"spot({index})"}
            )
            gap = "  " if index else ""
            frame = HEAVY if kind else LIGHT
            top.append(gap + frame[0] + frame[1] * INNER + frame[2], style=edge)
            middle.append(gap + frame[3], style=edge)
            if spot.top is not None:
                middle.append_text(card_text(spot.top, click=f"spot({index})"))
            else:
                middle.append(" " * INNER, style=edge)
            middle.append(frame[3], style=edge)
            # The spot's number (and its depth), marked when the others changed it since our move.
            mark = CHANGED_MARK if index in changed else ""
            label = f"{index + 1}" + (f"×{spot.depth}" if spot.depth > 1 else "")
            width = len(mark) + len(label)
            edges = 1 if width + 2 <= INNER else 0  # an edge either side, when there is room
            left = edges + (INNER - width - 2 * edges) // 2
            right = INNER - width - left
            bottom.append(gap + frame[4] + frame[1] * left, style=edge)
            if mark:
                bottom.append(mark, style=CHANGED + Style.from_meta({"@click": f"spot({index})"}))
            bottom.append(label + frame[1] * right + frame[5], style=edge)
        return [top, middle, bottom]

    def _hand_lines(self) -> list[Text]:
        hand = self.cards
        if self.state is None or self.state.seat is None:
            return [Text("You are watching.", style="dim")]
        lines = [Text(f"Your hand ({len(hand)})", style="bold")]
        playable = self._playable()
        my_turn = self.state.my_turn
        per_line = max(1, (self.size.width - 2) // CARD_STEP)
        for start in range(0, len(hand), per_line):
            row = Text(no_wrap=True)
            for card in hand[start : start + per_line]:
                row.append_text(
                    card_text(
                        card,
                        playable=not my_turn or card.cid in playable,
                        selected=my_turn and card.cid == self.selected,
                        click=f"card({card.cid})",
                    )
                )
                row.append(" ")
            lines.append(row)
        return lines


def move_of(event: SeenEvent[EventPart]) -> Captured | Laid | None:
    """The capture or lay an event tells of; None for what needs no telling."""
    public = event.public
    return public if isinstance(public, Captured | Laid) else None


def ink(card: CardFace) -> Text:
    """A card in words on the board's dark background: hearts and diamonds red."""
    colour = RED_ON_DARK if card.suit in RED_SUITS else WHITE_ON_DARK
    return Text(card.label, style=Style(color=colour, bold=True))


def news_words(moved: Captured | Laid) -> Text:
    """One move of another player, in a few words."""
    spot = f"{moved.spot + 1}"
    match moved:
        case Captured(source=source, card=card, target=target, points=points):
            text = Text("flipped ") if source != "hand" else Text()
            text.append_text(ink(card))
            text.append(" took ")
            text.append_text(ink(target))
            text.append(f" from {spot} (+{points})")
            return text
        case Laid(source=source, card=card):
            text = Text("laid " if source == "hand" else "flipped ")
            text.append_text(ink(card))
            text.append(f" on {spot}" if source == "hand" else f" onto {spot}")
            return text
