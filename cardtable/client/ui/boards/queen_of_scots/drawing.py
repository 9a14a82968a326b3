"""How the Queen of Scots board draws a seat's view: the stock and the pile, each seat's sets
and what it did since our last move, and the hand."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.boards.layout import Row, clicks, waiting_rows
from cardtable.client.ui.boards.queen_of_scots.faces import (
    ADD,
    JEWEL,
    TAKE,
    card_text,
    kind_label,
    meld_words,
    set_text,
    short,
)
from cardtable.client.ui.boards.queen_of_scots.reading import QueenOfScotsReading
from cardtable.client.ui.boards.sheet import changed_mark, news_seen, pack_text
from cardtable.client.ui.cards import BLACK_INK, CHANGED
from cardtable.engine import EventPart, SeenEvent
from cardtable.engine.queen_of_scots.types import (
    Add,
    Added,
    Discarded,
    Drew,
    Melded,
    Stopped,
    Take,
    Took,
)


class QueenOfScotsDrawing(QueenOfScotsReading):
    """The Queen of Scots board's drawing, from a seat's view (or a spectator's: no hand)."""

    PREFIX = "queen"
    HAND_LINES = 9
    #: The areas with whole names (John Knox) and what the others did in full; short names
    #: (Knox); what they did in brief (drew, melded, discarded); only marked (•).
    AREA_LEVELS = 4

    def top_rows(self) -> list[Row]:
        table = self.queen
        if table is None:
            return waiting_rows()
        stock = pack_text("Stock", table.stock, "stock")
        pile = Text(f"Pile ×{table.pile_size} ")
        if table.top:
            discarded = table.top.cid in {
                event.public.card.cid
                for event in self.recent_seen
                if isinstance(event.public, Discarded)
            }
            pile.append_text(changed_mark(discarded))
            pile.append_text(card_text(table.top, self.edition))
        pile.stylize(clicks(("pile",)))
        rows = [Row(Text(), [stock, pile, self.rounds_text(table.target)])]
        if not self.takes():
            return rows
        options = self.options()
        pieces = [Text("Take with:" if options else f"Take: the {JEWEL}Jewels join a lettered set")]
        for index, option in enumerate(options):
            piece = Text(option.key, style=Style(color=BLACK_INK, bgcolor=TAKE, bold=True))
            take = option.item.actions[0]
            cids = take.cids if isinstance(take, Take) and take.cids else ()
            piece.append(" " + "+".join(short(self.edition.face(cid)) for cid in cids))
            piece.stylize(clicks(("option", index)))
            pieces.append(piece)
        under = table.pile[:-1]
        if under:
            value = sum(card.value for card in under)
            pieces.append(Text(f"{len(under)} more to your hand ({value})", style="dim"))
        elif table.pile_size > 1:  # a strict table: the cards under the top are not shown
            pieces.append(Text(f"{table.pile_size - 1} more to your hand", style="dim"))
        rows.append(Row(Text(), pieces))
        return rows

    def area_rows(self, level: int = 0) -> list[Row]:
        """Each seat's heading, what it did since our last move, and its sets: with whole names
        (level 0) or short ones, and what each did in full (up to 1), in brief (2) or marked
        only (3)."""
        rows: list[Row] = []
        if self.queen is None or self.state is None:
            return rows
        keys = self.set_keys()
        adding = self.phase == "meld"
        changed = {
            event.public.set_id
            for event in self.recent_seen
            if isinstance(event.public, Took | Melded | Added)
        }
        for seat in self.seats_in_order():
            told = news_seen(
                self.recent_seen,
                seat,
                level,
                lambda event, brief: self.news_words(event, brief=brief),
            )
            rows.append(Row(Text(), [self._heading(seat), *told], more=Text("  ")))
            pieces = [
                set_text(
                    group,
                    self.edition,
                    keys.get(group.id),
                    ADD if adding else TAKE,
                    full=level == 0,
                    changed=group.id in changed,
                )
                for group in self.own_sets(seat)
            ]
            rows.append(Row(Text("  "), pieces or [Text("no sets", style="dim")]))
        return rows

    def news_words(self, event: SeenEvent[EventPart], *, brief: bool = False) -> Text | None:
        """A move of another player in a few words: ``drew``, ``took the pile (+4 to hand)``,
        ``melded Knox ×3``, ``added Knox``, ``discarded Seton 5``; `brief`: the verb alone;
        None for the rest."""
        verbs = {Drew: "drew", Took: "took the pile", Melded: "melded", Added: "added"}
        part = event.public
        if brief and isinstance(part, Drew | Took | Melded | Added | Discarded):
            return Text(verbs.get(type(part), "discarded"), style=CHANGED)
        match part:
            case Drew():
                return Text("drew", style=CHANGED)
            case Took(to_hand_count=count):
                return Text(f"took the pile (+{count} to hand)", style=CHANGED)
            case Melded(cards=cards):
                melded = [self.edition.cards[card.cid] for card in cards]
                return Text(f"melded {meld_words(melded)}", style=CHANGED)
            case Added(card=card):
                return Text(f"added {short(card)}", style=CHANGED)
            case Discarded(card=card):
                text = Text("discarded", style=CHANGED)  # the card's face has a cell either side
                return text.append_text(card_text(card, self.edition))
            case Stopped():
                return Text("ended the round", style=CHANGED)
        return None

    def _heading(self, seat: int) -> Text:
        """``Tess (you) ▶ · total 120 · sets 85 · hand 11``."""
        assert self.state is not None and self.queen is not None
        table = self.queen
        notes = f"sets {table.table_values[seat]}", f"hand {table.hand_counts[seat]}"
        return self.seat_heading(
            seat, table.turn, *notes, out="went out" if table.went_out == seat else None
        )

    def hand_rows(self) -> list[Row]:
        if self.queen is None:
            return []
        if self.me is None or self.queen.hand is None:
            return self.watching_rows()
        heading = Row(Text(), [self._hand_heading()])
        return [heading, self._hand_row(full=self.whole_names())]

    def whole_names(self) -> bool:
        """Whether the hand gives the cards' whole names: where there is room (see `roomy`)."""
        heading = Row(Text(), [self._hand_heading()])
        full, brief = self._hand_row(full=True), self._hand_row(full=False)
        return self.roomy([heading, full], [heading, brief])

    def _hand_row(self, *, full: bool) -> Row:
        dim_unmatched = self.phase == "pickup" and bool(self.takes())
        return self.hand_row(
            self.cards,
            lambda card, cursor, selected: card_text(
                card,
                self.edition,
                cursor=cursor,
                selected=selected,
                dim=dim_unmatched and not self.matches_top(card.cid),
                full=full,
                click=("card", card.cid),
            ),
        )

    def _hand_heading(self) -> Text:
        """``Your hand (11)``, with what the selected cards can do (or what may be melded)."""
        heading = Text(f"Your hand ({len(self.cards)})", style="bold")
        deck = self.edition
        if self.picked:
            value = sum(deck.cards[cid].value for cid in self.picked)
            heading.append(f" · {len(self.picked)} selected ({value})")
            if self.phase == "meld" and self.meld_problem() is None:
                cards = [deck.cards[cid] for cid in self.chosen()]
                heading.append(
                    f" · m: meld {meld_words(cards)}", style=Style(bold=True) + clicks(("meld",))
                )
            elif self.phase == "pickup" and self.takes() and self.take_problem() is None:
                heading.append(" · t: take with them", style=Style(bold=True) + clicks(("take",)))
        else:
            kinds = dict.fromkeys(kind_label(deck.cards[m.cids[0]]) for m in self.melds())
            if kinds:
                heading.append(f" · melds: {', '.join(kinds)} (m)", style="italic")
            adds = [action.cid for action in self.moves if isinstance(action, Add)]
            names = dict.fromkeys(short(deck.face(cid)) for cid in deck.sorted(adds))
            if names:
                heading.append(f" · adds: {', '.join(names)}", style="italic")
        return heading
