"""The Nobility board: the stock, the stock discard pile (its top card as a tile) and the noble
discard pile; the bank, the elections, the majority and the coalition; each seat's money,
provinces and hand count, what a claim of each suit would pay it now, and its melds by suit
(``#3 3-4-5 +K (3)``: the meld's number, its provinces in sequence, its defending nobles, a Joker
and its income); who owes a choice, the battle being settled, the election and the endgame; and
your hand.

Hearts and diamonds are red, clubs and spades bright white; a Joker is magenta. ← → move the
cursor through your hand (Home, End: the first and the last card) and space marks cards (a click
does both; a marked card carries a ✓). d draws, t takes the top of
the stock discard pile, m melds the marked cards (with none marked it marks a meld to make), e
extends a meld with the card, f defends your meld with the noble, j puts a Joker on a meld, i
claims income with the noble, b battles with the marked nobles (with none marked it marks them
all), r retrieves a noble from the noble pile (or recalls a defender of yours), w merges your melds
into another player's (the endgame), enter or . ends melding or retrieving, x discards, g gives up
a noble you owe, y says you are ready at an election, p passes (the endgame), u unmarks. When a
move has several targets (melds, hands, nobles, players), each gets a key, 1–9 then a h k n z:
press it, or click the target. The melds the others changed since your last move, and the card
they discarded, carry a mark (•).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.binding import Binding

from cardtable.client.ui.boards import register_board
from cardtable.client.ui.boards.layout import Row, clicks
from cardtable.client.ui.boards.sheet import SheetBoard, changed_mark, picked, sheet_text
from cardtable.client.ui.cards import (
    BLACK_INK,
    FACE,
    GREEN_ON_DARK,
    MAGENTA_ON_DARK,
    RED_ON_DARK,
    SELECTED_FACE,
    WHITE_ON_DARK,
    YELLOW_ON_DARK,
    back_text,
    suit_ink,
)
from cardtable.client.ui.table_state import TableState
from cardtable.engine.cards import SUIT_SYMBOLS

#: Keys that pick a target: none is a key of the table screen or of the board.
KEYS = "123456789ahknz"
#: Suits in the order of the income table (and of a seat's melds).
SUITS = ("C", "D", "H", "S")
RED = frozenset("HD")
NOBLES = ("A", "J", "Q", "K")
JOKER = "Joker"
#: The colour of a target's key.
CHOOSE = "turquoise2"
KEY_STYLE = Style(color=BLACK_INK, bgcolor=CHOOSE, bold=True)
HINT = Style(bold=True)
#: News on the board: good news, something owed or waiting, an election or the endgame.
GOOD = Style(color=GREEN_ON_DARK, bold=True)
NEWS = Style(color=YELLOW_ON_DARK, bold=True)
EVENT = Style(color=MAGENTA_ON_DARK, bold=True)
#: A Joker's ink on a card's face.
JOKER_INK = "#af00af"


def face(card: dict[str, Any]) -> str:
    """``A♥``, ``10♠``, ``Jkr``."""
    if card["rank"] == JOKER:
        return "Jkr"
    return f"{card['rank']}{SUIT_SYMBOLS.get(card['suit'], card['suit'])}"


def suit_colour(suit: str) -> str:
    """On the board's dark background: hearts and diamonds red, clubs and spades white, a Joker
    magenta."""
    if not suit:
        return MAGENTA_ON_DARK
    return RED_ON_DARK if suit in RED else WHITE_ON_DARK


def ink(card: dict[str, Any]) -> Text:
    """A card in its suit's colour on the board's own background."""
    return Text(face(card), style=Style(color=suit_colour(card["suit"]), bold=True))


def tile(
    card: dict[str, Any],
    *,
    cursor: bool = False,
    marked: bool = False,
    click: tuple[Any, ...] = (),
) -> Text:
    """A card as a tile: red or black on white (a Joker magenta), yellow when marked, in brackets
    under the cursor."""
    colour = JOKER_INK if card["rank"] == JOKER else suit_ink(card["suit"] in RED)
    style = Style(color=colour, bgcolor=SELECTED_FACE if marked else FACE, bold=True)
    if click:
        style += clicks(click)
    left, right = ("[", "]") if cursor else (" ", " ")
    return Text(f"{left}{face(card):>3}{right}", style=style)


def key_text(key: str) -> Text:
    return Text(key, style=KEY_STYLE)


def is_noble(card: dict[str, Any]) -> bool:
    return card["rank"] in NOBLES


def is_province(card: dict[str, Any]) -> bool:
    return card["rank"] not in NOBLES and card["rank"] != JOKER


def ranks(cards: list[dict[str, Any]]) -> str:
    return "-".join(str(card["rank"]) for card in cards)


@dataclass(frozen=True)
class Target:
    """Something a key picks: it sends `action`, or (with none) leads to `then`."""

    key: str
    label: str
    action: dict[str, Any] | None
    #: Where the key is shown: on a meld, a seat's heading, a noble in the noble pile, or a card
    #: (a defender to recall, a noble owed).
    meld: int | None = None
    seat: int | None = None
    noble: int | None = None
    card: int | None = None
    then: list[dict[str, Any]] = field(default_factory=list)


@register_board("nobility")
class NobilityBoard(SheetBoard):
    """Nobility, drawn from a seat's view (or a spectator's: no hand)."""

    PREFIX = "nobility"

    BINDINGS = [
        Binding("left", "move(-1)", "Card", key_display="←→"),
        Binding("right", "move(1)", "Card", show=False),
        Binding("space", "select", "Mark"),
        Binding("d", "draw", "Draw"),
        Binding("d", "deal", "Deal"),
        Binding("t", "take", "Take"),
        Binding("m", "meld", "Meld"),
        Binding("e", "extend", "Extend"),
        Binding("f", "defend", "Defend"),
        Binding("j", "joker", "Joker"),
        Binding("i", "claim", "Claim"),
        Binding("b", "battle", "Battle"),
        Binding("r", "retrieve", "Retrieve"),
        Binding("w", "merge", "Merge"),
        Binding("enter", "done", "Done", key_display="⏎"),
        Binding("full_stop", "done", "Done", show=False),
        Binding("x", "discard", "Discard"),
        Binding("g", "give_up", "Give up"),
        Binding("y", "ready", "Ready"),
        Binding("p", "pass", "Pass"),
        Binding("u", "unselect", "Unmark"),
        Binding("pageup", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll(1)", "Scroll", show=False),
        *(Binding(key, f"pick({index})", "Choose", show=False) for index, key in enumerate(KEYS)),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The move whose target is being chosen (its words), and its targets.
        self.asking: str = ""
        self.choices: list[Target] = []

    # -- what the view says --------------------------------------------------------------------

    @property
    def phase(self) -> str | None:
        return self.table.get("phase")

    def seat_name(self, seat: int) -> str:
        return self.state.name(seat) if self.state else f"seat {seat + 1}"

    def of_kind(self, *kinds: str) -> list[dict[str, Any]]:
        return [action for action in self.legal if action["kind"] in kinds]

    def card(self, cid: int) -> dict[str, Any] | None:
        return next((card for card in self.hand if card["cid"] == cid), None)

    def chosen(self) -> list[int]:
        """The cards a move takes: the marked ones in hand order, else the cursor's."""
        if self.picked:
            return [card["cid"] for card in self.hand if card["cid"] in self.picked]
        return [self.cursor] if self.cursor is not None else []

    def melds(self) -> list[dict[str, Any]]:
        return list(self.table.get("melds") or [])

    def meld(self, mid: int) -> dict[str, Any] | None:
        return next((meld for meld in self.melds() if meld["id"] == mid), None)

    def meld_label(self, mid: int) -> str:
        """``Bo's #3 ♣3-4-5``."""
        meld = self.meld(mid)
        if meld is None:
            return f"#{mid}"
        owner = "your" if meld["owner"] == self.me else f"{self.seat_name(meld['owner'])}'s"
        return f"{owner} #{mid} {SUIT_SYMBOLS[meld['suit']]}{ranks(meld['cards'])}"

    def owed_here(self) -> dict[str, Any] | None:
        """The choice we owe now, if any."""
        owed = self.table.get("owed")
        return owed if owed and owed["seat"] == self.me and self.of_kind("give_up") else None

    def targets(self) -> list[Target]:
        """The keyed choices now: the targets of the move being made, else the nobles we owe."""
        if self.choices:
            return self.choices
        owed = self.owed_here()
        if owed is None:
            return []
        cards = {card["cid"]: card for card in owed["cards"]}
        found = []
        for key, action in zip(KEYS, self.of_kind("give_up"), strict=False):
            card = cards.get(action["cid"]) or self.card(action["cid"])
            label = face(card) if card else str(action["cid"])
            found.append(Target(key, label, action, card=action["cid"]))
        return found

    def keys_on(self, what: str) -> dict[int, str]:
        """Our keys by what they are shown on: "meld", "seat", "noble" or "card"."""
        return {
            getattr(target, what): target.key
            for target in self.targets()
            if getattr(target, what) is not None
        }

    # -- following the game --------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        old = [card["cid"] for card in self.hand]
        if self.state is None or state.view is not self.state.view:
            self.asking, self.choices = "", []  # targets of the view before
        self.state = state
        cids = [card["cid"] for card in self.hand]
        self.picked = [cid for cid in self.picked if cid in cids]
        if self.cursor not in cids:
            place = old.index(self.cursor) if self.cursor in old else 0
            self.cursor = cids[min(place, len(cids) - 1)] if cids else None
        self._draw()
        if self.is_mounted:
            self.refresh_bindings()

    def seat_note(self, state: TableState, seat: int) -> str:
        table = state.view["table"] if state.view else {}
        if not table:
            return ""
        return (
            f"prov {table['provinces'][seat]} · money {table['money'][seat]} · "
            f"hand {table['hand_counts'][seat]}"
        )

    def prompt(self, state: TableState) -> str:
        view = state.view or {}
        table = view.get("table") or {}
        if view.get("result") is not None:
            return "The game is over."
        kinds = {action["kind"] for action in state.legal}
        if not kinds:
            return self._waiting(state, table)
        if "deal" in kinds:
            return "Press d to deal the next rubber."
        if "give_up" in kinds:
            owed = table.get("owed") or {}
            what = {"spoils": "of your attackers", "losses": "nobles", "unpaid": "defenders"}
            return (
                f"Give up {owed.get('count', 1)} {what.get(owed.get('kind', ''), 'nobles')}: "
                "press a key shown, or g on the card under the cursor."
            )
        if "ready" in kinds:
            return "An election: make your deals in the chat, then press y when you are ready."
        phase = table.get("phase")
        if phase == "start":
            starts = []
            if "draw" in kinds:
                starts.append("draw (d)")
            if "take" in kinds:
                top = (table.get("stock_discard") or [{}])[-1]
                starts.append(f"take the {face(top)} (t)" if top else "take (t)")
            if kinds & {"retrieve", "recall"}:
                starts.append("retrieve a noble (r)")
            if len(starts) > 1:
                return f"Your turn: {', '.join(starts[:-1])} or {starts[-1]}."
            return f"Your turn: {starts[0]}." if starts else "Your turn."
        if phase == "retrieving":
            return "Retrieve more (r), or press enter when you are done."
        if phase == "discard":
            return "Discard down to three: choose a card with ←→ and press x."
        ways = self._ways(kinds)
        if phase == "melding":
            if table.get("won_hand"):
                return f"You won the hand: {ways or 'nothing to meld'}; enter when done."
            if ways:
                return f"Meld more ({ways}), or press enter when you are done."
            return "Press enter: you are done melding."
        ending = []
        if "discard" in kinds:
            ending.append("x discards")
        if "merge" in kinds:
            ending.append("w merges")
        if "pass" in kinds:
            ending.append("p passes")
        if kinds & {"retrieve", "recall"} and table.get("endgame"):
            ending.append("r retrieves")
        tail = "; ".join(ending)
        if ways:
            return f"Mark cards (space): {ways}" + (f"; {tail}." if tail else ".")
        return (tail[0].upper() + tail[1:] + ".") if tail else "Your turn."

    @staticmethod
    def _ways(kinds: set[str]) -> str:
        names = (
            ("meld", "m meld"),
            ("extend", "e extend"),
            ("defend", "f defend"),
            ("joker", "j Joker"),
            ("claim", "i claim"),
            ("battle", "b battle"),
        )
        return ", ".join(words for kind, words in names if kind in kinds)

    def _waiting(self, state: TableState, table: dict[str, Any]) -> str:
        view = state.view or {}
        actors = state.actors
        if view.get("awaiting_deal") and actors:
            return f"Waiting for {state.name(actors[0])} to deal."
        owed = table.get("owed")
        if owed:
            return f"Waiting for {state.name(owed['seat'])} to give up {owed['count']}."
        if table.get("phase") == "election":
            names = ", ".join(state.name(seat) for seat in actors)
            return f"The election waits for {names}." if names else ""
        return f"{state.name(actors[0])} is playing." if actors else ""

    # -- the player's keys and clicks -----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        legal = self.legal
        kinds = {a["kind"] for a in legal}
        if action in ("draw", "deal", "take", "done", "ready", "pass"):
            return {"kind": action} in legal
        if action == "retrieve":
            return bool(kinds & {"retrieve", "recall"})
        if action == "give_up":
            return "give_up" in kinds
        if action in ("meld", "extend", "defend", "joker", "claim", "battle", "merge", "discard"):
            return action in kinds
        if action in ("move", "move_to", "select"):
            return bool(self.hand) and self.me is not None
        if action == "unselect":
            return bool(self.picked or self.choices)
        if action == "pick":
            index = parameters[0] if parameters else -1
            return isinstance(index, int) and any(t.key == KEYS[index] for t in self.targets())
        return True

    def _forget_choices(self) -> None:
        if self.choices:
            self.asking, self.choices = "", []
            self.refresh_bindings()

    def _simple(self, kind: str) -> None:
        if {"kind": kind} in self.legal:
            self.send({"kind": kind})

    def action_draw(self) -> None:
        self._simple("draw")

    def action_deal(self) -> None:
        self._simple("deal")

    def action_take(self) -> None:
        self._simple("take")

    def action_done(self) -> None:
        self._simple("done")

    def action_ready(self) -> None:
        self._simple("ready")

    def action_pass(self) -> None:
        self._simple("pass")

    def action_stock(self) -> None:
        """A click on the stock: draw."""
        if {"kind": "draw"} in self.legal:
            self.send({"kind": "draw"})
        elif self.legal:
            self.notify("You draw only at the start of your turn.", severity="warning")

    def action_pile(self) -> None:
        """A click on the stock discard pile: take its top card, or discard onto it."""
        if {"kind": "take"} in self.legal:
            self.send({"kind": "take"})
        elif self.of_kind("discard"):
            self.action_discard()

    def action_meld(self) -> None:
        melds = self.of_kind("meld")
        if not melds:
            return
        if not self.picked:
            self._suggest_meld(melds)
            return
        action = {"kind": "meld", "cids": sorted(self.picked)}
        if action in melds:
            self.send(action)
        else:
            self.notify(self.meld_problem(), severity="warning")

    def meld_problem(self) -> str:
        cards = [self.card(cid) for cid in self.picked]
        if len(cards) < 3 or not all(card and is_province(card) for card in cards):
            return "A meld is three or more provinces (2–10) of one suit in sequence."
        if len({card["suit"] for card in cards if card}) > 1:
            return "A meld's provinces are all of one suit."
        return "Those provinces are not in sequence (10 is followed by 2)."

    def _suggest_meld(self, melds: list[dict[str, Any]]) -> None:
        """Mark a meld to make: one with the card under the cursor if there is one, the
        longest."""
        best = max(melds, key=lambda action: (self.cursor in action["cids"], len(action["cids"])))
        self.picked = list(best["cids"])
        self._changed()

    def _one_card(self, kind: str, wrong: str) -> int | None:
        """The one card chosen for a move of `kind`, or None (with a notice why not)."""
        chosen = self.chosen()
        if len(chosen) != 1:
            self.notify(f"Mark one card to {kind} with (u unmarks).", severity="warning")
            return None
        if not any(action.get("cid") == chosen[0] for action in self.of_kind(kind)):
            card = self.card(chosen[0])
            self.notify(wrong.format(card=face(card) if card else "card"), severity="warning")
            return None
        return chosen[0]

    def _ask(self, asking: str, actions: list[dict[str, Any]]) -> None:
        """Send the one action, or key each target and ask which."""
        targets = [self._target(key, action) for key, action in zip(KEYS, actions, strict=False)]
        if len(actions) == 1:
            self.send(actions[0])
            return
        self.asking, self.choices = asking, targets
        self._changed()
        self.notify(f"{asking}: press {', '.join(t.key for t in targets)}.")

    def _target(self, key: str, action: dict[str, Any]) -> Target:
        if "meld" in action and action["kind"] != "retrieve":
            return Target(key, self.meld_label(action["meld"]), action, meld=action["meld"])
        if action["kind"] == "retrieve":
            if "meld" in action:
                return Target(key, self.meld_label(action["meld"]), action, meld=action["meld"])
            return Target(key, "your hand", action)
        if "hand" in action:
            return Target(
                key, f"{self.seat_name(action['hand'])}'s hand", action, seat=action["hand"]
            )
        if "to" in action:
            return Target(key, self.seat_name(action["to"]), action, seat=action["to"])
        return Target(key, str(action), action)

    def action_extend(self) -> None:
        cid = self._one_card("extend", "The {card} extends no meld at either end.")
        if cid is not None:
            self._ask("Extend which meld", self._by_meld(self.of_kind("extend"), cid))

    def action_defend(self) -> None:
        cid = self._one_card(
            "defend", "The {card} defends none of your melds: a noble of its suit."
        )
        if cid is not None:
            self._ask("Defend which meld", self._by_meld(self.of_kind("defend"), cid))

    def action_joker(self) -> None:
        jokers = self.of_kind("joker")
        if not jokers:
            return
        chosen = self.chosen()
        cid = chosen[0] if len(chosen) == 1 and any(a["cid"] == chosen[0] for a in jokers) else None
        if cid is None:
            cid = jokers[0]["cid"]  # the Joker in the hand, whatever is under the cursor
        self._ask("Put the Joker on which meld", self._by_meld(jokers, cid))

    def _by_meld(self, actions: list[dict[str, Any]], cid: int) -> list[dict[str, Any]]:
        """`cid`'s actions, in the order the melds are drawn."""
        order = {mid: n for n, mid in enumerate(self.drawn_melds())}
        mine = [action for action in actions if action["cid"] == cid]
        return sorted(mine, key=lambda action: order.get(action["meld"], 0))

    def action_claim(self) -> None:
        cid = self._one_card("claim", "Only a noble claims income.")
        if cid is not None:
            self.send({"kind": "claim", "cid": cid})

    def action_battle(self) -> None:
        battles = self.of_kind("battle")
        if not battles:
            return
        nobles = sorted(card["cid"] for card in self.hand if is_noble(card))
        if not self.picked:
            self.picked = nobles  # all of them; b again chooses the target
            self._changed()
            self.notify("Your nobles are marked (space unmarks one): b again to attack.")
            return
        cids = sorted(self.picked)
        found = [action for action in battles if action["cids"] == cids]
        if not found:
            self.notify("Attack with two or more nobles from your hand.", severity="warning")
            return
        order = {mid: n for n, mid in enumerate(self.drawn_melds())}
        found.sort(key=lambda a: (order.get(a["meld"], 0) if "meld" in a else 99, a.get("hand")))
        self._ask(f"Attack with {len(cids)} nobles: which meld or hand", found)

    def action_retrieve(self) -> None:
        """Retrieve a noble from the noble pile (or recall one of your defenders): keys on the
        nobles, then on where a noble goes when it could go onto a meld."""
        actions = self.of_kind("retrieve", "recall")
        if not actions:
            return
        targets: list[Target] = []
        keys = iter(KEYS)
        for cid in dict.fromkeys(a["cid"] for a in actions if a["kind"] == "retrieve"):
            ways = [a for a in actions if a["kind"] == "retrieve" and a["cid"] == cid]
            key = next(keys, None)
            if key is None:
                break
            label = self._noble_face(cid)
            if len(ways) == 1:
                targets.append(Target(key, label, ways[0], noble=cid))
            else:
                targets.append(Target(key, label, None, noble=cid, then=ways))
        for action in actions:
            if action["kind"] == "recall":
                key = next(keys, None)
                if key is None:
                    break
                targets.append(
                    Target(
                        key, f"recall {self._noble_face(action['cid'])}", action, card=action["cid"]
                    )
                )
        if len(targets) == 1 and targets[0].action is not None:
            self.send(targets[0].action)
            return
        self.asking, self.choices = "Retrieve which noble (15 each; recall is free)", targets
        self._changed()

    def _noble_face(self, cid: int) -> str:
        for card in [
            *(self.table.get("noble_discard") or []),
            *(d for meld in self.melds() for d in meld["defenders"]),
        ]:
            if card["cid"] == cid:
                return face(card)
        return str(cid)

    def action_merge(self) -> None:
        merges = self.of_kind("merge")
        if merges:
            self._ask("Merge all your melds into whose", merges)

    def action_discard(self) -> None:
        chosen = self.chosen()
        taken = self.table.get("taken")
        if len(chosen) == 1 and {"kind": "discard", "cid": chosen[0]} in self.legal:
            self.send({"kind": "discard", "cid": chosen[0]})
        elif len(chosen) == 1 and taken and chosen[0] == taken["cid"] and self.of_kind("discard"):
            self.notify(
                f"You took {face(taken)} from the pile this turn: discard another card.",
                severity="warning",
            )
        elif self.of_kind("discard"):
            self.notify("Mark one card to discard (u unmarks).", severity="warning")
        elif self.of_kind("done"):
            self.notify("Press enter when you are done; then discard.", severity="warning")

    def action_give_up(self) -> None:
        options = self.of_kind("give_up")
        if not options:
            return
        if self.cursor is not None and {"kind": "give_up", "cid": self.cursor} in options:
            self.send({"kind": "give_up", "cid": self.cursor})
        elif len(options) == 1:
            self.send(options[0])
        else:
            keys = ", ".join(t.key for t in self.targets())
            self.notify(f"Which noble do you give up? Press {keys}.")

    def action_pick(self, index: int) -> None:
        target = next((t for t in self.targets() if t.key == KEYS[index]), None)
        if target is not None:
            self._choose(target)

    def _choose(self, target: Target) -> None:
        if target.action is not None:
            self.send(target.action)
            return
        # A noble that may go to our hand or onto a meld: where?
        self._ask(f"Retrieve {target.label} to", target.then)

    def action_target_meld(self, mid: int) -> None:
        """A click on a meld: the target being chosen, else the marked card's move there."""
        target = next((t for t in self.targets() if t.meld == mid), None)
        if target is not None:
            self._choose(target)
            return
        chosen = self.chosen()
        found = [
            a
            for a in self.of_kind("extend", "defend", "joker")
            if len(chosen) == 1 and a["cid"] == chosen[0] and a["meld"] == mid
        ]
        found += [
            a
            for a in self.of_kind("battle")
            if a.get("meld") == mid and a["cids"] == sorted(self.picked)
        ]
        if len(found) == 1:
            self.send(found[0])
        elif self.legal:
            self.notify("The marked cards can do nothing with that meld.", severity="warning")

    def action_target_seat(self, seat: int) -> None:
        """A click on a seat's heading: attack its hand or merge into it (when being chosen)."""
        target = next((t for t in self.targets() if t.seat == seat), None)
        if target is not None:
            self._choose(target)

    def action_target_noble(self, cid: int) -> None:
        target = next((t for t in self.targets() if t.noble == cid), None)
        if target is None and self.of_kind("retrieve") and not self.choices:
            self.action_retrieve()
            target = next((t for t in self.targets() if t.noble == cid), None)
        if target is not None:
            self._choose(target)

    def action_target_card(self, cid: int) -> None:
        target = next((t for t in self.targets() if t.card == cid), None)
        if target is not None:
            self._choose(target)

    def action_option(self, index: int) -> None:
        """A click on a choice in the line under the hand's heading."""
        targets = self.targets()
        if index < len(targets):
            self._choose(targets[index])

    def send(self, action: dict[str, Any]) -> None:
        self.picked, self.asking, self.choices = [], "", []
        self.choose(action)
        self._changed()

    # -- drawing --------------------------------------------------------------------------------

    def _reveal(self) -> None:
        """Keep the cursor card in sight, and the first target when one is being chosen."""
        super()._reveal()
        if self.is_mounted and self.targets():
            self._scroll_to_mark("nobility-table", self.area_rows(), "nobility-areas")

    def top_text(self, width: int) -> str:
        return sheet_text(self.top_rows(), width)

    def hand_text(self, width: int) -> str:
        return sheet_text(self.hand_rows(), width)

    def top_rows(self) -> list[Row]:
        table = self.table
        if not table:
            return [Row(Text("Waiting for the game to start.", style="dim"), [])]
        stock = Text("Stock ")
        stock.append_text(back_text(table["stock"]) if table["stock"] else Text("empty"))
        stock.stylize(clicks(("stock",)))
        discards = table.get("stock_discard") or []
        pile = Text(f"Pile ×{len(discards)}")
        if discards:
            pile.append(" ")
            pile.append_text(changed_mark(discards[-1]["cid"] in self.recent_discards()))
            pile.append_text(tile(discards[-1]))
        pile.stylize(clicks(("pile",)))
        bank = Text(f"Bank {table['bank']}", style="bold")
        rows = [Row(Text(), [stock, pile, bank])]
        rows.append(Row(Text(), self.politics()))
        news = self.news()
        if news:
            rows.append(Row(Text(), news))
        return rows

    def politics(self) -> list[Text]:
        """The elections, the majority, the coalition and our open offers."""
        table = self.table
        elections = Text(f"Elections {table['elections']}/{table['last_election']}")
        majority = Text("Majority ")
        if table["majority"]:
            majority.append(" & ".join(self.seat_name(s) for s in table["majority"]), style=GOOD)
        else:
            majority.append("none", style="dim")
        coalition = Text("Coalition ")
        if table["coalition"]:
            coalition.append(
                " & ".join(self.seat_name(s) for s in table["coalition"]), style="bold"
            )
        else:
            coalition.append("none", style="dim")
        pieces = [elections, majority, coalition]
        offers = len(table.get("offers") or [])
        if offers:
            word = "offer" if offers == 1 else "offers"
            pieces.append(Text(f"{offers} open {word} (chat)", style=NEWS))
        return pieces

    def news(self) -> list[Text]:
        """The election, the endgame, a choice owed, the battle being settled, a won hand, the
        rubber just ended."""
        table = self.table
        view = self.state.view if self.state else {}
        pieces: list[Text] = []
        if table.get("phase") == "election":
            ready = table.get("ready") or []
            text = Text(f"Election {table['elections']} is on", style=EVENT)
            names = ", ".join(self.seat_name(s) for s in ready)
            text.append(f" · ready: {names or 'nobody yet'}")
            waiting = [s for s in range(len(table["money"])) if s not in ready]
            if waiting:
                text.append(f" · waiting for {', '.join(self.seat_name(s) for s in waiting)}")
            pieces.append(text)
        if table.get("endgame"):
            text = Text("Endgame", style=EVENT)
            text.append(f" · passes {table['passes']} of 3")
            text.append(f" · {table['endgame_turns_left']} turns left")
            pieces.append(text)
        battle = table.get("battle")
        if battle:
            pieces.append(self._battle_text(battle))
        owed = table.get("owed")
        if owed:
            pieces.append(self._owed_text(owed))
        if table.get("won_hand") and table.get("turn") is not None:
            pieces.append(
                Text(f"{self.seat_name(table['turn'])} took a hand in battle", style="bold")
            )
        scores = (view or {}).get("round_scores") or []
        if (view or {}).get("awaiting_deal") and scores:
            last = scores[-1]
            winners = [s for s, lines in enumerate(last["lines"]) if lines]
            who = ", ".join(self.seat_name(s) for s in winners) or "nobody"
            pieces.append(Text(f"Rubber {last['round']} won by {who}", style=GOOD))
        return pieces

    def _battle_text(self, battle: dict[str, Any]) -> Text:
        attacker, victim = self.seat_name(battle["attacker"]), self.seat_name(battle["victim"])
        target = (
            self.meld_label(battle["meld"]) if battle["meld"] is not None else f"{victim}'s hand"
        )
        text = Text(f"Battle: {attacker} attacked {target}", style="bold")
        if battle["nobles"]:
            text.append(" with")
            for card in battle["nobles"]:
                text.append(" ")
                text.append_text(ink(card))
        text.append(" · won" if battle["won"] else " · lost", style="bold")
        return text

    def _owed_text(self, owed: dict[str, Any]) -> Text:
        why = {
            "spoils": "of the attacking nobles",
            "losses": "nobles lost in battle",
            "unpaid": "unpaid defenders (to the pile)",
        }.get(owed["kind"], "nobles")
        mine = owed["seat"] == self.me
        who = "You owe" if mine else f"{self.seat_name(owed['seat'])} owes"
        text = Text(f"{who} {owed['count']} {why}:", style=NEWS)
        keys = self.keys_on("card") if mine else {}
        if not owed["cards"]:
            text.append(" from the hand")
        for card in owed["cards"]:
            text.append(" ")
            piece = Text()
            if card["cid"] in keys:
                piece.append_text(key_text(keys[card["cid"]]))
            piece.append_text(ink(card))
            piece.stylize(clicks(("target_card", card["cid"])))
            text.append_text(piece)
        return text

    def drawn_melds(self) -> list[int]:
        """Meld ids in the order the seats' areas show them."""
        order = []
        for seat in self.seats_in_order():
            for suit in SUITS:
                order += [m["id"] for m in self.melds() if m["owner"] == seat and m["suit"] == suit]
        return order

    def recent_discards(self) -> set[int]:
        """The cards the others discarded since our last move."""
        return {event["card"]["cid"] for event in self.recent if event["kind"] == "discard"}

    def changed_melds(self) -> set[int]:
        """The melds the others made, extended, defended, attacked or merged since our last
        move."""
        found: set[int] = set()
        for event in self.recent:
            meld = event.get("meld")
            if isinstance(meld, dict):
                found.add(int(meld["id"]))
            elif isinstance(meld, int):
                found.add(meld)
            if event["kind"] == "merge":
                found.add(int(event["to"]))
        return found

    def area_rows(self, level: int = 0) -> list[Row]:
        rows: list[Row] = []
        table = self.table
        if not table or self.state is None:
            return rows
        rows.append(self._noble_row())
        under = (table.get("stock_discard") or [])[:-1]
        if under:
            pieces = [ink(card) for card in reversed(under)]
            # Dim words only: a lead's own style would run on into the cards laid after it.
            lead = Text.assemble(("Under the pile's top: ", "dim"))
            rows.append(Row(lead, pieces, gap=1, more=Text("  ")))
        meld_keys = self.keys_on("meld")
        seat_keys = self.keys_on("seat")
        card_keys = self.keys_on("card")
        changed = self.changed_melds()
        for seat in self.seats_in_order():
            heading = self._heading(seat, seat_keys.get(seat))
            rows.append(Row(Text(), heading, {0} if seat in seat_keys else set(), gap=1))
            mine = [m for m in self.melds() if m["owner"] == seat]
            if not mine:
                rows.append(Row(Text("  "), [Text("no melds", style="dim")]))
            for suit in SUITS:
                melds = [m for m in mine if m["suit"] == suit]
                if not melds:
                    continue
                symbol = Text(SUIT_SYMBOLS[suit], style=Style(color=suit_colour(suit), bold=True))
                pieces = [symbol]
                marked = set()
                for meld in melds:
                    if meld["id"] in meld_keys or any(
                        d["cid"] in card_keys for d in meld["defenders"]
                    ):
                        marked.add(len(pieces))
                    text = meld_text(meld, meld_keys.get(meld["id"]), card_keys)
                    pieces.append(changed_mark(meld["id"] in changed) + text)
                rows.append(Row(Text("  "), pieces, marked, gap=2, more=Text("    ")))
        return rows

    def _noble_row(self) -> Row:
        nobles = self.table.get("noble_discard") or []
        keys = self.keys_on("noble")
        lead = Text.assemble((f"Noble pile ×{len(nobles)}: ", "dim"))
        if not nobles:
            return Row(lead, [Text("empty", style="dim")])
        more = Text("  ")
        pieces = []
        marked = set()
        shown: set[int] = set()
        for index, card in enumerate(reversed(nobles)):  # the top first
            piece = Text()
            if card["cid"] in keys and card["cid"] not in shown:
                piece.append_text(key_text(keys[card["cid"]]))
                marked.add(index)
                shown.add(card["cid"])
            piece.append_text(ink(card))
            piece.stylize(clicks(("target_noble", card["cid"])))
            pieces.append(piece)
        return Row(lead, pieces, marked, gap=1, more=more)

    def _heading(self, seat: int, key: str | None) -> list[Text]:
        """``Tess (you) ▶ · money 45 · 12 provinces · hand 3 · claim pays ♣3 ♥4``, with the
        majority and the coalition marked; pieces wrap between them."""
        assert self.state is not None
        table = self.table
        mine = seat == self.me
        name = Text()
        if key:
            name.append_text(key_text(key))
            name.append(" ")
        name.append(
            self.seat_name(seat) + (" (you)" if mine else ""),
            style=Style(bold=True, underline=mine),
        )
        if seat == table.get("turn") and table.get("phase") != "election":
            name.append(" ▶", style=NEWS)
        if seat in (table.get("majority") or []):
            name.append(" ★majority", style=GOOD)
        if seat in (table.get("coalition") or []):
            name.append(" ⚭coalition", style="bold")
        name.stylize(clicks(("target_seat", seat)))
        pieces = [name]
        pieces.append(Text(f"· money {table['money'][seat]}", style="bold"))
        pieces.append(Text(f"· {table['provinces'][seat]} provinces"))
        pieces.append(Text(f"· hand {table['hand_counts'][seat]}"))
        if table.get("phase") == "election" and seat in (table.get("ready") or []):
            pieces.append(Text("· ready", style=EVENT))
        claim = Text("· claim pays")
        income = table.get("income") or {}
        for suit in SUITS:
            amount = (income.get(suit) or [0] * 3)[seat]
            claim.append(" ")
            claim.append(SUIT_SYMBOLS[suit], style=Style(color=suit_colour(suit), bold=True))
            claim.append(str(amount), style="bold" if amount else "dim")
        pieces.append(claim)
        return pieces

    def hand_rows(self) -> list[Row]:
        table = self.table
        if not table:
            return []
        if self.me is None or table.get("hand") is None:
            return [Row(Text("You are watching.", style="dim"), [])]
        show_cursor = self.can_focus
        cards = []
        marked: set[int] = set()
        for index, card in enumerate(self.hand):
            cid = card["cid"]
            if show_cursor and cid == self.cursor:
                marked.add(index)
            text = tile(
                card,
                cursor=show_cursor and cid == self.cursor,
                marked=cid in self.picked,
                click=("card", cid),
            )
            cards.append(picked(text, cid in self.picked))
        rows = [Row(Text(), [self._hand_heading()])]
        if self.choices:
            pieces = [Text(f"{self.asking}?", style="italic")]
            for index, target in enumerate(self.choices):
                piece = key_text(target.key)
                piece.append(" " + target.label)
                piece.stylize(clicks(("option", index)))
                pieces.append(piece)
            pieces.append(Text("(u cancels)", style="dim"))
            rows.append(Row(Text(), pieces))
        rows.append(Row(Text(), cards or [Text("empty", style="dim")], marked, gap=0))
        return rows

    def _hand_heading(self) -> Text:
        """``Your hand (4)``, with what the marked cards can do now (clickable)."""
        heading = Text(f"Your hand ({len(self.hand)})", style="bold")
        legal = self.legal
        if not legal:
            return heading
        if self.picked:
            heading.append(f" · {len(self.picked)} marked")
            if {"kind": "meld", "cids": sorted(self.picked)} in legal:
                heading.append(" · m: meld", style=HINT + clicks(("meld",)))
            if any(a["kind"] == "battle" and a["cids"] == sorted(self.picked) for a in legal):
                heading.append(" · b: battle", style=HINT + clicks(("battle",)))
        chosen = self.chosen()
        one = chosen[0] if len(chosen) == 1 else None
        for kind, words in (
            ("extend", "e: extend"),
            ("defend", "f: defend"),
            ("claim", "i: claim"),
        ):
            if any(a["kind"] == kind and a["cid"] == one for a in legal):
                heading.append(f" · {words}", style=HINT + clicks((kind,)))
        for kind, words, action in (
            ("draw", "d: draw", "draw"),
            ("done", "⏎: done", "done"),
            ("ready", "y: ready", "ready"),
            ("pass", "p: pass", "pass"),
        ):
            if {"kind": kind} in legal:
                heading.append(f" · {words}", style=HINT + clicks((action,)))
        if not self.picked:
            melds = self.of_kind("meld")
            if melds:
                heading.append(" · m: meld", style=HINT + clicks(("meld",)))
        return heading


def meld_text(meld: dict[str, Any], key: str | None, card_keys: dict[int, str]) -> Text:
    """``1 #3 3-4-5 +K+Q +Jkr (3)``: the key if it is a target now, the meld's number, its
    provinces in sequence in its suit's colour, its defenders (a defender to recall or give up
    with its key), a Joker, and what a claim pays it now."""
    text = Text()
    if key:
        text.append_text(key_text(key))
        text.append(" ")
    text.append(f"#{meld['id']} ", style="dim")
    colour = Style(color=suit_colour(meld["suit"]), bold=True)
    text.append(ranks(meld["cards"]), style=colour)
    spans = []
    for card in meld["defenders"]:
        text.append(" ")
        start = len(text)
        if card["cid"] in card_keys:
            text.append_text(key_text(card_keys[card["cid"]]))
        else:
            text.append("+", style=Style(color="gold1"))
        text.append(str(card["rank"]), style=Style(color="gold1", bold=True))
        spans.append((start, len(text), card["cid"]))
    if meld["joker"]:
        text.append(" ")
        text.append("+Jkr", style=Style(color=BLACK_INK, bgcolor=MAGENTA_ON_DARK, bold=True))
    text.append(f" ({meld['income']})")
    text.stylize(clicks(("target_meld", meld["id"])))
    for start, end, cid in spans:  # over the meld's click: a defender's own
        text.stylize(clicks(("target_card", cid)), start, end)
    return text
