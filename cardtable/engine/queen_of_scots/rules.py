"""Queen of Scots: pick up, meld sets of matching cards with wild Crown Jewels, discard.

A turn is a pickup (`draw` from the stock, or `take` the whole discard pile), then any number of
`meld` (a new set) and `add` (onto one's own set) actions, then a `discard`. Emptying the hand
ends the round at once. When the stock is empty, the player to move takes the pile or `stop`s
the round; they send `stop` themselves even when they could not take, so the table never learns
from a turn passing by itself what a hand holds.

Legal-action lists give one action for each distinct choice: a meld at its smallest (three
naturals, or two and a Crown Jewel; more cards join with `add`), a pile taken with two matching
cards. The engine accepts any legal meld or take, however many cards it names.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from cardtable.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    RoundScore,
    Setup,
    Zone,
    named_cards,
)
from cardtable.engine.queen_of_scots.edition import EDITIONS, ROYAL_FAMILY, Edition
from cardtable.engine.queen_of_scots.scoring import seat_lines
from cardtable.engine.queen_of_scots.sets import (
    MIN_NATURALS,
    MIN_SET,
    QueenSet,
    fits,
    match_word,
    new_set_problem,
)

HAND_SIZE = 11
TARGET = 1000

PICKUP = "pickup"  # draw from the stock or take the pile (or stop, the stock being empty)
MELD = "meld"  # meld and add, then discard
KINDS = ("draw", "take", "stop", "meld", "add", "discard")


def dealt_cards(seats: int) -> int:
    """How many cards a deal uses: the hands and the upcard (ruling 1)."""
    return HAND_SIZE * seats + 1


class QueenOfScots(Game):
    """The rules of Queen of Scots (rulings 1–8) for one edition of the deck."""

    def __init__(
        self, setup: Setup, stack: Sequence[int] | None = None, edition: Edition | None = None
    ) -> None:
        super().__init__(setup)
        self.edition = edition or EDITIONS[str(setup.options.get("edition", "standard"))]
        if len(self.edition) < dealt_cards(self.seats) + 1:
            raise ValueError(
                f"the {self.edition.name} edition has {len(self.edition)} cards; "
                f"{self.seats} players need more than {dealt_cards(self.seats)}"
            )
        self.target: int = int(setup.options.get("target", TARGET))
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.stock: list[int] = []  # the top card is the last element
        self.pile: list[int] = []  # the top discard is the last element
        self.sets: dict[int, QueenSet] = {}
        self.next_set = 0
        self.turn = 0
        self.phase = PICKUP
        self.went_out: int | None = None
        self.opening_events = self._start_round(stack)

    # -- dealing ---------------------------------------------------------------------------

    def _start_round(self, stack: Sequence[int] | None = None) -> list[Event]:
        """Ruling 1: shuffle (or use `stack`, in dealing order), deal eleven each one at a time
        from the dealer's left, turn one card up, and start with the player left of the dealer."""
        order = self._deck_order(stack)
        hands, position = self._deal_hands(order, HAND_SIZE)
        self.hands = [self.edition.sorted(hand) for hand in hands]
        self.pile = [order[position]]
        self.stock = order[position + 1 :][::-1]
        self.sets, self.next_set = {}, 0
        self.went_out = None
        deal = Event.legacy(
            "deal",
            {
                "round": self.round,
                "dealer": self.dealer,
                "hand_counts": [len(hand) for hand in self.hands],
                "stock": len(self.stock),
                "upcard": self.edition.wire(self.pile[-1]),
            },
            {seat: {"hand": self._cards(hand)} for seat, hand in enumerate(self.hands)},
        )
        return [deal, *self._start_turn(self.left_of(self.dealer))]

    # -- the frame's questions -------------------------------------------------------------

    def _actors(self) -> tuple[int, ...]:
        return (self.turn,)

    def card_count(self) -> int:
        return len(self.edition)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PICKUP:
            first: list[Action] = [{"kind": "draw"}] if self.stock else [{"kind": "stop"}]
            return [*first, *self._takes(seat)]
        hand = self.hands[seat]
        sets = self.own_sets(seat)
        adds = [
            {"kind": "add", "cid": cid, "set": group.id}
            for cid in hand
            for group in sets
            if fits(self.edition.cards[cid], group)
        ]
        discards = [{"kind": "discard", "cid": cid} for cid in hand]
        return [*self._melds(seat), *adds, *discards]

    def zones(self) -> dict[str, Zone]:
        zones = {"stock": Zone(tuple(self.stock)), "pile": Zone(tuple(self.pile), public=True)}
        for seat in range(self.seats):
            zones[f"hand {seat}"] = Zone(tuple(self.hands[seat]), owner=seat)
        for group in self.sets.values():
            zones[f"set {group.id}"] = Zone(tuple(group.cards), public=True)
        return zones

    def _table_view(self, seat: int | None) -> dict[str, Any]:
        between = self.over or self.awaiting_deal
        return {
            "turn": None if between else self.turn,
            "phase": "over" if self.over else "deal" if self.awaiting_deal else self.phase,
            "edition": self.edition.name,
            "target": self.target,
            "hand": None if seat is None else self._cards(self.hands[seat]),
            "hand_counts": [len(hand) for hand in self.hands],
            "stock": len(self.stock),
            "pile": self._cards(self.pile),
            "top": self.edition.wire(self.pile[-1]) if self.pile else None,
            "sets": [group.to_wire(self.edition) for group in self.sets.values()],
            "table_values": [self.table_value(s) for s in range(self.seats)],
            "went_out": self.went_out,
        }

    # -- what a seat may do ----------------------------------------------------------------

    def own_sets(self, seat: int) -> list[QueenSet]:
        return [group for group in self.sets.values() if group.owner == seat]

    def set_of(self, seat: int, match: str) -> QueenSet | None:
        """Ruling 5 as cardtable keeps it: a player has at most one set of each kind."""
        return next((g for g in self.sets.values() if g.owner == seat and g.match == match), None)

    def table_value(self, seat: int) -> int:
        return sum(group.value(self.edition) for group in self.own_sets(seat))

    def _takes(self, seat: int) -> list[Action]:
        """Ruling 4: each way `seat` may take the whole pile."""
        if not self.pile:
            return []
        top = self.edition.cards[self.pile[-1]]
        hand = self.hands[seat]
        if top.wild:
            if len(self._wilds(hand)) < MIN_NATURALS:
                return []
            return [{"kind": "take", "set": group.id} for group in self.own_sets(seat)]
        by_name = self._naturals_by_name(hand, top.match)
        return [{"kind": "take", "cids": list(pair)} for pair in _choices(by_name, MIN_NATURALS)]

    def _melds(self, seat: int) -> list[Action]:
        """Ruling 5: each smallest new set `seat` may make — three matching cards, or two and a
        Crown Jewel — of a kind it has no set of yet."""
        hand = self.hands[seat]
        wilds = self._wilds(hand)
        kinds: dict[str, dict[str, list[int]]] = {}
        for cid in hand:
            card = self.edition.cards[cid]
            if card.match is not None:
                kinds.setdefault(card.match, {}).setdefault(card.name, []).append(cid)
        have = {group.match for group in self.own_sets(seat)}
        needed = MIN_NATURALS if wilds else MIN_SET
        actions: list[Action] = []
        for match, by_name in kinds.items():
            if match in have or sum(map(len, by_name.values())) < needed:
                continue
            if wilds:
                for pair in _choices(by_name, MIN_NATURALS):
                    actions.append({"kind": "meld", "cids": [*pair, wilds[0]]})
            for triple in _choices(by_name, MIN_SET):
                actions.append({"kind": "meld", "cids": list(triple)})
        return actions

    # -- applying actions --------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action["kind"]
        if kind == "deal":
            raise IllegalAction("The round is under way: there is nothing to deal.")
        if kind not in KINDS:
            raise IllegalAction(f"{kind!r} is not a move in Queen of Scots.")
        if self.phase == PICKUP and kind in ("meld", "add", "discard"):
            raise IllegalAction(
                "Start your turn by picking up: draw from the stock or take the discard pile."
            )
        if self.phase == MELD and kind in ("draw", "take", "stop"):
            raise IllegalAction("You have picked up already this turn; meld, add, or discard.")
        if kind == "draw":
            return self._draw(seat)
        if kind == "take":
            return self._take(seat, action)
        if kind == "stop":
            return self._stop(seat)
        if kind == "meld":
            return self._meld(seat, action)
        if kind == "add":
            return self._add(seat, action)
        return self._discard(seat, action)

    def _draw(self, seat: int) -> list[Event]:
        if not self.stock:
            raise IllegalAction("The stock is empty: take the discard pile, or end the round.")
        cid = self.stock.pop()
        self.hands[seat] = self.edition.sorted([*self.hands[seat], cid])
        self.phase = MELD
        return [
            Event.legacy(
                "draw",
                {"seat": seat, "stock": len(self.stock)},
                {seat: {"card": self.edition.wire(cid)}},
            )
        ]

    def _stop(self, seat: int) -> list[Event]:
        if self.stock:
            raise IllegalAction("The stock still has cards: draw, or take the discard pile.")
        return [Event.legacy("stop", {"seat": seat}), *self._end_round()]

    def _take(self, seat: int, action: Action) -> list[Event]:
        if not self.pile:
            raise IllegalAction("The discard pile is empty.")
        top_cid = self.pile[-1]
        top = self.edition.cards[top_cid]
        if top.wild:
            return self._take_jewel(seat, action)
        assert top.match is not None  # every card but a Crown Jewel matches something
        cids = named_cards(action.get("cids"), self.hands[seat])
        wrong = [self.edition.cards[c] for c in cids if self.edition.cards[c].match != top.match]
        if wrong:
            raise IllegalAction(
                f"To take the pile you show cards matching the {top.name} on top "
                f"({_match_hint(top.match)}); {wrong[0].name} does not match."
            )
        if len(cids) < MIN_NATURALS:
            raise IllegalAction(
                f"To take the pile you need at least two cards in hand matching the {top.name} "
                f"on top ({_match_hint(top.match)})."
            )
        rest = self.pile[:-1]
        self.pile = []
        for cid in cids:
            self.hands[seat].remove(cid)
        group = self.set_of(seat, top.match)
        new = group is None
        if group is None:
            group = self._new_set(seat, top.match)
        group.cards += [top_cid, *cids]
        self.hands[seat] = self.edition.sorted([*self.hands[seat], *rest])
        self.phase = MELD
        event = Event.legacy(
            "take",
            {
                "seat": seat,
                "top": self.edition.wire(top_cid),
                "played": self._cards(cids),
                "jewels_shown": 0,
                "to_hand": self._cards(rest),
                "set": group.id,
                "of": group.match,
                "new": new,
                "value": group.value(self.edition),
            },
        )
        return [event, *self._out_if_empty(seat, "take")]

    def _take_jewel(self, seat: int, action: Action) -> list[Event]:
        """Ruling 4: two Crown Jewels shown (they stay in hand); the taken one joins a set."""
        if len(self._wilds(self.hands[seat])) < MIN_NATURALS:
            raise IllegalAction(
                "To take a Crown Jewel from the pile you must show two Crown Jewels in your hand."
            )
        if not self.own_sets(seat):
            raise IllegalAction(
                "A Crown Jewel taken from the pile must join one of your sets at once, and you "
                "have no set on the table yet."
            )
        group = self._own_set(seat, action)
        top_cid = self.pile.pop()
        rest, self.pile = self.pile, []
        group.cards.append(top_cid)
        self.hands[seat] = self.edition.sorted([*self.hands[seat], *rest])
        self.phase = MELD
        return [
            Event.legacy(
                "take",
                {
                    "seat": seat,
                    "top": self.edition.wire(top_cid),
                    "played": [],
                    "jewels_shown": MIN_NATURALS,
                    "to_hand": self._cards(rest),
                    "set": group.id,
                    "of": group.match,
                    "new": False,
                    "value": group.value(self.edition),
                },
            )
        ]

    def _meld(self, seat: int, action: Action) -> list[Event]:
        cids = named_cards(action.get("cids"), self.hands[seat])
        cards = [self.edition.cards[cid] for cid in cids]
        problem = new_set_problem(cards)
        if problem:
            raise IllegalAction(problem)
        match = next(card.match for card in cards if card.match is not None)
        if self.set_of(seat, match) is not None:
            raise IllegalAction(
                f"You have a {match_word(match)} set already: add these cards to it instead."
            )
        for cid in cids:
            self.hands[seat].remove(cid)
        group = self._new_set(seat, match)
        group.cards = list(cids)
        event = Event.legacy(
            "meld",
            {
                "seat": seat,
                "set": group.id,
                "of": match,
                "cards": self._cards(cids),
                "value": group.value(self.edition),
            },
        )
        return [event, *self._out_if_empty(seat, "meld")]

    def _add(self, seat: int, action: Action) -> list[Event]:
        cid = action.get("cid")
        if isinstance(cid, bool) or not isinstance(cid, int) or cid not in self.hands[seat]:
            raise IllegalAction("That card is not in your hand.")
        group = self._own_set(seat, action)
        card = self.edition.cards[cid]
        if not fits(card, group):
            raise IllegalAction(
                f"{card.name} does not match your {match_word(group.match)} set; only a "
                "matching card or a Crown Jewel may join it."
            )
        self.hands[seat].remove(cid)
        group.cards.append(cid)
        event = Event.legacy(
            "add",
            {
                "seat": seat,
                "set": group.id,
                "of": group.match,
                "card": self.edition.wire(cid),
                "value": group.value(self.edition),
            },
        )
        return [event, *self._out_if_empty(seat, "add")]

    def _discard(self, seat: int, action: Action) -> list[Event]:
        cid = action.get("cid")
        if isinstance(cid, bool) or not isinstance(cid, int) or cid not in self.hands[seat]:
            raise IllegalAction("That card is not in your hand.")
        self.hands[seat].remove(cid)
        self.pile.append(cid)
        events = [
            Event.legacy(
                "discard", {"seat": seat, "card": self.edition.wire(cid), "pile": len(self.pile)}
            )
        ]
        if not self.hands[seat]:
            return [*events, *self._go_out(seat, "discard")]
        return [*events, *self._start_turn(self.left_of(seat))]

    # -- the steps of a round --------------------------------------------------------------

    def _start_turn(self, seat: int) -> list[Event]:
        self.turn, self.phase = seat, PICKUP
        return [Event.legacy("turn", {"seat": seat, "stock": len(self.stock)})]

    def _out_if_empty(self, seat: int, how: str) -> list[Event]:
        return self._go_out(seat, how) if not self.hands[seat] else []

    def _go_out(self, seat: int, how: str) -> list[Event]:
        """Ruling 6: an empty hand ends the round at once."""
        self.went_out = seat
        return [Event.legacy("out", {"seat": seat, "by": how}), *self._end_round()]

    def _end_round(self) -> list[Event]:
        """Rulings 7 and 8: score the round; the game ends once someone has reached the target
        and one player alone has the highest total."""
        lines = tuple(
            seat_lines(self.edition, self.own_sets(seat), self.hands[seat])
            for seat in range(self.seats)
        )
        score = RoundScore(self.round, self.sides, lines)
        totals = [total + points for total, points in zip(self.totals, score.points, strict=True)]
        top = max(totals)
        last = top >= self.target and totals.count(top) == 1
        return self._finish_round(score, last=last)

    # -- helpers -------------------------------------------------------------------------------

    def _new_set(self, owner: int, match: str) -> QueenSet:
        group = QueenSet(self.next_set, owner, match)
        self.next_set += 1
        self.sets[group.id] = group
        return group

    def _own_set(self, seat: int, action: Action) -> QueenSet:
        sid = action.get("set")
        if isinstance(sid, bool) or not isinstance(sid, int) or sid not in self.sets:
            raise IllegalAction("There is no such set on the table.")
        group = self.sets[sid]
        if group.owner != seat:
            raise IllegalAction("You may add cards only to your own sets.")
        return group

    def _wilds(self, cids: Sequence[int]) -> list[int]:
        return [cid for cid in cids if self.edition.cards[cid].wild]

    def _naturals_by_name(self, cids: Sequence[int], match: str | None) -> dict[str, list[int]]:
        """The hand cards matching `match`, grouped by name (cards of one name are alike)."""
        by_name: dict[str, list[int]] = {}
        for cid in cids:
            card = self.edition.cards[cid]
            if match is not None and card.match == match:
                by_name.setdefault(card.name, []).append(cid)
        return by_name

    def _cards(self, cids: Sequence[int]) -> list[dict[str, Any]]:
        return [self.edition.wire(cid) for cid in cids]


def _choices(by_name: dict[str, list[int]], size: int) -> list[tuple[int, ...]]:
    """Every distinct choice of `size` cards from `by_name` (cards of one name are alike), each
    named by the lowest card ids of each name."""
    choices = []
    for names in combinations_with_replacement(sorted(by_name), size):
        wanted = {name: names.count(name) for name in names}
        if all(len(by_name[name]) >= count for name, count in wanted.items()):
            choices.append(tuple(cid for name, n in wanted.items() for cid in by_name[name][:n]))
    return choices


def _match_hint(match: str) -> str:
    if match == ROYAL_FAMILY:
        return "any member of the royal family"
    return f"another {match}"
