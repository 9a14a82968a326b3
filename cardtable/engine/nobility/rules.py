"""Nobility's rules: provinces, nobles and money for exactly three (`docs/rules/nobility.md`).

A turn is a draw and then a meld phase or a battle, or else a retrieval (rulings 5–10). When the
stock runs out an election is held (ruling 11); once the stock and its discard pile are both gone
the endgame begins. Offers between players (ruling 12) are free actions any seat may take.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cardtable.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    RoundScore,
    ScoreLine,
    Setup,
    Zone,
)
from cardtable.engine.nobility.cards import (
    ALL_PROVINCES,
    CARD_COUNT,
    SUITS,
    card_wire,
    cards_wire,
    hand_order,
    is_joker,
    is_noble,
    is_province,
    run_order,
    suit_of,
)
from cardtable.engine.nobility.diplomacy import OFFER_TURNS, Offer, read_terms
from cardtable.engine.nobility.melds import NOBLE_COST, Meld
from cardtable.engine.nobility.phases import (
    DISCARD,
    ELECTION,
    MAIN,
    MELD_KINDS,
    MELDING,
    RETRIEVE_KINDS,
    RETRIEVING,
    START,
)
from cardtable.engine.nobility.refusals import refusal

MONEY = 180
HAND = 3
DRAWN = 4
MAJORITY = 19
RUBBERS = 2
#: cardtable's own bounds, so that a rubber always ends: it is decided by provinces (then money)
#: when its last election closes, or after this many turns of the endgame.
ELECTIONS = 8
ENDGAME_TURNS = 30
#: And a rubber whose stock never runs out (the discard pile passed round and round) is decided
#: when this turn would begin.
TURN_LIMIT = 300


@dataclass
class Owed:
    """A choice someone owes before play goes on: nobles to give up, one at a time.

    ``spoils``: the winning attacker gives up `count` of her committed nobles; ``losses``: a
    defender gives up defenders or hand nobles; ``unpaid``: maintenance she cannot pay sends
    defenders to the stock discard pile."""

    seat: int
    kind: str
    count: int
    cards: list[int]
    hidden: bool = False  # the cards are in the seat's hand


@dataclass
class Battle:
    """A battle being resolved (while someone owes a choice)."""

    attacker: int
    committed: list[int]
    meld: int | None
    victim: int
    won: bool


@dataclass
class Claim:
    """An income claim being paid out, seat by seat (ruling 6)."""

    suit: str
    order: list[int]


class Nobility(Game):
    """Exactly three players; see the module docstring."""

    free_kinds = frozenset({"offer", "accept", "decline", "withdraw"})
    currency = MONEY

    def __init__(self, setup: Setup, stack: Sequence[int] | None = None) -> None:
        super().__init__(setup)
        self.rubbers_to_win = int(setup.options.get("rubbers", RUBBERS))
        self.offers: dict[int, Offer] = {}
        self.next_offer = 1
        self.opening_events = self._start_round(stack)

    # -- dealing ---------------------------------------------------------------------------

    def _start_round(self, stack: Sequence[int] | None = None) -> list[Event]:
        """Ruling 4: three each, the stock, its top card turned up; left of the dealer starts."""
        order = self._deck_order(stack)
        self.hands, dealt = self._deal_hands(order, HAND)
        self.stock: list[int] = order[dealt:][::-1]  # the top card is the last
        self.pile: list[int] = [self.stock.pop()]  # the stock discard pile, top last
        self.nobles: list[int] = []  # the noble discard pile, top last
        self.melds: dict[int, Meld] = {}
        self.next_meld = 1
        self.money = [0] * self.seats
        self.bank = MONEY
        self.coalition: tuple[int, ...] = ()
        self.majority: tuple[int, ...] = ()
        self.elections = 0
        self.election_due = False
        self.ready: set[int] = set()
        self.paused: str = START
        self.endgame = False
        self.endgame_turns = 0
        self.passes = 0
        self.owed: Owed | None = None
        self.battle: Battle | None = None
        self.claim: Claim | None = None
        self.won_hand = False
        self.taken: int | None = None  # the card taken from the stock discard pile this turn
        self.turn = self.left_of(self.dealer)
        self.turns = 1
        self.phase = START
        for seat in range(self.seats):
            self.hands[seat] = hand_order(self.hands[seat])
        return [
            Event.legacy(
                "deal",
                {
                    "round": self.round,
                    "dealer": self.dealer,
                    "stock": len(self.stock),
                    "turned": card_wire(self.pile[-1]),
                    "bank": self.bank,
                },
                {seat: {"hand": cards_wire(hand)} for seat, hand in enumerate(self.hands)},
            )
        ]

    # -- the frame's questions -------------------------------------------------------------

    def card_count(self) -> int:
        return CARD_COUNT

    def _actors(self) -> tuple[int, ...]:
        if self.owed is not None:
            return (self.owed.seat,)
        if self.phase == ELECTION:
            return tuple(seat for seat in range(self.seats) if seat not in self.ready)
        return (self.turn,)

    def purses(self) -> dict[str, int]:
        return {"bank": self.bank, **{f"seat {s}": m for s, m in enumerate(self.money)}}

    def zones(self) -> dict[str, Zone]:
        zones = {f"hand {seat}": Zone(tuple(h), owner=seat) for seat, h in enumerate(self.hands)}
        zones["stock"] = Zone(tuple(self.stock))
        zones["stock discard"] = Zone(tuple(self.pile), public=True)
        zones["noble discard"] = Zone(tuple(self.nobles), public=True)
        zones["melds"] = Zone(
            tuple(cid for meld in self.melds.values() for cid in meld.all_cards()), public=True
        )
        if self.battle is not None:
            zones["battle"] = Zone(tuple(self.battle.committed), public=True)
        return zones

    def provinces(self, seat: int) -> int:
        return sum(meld.length for meld in self.melds.values() if meld.owner == seat)

    def own_melds(self, seat: int) -> list[Meld]:
        return [meld for meld in self.melds.values() if meld.owner == seat]

    def income_due(self, seat: int, suit: str) -> int:
        """What a claim of `suit` would owe `seat` now, before the bank's limit."""
        due = sum(meld.income for meld in self.own_melds(seat) if meld.suit == suit)
        return due * (2 if seat in self.majority else 1)

    # -- views -----------------------------------------------------------------------------

    def _table_view(self, seat: int | None) -> dict[str, Any]:
        owed = None
        if self.owed is not None:
            owed = {
                "seat": self.owed.seat,
                "kind": self.owed.kind,
                "count": self.owed.count,
                "cards": cards_wire(self.owed.cards)
                if not self.owed.hidden or seat == self.owed.seat
                else [],
            }
        battle = None
        if self.battle is not None:
            battle = {
                "attacker": self.battle.attacker,
                "nobles": cards_wire(self.battle.committed),
                "meld": self.battle.meld,
                "victim": self.battle.victim,
                "won": self.battle.won,
            }
        return {
            "turn": self.turn,
            "turns": self.turns,
            "phase": self.phase,
            "endgame": self.endgame,
            "endgame_turns_left": ENDGAME_TURNS - self.endgame_turns if self.endgame else None,
            "passes": self.passes,
            "taken": (  # in the taker's hand: told to her alone, like the rest of it
                card_wire(self.taken) if self.taken is not None and seat == self.turn else None
            ),
            "turn_limit": TURN_LIMIT,
            "hand": cards_wire(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(hand) for hand in self.hands],
            "stock": len(self.stock),
            "stock_discard": cards_wire(self.pile),
            "noble_discard": cards_wire(self.nobles),
            "melds": [meld.to_wire(meld.owner in self.majority) for meld in self.melds.values()],
            "money": list(self.money),
            "bank": self.bank,
            "provinces": [self.provinces(s) for s in range(self.seats)],
            "majority": list(self.majority),
            "coalition": list(self.coalition),
            "elections": self.elections,
            "last_election": ELECTIONS,
            "ready": sorted(self.ready) if self.phase == ELECTION else [],
            "income": {
                suit: [self.income_due(s, suit) for s in range(self.seats)] for suit in SUITS
            },
            "owed": owed,
            "battle": battle,
            "won_hand": self.won_hand,
            "offers": [
                offer.to_wire(offer.made_on_turn + OFFER_TURNS)
                for offer in self.offers.values()
                if seat in offer.parties()
            ],
            "rubbers_to_win": self.rubbers_to_win,
        }

    # -- legal actions ---------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.owed is not None:
            return [{"kind": "give_up", "cid": cid} for cid in self.owed.cards]
        if self.phase == ELECTION:
            return [{"kind": "ready"}]
        hand = self.hands[seat]
        if self.phase == START:
            actions: list[Action] = []
            if self.stock:
                actions.append({"kind": "draw"})
            if self.pile:
                actions.append({"kind": "take"})
            return actions + self._retrievals(seat)
        if self.phase == MAIN:
            actions = self._meld_actions(seat) + self._battles(seat)
            if self.endgame:
                actions += self._retrievals(seat)
                actions += [
                    {"kind": "merge", "to": other}
                    for other in self._others(seat)
                    if self.own_melds(seat)
                ]
                if len(hand) <= HAND:
                    actions.append({"kind": "pass"})
            if len(hand) > HAND:
                actions += self._discards(seat)
            return actions
        if self.phase == MELDING:
            return [*self._meld_actions(seat), {"kind": "done"}]
        if self.phase == RETRIEVING:
            return [*self._retrievals(seat), {"kind": "done"}]
        return self._discards(seat)  # DISCARD

    def _discards(self, seat: int) -> list[Action]:
        """Any card but the one taken from the stock discard pile this turn (so that the pile
        cannot pass round the table for ever)."""
        return [{"kind": "discard", "cid": cid} for cid in self.hands[seat] if cid != self.taken]

    def _others(self, seat: int) -> list[int]:
        return [other for other in range(self.seats) if other != seat]

    def _meld_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        provinces = [cid for cid in hand if is_province(cid)]
        actions: list[Action] = []
        for size in range(3, len(provinces) + 1):
            for group in combinations(sorted(provinces), size):
                if run_order(group) is not None:
                    actions.append({"kind": "meld", "cids": list(group)})
        for cid in provinces:
            for meld in self.melds.values():
                if meld.extends_with(cid):
                    actions.append({"kind": "extend", "cid": cid, "meld": meld.id})
        for cid in hand:
            if is_noble(cid):
                for meld in self.own_melds(seat):
                    if meld.suit == suit_of(cid):
                        actions.append({"kind": "defend", "cid": cid, "meld": meld.id})
                actions.append({"kind": "claim", "cid": cid})
            elif is_joker(cid):
                for meld in self.melds.values():
                    if meld.joker is None:
                        actions.append({"kind": "joker", "cid": cid, "meld": meld.id})
        return actions

    def _battles(self, seat: int) -> list[Action]:
        nobles = sorted(cid for cid in self.hands[seat] if is_noble(cid))
        targets: list[dict[str, int]] = [
            {"meld": meld.id} for meld in self.melds.values() if meld.owner != seat
        ]
        targets += [{"hand": other} for other in self._others(seat) if self.hands[other]]
        return [
            {"kind": "battle", "cids": list(group), **target}
            for size in range(2, len(nobles) + 1)
            for group in combinations(nobles, size)
            for target in targets
        ]

    def _retrievals(self, seat: int) -> list[Action]:
        actions: list[Action] = []
        if self.money[seat] >= NOBLE_COST:
            for cid in sorted(set(self.nobles)):
                actions.append({"kind": "retrieve", "cid": cid})
                for meld in self.own_melds(seat):
                    if meld.suit == suit_of(cid):
                        actions.append({"kind": "retrieve", "cid": cid, "meld": meld.id})
        for meld in self.own_melds(seat):
            for cid in meld.defenders:
                actions.append({"kind": "recall", "cid": cid})
        return actions

    # -- applying --------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action.get("cids"), list) and all(
            isinstance(cid, int) for cid in action["cids"]
        ):
            action = {**action, "cids": sorted(action["cids"])}
        if action not in self._legal_actions(seat):
            raise IllegalAction(refusal(self, seat, action))
        events = self._carry_out(seat, action)
        return events + self._after_action()

    def _carry_out(self, seat: int, action: Action) -> list[Event]:
        kind = action["kind"]
        if kind == "give_up":
            return self._give_up(seat, action["cid"])
        if kind == "ready":
            return self._ready(seat)
        if kind in ("draw", "take"):
            return self._draw(seat, kind)
        if kind in MELD_KINDS:
            self.phase = MELDING
            return self._meld_move(seat, action)
        if kind == "battle":
            return self._battle(seat, action)
        if kind in RETRIEVE_KINDS:
            self.phase = RETRIEVING
            return self._retrieve(seat, action)
        if kind == "done":
            return self._done(seat)
        if kind == "discard":
            return self._discard(seat, action["cid"])
        if kind == "merge":
            return self._merge(seat, action["to"])
        return self._pass(seat)  # "pass"

    def _after_action(self) -> list[Event]:
        """What follows any action: an election that is due, and the endgame's majority."""
        events: list[Event] = []
        if self.over or self.awaiting_deal:
            return events
        if self.election_due and self.owed is None and self.phase != ELECTION:
            self.election_due = False
            self.paused, self.phase = self.phase, ELECTION
            self.ready = set()
            events.append(Event.legacy("election_opens", {"number": self.elections}))
        if self.endgame:
            events += self._recount()
        return events

    # -- drawing and discarding --------------------------------------------------------------

    def _draw(self, seat: int, kind: str) -> list[Event]:
        self.phase = MAIN
        if kind == "take":
            cid = self.pile.pop()
            self.taken = cid
            self.hands[seat] = hand_order([*self.hands[seat], cid])
            return [Event.legacy("take", {"seat": seat, "card": card_wire(cid)})]
        events: list[Event] = []
        self._draw_to(seat, len(self.hands[seat]) + 1, events)
        return events

    def _draw_to(self, seat: int, size: int, events: list[Event]) -> None:
        """Draw from the stock until `seat` holds `size` cards or nothing can be drawn. An
        emptied stock holds an election at once (ruling 11): the discard pile becomes the
        stock."""
        drawn: list[int] = []
        while len(self.hands[seat]) < size and self.stock:
            cid = self.stock.pop()
            self.hands[seat].append(cid)
            drawn.append(cid)
            if not self.stock:
                events.append(self._drawn(seat, drawn))
                drawn = []
                events += self._stock_ran_out()
        if drawn:
            events.append(self._drawn(seat, drawn))
        self.hands[seat] = hand_order(self.hands[seat])

    def _drawn(self, seat: int, cids: list[int]) -> Event:
        return Event.legacy(
            "draw",
            {"seat": seat, "count": len(cids), "stock": len(self.stock)},
            {seat: {"cards": cards_wire(cids)}},
        )

    def _stock_ran_out(self) -> list[Event]:
        self.elections += 1
        self.election_due = True
        events = self._end_coalition("the election")
        self.majority = ()
        if self.pile:
            self.stock = list(self.pile)
            self.rng.shuffle(self.stock)
            self.pile = []
        else:
            self.endgame = True
        events.append(
            Event.legacy(
                "stock_out",
                {"number": self.elections, "stock": len(self.stock), "endgame": self.endgame},
            )
        )
        return events

    def _discard(self, seat: int, cid: int) -> list[Event]:
        self.hands[seat].remove(cid)
        self.pile.append(cid)
        events = [Event.legacy("discard", {"seat": seat, "card": card_wire(cid)})]
        if len(self.hands[seat]) > HAND:
            self.phase = DISCARD
            return events
        return events + self._end_turn(passed=False)

    def _done(self, seat: int) -> list[Event]:
        """The meld phase or the retrieval is over: replenish (after melding), then discard."""
        events: list[Event] = []
        if self.phase == MELDING and not self.endgame:
            self._draw_to(seat, DRAWN, events)
        self.phase = DISCARD
        if len(self.hands[seat]) <= HAND:
            events += self._end_turn(passed=False)
        return events

    # -- melding and income ----------------------------------------------------------------

    def _meld_move(self, seat: int, action: Action) -> list[Event]:
        kind = action["kind"]
        hand = self.hands[seat]
        if kind == "meld":
            cards = run_order(action["cids"])
            assert cards is not None
            for cid in cards:
                hand.remove(cid)
            meld = Meld(self.next_meld, seat, suit_of(cards[0]), cards)
            self.melds[meld.id] = meld
            self.next_meld += 1
            return [Event.legacy("meld", {"seat": seat, "meld": meld.to_wire(False)})]
        cid = action["cid"]
        hand.remove(cid)
        if kind == "claim":
            self.nobles.append(cid)
            self.claim = Claim(suit_of(cid), [(seat + step) % self.seats for step in range(3)])
            events = [Event.legacy("claim", {"seat": seat, "card": card_wire(cid)})]
            return events + self._run_claim()
        meld = self.melds[action["meld"]]
        if kind == "extend":
            meld.extend(cid)
        elif kind == "defend":
            meld.defenders.append(cid)
        else:
            meld.joker = cid
        return [
            Event.legacy(
                kind, {"seat": seat, "card": card_wire(cid), "meld": meld.id, "owner": meld.owner}
            )
        ]

    def _run_claim(self) -> list[Event]:
        """Pay a claim seat by seat: income as far as the bank goes, then maintenance; pause
        when a seat must choose which defenders it cannot pay for."""
        assert self.claim is not None
        events: list[Event] = []
        while self.claim.order:
            seat = self.claim.order.pop(0)
            paying = [
                meld
                for meld in self.own_melds(seat)
                if meld.suit == self.claim.suit and meld.joker is None
            ]
            if not paying:
                continue
            due = self.income_due(seat, self.claim.suit)
            paid = min(due, self.bank)
            self.bank -= paid
            self.money[seat] += paid
            events.append(
                Event.legacy(
                    "income", {"seat": seat, "suit": self.claim.suit, "due": due, "paid": paid}
                )
            )
            upkeep = [cid for meld in paying for cid in meld.upkeep]
            affordable = min(len(upkeep), self.money[seat] // NOBLE_COST)
            if affordable < len(upkeep):
                if affordable == 0:
                    events += self._unpaid(seat, upkeep)
                else:
                    self.owed = Owed(seat, "unpaid", len(upkeep) - affordable, upkeep)
                    return events
            events += self._pay_upkeep(seat, affordable)
        self.claim = None
        return events

    def _pay_upkeep(self, seat: int, count: int) -> list[Event]:
        if count == 0:
            return []
        fee = NOBLE_COST * count
        self.money[seat] -= fee
        self.bank += fee
        return [Event.legacy("maintenance", {"seat": seat, "nobles": count, "paid": fee})]

    def _unpaid(self, seat: int, cids: list[int]) -> list[Event]:
        """Defenders whose maintenance is not paid go face up to the stock discard pile."""
        for cid in cids:
            self._lift_defender(cid)
            self.pile.append(cid)
        return [Event.legacy("unpaid", {"seat": seat, "cards": cards_wire(cids)})]

    def _lift_defender(self, cid: int) -> None:
        for meld in self.melds.values():
            if cid in meld.defenders:
                meld.defenders.remove(cid)
                return

    # -- battles ---------------------------------------------------------------------------

    def _battle(self, seat: int, action: Action) -> list[Event]:
        committed = list(action["cids"])
        for cid in committed:
            self.hands[seat].remove(cid)
        meld = self.melds[action["meld"]] if "meld" in action else None
        victim = meld.owner if meld is not None else action["hand"]
        defenders = (
            list(meld.defenders)
            if meld is not None
            else [cid for cid in self.hands[victim] if is_noble(cid)]
        )
        attack, defence = len(committed), 1 + len(defenders)
        won = attack > defence
        self.battle = Battle(seat, committed, meld.id if meld else None, victim, won)
        self.phase = DISCARD
        events = [
            Event.legacy(
                "battle",
                {
                    "seat": seat,
                    "victim": victim,
                    "meld": meld.id if meld else None,
                    "nobles": cards_wire(committed),
                    "attack": attack,
                    "defence": defence,
                    "won": won,
                },
            )
        ]
        if victim in self.coalition and seat in self.coalition:
            events += self._end_coalition("a battle between the partners")
        if won:
            events += self._to_noble_pile(victim, defenders, "defenders lost")
            if meld is not None:
                meld.defenders = []
                meld.owner = seat
                events.append(
                    Event.legacy("captured", {"seat": seat, "meld": meld.id, "from": victim})
                )
            else:
                events += self._take_hand(seat, victim)
            spent = len(defenders) + 2
            if spent < attack:
                self.owed = Owed(seat, "spoils", spent, list(committed))
                return events
            events += self._to_noble_pile(seat, committed, "attackers spent")
            self.battle.committed = []
        else:
            events += self._to_noble_pile(seat, committed, "attackers spent")
            self.battle.committed = []
            lost = min(len(defenders), attack - 1)
            if 0 < lost < len(defenders):
                self.owed = Owed(victim, "losses", lost, defenders, hidden=meld is None)
                return events
            events += self._lose_defenders(victim, defenders[:lost])
        return events + self._battle_over()

    def _to_noble_pile(self, seat: int, cids: list[int], why: str) -> list[Event]:
        if not cids:
            return []
        self.nobles.extend(cids)
        return [Event.legacy("to_nobles", {"seat": seat, "cards": cards_wire(cids), "why": why})]

    def _lose_defenders(self, seat: int, cids: list[int]) -> list[Event]:
        """A defender's lost nobles leave her meld or hand for the noble discard pile."""
        for cid in cids:
            if cid in self.hands[seat]:
                self.hands[seat].remove(cid)
            else:
                self._lift_defender(cid)
        return self._to_noble_pile(seat, cids, "defenders lost")

    def _take_hand(self, seat: int, victim: int) -> list[Event]:
        """A won hand: its nobles are lost, the rest goes to the attacker (privately)."""
        taken = [cid for cid in self.hands[victim] if not is_noble(cid)]
        self.hands[victim] = []
        self.hands[seat] = hand_order([*self.hands[seat], *taken])
        self.won_hand = True
        shown = {"cards": cards_wire(taken)}
        return [
            Event.legacy(
                "hand_taken",
                {"seat": seat, "victim": victim, "count": len(taken)},
                {seat: shown, victim: shown},
            )
        ]

    def _battle_over(self) -> list[Event]:
        """After the battle: the victim of a hand battle refills to three, and the attacker
        melds a won hand or replenishes and discards."""
        battle = self.battle
        assert battle is not None
        self.battle = None
        events: list[Event] = []
        if battle.meld is None and not self.endgame:
            self._draw_to(battle.victim, HAND, events)
        if self.won_hand:
            self.phase = MELDING
            return events
        self.phase = DISCARD
        if not self.endgame:
            self._draw_to(battle.attacker, DRAWN, events)
        if len(self.hands[battle.attacker]) <= HAND:
            events += self._end_turn(passed=False)
        return events

    def _give_up(self, seat: int, cid: int) -> list[Event]:
        owed = self.owed
        assert owed is not None
        owed.cards.remove(cid)
        owed.count -= 1
        if owed.kind == "unpaid":
            events = self._unpaid(seat, [cid])
        elif owed.kind == "losses":
            events = self._lose_defenders(seat, [cid])
        else:  # spoils
            assert self.battle is not None
            self.battle.committed.remove(cid)
            events = self._to_noble_pile(seat, [cid], "attackers spent")
        if owed.count > 0:
            return events
        self.owed = None
        if owed.kind == "unpaid":
            events += self._pay_upkeep(seat, len(owed.cards))
            return events + self._run_claim()
        if owed.kind == "spoils":
            assert self.battle is not None
            kept = self.battle.committed
            self.hands[seat] = hand_order([*self.hands[seat], *kept])
            self.battle.committed = []
            events.append(Event.legacy("kept", {"seat": seat, "cards": cards_wire(kept)}))
        return events + self._battle_over()

    # -- retrieval -------------------------------------------------------------------------

    def _retrieve(self, seat: int, action: Action) -> list[Event]:
        cid = action["cid"]
        if action["kind"] == "recall":
            self._lift_defender(cid)
            self.hands[seat] = hand_order([*self.hands[seat], cid])
            return [Event.legacy("recall", {"seat": seat, "card": card_wire(cid)})]
        self.nobles.remove(cid)
        self.money[seat] -= NOBLE_COST
        self.bank += NOBLE_COST
        if "meld" in action:
            self.melds[action["meld"]].defenders.append(cid)
        else:
            self.hands[seat] = hand_order([*self.hands[seat], cid])
        return [
            Event.legacy(
                "retrieve",
                {
                    "seat": seat,
                    "card": card_wire(cid),
                    "meld": action.get("meld"),
                    "paid": NOBLE_COST,
                },
            )
        ]

    # -- turns, the endgame and elections --------------------------------------------------

    def _pass(self, seat: int) -> list[Event]:
        self.passes += 1
        events = [Event.legacy("pass", {"seat": seat})]
        if self.passes >= self.seats:
            return events + self._decide("a whole round passed")
        return events + self._end_turn(passed=True)

    def _merge(self, seat: int, to: int) -> list[Event]:
        moved = [meld.id for meld in self.own_melds(seat)]
        for meld_id in moved:
            self.melds[meld_id].owner = to
        events = [Event.legacy("merge", {"seat": seat, "to": to, "melds": moved})]
        return events + self._end_turn(passed=False)

    def _end_turn(self, passed: bool) -> list[Event]:
        if not passed:
            self.passes = 0
        self.won_hand = False
        self.taken = None
        self.turn = self.left_of(self.turn)
        self.turns += 1
        self.phase = MAIN if self.endgame else START
        events = self._lapse_offers()
        if self.endgame:
            self.endgame_turns += 1
            if self.endgame_turns > ENDGAME_TURNS:
                return events + self._decide("the endgame ran its course")
        if self.provinces(self.turn) == ALL_PROVINCES:
            return events + self._end_rubber(self.turn, "all 36 provinces")
        if self.turns > TURN_LIMIT:
            return events + self._decide(f"turn {TURN_LIMIT} was the last")
        return [*events, Event.legacy("turn", {"seat": self.turn, "turn": self.turns})]

    def _ready(self, seat: int) -> list[Event]:
        self.ready.add(seat)
        events = [Event.legacy("ready", {"seat": seat})]
        if len(self.ready) < self.seats:
            return events
        self.phase, self.ready = self.paused, set()
        if self.endgame and self.phase == START:
            self.phase = MAIN
        self.majority = self._majority_now()
        events.append(
            Event.legacy(
                "election",
                {
                    "number": self.elections,
                    "majority": list(self.majority),
                    "coalition": list(self.coalition),
                    "provinces": [self.provinces(s) for s in range(self.seats)],
                },
            )
        )
        if self.elections >= ELECTIONS and not self.endgame:
            events += self._decide(f"election {self.elections} was the last")
        return events

    def _majority_now(self) -> tuple[int, ...]:
        for seat in range(self.seats):
            if self.provinces(seat) >= MAJORITY:
                return (seat,)
        if self.coalition and sum(self.provinces(s) for s in self.coalition) >= MAJORITY:
            return self.coalition
        return ()

    def _recount(self) -> list[Event]:
        """In the endgame the majority is whoever holds 19 provinces now (ruling 11)."""
        now = self._majority_now()
        if now == self.majority:
            return []
        self.majority = now
        return [Event.legacy("majority", {"seats": list(now)})]

    def _end_coalition(self, why: str) -> list[Event]:
        if not self.coalition:
            return []
        partners, self.coalition = self.coalition, ()
        if self.majority == partners:
            self.majority = ()
        return [Event.legacy("coalition_ends", {"seats": list(partners), "why": why})]

    def _decide(self, why: str) -> list[Event]:
        """Ruling 13 and cardtable's bounds: most provinces wins the rubber, then most money."""
        best = max((self.provinces(s), self.money[s]) for s in range(self.seats))
        leaders = [s for s in range(self.seats) if (self.provinces(s), self.money[s]) == best]
        winner = leaders[0] if len(leaders) == 1 else None
        return self._end_rubber(winner, why)

    def _end_rubber(self, winner: int | None, why: str) -> list[Event]:
        events = [
            Event.legacy(
                "rubber_end",
                {
                    "winner": winner,
                    "why": why,
                    "provinces": [self.provinces(s) for s in range(self.seats)],
                    "money": list(self.money),
                },
            )
        ]
        events += self._drop_offers("the rubber ended")
        self.owed, self.battle, self.claim = None, None, None
        lines = tuple(
            (ScoreLine("Rubber won", 1, 1),) if seat == winner else () for seat in range(self.seats)
        )
        score = RoundScore(self.round, self.sides, lines)
        wins = [total + (1 if seat == winner else 0) for seat, total in enumerate(self.totals)]
        last = max(wins) >= self.rubbers_to_win or self.round >= 2 * self.rubbers_to_win + 1
        return events + self._finish_round(score, last=last)

    # -- diplomacy (free actions) ----------------------------------------------------------

    def answers(self, seat: int) -> list[Action]:
        if self.over or self.awaiting_deal:
            return []
        replies: list[Action] = []
        for offer in self.offers.values():
            if offer.to == seat:
                if self._offer_problem(offer) is None:
                    replies.append({"kind": "accept", "deal": offer.id})
                replies.append({"kind": "decline", "deal": offer.id})
        return replies

    def _apply_free(self, seat: int, action: Action) -> list[Event]:
        kind = action["kind"]
        if kind == "offer":
            events = self._offer(seat, action)
        else:
            offer = self._named_offer(seat, action)
            if kind == "withdraw":
                events = self._close_offer(offer, "withdrawn")
            elif kind == "decline":
                events = self._close_offer(offer, "declined")
            else:
                events = self._accept(offer)
        return events + self._after_action()

    def _named_offer(self, seat: int, action: Action) -> Offer:
        if set(action) != {"kind", "deal"}:
            raise IllegalAction("Name the offer by its number, as `deal`.")
        number = action["deal"]
        whole = isinstance(number, int) and not isinstance(number, bool)
        offer = self.offers.get(number) if whole else None
        if offer is None:
            raise IllegalAction("There is no open offer with that number.")
        if action["kind"] == "withdraw" and offer.maker != seat:
            raise IllegalAction("Only the player who made an offer can withdraw it.")
        if action["kind"] != "withdraw" and offer.to != seat:
            raise IllegalAction("Only the player an offer is made to can answer it.")
        return offer

    def _offer(self, seat: int, action: Action) -> list[Event]:
        to = action.get("to")
        if isinstance(to, bool) or not isinstance(to, int) or to not in self._others(seat):
            raise IllegalAction("Make an offer to one of the other players, by seat.")
        terms = read_terms(action, MONEY)
        if any(offer.parties() == (seat, to) for offer in self.offers.values()):
            raise IllegalAction("You have an offer open to that player; withdraw it first.")
        offer = Offer(self.next_offer, seat, to, terms, self.turns)
        problem = self._offer_problem(offer, made=True)
        if problem is not None:
            raise problem
        self.offers[offer.id] = offer
        self.next_offer += 1
        wire = offer.to_wire(offer.made_on_turn + OFFER_TURNS)
        return [Event.legacy("offer", {"offer": wire}, audience=offer.parties())]

    def _offer_problem(self, offer: Offer, made: bool = False) -> IllegalAction | None:
        """Why the offer could not be carried out now (the refusal to raise), or None if it
        could."""
        terms, maker, to = offer.terms, offer.maker, offer.to
        if self.owed is not None and not made:
            return IllegalAction("Deals wait until the choice being made in play is made.")
        for payer, amount in ((maker, terms.give_money), (to, terms.get_money)):
            if self.money[payer] < amount:
                return IllegalAction(f"{{0}} has only {self.money[payer]} to give.", (payer,))
        for meld_id, owner in [
            *((m, maker) for m in terms.give_melds),
            *((m, to) for m in terms.get_melds),
        ]:
            meld = self.melds.get(meld_id)
            if meld is None:
                return IllegalAction(f"There is no meld {meld_id}.")
            if meld.owner != owner:
                return IllegalAction(f"Meld {meld_id} is not {{0}}'s.", (owner,))
        if terms.coalition is not None:
            if self.phase != ELECTION and not self.endgame:
                return IllegalAction(
                    "Coalitions are formed and dissolved only at an election or in the endgame."
                )
            if terms.coalition == "form" and self.coalition:
                return IllegalAction("There is a coalition already; it must be dissolved first.")
            if terms.coalition == "dissolve" and set(self.coalition) != {maker, to}:
                return IllegalAction("There is no coalition between these two players.")
        return None

    def _accept(self, offer: Offer) -> list[Event]:
        problem = self._offer_problem(offer)
        if problem is not None:
            raise IllegalAction(
                f"The deal cannot be carried out: {problem.template}", problem.seats
            )
        terms, maker, to = offer.terms, offer.maker, offer.to
        self.money[maker] += terms.get_money - terms.give_money
        self.money[to] += terms.give_money - terms.get_money
        for meld_id in terms.give_melds:
            self.melds[meld_id].owner = to
        for meld_id in terms.get_melds:
            self.melds[meld_id].owner = maker
        del self.offers[offer.id]
        events = [
            Event.legacy(
                "deal_done", {"deal": offer.id, "from": maker, "to": to, **terms.to_wire()}
            )
        ]
        if terms.coalition == "form":
            self.coalition = (min(maker, to), max(maker, to))
            events.append(Event.legacy("coalition", {"seats": list(self.coalition)}))
        elif terms.coalition == "dissolve":
            events += self._end_coalition("agreement")
        return events

    def _close_offer(self, offer: Offer, how: str) -> list[Event]:
        del self.offers[offer.id]
        return [
            Event.legacy("offer_closed", {"deal": offer.id, "how": how}, audience=offer.parties())
        ]

    def _lapse_offers(self) -> list[Event]:
        late = [o for o in self.offers.values() if o.made_on_turn + OFFER_TURNS <= self.turns]
        return [event for offer in late for event in self._close_offer(offer, "lapsed")]

    def _drop_offers(self, why: str) -> list[Event]:
        return [
            event for offer in list(self.offers.values()) for event in self._close_offer(offer, why)
        ]
