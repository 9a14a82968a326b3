"""The Queen of Scots board: the stock and the discard pile, each seat's sets, and your hand.

Cards show their name (their short name where the whole one would take more lines) and value;
♛ marks the royal family (any royal matches any royal) and ◆ the wild Crown Jewels, in colours of
their own. ← → move the cursor through your hand (Home, End: the first and the last card) and
space selects cards (a click does both): a selected card carries a ✓. d draws and t takes the
pile: with the selected cards that match the top, or with the lettered choice. m melds the
selected cards (pressed with nothing selected, it selects a meld to make, without a Crown Jewel
when it can, and says which), a letter adds them to that set of yours (one add after another), x
discards the card under the cursor (or the one selected), and e ends the round when the stock is
empty. A click on the stock draws; on the pile, it takes or discards. What the others did since
your last move is marked (•) on the sets and the pile, and told beside their names.

How cards and sets are written is in `queen_of_scots_faces`; what the board reads from the view,
the letters and the prompt, in `queen_of_scots_reading`.
"""

from __future__ import annotations

from collections import Counter

from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from cardtable.client.ui.boards.base import hand_keys, scroll_keys, unmark_key
from cardtable.client.ui.boards.layout import Row, clicks
from cardtable.client.ui.boards.queen_of_scots_faces import (
    ADD,
    JEWEL,
    TAKE,
    card_text,
    face,
    kind_label,
    meld_words,
    set_text,
    short,
)
from cardtable.client.ui.boards.queen_of_scots_reading import (
    LETTERS,
    QueenOfScotsReading,
    Target,
)
from cardtable.client.ui.boards.sheet import changed_mark, news_seen, picked
from cardtable.client.ui.cards import BLACK_INK, CHANGED, GREEN_ON_DARK, YELLOW_ON_DARK, back_text
from cardtable.client.ui.running import RunningCount
from cardtable.client.ui.table_state import TableState
from cardtable.engine import EventPart, GameAction, SeenEvent
from cardtable.engine.actions import Deal
from cardtable.engine.queen_of_scots.types import (
    Add,
    Added,
    Discard,
    Discarded,
    Draw,
    Drew,
    Meld,
    Melded,
    Stop,
    Stopped,
    Take,
    Took,
)

__all__ = ["LETTERS", "QueenOfScotsBoard", "Target", "face"]


class QueenOfScotsBoard(QueenOfScotsReading):
    """Queen of Scots, drawn from a seat's view (or a spectator's: no hand)."""

    PREFIX = "queen"
    HAND_LINES = 9
    #: The areas with whole names (John Knox) and what the others did in full; short names
    #: (Knox); what they did in brief (drew, melded, discarded); only marked (•).
    AREA_LEVELS = 4

    BINDINGS = [
        *hand_keys("Select"),
        Binding("d", "draw", "Draw"),
        Binding("d", "deal", "Deal"),
        Binding("t", "take", "Take pile"),
        Binding("e", "stop", "End round"),
        Binding("m", "meld", "Meld"),
        Binding("x", "discard", "Discard"),
        unmark_key("Unselect"),
        *scroll_keys(),
        *LETTERS.bindings(),
    ]

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        old = self.hand_order()
        self.state = state
        cids = self.hand_order()
        self.picked = [cid for cid in self.picked if cid in cids]
        if self.cursor not in cids:
            place = old.index(self.cursor) if self.cursor in old else 0
            self.cursor = cids[min(place, len(cids) - 1)] if cids else None
        if self.pending and state.view is not self.sent_at:
            if self.pending[0] in self.moves:
                self.sent_at = state.view
                self.choose(self.pending.pop(0))
            else:
                self.pending = []
        if self.adding and state.view is not self.sent_at:
            add = next((a for a in self.moves if isinstance(a, Add) and a.cid in self.adding), None)
            self.adding = [cid for cid in self.adding if add is not None and cid != add.cid]
            if add is not None:
                self.sent_at = state.view
                self.choose(add)
        self._draw()

    def seat_note(self, state: TableState, seat: int) -> str:
        view = state.seat_view
        if view is None:
            return ""
        table = view.table
        return f"hand {table.hand_counts[seat]} · sets {table.table_values[seat]}"

    def running_count(self, state: TableState) -> RunningCount | None:
        table = self.queen
        if table is None or table.phase in ("deal", "over"):
            return None
        note = "When the round ends, the cards still in a hand count against their holder."
        return RunningCount("Sets on the table", table.table_values, note)

    # -- the player's keys and clicks -----------------------------------------------------------

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        moves = self.moves
        single = {"draw": Draw(), "deal": Deal(), "stop": Stop()}
        if action in single:
            return single[action] in moves
        kinds = {"take": Take, "meld": Meld, "discard": Discard}
        if action in kinds:
            return any(isinstance(move, kinds[action]) for move in moves)
        if action in ("move", "move_to", "select"):
            return bool(self.cards) and self.me is not None
        if action == "unselect":
            return bool(self.picked)
        return True

    def _send_if_legal(self, action: GameAction) -> bool:
        if action in self.moves:
            self.send([action])
            return True
        return False

    def action_draw(self) -> None:
        self._send_if_legal(Draw())

    def action_deal(self) -> None:
        self._send_if_legal(Deal())

    def action_stop(self) -> None:
        self._send_if_legal(Stop())

    def action_stock(self) -> None:
        """A click on the stock: draw, or end the round when it is empty."""
        if not self._send_if_legal(Draw()):
            self._send_if_legal(Stop())

    def action_pile(self) -> None:
        """A click on the pile: take it at the start of a turn, discard onto it later."""
        if self.phase == "meld":
            self.action_discard()
        else:
            self.action_take()

    def action_take(self) -> None:
        takes = self.takes()
        if not takes:
            if self.moves:
                self.notify("You cannot take the pile now.", severity="warning")
            return
        top = self.queen.top if self.queen else None
        wild = top is not None and top.wild
        if self.picked and not wild:
            problem = self.take_problem()
            if problem:
                self.notify(problem, severity="warning")
            else:
                self.send([Take(cids=tuple(self.chosen()))])
        elif len(takes) == 1:
            self.send(list(takes))
        else:
            keys = ", ".join(t.key for t in self.targets())
            what = "the set for the Crown Jewels" if wild else "the cards to show"
            self.notify(f"Choose {what}: press {keys}.")

    def action_meld(self) -> None:
        if not self.melds():
            return
        if not self.picked:
            self._suggest_meld()
            return
        problem = self.meld_problem()
        if problem:
            self.notify(problem, severity="warning")
            return
        chosen = self.chosen()
        listed = self.listed_meld(chosen)
        if listed is None:
            self.notify("Those cards cannot be melded now.", severity="warning")
            return
        extra = [cid for cid in chosen if cid not in listed.cids]
        self.send([listed])
        self.adding = extra[: len(chosen) - len(listed.cids)]

    def listed_meld(self, cids: list[int]) -> Meld | None:
        """The legal meld (melds are listed at their smallest, one per choice of names) made
        of cards with the names of some of `cids`."""
        have = Counter(self.edition.cards[cid].name for cid in cids)
        for action in self.melds():
            need = Counter(self.edition.cards[cid].name for cid in action.cids)
            if all(have[name] >= count for name, count in need.items()):
                return action
        return None

    def _suggest_meld(self) -> None:
        """Select a meld to make, and say which: every card of a kind we hold three of (the
        cursor card's kind first), else of the cursor's kind (or the first that can be melded)
        with a Crown Jewel."""
        deck = self.edition.cards
        kinds = list(dict.fromkeys(deck[meld.cids[0]].match for meld in self.melds()))
        here = deck[self.cursor].match if self.cursor is not None else None

        def naturals(match: str | None) -> list[int]:
            return [c.cid for c in self.cards if deck[c.cid].match == match]

        # Natural sets first (no Crown Jewel spent), then the cursor's kind, then the listed order.
        match = max(kinds, key=lambda kind: (len(naturals(kind)) >= 3, kind == here))
        chosen = naturals(match)
        if len(chosen) < 3:
            chosen += [c.cid for c in self.cards if c.wild][:1]
        self.picked = chosen
        self._changed()
        words = meld_words([deck[cid] for cid in chosen])
        self.notify(f"Selected {words}: m melds it, u unselects.")

    def action_discard(self) -> None:
        chosen = self.chosen()
        if len(chosen) == 1 and self._send_if_legal(Discard(chosen[0])):
            return
        if any(isinstance(action, Discard) for action in self.moves):
            self.notify("Select one card to discard (u unselects).", severity="warning")

    def action_pick(self, index: int) -> None:
        target = LETTERS.find(index, self.targets())
        if target is not None:
            self.send(list(target.actions))
        elif self.moves:
            self.notify(LETTERS.none_for(index), severity="warning")

    def action_set(self, sid: int) -> None:
        """A click on a set: add the chosen cards to it, or take a Crown Jewel onto it."""
        target = next((t.item for t in self.targets() if t.item.set_id == sid), None)
        if target is not None:
            self.send(list(target.actions))
        elif self.moves:
            self.notify("You cannot do anything with that set now.", severity="warning")

    def action_option(self, index: int) -> None:
        """A click on a way to take the pile."""
        options = self.options()
        if index < len(options):
            self.send(list(options[index].item.actions))

    def send(self, actions: list[GameAction]) -> None:
        """Choose the first action; the rest follow, each once the one before has been made."""
        first, *self.pending = actions
        self.sent_at = self.state.view if self.state else None
        self.picked = []
        self.choose(first)
        self._changed()

    # -- drawing --------------------------------------------------------------------------------

    def top_rows(self) -> list[Row]:
        table = self.queen
        if table is None:
            return [Row(Text("Waiting for the game to start.", style="dim"), [])]
        stock = Text("Stock ")
        stock.append_text(back_text(table.stock) if table.stock else Text("empty"))
        stock.stylize(clicks(("stock",)))
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
        view = self.state.view if self.state else {}
        rounds = Text(f"Round {(view or {}).get('round', 1)} · to {table.target}", style="dim")
        rows = [Row(Text(), [stock, pile, rounds])]
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
        mine = seat == self.me
        heading = Text(self.state.name(seat) + (" (you)" if mine else ""), style="bold")
        if mine:
            heading.stylize("underline")
        if self.to_move(seat, table.turn):
            heading.append(" ▶", style=Style(color=YELLOW_ON_DARK, bold=True))
        heading.append(f" · total {self.total(seat)}", style="bold")
        heading.append(f" · sets {table.table_values[seat]}")
        heading.append(f" · hand {table.hand_counts[seat]}")
        if table.went_out == seat:
            heading.append(" · went out", style=Style(color=GREEN_ON_DARK, bold=True))
        return heading

    def hand_rows(self) -> list[Row]:
        if self.queen is None:
            return []
        if self.me is None or self.queen.hand is None:
            return [Row(Text("You are watching.", style="dim"), [])]
        heading = Row(Text(), [self._hand_heading()])
        return [heading, self._hand_row(full=self.whole_names())]

    def whole_names(self) -> bool:
        """Whether the hand gives the cards' whole names: where there is room (see `roomy`)."""
        heading = Row(Text(), [self._hand_heading()])
        full, brief = self._hand_row(full=True), self._hand_row(full=False)
        return self.roomy([heading, full], [heading, brief])

    def _hand_row(self, *, full: bool) -> Row:
        dim_unmatched = self.phase == "pickup" and bool(self.takes())
        show_cursor = self.can_focus
        cards = []
        marked: set[int] = set()
        for index, card in enumerate(self.cards):
            cid = card.cid
            if show_cursor and cid == self.cursor:
                marked.add(index)
            text = card_text(
                card,
                self.edition,
                cursor=show_cursor and cid == self.cursor,
                selected=cid in self.picked,
                dim=dim_unmatched and not self.matches_top(cid),
                full=full,
                click=("card", cid),
            )
            cards.append(picked(text, cid in self.picked))
        return Row(Text(), cards, marked, gap=0)

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
