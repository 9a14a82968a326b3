"""The Trupe board: the pack, the open pack and the discard row, each seat's declarations,
premiums, penalties and lost turns, who went out with what hand, and your hand.

Cards show their group's colour (Brownies brown, Girl Scouts green, Mariners blue, Seniors
magenta; the Trefoil ♣ yellow) and their short name: ``B2`` a Brownie 2, ``MGold`` the Mariner
Gold. ← → move the cursor through your hand (Home, End: the first and the last card) and space
selects cards (a click does both; a selected card carries a ✓). d draws
(or deals the next round), a row card's number (1–5) takes it (t, when only one can be taken),
m declares the selected cards (with none selected it first selects a declaration to make), e
extends one of your declared 3s with the card under the cursor (when several could take it,
each is lettered: press its letter), p lays down a final pair (selecting one first, like m), x
discards, u unselects. When the Trefoil could stand for several cards, the choices are lettered
too. A click on the pack draws; on a row card, it takes it or discards onto the row; on a
declaration, it extends it; on the hand's "m: declare" or "p: final pair", it does that. What
the others did since your last move is marked (•) on the table and told beside their names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from cardtable.client.ui.boards import register_board
from cardtable.client.ui.boards.layout import Row, clicks, lay_out
from cardtable.client.ui.boards.sheet import SheetBoard, changed_mark, news_told, picked
from cardtable.client.ui.cards import BLACK_INK, CHANGED, GREEN_ON_DARK, YELLOW_ON_DARK, back_text
from cardtable.client.ui.table_state import TableState
from cardtable.engine.trupe.cards import GROUPS, HONORS, identity_name
from cardtable.engine.trupe.combinations import Kind, classify, is_pair

#: Letters that name a choice: none is a key of the table screen or the board.
KEYS = "afghijknorwyz"
TREFOIL_MARK = "♣"
#: Each group's colours: Brownies brown, Girl Scouts green, Mariners blue, Seniors magenta.
#: The text keeps 4.5:1 on its colour, and 3:1 when dimmed.
GROUP_STYLES = {
    "B": Style(color="#ffffff", bgcolor="#875f00", bold=True),
    "G": Style(color="#ffffff", bgcolor="#005f00", bold=True),
    "M": Style(color="#ffffff", bgcolor="#005fd7", bold=True),
    "S": Style(color="#ffffff", bgcolor="#af0087", bold=True),
}
TREFOIL_STYLE = Style(color=BLACK_INK, bgcolor="#ffd700", bold=True)
PREMIUM_STYLE = Style(color=BLACK_INK, bgcolor="#c6c6c6", bold=True)
PENALTY_STYLE = Style(color="#ffffff", bgcolor="#585858", bold=True)
#: The colour of a number you may take, and of a letter you may choose.
TAKE, CHOOSE = "green3", "turquoise2"
TAKE_STYLE = Style(color=BLACK_INK, bgcolor=TAKE, bold=True)
DEAL, DRAW, TAKEN, PLAY = "deal", "draw", "declare taken", "play"
EXTRA, DISCARD = "discard extra", "discard"


def code_of(card: dict[str, Any]) -> str | None:
    """What a card counts as: ``B2``, ``MGold``; a declared Trefoil, what it stands for."""
    if card["type"] == "trefoil":
        return card.get("as")
    if card["group"] is None:
        return None
    return f"{card['group']}{card['rank']}"


def face(card: dict[str, Any]) -> str:
    """``B2``, ``MGold``, ``♣Tref`` (``♣B4`` once declared as a Brownie 4), ``Premium``,
    ``Prospero``, ``Miranda+2``."""
    if card["type"] == "trefoil":
        return f"{TREFOIL_MARK}{card.get('as') or 'Tref'}"
    if card["type"] == "premium":
        return "Premium"
    if card["type"] == "penalty":
        return "Prospero" if card.get("loses_turn") else f"Miranda+{card.get('extra_draws')}"
    return str(card["short"])


def special_words(card: dict[str, Any]) -> str:
    """A premium or a penalty with what it does and counts: ``Premium +1 pt``, ``Prospero
    (loses a turn) −2 pts``, ``Miranda (2 extra draws) −2 pts``."""
    if card["type"] == "premium":
        return "Premium +1 pt"
    if card.get("loses_turn"):
        return "Prospero (loses a turn) −2 pts"
    draws = card.get("extra_draws") or 0
    return f"Miranda ({draws} extra draw{'s' if draws != 1 else ''}) −2 pts"


def card_style(card: dict[str, Any]) -> Style:
    if card["type"] == "trefoil":
        return TREFOIL_STYLE
    if card["type"] == "premium":
        return PREMIUM_STYLE
    if card["type"] == "penalty":
        return PENALTY_STYLE
    return GROUP_STYLES[card["group"]]


def card_text(
    card: dict[str, Any],
    *,
    cursor: bool = False,
    selected: bool = False,
    dim: bool = False,
    click: tuple[Any, ...] = (),
) -> Text:
    """A card face with one cell either side: in brackets under the cursor, its colours swapped
    when selected, dimmed when it cannot help now."""
    style = card_style(card) + Style(dim=dim and not selected, reverse=selected)
    if click:
        style += clicks(click)
    left, right = ("[", "]") if cursor else (" ", " ")
    return Text(f"{left}{face(card)}{right}", style=style)


def code_text(code: str) -> Text:
    """An identity in its group's colours."""
    return Text(code, style=GROUP_STYLES[code[0]])


def declaration_text(declaration: dict[str, Any]) -> Text:
    """A declaration's kind and cards in few cells: ``B2×3`` (like members), ``B1-2-3 seq``,
    ``Gold×3 BGM`` (one honor across groups), ``B Gold·Colors·World`` (honors of one group);
    then ``♣B2`` when the Trefoil stands in, and the points."""
    cards = declaration["cards"]
    codes = [code_of(card) or "" for card in cards]
    size, group = declaration["size"], declaration["group"]
    kind = declaration["type"]
    text = Text()
    if kind == "members":
        text.append(f"{codes[0]}×{size}", style=GROUP_STYLES[codes[0][0]])
    elif kind == "sequence":
        numerals = "-".join(sorted(code[1:] for code in codes))
        text.append(f"{group}{numerals}", style=GROUP_STYLES[group])
        text.append(" seq")
    elif kind == "honor":
        text.append(f"{codes[0][1:]}×{size} ", style="bold")
        for letter in GROUPS:
            if any(code[0] == letter for code in codes):
                text.append(letter, style=GROUP_STYLES[letter])
    else:
        ranks = "·".join(rank for rank in HONORS if any(code[1:] == rank for code in codes))
        text.append(f"{group} {ranks}", style=GROUP_STYLES[group])
    for card in cards:
        if card["type"] == "trefoil":
            text.append(" ")
            text.append(face(card), style=TREFOIL_STYLE)
    text.append(f" ({declaration['points']})")
    return text


def combination_label(kind: Kind, codes: list[str]) -> str:
    """``B2×3``, ``B1-2-3``, ``Gold×3``, ``B honors``."""
    if kind.kind == "members":
        return f"{codes[0]}×{kind.size}"
    if kind.kind == "sequence":
        return f"{kind.group}{'-'.join(sorted(code[1:] for code in codes))}"
    if kind.kind == "honor":
        return f"{codes[0][1:]}×{kind.size}"
    return f"{kind.group} honors"


def pair_text(pair: dict[str, Any]) -> Text:
    """``pair B1 B1`` (a final pair, worth nothing)."""
    text = Text("pair")
    for card in pair["cards"]:
        text.append(" ")
        text.append(face(card), style=card_style(card))
    return text


def same_codes(first: list[str | None], second: list[str | None]) -> bool:
    return sorted(code or "" for code in first) == sorted(code or "" for code in second)


@dataclass(frozen=True)
class Target:
    """Something a letter picks: what the Trefoil stands for, or a declaration to extend."""

    key: str
    action: dict[str, Any]
    #: The declaration it extends, or None for what the Trefoil stands for.
    declaration: int | None = None


@register_board("trupe")
class TrupeBoard(SheetBoard):
    """Trupe, drawn from a seat's view (or a spectator's: no hand)."""

    PREFIX = "trupe"
    #: Premiums and penalties in words (``Prospero (loses a turn) −2 pts``) and what the others
    #: did in full; premiums and penalties in brief (``Prospero −2``); what the others did in
    #: brief (drew, declared, discarded); only marked (•).
    AREA_LEVELS = 4

    BINDINGS = [
        Binding("left", "move(-1)", "Card", key_display="←→"),
        Binding("right", "move(1)", "Card", show=False),
        Binding("space", "select", "Select"),
        Binding("d", "draw", "Draw"),
        Binding("d", "deal", "Deal"),
        Binding("t", "take", "Take"),
        Binding("m", "declare", "Declare"),
        Binding("e", "extend", "Extend"),
        Binding("p", "pair", "Pair"),
        Binding("x", "discard", "Discard"),
        Binding("u", "unselect", "Unselect"),
        Binding("pageup", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll(1)", "Scroll", show=False),
        *(Binding(str(n), f"take_at({n - 1})", "Take", show=False) for n in range(1, 6)),
        *(Binding(key, f"pick({index})", "Choose", show=False) for index, key in enumerate(KEYS)),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: What the Trefoil may stand for in the action being made, each with its letter.
        self.offer: list[Target] = []
        #: The card taken from the row that was last selected for us.
        self.taken_seen: int | None = None

    # -- what the view says --------------------------------------------------------------------

    @property
    def phase(self) -> str | None:
        return self.table.get("phase")

    def codes(self, cids: list[int], trefoil_as: str | None = None) -> list[str | None]:
        """What our hand cards count as (the Trefoil: `trefoil_as`)."""
        by_cid = {card["cid"]: card for card in self.hand}
        found: list[str | None] = []
        for cid in cids:
            card = by_cid[cid]
            found.append(trefoil_as if card["type"] == "trefoil" else code_of(card))
        return found

    def card(self, cid: int) -> dict[str, Any]:
        return next(card for card in self.hand if card["cid"] == cid)

    def chosen(self) -> list[int]:
        """The cards an action takes: the selected ones in hand order, else the cursor's."""
        if self.picked:
            return [card["cid"] for card in self.hand if card["cid"] in self.picked]
        return [self.cursor] if self.cursor is not None else []

    def own_declarations(self, seat: int) -> list[dict[str, Any]]:
        return [d for d in self.table.get("declarations") or [] if d["owner"] == seat]

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        return [action for action in self.legal if action["kind"] == kind]

    def matching(self, kind: str, cids: list[int]) -> list[dict[str, Any]]:
        """The legal declarations (or final pairs) of cards like `cids`: one for each card the
        Trefoil may stand for. The server takes an action only as the legal list gives it, and
        that list names each choice once, by the lowest ids of each identity: so a declaration
        may be made with another copy of a selected card, which is the same to the game."""
        trefoil = None in self.codes(cids)
        found: dict[str | None, dict[str, Any]] = {}
        for action in self.of_kind(kind):
            if len(action["cids"]) != len(cids) or ("as" in action) != trefoil:
                continue
            trefoil_as = action.get("as")
            if not same_codes(self.codes(cids, trefoil_as), self._codes_of(action)):
                continue
            if trefoil_as not in found or sorted(action["cids"]) == sorted(cids):
                found[trefoil_as] = action  # the very cards selected, where the list has them
        return list(found.values())

    def extends(self) -> list[dict[str, Any]]:
        """The legal extends of the one chosen card."""
        chosen = self.chosen()
        if len(chosen) != 1:
            return []
        return [action for action in self.of_kind("extend") if action["cid"] == chosen[0]]

    def targets(self) -> list[Target]:
        """Each lettered choice now: what the Trefoil stands for in the action being made, else
        the declarations the chosen card extends (in the order they are drawn)."""
        if self.offer:
            return self.offer
        if self.me is None:
            return []
        order = {d["id"]: n for n, d in enumerate(self.own_declarations(self.me))}
        found = sorted(self.extends(), key=lambda action: order.get(action["declaration"], 0))
        return [
            Target(key, action, action["declaration"])
            for key, action in zip(KEYS, found, strict=False)
        ]

    def declaration_keys(self) -> dict[int, str]:
        return {t.declaration: t.key for t in self.targets() if t.declaration is not None}

    def takeable(self) -> set[int]:
        return {action["cid"] for action in self.of_kind("take")}

    def useful(self) -> set[int]:
        """Hand cards that some legal declaration could use (after a take: with the card)."""
        codes = {code for action in self.of_kind("declare") for code in self._codes_of(action)}
        trefoil = any("as" in action for action in self.of_kind("declare"))
        return {
            card["cid"]
            for card in self.hand
            if (trefoil if card["type"] == "trefoil" else code_of(card) in codes)
        }

    def declarable(self) -> list[str]:
        """What may be declared now, in few words: ``B2×3``, ``B1-2-3``, ``Gold×3``,
        ``B honors``, and ``♣`` for the declarations the Trefoil makes."""
        labels: list[str] = []
        trefoil = False
        for action in self.of_kind("declare"):
            if "as" in action:
                trefoil = True
                continue
            codes = [code or "" for code in self._codes_of(action)]
            found = classify(codes)
            if isinstance(found, Kind):
                labels.append(combination_label(found, codes))
        return [*dict.fromkeys(labels), *([f"{TREFOIL_MARK}…"] if trefoil else [])]

    def _codes_of(self, action: dict[str, Any]) -> list[str | None]:
        return self.codes(list(action["cids"]), action.get("as"))

    # -- why an action cannot be made -----------------------------------------------------------

    def declare_problem(self, cids: list[int]) -> str:
        """Why the selected cards make no declaration now."""
        codes = self.codes(cids)
        taken = self.table.get("taken")
        has_trefoil = None in codes
        if not has_trefoil:
            kind = classify([code or "" for code in codes])
            if isinstance(kind, str):
                return kind
        elif len(cids) not in (3, 4):
            return "A combination is exactly 3 or 4 cards."
        if taken is not None and taken["cid"] not in cids:
            return f"Declare the {taken['name']} you took from the discards first."
        if len(self.hand) - len(cids) < self.keep():
            return self.keep_problem()
        if has_trefoil:
            return "The Trefoil cannot stand for any card that makes those a combination."
        return "You cannot declare those cards now."

    def keep(self) -> int:
        """The fewest cards a declaration may leave in hand: one for each discard owed, but a
        final pair already laid stands in for the turn's own discard."""
        pairs = self.table.get("pairs") or []
        laid = self.me is not None and self.me < len(pairs) and pairs[self.me] is not None
        return int(self.table.get("discards_due") or 0) - laid

    def keep_problem(self) -> str:
        keep = self.keep()
        owed = "a card" if keep == 1 else f"{keep} cards"
        return (
            f"Keep {owed} to discard: you go out with a final discard, or by laying down a "
            "final pair."
        )

    def pair_problem(self, cids: list[int]) -> str:
        if len(cids) != 2:
            return "Select the two cards of your final pair."
        codes = self.codes(cids)
        if None in codes:
            return "The Trefoil cannot make a final pair with that card."
        if not is_pair(codes[0] or "", codes[1] or ""):
            return (
                "A final pair is two like members, two honors of one group, or one honor of "
                "two groups."
            )
        return "You cannot lay down that pair now."

    def take_problem(self, index: int) -> str:
        row = self.table.get("row") or []
        if self.phase != DRAW:
            return "You take a discard only at the start of your turn."
        if index >= len(row):
            return f"The row has no card {index + 1}."
        if len(self.hand) < 2:
            return "Holding one card, you draw from the pack only."
        return (
            f"You may take the {row[index]['name']} only to declare it at once in a new "
            "combination with cards from your hand, and your hand has none for it."
        )

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        old = [card["cid"] for card in self.hand]
        if self.state is None or state.view is not self.state.view:
            self.offer = []  # a choice made for the view before
        self.state = state
        cids = [card["cid"] for card in self.hand]
        self.picked = [cid for cid in self.picked if cid in cids]
        if self.cursor not in cids:
            place = old.index(self.cursor) if self.cursor in old else 0
            self.cursor = cids[min(place, len(cids) - 1)] if cids else None
        taken = self.table.get("taken")
        if taken is None:
            self.taken_seen = None
        elif state.my_turn and taken["cid"] != self.taken_seen:
            # The card just taken goes with whatever is declared now: select it.
            self.taken_seen = taken["cid"]
            self.picked, self.cursor = [taken["cid"]], taken["cid"]
        self._draw()

    def seat_note(self, state: TableState, seat: int) -> str:
        table = state.view["table"] if state.view else {}
        if not table:
            return ""
        # Turns owed to Prospero are in the seat's area: the panel has no room for them.
        return f"hand {table['hand_counts'][seat]} · table {table['table_points'][seat]}"

    def prompt(self, state: TableState) -> str:
        waiting = self.waiting_prompt(state)
        if waiting is not None:
            return waiting
        table = state.view["table"] if state.view else {}
        phase = table.get("phase")
        kinds = {action["kind"] for action in state.legal}
        if phase == DEAL:
            return "Press d to deal the next round."
        if phase == EXTRA:
            due = table["extra_due"][state.seat or 0]
            return f"Your Miranda: discard {due} extra card(s) before play starts (x)."
        if phase == DRAW:
            row = table.get("row") or []
            numbers = [
                str(index + 1)
                for index, card in enumerate(row)
                if {"kind": "take", "cid": card["cid"]} in state.legal
            ]
            if numbers:
                return f"Draw (d), or take a discard to declare: press {', '.join(numbers)}."
            if len(table.get("hand") or []) == 1:
                return "Holding one card, you draw from the pack: press d."
            return "Draw from the pack: press d."
        if phase == TAKEN:
            taken = table.get("taken") or {}
            return (
                f"Declare the {taken.get('name', 'card')} you took: select cards to go with it "
                "(space), then m."
            )
        if phase == DISCARD:
            return f"Discard {table['discards_due']} more (x): one for each extra draw."
        ways = []
        if "declare" in kinds:
            ways.append("declare (m)")
        if "extend" in kinds:
            ways.append("extend (e)")
        if "pair" in kinds:
            ways.append("lay a final pair (p)")
        due = table.get("discards_due", 1)
        ending = "x discards, ending the turn" if due <= 1 else f"x discards ({due} due)"
        if ways:
            return f"Select cards (space) to {' or '.join(ways)}; {ending}."
        return f"Choose a card with ←→; {ending}."

    # -- the player's keys and clicks -----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        legal = self.legal
        kinds = {a["kind"] for a in legal}
        if action in ("draw", "deal"):
            return {"kind": action} in legal
        if action == "take_at":
            return self.phase == DRAW and bool(legal)
        if action == "discard":  # after a take, x says why it must wait
            return "discard" in kinds or (self.phase == TAKEN and bool(legal))
        if action in ("take", "declare", "extend", "pair"):
            return action in kinds
        if action in ("move", "move_to", "select"):
            return bool(self.hand) and self.me is not None
        if action == "unselect":
            return bool(self.picked or self.offer)
        return True

    def _forget_choices(self) -> None:
        if self.offer:  # a choice for other cards: gone, and u with it
            self.offer = []
            self.refresh_bindings()

    def action_draw(self) -> None:
        if {"kind": "draw"} in self.legal:
            self.send({"kind": "draw"})

    def action_deal(self) -> None:
        if {"kind": "deal"} in self.legal:
            self.send({"kind": "deal"})

    def action_pack(self) -> None:
        """A click on the pack: draw (or deal the next hand)."""
        for kind in ("draw", "deal"):
            if {"kind": kind} in self.legal:
                self.send({"kind": kind})
                return
        if self.legal:
            self.notify("You draw only at the start of your turn.", severity="warning")

    def action_take(self) -> None:
        takes = self.of_kind("take")
        if len(takes) == 1:
            self.send(takes[0])
        elif takes:
            row = [card["cid"] for card in self.table.get("row") or []]
            numbers = ", ".join(str(row.index(a["cid"]) + 1) for a in takes)
            self.notify(f"Take which discard? Press {numbers}.")

    def action_take_at(self, index: int) -> None:
        row = self.table.get("row") or []
        action = {"kind": "take", "cid": row[index]["cid"]} if index < len(row) else None
        if action is not None and action in self.legal:
            self.send(action)
        elif self.legal:
            self.notify(self.take_problem(index), severity="warning")

    def action_row(self, index: int) -> None:
        """A click on a row card: take it at the start of a turn, discard onto the row later."""
        if self.phase == DRAW:
            self.action_take_at(index)
        elif self.of_kind("discard"):
            self.action_discard()

    def action_drop(self) -> None:
        """A click on the row (not on a card): discard the chosen card there."""
        if self.of_kind("discard"):
            self.action_discard()

    def action_declare(self) -> None:
        if not self.of_kind("declare"):
            return
        taken = self.table.get("taken")
        alone = [taken["cid"]] if taken is not None else []
        if not self.picked or self.picked == alone:
            self._suggest("declare")
            return
        self._make("declare", self.chosen(), self.declare_problem)

    def action_pair(self) -> None:
        if not self.of_kind("pair"):
            return
        if not self.picked:
            self._suggest("pair")
            return
        self._make("pair", self.chosen(), self.pair_problem)

    def _make(self, kind: str, cids: list[int], problem: Callable[[list[int]], str]) -> None:
        """Declare or pair `cids`: at once, or by a letter when the Trefoil could stand for
        several cards; or say why not."""
        found = self.matching(kind, cids)
        if not found:
            self.notify(problem(cids), severity="warning")
        elif len(found) == 1:
            self.send(found[0])
        else:
            self.offer = [Target(key, action) for key, action in zip(KEYS, found, strict=False)]
            self._changed()
            keys = ", ".join(f"{t.key} {identity_name(t.action['as'])}" for t in self.offer)
            self.notify(f"The Trefoil stands for: {keys}.")

    def _suggest(self, kind: str) -> None:
        """Select cards to declare (or pair): preferring the cursor card, the Trefoil kept back,
        no sequence, then the most points and the most cards."""

        here = self.codes([self.cursor])[0] if self.cursor is not None else None

        def rank(action: dict[str, Any]) -> tuple[bool, bool, bool, int, int]:
            codes = [code or "" for code in self._codes_of(action)]
            found = classify(codes) if kind == "declare" else None
            made = found if isinstance(found, Kind) else None
            return (
                here in codes if here is not None else self.cursor in action["cids"],
                "as" not in action,
                made is None or made.kind != "sequence",
                made.points if made else 0,
                len(codes),
            )

        best = max(self.of_kind(kind), key=rank)
        self.picked = list(best["cids"])
        self._changed()

    def action_extend(self) -> None:
        if not self.of_kind("extend"):
            return
        chosen = self.chosen()
        targets = self.targets() if not self.offer else []
        if len(chosen) != 1:
            self.notify("Select one card to extend a declaration with.", severity="warning")
        elif len(targets) == 1:
            self.send(targets[0].action)
        elif targets:
            keys = ", ".join(t.key for t in targets)
            self.notify(f"Which declaration? Press {keys}.")
        else:
            name = face(self.card(chosen[0]))
            self.notify(
                f"The {name} does not turn any of your declared 3s into a 4.", severity="warning"
            )

    def action_discard(self) -> None:
        chosen = self.chosen()
        if len(chosen) == 1 and {"kind": "discard", "cid": chosen[0]} in self.legal:
            self.send({"kind": "discard", "cid": chosen[0]})
        elif self.of_kind("discard"):
            self.notify("Select one card to discard (u unselects).", severity="warning")
        elif self.legal:
            taken = self.table.get("taken")
            if taken is not None:
                self.notify(
                    f"Declare the {taken['name']} you took from the discards first.",
                    severity="warning",
                )

    def action_pick(self, index: int) -> None:
        for target in self.targets():
            if target.key == KEYS[index]:
                self.send(target.action)
                return
        if self.legal:
            self.notify(f"Nothing has the letter {KEYS[index]} now.", severity="warning")

    def action_declaration(self, did: int) -> None:
        """A click on a declaration: extend it with the chosen card."""
        target = next((t for t in self.targets() if t.declaration == did), None)
        if target is not None:
            self.send(target.action)
        elif self.legal:
            self.notify("The chosen card cannot extend that declaration.", severity="warning")

    def action_option(self, index: int) -> None:
        """A click on what the Trefoil stands for."""
        if index < len(self.offer):
            self.send(self.offer[index].action)

    def send(self, action: dict[str, Any]) -> None:
        self.picked, self.offer = [], []
        self.choose(action)
        self._changed()

    # -- drawing --------------------------------------------------------------------------------

    def top_rows(self) -> list[Row]:
        table = self.table
        if not table:
            return [Row(Text("Waiting for the game to start.", style="dim"), [])]
        pack = Text("Pack ")
        pack.append_text(back_text(table["pack"]) if table["pack"] else Text("empty"))
        pack.stylize(clicks(("pack",)))
        opened = Text(f"Open pack ×{table['open_pack']}")
        if table["open_top"]:
            opened.append(" ")
            opened.append_text(card_text(table["open_top"]))
        view = self.state.view if self.state else {}
        rounds = Text(f"Round {(view or {}).get('round', 1)} · to {table['target']}", style="dim")
        if table["turnovers"]:
            rounds.append(f" · turned over {table['turnovers']}×")
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
        choosing = self.phase == DRAW and bool(self.legal)
        discarded = {event["card"]["cid"] for event in self.recent if event["kind"] == "discard"}
        pieces = []
        for index, card in enumerate(self.table.get("row") or []):
            number = str(index + 1)
            may = card["cid"] in takeable
            piece = changed_mark(card["cid"] in discarded)
            piece.append(
                number, style=Style(color=BLACK_INK, bgcolor=TAKE, bold=True) if may else ""
            )
            face_text = card_text(card, dim=choosing and not may)
            piece.append_text(face_text[1:] if tight else face_text)
            piece.stylize(clicks(("row", index)))
            pieces.append(piece)
        return pieces

    def news(self) -> Text | None:
        """Who went out and with what hand, the hand that ended with no winner, or the card
        just taken."""
        table = self.table
        view = self.state.view if self.state else None
        if table.get("went_out") is not None and self.state is not None:
            hand_type = table["hand_type"]
            bonus = {"Trupe": " (+50)", "Gam": " (+5)"}.get(hand_type, " (no bonus)")
            text = Text(f"{self.state.name(table['went_out'])} went out: ")
            text.append(f"a {hand_type}", style=Style(color=GREEN_ON_DARK, bold=True))
            text.append(bonus)
            return text
        scores = (view or {}).get("round_scores") or []
        ended = table.get("phase") in (DEAL, "over") and scores and view
        if ended and scores[-1]["round"] == (view or {})["round"]:
            return Text("No winner: nothing was left to draw.", style="bold")
        taken = table.get("taken")
        if taken is not None:
            text = Text("Taken: ")
            text.append_text(card_text(taken))
            text.append(" must be declared now")
            return text
        return None

    def area_rows(self, level: int = 0) -> list[Row]:
        rows: list[Row] = []
        if not self.table or self.state is None:
            return rows
        keys = self.declaration_keys()
        pairs = self.table.get("pairs") or []
        changed = {
            event["declaration"]["id"]
            for event in self.recent
            if event["kind"] in ("declare", "extend")
        }
        for seat in self.seats_in_order():
            told = news_told(
                self.recent, seat, level, lambda event, brief: news_words(event, brief=brief)
            )
            rows.append(Row(Text(), [self._heading(seat), *told], more=Text("  ")))
            pieces = [
                self._declaration_piece(
                    declaration, keys.get(declaration["id"]), declaration["id"] in changed
                )
                for declaration in self.own_declarations(seat)
            ]
            if seat < len(pairs) and pairs[seat]:
                paired = any(e["kind"] == "pair" and e["seat"] == seat for e in self.recent)
                pieces.append(changed_mark(paired) + pair_text(pairs[seat]))
            rows.append(Row(Text("  "), pieces or [Text("no declarations", style="dim")]))
            extras = self._extras(seat, brief=level > 0)
            if extras:
                rows.append(Row(Text("  "), extras))
        legend = [Text(GROUPS[letter], style=GROUP_STYLES[letter]) for letter in GROUPS]
        legend.append(Text(f"{TREFOIL_MARK}Trefoil", style=TREFOIL_STYLE))
        rows.append(Row(Text(), legend, gap=1))
        return rows

    def _declaration_piece(
        self, declaration: dict[str, Any], key: str | None, changed: bool
    ) -> Text:
        text = changed_mark(changed)
        if key:
            text.append(key, style=Style(color=BLACK_INK, bgcolor=CHOOSE, bold=True))
            text.append(" ")
        text.append_text(declaration_text(declaration))
        text.stylize(clicks(("declaration", declaration["id"])))
        return text

    def _extras(self, seat: int, *, brief: bool = False) -> list[Text]:
        """A seat's premiums (+1 each) and penalties (−2 each), the turns it still loses and
        the extra discards it owes at the deal; `brief`: ``Miranda+2 −2``."""
        table = self.table
        drawn = {event["card"]["cid"] for event in self.recent if event["kind"] == "special"}
        pieces = []
        for card in table["specials"][seat]:
            piece = changed_mark(card["cid"] in drawn)
            if brief:
                worth = " +1" if card["type"] == "premium" else " −2"
                piece.append(face(card), style=card_style(card)).append(worth)
            else:
                piece.append(special_words(card), style=card_style(card))
            pieces.append(piece)
        if table["lost_turns"][seat]:
            pieces.append(Text(f"loses {table['lost_turns'][seat]} turn(s)", style="bold"))
        if table["extra_due"][seat]:
            pieces.append(Text(f"{table['extra_due'][seat]} extra discard(s) due", style="bold"))
        return pieces

    def _heading(self, seat: int) -> Text:
        """``Tess (you) ▶ · total 120 · table 25 · hand 9``."""
        assert self.state is not None
        table = self.table
        mine = seat == self.me
        heading = Text(self.state.name(seat) + (" (you)" if mine else ""), style="bold")
        if mine:
            heading.stylize("underline")
        if seat == table.get("turn"):
            heading.append(" ▶", style=Style(color=YELLOW_ON_DARK, bold=True))
        heading.append(f" · total {self.total(seat)}", style="bold")
        heading.append(f" · table {table['table_points'][seat]}")
        heading.append(f" · hand {table['hand_counts'][seat]}")
        if table.get("went_out") == seat:
            heading.append(
                f" · out: {table['hand_type']}", style=Style(color=GREEN_ON_DARK, bold=True)
            )
        return heading

    def hand_rows(self) -> list[Row]:
        table = self.table
        if not table:
            return []
        if self.me is None or table.get("hand") is None:
            return [Row(Text("You are watching.", style="dim"), [])]
        show_cursor = self.can_focus
        dim = self.phase == TAKEN and bool(self.legal)
        useful = self.useful() if dim else set()
        cards = []
        marked: set[int] = set()
        for index, card in enumerate(self.hand):
            cid = card["cid"]
            if show_cursor and cid == self.cursor:
                marked.add(index)
            text = card_text(
                card,
                cursor=show_cursor and cid == self.cursor,
                selected=cid in self.picked,
                dim=dim and cid not in useful,
                click=("card", cid),
            )
            cards.append(picked(text, cid in self.picked))
        rows = [Row(Text(), [self._hand_heading()])]
        if self.offer:
            pieces = [Text(f"{TREFOIL_MARK} stands for:")]
            for index, target in enumerate(self.offer):
                piece = Text(target.key, style=Style(color=BLACK_INK, bgcolor=CHOOSE, bold=True))
                piece.append(" ")
                piece.append_text(code_text(target.action["as"]))
                piece.stylize(clicks(("option", index)))
                pieces.append(piece)
            rows.append(Row(Text(), pieces))
        rows.append(Row(Text(), cards, marked, gap=0))
        return rows

    def _hand_heading(self) -> Text:
        """``Your hand (13)``, with what the selected cards can do (or what may be declared)."""
        heading = Text(f"Your hand ({len(self.hand)})", style="bold")
        if not self.legal:
            return heading
        chosen = self.chosen()
        if self.picked:
            heading.append(f" · {len(self.picked)} selected")
            if self.matching("declare", chosen):
                heading.append(" · m: declare", style=Style(bold=True) + clicks(("declare",)))
            if self.matching("pair", chosen):
                heading.append(" · p: final pair", style=Style(bold=True) + clicks(("pair",)))
        else:
            labels = self.declarable()
            if labels:
                more = ", …" if len(labels) > 3 else ""
                heading.append(f" · declare {', '.join(labels[:3])}{more} (m)", style="italic")
            if self.of_kind("pair"):
                heading.append(" · a final pair (p)", style="italic")
        if self.extends():
            heading.append(" · e: extend", style=Style(bold=True) + clicks(("extend",)))
        return heading


def news_words(event: dict[str, Any], *, brief: bool = False) -> Text | None:
    """Another player's move in a few words: ``drew``, ``took B2``, ``declared B2×3 (5)``,
    ``extended B2×4 (10)``, ``laid a final pair``, ``discarded B2``, ``drew Prospero``;
    `brief`: the verb alone."""
    kind = event["kind"]
    verbs = {"take": "took", "declare": "declared", "extend": "extended", "discard": "discarded"}
    if brief and kind in verbs:
        return Text(verbs[kind], style=CHANGED)
    if kind == "draw":
        return Text("drew", style=CHANGED)
    if kind == "special":
        return Text(f"drew a {special_words(event['card']).split(' ')[0]}", style=CHANGED)
    if kind == "take":
        return Text("took ", style=CHANGED).append_text(card_text(event["card"])[1:-1])
    if kind in ("declare", "extend"):
        verb = "declared " if kind == "declare" else "extended to "
        return Text(verb, style=CHANGED).append_text(declaration_text(event["declaration"]))
    if kind == "pair":
        return Text("laid a final pair", style=CHANGED)
    if kind == "discard":
        return Text("discarded ", style=CHANGED).append_text(card_text(event["card"])[1:-1])
    if kind == "lose_turn":
        return Text("lost a turn (Prospero)", style=CHANGED)
    return None
