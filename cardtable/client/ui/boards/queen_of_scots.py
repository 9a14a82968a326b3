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
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from cardtable.client.ui.boards import register_board
from cardtable.client.ui.boards.layout import Row, clicks
from cardtable.client.ui.boards.sheet import SheetBoard, changed_mark, news_told, picked
from cardtable.client.ui.cards import (
    BLACK_INK,
    CHANGED,
    GREEN_ON_DARK,
    SELECTED_FACE,
    YELLOW_ON_DARK,
    back_text,
)
from cardtable.client.ui.table_state import TableState
from cardtable.engine.queen_of_scots.edition import EDITIONS, STANDARD, Edition, QueenCard
from cardtable.engine.queen_of_scots.sets import match_word, new_set_problem

#: Letters that name what you can act on: none is a key of the table screen or the board.
KEYS = "afghijknoprwyz"
CROWN = "♛"
JEWEL = "◆"
#: Characters' colours (background, text), by their value: the lowest value first.
#: Green, blue and orange; the text keeps 4.5:1 on its colour, and 3:1 when dimmed.
CHARACTER_COLOURS = (("#005f00", "#ffffff"), ("#005fd7", "#ffffff"), ("#d75f00", "#000000"))
ROYAL_STYLE = Style(color="#ffd700", bgcolor="#5f00af", bold=True)
JEWEL_STYLE = Style(color="#ffffff", bgcolor="#af0000", bold=True)
SELECTED_STYLE = Style(color=BLACK_INK, bgcolor=SELECTED_FACE, bold=True)
#: The colour of a letter: a take, or a set you may add to.
TAKE, ADD = "green3", "turquoise2"


def mark(card: dict[str, Any]) -> str:
    return CROWN if card["type"] == "royal" else JEWEL if card["type"] == "wild" else ""


def face(card: dict[str, Any], *, full: bool = False) -> str:
    """``Knox 15``, ``♛Mary 30``, ``◆Jewels 50``; `full`: ``John Knox 15``."""
    return f"{mark(card)}{card['name'] if full else card['short']} {card['value']}"


def card_style(card: dict[str, Any], edition: Edition) -> Style:
    """A royal's purple and gold, a Crown Jewel's red, a character's colour by its value."""
    if card["type"] == "royal":
        return ROYAL_STYLE
    if card["type"] == "wild":
        return JEWEL_STYLE
    values = sorted({c.value for c in edition.cards if c.type == "character"})
    tier = values.index(card["value"]) if card["value"] in values else 0
    background, colour = CHARACTER_COLOURS[tier % len(CHARACTER_COLOURS)]
    return Style(color=colour, bgcolor=background, bold=True)


def card_text(
    card: dict[str, Any],
    edition: Edition,
    *,
    cursor: bool = False,
    selected: bool = False,
    dim: bool = False,
    full: bool = False,
    click: tuple[Any, ...] = (),
) -> Text:
    """A card face with one cell either side, in brackets and underlined under the cursor;
    yellow when selected, dimmed when it cannot be played. `full`: the card's whole name."""
    style = SELECTED_STYLE if selected else card_style(card, edition) + Style(dim=dim)
    if cursor:
        style += Style(underline=True)
    if click:
        style += clicks(click)
    left, right = ("[", "]") if cursor else (" ", " ")
    return Text(f"{left}{face(card, full=full)}{right}", style=style)


def kind_label(card: QueenCard) -> str:
    """What a natural card is melded as: ``♛Royals`` or its short name."""
    return f"{CROWN}Royals" if card.royal else card.short


def set_label(group: dict[str, Any], *, full: bool = False) -> str:
    """``♛Royals`` or a character's short name (`full`: whole name)."""
    if group["royal"]:
        return f"{CROWN}Royals"
    natural = next(card for card in group["cards"] if card["type"] != "wild")
    return str(natural["name" if full else "short"])


def meld_words(cards: list[QueenCard]) -> str:
    """A meld in words: ``John Knox ×3 (45)``, ``♛Royals ×2 +1◆ (95)``."""
    naturals = [card for card in cards if not card.wild]
    jewels = len(cards) - len(naturals)
    kind = f"{CROWN}Royals" if naturals[0].royal else naturals[0].name
    extra = f" +{jewels}{JEWEL}" if jewels else ""
    return f"{kind} ×{len(naturals)}{extra} ({sum(card.value for card in cards)})"


@dataclass(frozen=True)
class Target:
    """Something a letter acts on: a way to take the pile, or one of your sets."""

    key: str
    actions: tuple[dict[str, Any], ...]
    #: The set it acts on, or None for a take shown beside the pile.
    set_id: int | None = None


@register_board("queen-of-scots")
class QueenOfScotsBoard(SheetBoard):
    """Queen of Scots, drawn from a seat's view (or a spectator's: no hand)."""

    PREFIX = "queen"
    HAND_LINES = 9
    #: The areas with whole names (John Knox) and what the others did in full; short names
    #: (Knox); what they did in brief (drew, melded, discarded); only marked (•).
    AREA_LEVELS = 4

    BINDINGS = [
        Binding("left", "move(-1)", "Card", key_display="←→"),
        Binding("right", "move(1)", "Card", show=False),
        Binding("space", "select", "Select"),
        Binding("d", "draw", "Draw"),
        Binding("d", "deal", "Deal"),
        Binding("t", "take", "Take pile"),
        Binding("e", "stop", "End round"),
        Binding("m", "meld", "Meld"),
        Binding("x", "discard", "Discard"),
        Binding("u", "unselect", "Unselect"),
        Binding("pageup", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll(1)", "Scroll", show=False),
        *(Binding(key, f"pick({index})", "Set", show=False) for index, key in enumerate(KEYS)),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: Adds still to send, one after another, and the view the last one was sent at.
        self.pending: list[dict[str, Any]] = []
        self.sent_at: dict[str, Any] | None = None
        #: Selected cards still to add, one after another, to the set just melded (the legal
        #: list gives melds at their smallest).
        self.adding: list[int] = []

    # -- what the view says --------------------------------------------------------------------

    @property
    def edition(self) -> Edition:
        return EDITIONS.get(str(self.table.get("edition")), STANDARD)

    def chosen(self) -> list[int]:
        """The cards an action takes: the selected ones in hand order, else the cursor's."""
        if self.picked:
            return [card["cid"] for card in self.hand if card["cid"] in self.picked]
        return [self.cursor] if self.cursor is not None else []

    def own_sets(self, seat: int) -> list[dict[str, Any]]:
        return [group for group in self.table.get("sets") or [] if group["owner"] == seat]

    def takes(self) -> list[dict[str, Any]]:
        return [action for action in self.legal if action["kind"] == "take"]

    def matches_top(self, cid: int) -> bool:
        """Whether a hand card matches the top discard (a Crown Jewel on top: another Jewel)."""
        top = self.table.get("top")
        if top is None:
            return False
        card, first = self.edition.cards[cid], self.edition.cards[top["cid"]]
        return card.wild if first.wild else card.match == first.match

    def targets(self) -> list[Target]:
        """Each lettered choice now: the ways to take the pile (a natural card on top), the sets
        the taken Crown Jewel may join, or the sets all the chosen cards may be added to."""
        legal = self.legal
        found: list[tuple[tuple[dict[str, Any], ...], int | None]] = []
        for action in self.takes():
            found.append(((action,), action.get("set")))
        if self.table.get("phase") == "meld" and self.me is not None:
            chosen = self.chosen()
            for group in self.own_sets(self.me):
                adds = tuple({"kind": "add", "cid": cid, "set": group["id"]} for cid in chosen)
                if adds and all(add in legal for add in adds):
                    found.append((adds, group["id"]))
        # Takes beside the pile first, then sets in the order they are drawn.
        order = {group["id"]: n for n, group in enumerate(self.table.get("sets") or [])}
        found.sort(key=lambda item: -1 if item[1] is None else order[item[1]])
        return [Target(key, actions, sid) for key, (actions, sid) in zip(KEYS, found, strict=False)]

    def set_keys(self) -> dict[int, str]:
        return {t.set_id: t.key for t in self.targets() if t.set_id is not None}

    def meld_problem(self) -> str | None:
        """Why the selected cards cannot be melded now, or None when they can."""
        if not any(action["kind"] == "meld" for action in self.legal):
            return "You cannot meld now."
        cards = [self.edition.cards[cid] for cid in self.chosen()]
        problem = new_set_problem(cards) if self.picked else "Select the cards to meld."
        if problem:
            return problem
        match = next(card.match for card in cards if card.match is not None)
        if any(group["of"] == match for group in self.own_sets(self.me or 0)):
            return f"You have a {match_word(match)} set already: add these cards to it instead."
        return None

    def take_problem(self) -> str | None:
        """Why the pile cannot be taken with the selected cards, or None when it can."""
        top = self.table.get("top")
        if not self.takes() or top is None or top["type"] == "wild":
            return "You cannot take the pile with those cards."
        wrong = [cid for cid in self.picked if not self.matches_top(cid)]
        if wrong:
            card = self.edition.cards[wrong[0]]
            return f"{card.name} does not match the {top['name']} on top."
        if len(self.picked) < 2:
            return f"Select at least two cards matching the {top['name']} on top."
        return None

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        old = [card["cid"] for card in self.hand]
        self.state = state
        cids = [card["cid"] for card in self.hand]
        self.picked = [cid for cid in self.picked if cid in cids]
        if self.cursor not in cids:
            place = old.index(self.cursor) if self.cursor in old else 0
            self.cursor = cids[min(place, len(cids) - 1)] if cids else None
        if self.pending and state.view is not self.sent_at:
            if self.pending[0] in state.legal:
                self.sent_at = state.view
                self.choose(self.pending.pop(0))
            else:
                self.pending = []
        if self.adding and state.view is not self.sent_at:
            add = next(
                (a for a in state.legal if a["kind"] == "add" and a["cid"] in self.adding), None
            )
            self.adding = [cid for cid in self.adding if add is not None and cid != add["cid"]]
            if add is not None:
                self.sent_at = state.view
                self.choose(add)
        self._draw()

    def seat_note(self, state: TableState, seat: int) -> str:
        table = state.view["table"] if state.view else {}
        if not table:
            return ""
        return f"hand {table['hand_counts'][seat]} · sets {table['table_values'][seat]}"

    def prompt(self, state: TableState) -> str:
        waiting = self.waiting_prompt(state)
        if waiting is not None:
            return waiting
        table = state.view["table"] if state.view else {}
        phase = table.get("phase")
        kinds = {action["kind"] for action in state.legal}
        if phase == "deal":
            return "Press d to deal the next round."
        if phase == "pickup":
            top = table.get("top") or {}
            several = sum(1 for action in state.legal if action["kind"] == "take") > 1
            take = "take the pile: press a letter" if several else "take the pile (t)"
            if "take" in kinds and top.get("type") == "wild":
                take = f"show two {JEWEL}Jewels and {take}"
            if "stop" in kinds:
                if "take" in kinds:
                    return f"The stock is empty: {take}, or e ends the round."
                return "The stock is empty and you cannot take the pile: e ends the round."
            if "take" in kinds:
                return f"Draw (d), or {take}."
            return "Draw a card: press d."
        ways = []
        if "meld" in kinds:
            ways.append("meld (m)")
        if "add" in kinds:
            ways.append("add to a lettered set")
        if ways:
            return f"Select cards (space) to {' or '.join(ways)}; x discards, ending the turn."
        return "Discard a card: choose it with ←→ and press x."

    # -- the player's keys and clicks -----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        legal = self.legal
        if action in ("draw", "deal", "stop"):
            return {"kind": action} in legal
        if action in ("take", "meld", "discard"):
            return any(a["kind"] == action for a in legal)
        if action in ("move", "move_to", "select"):
            return bool(self.hand) and self.me is not None
        if action == "unselect":
            return bool(self.picked)
        return True

    def action_draw(self) -> None:
        if {"kind": "draw"} in self.legal:
            self.send([{"kind": "draw"}])

    def action_deal(self) -> None:
        if {"kind": "deal"} in self.legal:
            self.send([{"kind": "deal"}])

    def action_stop(self) -> None:
        if {"kind": "stop"} in self.legal:
            self.send([{"kind": "stop"}])

    def action_stock(self) -> None:
        """A click on the stock: draw, or end the round when it is empty."""
        for kind in ("draw", "stop"):
            if {"kind": kind} in self.legal:
                self.send([{"kind": kind}])
                return

    def action_pile(self) -> None:
        """A click on the pile: take it at the start of a turn, discard onto it later."""
        if self.table.get("phase") == "meld":
            self.action_discard()
        else:
            self.action_take()

    def action_take(self) -> None:
        takes = self.takes()
        if not takes:
            if self.legal:
                self.notify("You cannot take the pile now.", severity="warning")
            return
        wild = (self.table.get("top") or {}).get("type") == "wild"
        if self.picked and not wild:
            problem = self.take_problem()
            if problem:
                self.notify(problem, severity="warning")
            else:
                self.send([{"kind": "take", "cids": self.chosen()}])
        elif len(takes) == 1:
            self.send(takes)
        else:
            keys = ", ".join(t.key for t in self.targets())
            what = "the set for the Crown Jewels" if wild else "the cards to show"
            self.notify(f"Choose {what}: press {keys}.")

    def action_meld(self) -> None:
        if not any(action["kind"] == "meld" for action in self.legal):
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
        extra = [cid for cid in chosen if cid not in listed["cids"]]
        self.send([listed])
        self.adding = extra[: len(chosen) - len(listed["cids"])]

    def listed_meld(self, cids: list[int]) -> dict[str, Any] | None:
        """The legal meld (melds are listed at their smallest, one per choice of names) made
        of cards with the names of some of `cids`."""
        have = Counter(self.edition.cards[cid].name for cid in cids)
        for action in self.legal:
            if action["kind"] == "meld":
                need = Counter(self.edition.cards[cid].name for cid in action["cids"])
                if all(have[name] >= count for name, count in need.items()):
                    return action
        return None

    def _suggest_meld(self) -> None:
        """Select a meld to make, and say which: every card of a kind we hold three of (the
        cursor card's kind first), else of the cursor's kind (or the first that can be melded)
        with a Crown Jewel."""
        melds = [action for action in self.legal if action["kind"] == "meld"]
        kinds = list(dict.fromkeys(self.edition.cards[meld["cids"][0]].match for meld in melds))
        here = self.edition.cards[self.cursor].match if self.cursor is not None else None

        def naturals(match: str | None) -> list[int]:
            return [c["cid"] for c in self.hand if self.edition.cards[c["cid"]].match == match]

        # Natural sets first (no Crown Jewel spent), then the cursor's kind, then the listed order.
        match = max(kinds, key=lambda kind: (len(naturals(kind)) >= 3, kind == here))
        chosen = naturals(match)
        if len(chosen) < 3:
            chosen += [c["cid"] for c in self.hand if self.edition.cards[c["cid"]].wild][:1]
        self.picked = chosen
        self._changed()
        words = meld_words([self.edition.cards[cid] for cid in chosen])
        self.notify(f"Selected {words}: m melds it, u unselects.")

    def action_discard(self) -> None:
        chosen = self.chosen()
        if len(chosen) == 1 and {"kind": "discard", "cid": chosen[0]} in self.legal:
            self.send([{"kind": "discard", "cid": chosen[0]}])
        elif any(action["kind"] == "discard" for action in self.legal):
            self.notify("Select one card to discard (u unselects).", severity="warning")

    def action_pick(self, index: int) -> None:
        for target in self.targets():
            if target.key == KEYS[index]:
                self.send(list(target.actions))
                return
        if self.legal:
            self.notify(f"Nothing has the letter {KEYS[index]} now.", severity="warning")

    def action_set(self, sid: int) -> None:
        """A click on a set: add the chosen cards to it, or take a Crown Jewel onto it."""
        target = next((t for t in self.targets() if t.set_id == sid), None)
        if target is not None:
            self.send(list(target.actions))
        elif self.legal:
            self.notify("You cannot do anything with that set now.", severity="warning")

    def action_option(self, index: int) -> None:
        """A click on a way to take the pile."""
        options = [t for t in self.targets() if t.set_id is None]
        if index < len(options):
            self.send(list(options[index].actions))

    def send(self, actions: list[dict[str, Any]]) -> None:
        """Choose the first action; the rest follow, each once the one before has been made."""
        first, *self.pending = actions
        self.sent_at = self.state.view if self.state else None
        self.picked = []
        self.choose(first)
        self._changed()

    # -- drawing --------------------------------------------------------------------------------

    def top_rows(self) -> list[Row]:
        table = self.table
        if not table:
            return [Row(Text("Waiting for the game to start.", style="dim"), [])]
        stock = Text("Stock ")
        stock.append_text(back_text(table["stock"]) if table["stock"] else Text("empty"))
        stock.stylize(clicks(("stock",)))
        pile = Text(f"Pile ×{len(table['pile'])} ")
        top = table.get("top")
        if top:
            discarded = top["cid"] in {
                event["card"]["cid"] for event in self.recent if event["kind"] == "discard"
            }
            pile.append_text(changed_mark(discarded))
            pile.append_text(card_text(top, self.edition))
        pile.stylize(clicks(("pile",)))
        view = self.state.view if self.state else {}
        rounds = Text(f"Round {(view or {}).get('round', 1)} · to {table['target']}", style="dim")
        rows = [Row(Text(), [stock, pile, rounds])]
        if not self.takes():
            return rows
        options = [t for t in self.targets() if t.set_id is None]
        pieces = [Text("Take with:" if options else f"Take: the {JEWEL}Jewels join a lettered set")]
        for index, target in enumerate(options):
            piece = Text(target.key, style=Style(color=BLACK_INK, bgcolor=TAKE, bold=True))
            cids = target.actions[0]["cids"]
            piece.append(" " + "+".join(self._short(cid) for cid in cids))
            piece.stylize(clicks(("option", index)))
            pieces.append(piece)
        under = table["pile"][:-1]
        if under:
            value = sum(card["value"] for card in under)
            pieces.append(Text(f"{len(under)} more to your hand ({value})", style="dim"))
        rows.append(Row(Text(), pieces))
        return rows

    def area_rows(self, level: int = 0) -> list[Row]:
        """Each seat's heading, what it did since our last move, and its sets: with whole names
        (level 0) or short ones, and what each did in full (up to 1), in brief (2) or marked
        only (3)."""
        rows: list[Row] = []
        if not self.table or self.state is None:
            return rows
        keys = self.set_keys()
        adding = self.table.get("phase") == "meld"
        changed = self.recent_values("set", "take", "meld", "add")
        for seat in self.seats_in_order():
            told = news_told(
                self.recent, seat, level, lambda event, brief: self.news_words(event, brief=brief)
            )
            rows.append(Row(Text(), [self._heading(seat), *told], more=Text("  ")))
            pieces = [
                set_text(
                    group,
                    self.edition,
                    keys.get(group["id"]),
                    ADD if adding else TAKE,
                    full=level == 0,
                    changed=group["id"] in changed,
                )
                for group in self.own_sets(seat)
            ]
            rows.append(Row(Text("  "), pieces or [Text("no sets", style="dim")]))
        return rows

    def news_words(self, event: dict[str, Any], *, brief: bool = False) -> Text | None:
        """A move of another player in a few words: ``drew``, ``took the pile (+4 to hand)``,
        ``melded Knox ×3``, ``added Knox``, ``discarded Seton 5``; `brief`: the verb alone;
        None for the rest."""
        kind = event["kind"]
        verbs = {"draw": "drew", "take": "took the pile", "meld": "melded", "add": "added"}
        if brief and kind in {*verbs, "discard"}:
            return Text(verbs.get(kind, "discarded"), style=CHANGED)
        if kind == "draw":
            return Text("drew", style=CHANGED)
        if kind == "take":
            return Text(f"took the pile (+{len(event['to_hand'])} to hand)", style=CHANGED)
        if kind == "meld":
            cards = [self.edition.cards[card["cid"]] for card in event["cards"]]
            return Text(f"melded {meld_words(cards)}", style=CHANGED)
        if kind == "add":
            return Text(f"added {self._short(event['card']['cid'])}", style=CHANGED)
        if kind == "discard":
            text = Text("discarded", style=CHANGED)  # the card's face has a cell either side
            return text.append_text(card_text(event["card"], self.edition))
        if kind == "stop":
            return Text("ended the round", style=CHANGED)
        return None

    def _heading(self, seat: int) -> Text:
        """``Tess (you) ▶ · total 120 · sets 85 · hand 11``."""
        assert self.state is not None
        table = self.table
        mine = seat == self.me
        heading = Text(self.state.name(seat) + (" (you)" if mine else ""), style="bold")
        if mine:
            heading.stylize("underline")
        if seat == table.get("turn"):
            heading.append(" ▶", style=Style(color=YELLOW_ON_DARK, bold=True))
        heading.append(f" · total {self.total(seat)}", style="bold")
        heading.append(f" · sets {table['table_values'][seat]}")
        heading.append(f" · hand {table['hand_counts'][seat]}")
        if table.get("went_out") == seat:
            heading.append(" · went out", style=Style(color=GREEN_ON_DARK, bold=True))
        return heading

    def hand_rows(self) -> list[Row]:
        table = self.table
        if not table:
            return []
        if self.me is None or table.get("hand") is None:
            return [Row(Text("You are watching.", style="dim"), [])]
        heading = Row(Text(), [self._hand_heading()])
        return [heading, self._hand_row(full=self.whole_names())]

    def whole_names(self) -> bool:
        """Whether the hand gives the cards' whole names: where there is room (see `roomy`)."""
        heading = Row(Text(), [self._hand_heading()])
        full, short = self._hand_row(full=True), self._hand_row(full=False)
        return self.roomy([heading, full], [heading, short])

    def _hand_row(self, *, full: bool) -> Row:
        hand = self.hand
        phase = self.table.get("phase")
        dim_unmatched = phase == "pickup" and bool(self.takes())
        show_cursor = self.can_focus
        cards = []
        marked: set[int] = set()
        for index, card in enumerate(hand):
            cid = card["cid"]
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
        heading = Text(f"Your hand ({len(self.hand)})", style="bold")
        phase = self.table.get("phase")
        if self.picked:
            value = sum(self.edition.cards[cid].value for cid in self.picked)
            heading.append(f" · {len(self.picked)} selected ({value})")
            if phase == "meld" and self.meld_problem() is None:
                cards = [self.edition.cards[cid] for cid in self.chosen()]
                heading.append(
                    f" · m: meld {meld_words(cards)}", style=Style(bold=True) + clicks(("meld",))
                )
            elif phase == "pickup" and self.takes() and self.take_problem() is None:
                heading.append(" · t: take with them", style=Style(bold=True) + clicks(("take",)))
        else:
            melds = [action for action in self.legal if action["kind"] == "meld"]
            kinds = dict.fromkeys(kind_label(self.edition.cards[m["cids"][0]]) for m in melds)
            if kinds:
                heading.append(f" · melds: {', '.join(kinds)} (m)", style="italic")
            adds = [action["cid"] for action in self.legal if action["kind"] == "add"]
            names = dict.fromkeys(self._short(cid) for cid in self.edition.sorted(adds))
            if names:
                heading.append(f" · adds: {', '.join(names)}", style="italic")
        return heading

    def _short(self, cid: int) -> str:
        """``Knox``, ``♛Mary``, ``◆Jewels``."""
        card = self.edition.wire(cid)
        return f"{mark(card)}{card['short']}"


def set_text(
    group: dict[str, Any],
    edition: Edition,
    key: str | None,
    colour: str,
    *,
    full: bool = False,
    changed: bool = False,
) -> Text:
    """``a Knox ×3 +1◆ (95)``: the letter if you can act on it, the kind in its colours, its
    matching cards, its Crown Jewels and its value; `full`: the whole name, ``John Knox``; ``•``
    first when the others made it or added to it since our last move."""
    text = changed_mark(changed)
    if key:
        text.append(key, style=Style(color=BLACK_INK, bgcolor=colour, bold=True))
        text.append(" ")
    natural = next(card for card in group["cards"] if card["type"] != "wild")
    text.append(set_label(group, full=full), style=card_style(natural, edition))
    rest = Style(color=colour, bold=True) if key else Style()
    jewels = sum(1 for card in group["cards"] if card["type"] == "wild")
    text.append(f" ×{len(group['cards']) - jewels}", style=rest)
    if jewels:
        text.append(f" +{jewels}", style=rest)
        text.append(JEWEL, style=JEWEL_STYLE)
    text.append(f" ({group['value']})", style=rest)
    text.stylize(clicks(("set", group["id"])))
    return text
