"""How the Chinese Ten board draws a seat's view: the deck and the flipped card, the four
spots, what the others did since our last move, and the hand."""

from __future__ import annotations

from functools import lru_cache

from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from cardtable.client.ui.boards.chinese_ten.faces import (
    CAPTURE,
    CARD_STEP,
    HEAVY,
    IDLE,
    INNER,
    LAY,
    LIGHT,
    ink,
)
from cardtable.client.ui.boards.chinese_ten.reading import ChineseTenReading, move_of
from cardtable.client.ui.boards.layout import Row, lay_out
from cardtable.client.ui.cards import CHANGED, CHANGED_MARK, back_text, card_text, on_click
from cardtable.client.ui.drawn_lines import DrawnLines
from cardtable.engine.chinese_ten.types import Captured, ChineseTenTable, Laid


class ChineseTenDrawing(ChineseTenReading):
    """Chinese Ten, drawn from a seat's view a line at a time: a move draws again only the
    lines it changed (the spots, the news), not the whole board."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.drawn = DrawnLines(self)

    def redraw(self) -> None:
        """Draw the board again from the view and the cursor (the lines that changed)."""
        self.drawn.show(self.board_lines())

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()  # the news shown and the hand's lines follow the board's size

    def render_line(self, y: int) -> Strip:
        return self.drawn.strip(y)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.drawn.restyle()

    def board_lines(self) -> list[Text]:
        """The deck line, the spots, the others' news and our hand, a screen line each."""
        table = self.ten
        if table is None:
            return [Text("Waiting for the game to start.", style="dim")]
        spots, hand = self._spot_rows(table), self._hand_lines()
        room = self.size.height - 1 - len(spots) - 1 - len(hand)
        # Each player's news whole, the latest players' first to stay when lines are short.
        news: list[Text] = []
        for row in reversed(self.news_rows()):
            lines, _ = lay_out([row], max(1, self.size.width))
            if len(news) + len(lines) > room:
                break
            news = lines + news
        return [self._stock_line(table), *spots, *news, Text(), *hand]

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
            edge = spot_edge(colour, bold=kind is not None, index=index)
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
                bottom.append(mark, style=CHANGED + on_click(f"spot({index})"))
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


@lru_cache(maxsize=64)
def spot_edge(colour: str, *, bold: bool, index: int) -> Style:
    """The frame of spot `index`, in `colour`: a click on it plays there."""
    return Style(color=colour, bold=bold) + on_click(f"spot({index})")


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
