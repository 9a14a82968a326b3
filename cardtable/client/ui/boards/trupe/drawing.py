"""How the Trupe board draws its three sheets: the pack, the open pack and the row on top;
each seat's declarations, final pair, premiums, penalties and lost turns; and our hand, with
what the chosen cards can do and what the Trefoil may stand for."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.boards.layout import Row, clicks, lay_out, waiting_rows
from cardtable.client.ui.boards.sheet import changed_mark, news_seen, pack_text
from cardtable.client.ui.boards.trupe.faces import (
    CHOOSE_STYLE,
    GROUP_STYLES,
    TAKE_STYLE,
    TREFOIL_MARK,
    TREFOIL_STYLE,
    card_style,
    card_text,
    code_text,
    declaration_text,
    face,
    news_words,
    pair_text,
    special_words,
)
from cardtable.client.ui.boards.trupe.reading import DEAL, DRAW, TAKEN, TrupeReading
from cardtable.client.ui.cards import GREEN_ON_DARK
from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.trupe.cards import GROUPS
from cardtable.engine.trupe.types import (
    DeclarationView,
    Declare,
    Declared,
    Discarded,
    Extended,
    Pair,
    PairLaid,
    SpecialDeclared,
)


class TrupeDrawing(TrupeReading):
    """The sheets, drawn from the typed view."""

    def top_rows(self) -> list[Row]:
        table = self.trupe
        if table is None:
            return waiting_rows()
        pack = pack_text("Pack", table.pack, "pack")
        opened = Text(f"Open pack ×{table.open_pack}")
        if table.open_top is not None:
            opened.append(" ")
            opened.append_text(card_text(table.open_top))
        rounds = self.rounds_text(table.target)
        if table.turnovers:
            rounds.append(f" · turned over {table.turnovers}×")
        rows = [Row(Text(), [pack, opened, rounds])]
        lead = Text("Row ", style=clicks(("drop",)))
        empty = Text("empty", style=Style(dim=True) + clicks(("drop",)))
        # One line if it can be: the cards closer together when they would wrap; wrapped lines
        # start under the first card, not with "Row" again.
        more = Text(" " * lead.cell_len)
        row = Row(lead, self.row_pieces() or [empty], gap=1, more=more)
        width = self.content_size.width
        if width > 0 and len(lay_out([row], width)[0]) > 1:
            row = Row(lead, self.row_pieces(tight=True), gap=0, more=more)
        rows.append(row)
        news = self.news()
        if news is not None:
            rows.append(Row(Text(), [news]))
        return rows

    def row_pieces(self, *, tight: bool = False) -> list[Text]:
        """``1 B2``: each visible discard with the number that takes it (green if it may); ``•``
        first on a card the others discarded since our last move. `tight`: the card's face
        without its cell before, ``1B2 `` (laid with no gap: its cell after parts it from the
        next)."""
        takeable = self.takeable()
        choosing = self.phase == DRAW and bool(self.moves)
        discarded = {part.card.cid for part in self.recent_parts(Discarded)}
        pieces = []
        for index, card in enumerate(self.trupe.row if self.trupe is not None else ()):
            number = str(index + 1)
            may = card.cid in takeable
            piece = changed_mark(card.cid in discarded)
            piece.append(number, style=TAKE_STYLE if may else "")
            face_text = card_text(card, dim=choosing and not may)
            piece.append_text(face_text[1:] if tight else face_text)
            piece.stylize(clicks(("row", index)))
            pieces.append(piece)
        return pieces

    def news(self) -> Text | None:
        """Who went out and with what hand, the hand that ended with no winner, or the card
        just taken."""
        table, view = self.trupe, self.seat_view
        if table is None or view is None or self.state is None:
            return None
        if table.went_out is not None:
            hand_type = table.hand_type
            bonus = {"Trupe": " (+50)", "Gam": " (+5)"}.get(hand_type or "", " (no bonus)")
            text = Text(f"{self.state.name(table.went_out)} went out: ")
            text.append(f"a {hand_type}", style=Style(color=GREEN_ON_DARK, bold=True))
            text.append(bonus)
            return text
        scores = view.round_scores
        if table.phase in (DEAL, "over") and scores and scores[-1].round == view.round:
            return Text("No winner: nothing was left to draw.", style="bold")
        if table.taken is not None:
            text = Text("Taken: ")
            text.append_text(card_text(table.taken))
            text.append(" must be declared this turn")
            return text
        return None

    def area_rows(self, level: int = 0) -> list[Row]:
        rows: list[Row] = []
        table = self.trupe
        if table is None or self.state is None:
            return rows
        keys = self.declaration_keys()
        made = [*self.recent_parts(Declared), *self.recent_parts(Extended)]
        changed = {part.declaration.id for part in made}
        paired = {part.seat for part in self.recent_parts(PairLaid)}

        def words(event: SeenEvent[EventPart], brief: bool) -> Text | None:
            return news_words(event.public, brief=brief)

        for seat in self.seats_in_order():
            told = news_seen(self.events, seat, level, words)
            rows.append(Row(Text(), [self._heading(seat), *told], more=Text("  ")))
            pieces = [
                self._declaration_piece(
                    declaration, keys.get(declaration.id), declaration.id in changed
                )
                for declaration in self.own_declarations(seat)
            ]
            pair = table.pairs[seat] if seat < len(table.pairs) else None
            if pair is not None:
                pieces.append(changed_mark(seat in paired) + pair_text(pair))
            rows.append(Row(Text("  "), pieces or [Text("no declarations", style="dim")]))
            extras = self._extras(seat, brief=level > 0)
            if extras:
                rows.append(Row(Text("  "), extras))
        legend = [Text(GROUPS[letter], style=GROUP_STYLES[letter]) for letter in GROUPS]
        legend.append(Text(f"{TREFOIL_MARK}Trefoil", style=TREFOIL_STYLE))
        rows.append(Row(Text(), legend, gap=1))
        return rows

    def _declaration_piece(
        self, declaration: DeclarationView, key: str | None, changed: bool
    ) -> Text:
        text = changed_mark(changed)
        if key:
            text.append(key, style=CHOOSE_STYLE)
            text.append(" ")
        text.append_text(declaration_text(declaration))
        text.stylize(clicks(("declaration", declaration.id)))
        return text

    def _extras(self, seat: int, *, brief: bool = False) -> list[Text]:
        """A seat's premiums (+1 each) and penalties (−2 each), the turns it still loses and
        the extra discards it owes at the deal; `brief`: ``Miranda+2 −2``."""
        table = self.trupe
        assert table is not None
        drawn = {part.card.cid for part in self.recent_parts(SpecialDeclared)}
        pieces = []
        for card in table.specials[seat]:
            piece = changed_mark(card.cid in drawn)
            if brief:
                worth = " +1" if card.type == "premium" else " −2"
                piece.append(face(card), style=card_style(card)).append(worth)
            else:
                piece.append(special_words(card), style=card_style(card))
            pieces.append(piece)
        if table.lost_turns[seat]:
            pieces.append(Text(f"loses {table.lost_turns[seat]} turn(s)", style="bold"))
        if table.extra_due[seat]:
            pieces.append(Text(f"{table.extra_due[seat]} extra discard(s) due", style="bold"))
        return pieces

    def _heading(self, seat: int) -> Text:
        """``Tess (you) ▶ · total 120 · table 25 · hand 9``."""
        assert self.state is not None and self.trupe is not None
        table = self.trupe
        notes = f"table {table.table_points[seat]}", f"hand {table.hand_counts[seat]}"
        out = f"out: {table.hand_type}" if table.went_out == seat else None
        return self.seat_heading(seat, table.turn, *notes, out=out)

    def hand_rows(self) -> list[Row]:
        table = self.trupe
        if table is None:
            return []
        if self.me is None or table.hand is None:
            return self.watching_rows()
        dim = self.phase == TAKEN and bool(self.moves)
        useful = self.useful() if dim else set()
        cards = self.hand_row(
            table.hand,
            lambda card, cursor, selected: card_text(
                card,
                cursor=cursor,
                selected=selected,
                dim=dim and card.cid not in useful,
                click=("card", card.cid),
            ),
        )
        rows = [Row(Text(), [self._hand_heading()])]
        if self.offer:
            pieces = [Text(f"{TREFOIL_MARK} stands for:")]
            for index, target in enumerate(self.offer):
                piece = Text(target.key, style=CHOOSE_STYLE)
                piece.append(" ")
                piece.append_text(code_text(target.item.stands_for or ""))
                piece.stylize(clicks(("option", index)))
                pieces.append(piece)
            rows.append(Row(Text(), pieces))
        rows.append(cards)
        return rows

    def _hand_heading(self) -> Text:
        """``Your hand (13)``, with what the selected cards can do (or what may be declared)."""
        heading = Text(f"Your hand ({len(self.held)})", style="bold")
        if not self.moves:
            return heading
        chosen = self.chosen()
        if self.picked:
            heading.append(f" · {len(self.picked)} selected")
            if self.matching(Declare, chosen):
                heading.append(" · m: declare", style=Style(bold=True) + clicks(("declare",)))
            if self.matching(Pair, chosen):
                heading.append(" · p: final pair", style=Style(bold=True) + clicks(("pair",)))
        else:
            labels = self.declarable()
            if labels:
                more = ", …" if len(labels) > 3 else ""
                heading.append(f" · declare {', '.join(labels[:3])}{more} (m)", style="italic")
            if self.of_kind(Pair):
                heading.append(" · a final pair (p)", style="italic")
        if self.extends():
            heading.append(" · e: extend", style=Style(bold=True) + clicks(("extend",)))
        return heading
