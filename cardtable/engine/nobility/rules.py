"""Nobility's rules: provinces, nobles and money for exactly three (its `rules.md`).

A turn is a draw and then a meld phase or a battle, or else a retrieval (rulings 5–10). When the
stock runs out an election is held (ruling 11); once the stock and its discard pile are both gone
the endgame begins. Offers between players (ruling 12) are free actions any seat may take.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from cardtable.engine.core import (
    Event,
    GameAction,
    IllegalAction,
    RoundScore,
    ScoreLine,
    Setup,
    Words,
    Zone,
)
from cardtable.engine.nobility.actions import (
    Battle,
    Claim,
    Corrupt,
    Defend,
    Discard,
    Done,
    Draw,
    Extend,
    GiveUp,
    MeldCards,
    Merge,
    Pass,
    Ready,
    Recall,
    Retrieve,
    Take,
)
from cardtable.engine.nobility.cards import (
    ALL_PROVINCES,
    CARD_COUNT,
    SUITS,
    card_face,
    faces,
    hand_order,
    is_joker,
    is_noble,
    is_province,
    run_order,
    suit_of,
)
from cardtable.engine.nobility.diplomacy import Diplomacy, offer_view
from cardtable.engine.nobility.melds import NOBLE_COST, Meld
from cardtable.engine.nobility.phases import (
    DISCARD,
    ELECTION,
    MAIN,
    MELDING,
    RETRIEVING,
    START,
)
from cardtable.engine.nobility.pieces import (
    BattleView,
    OwedView,
)
from cardtable.engine.nobility.refusals import refusal
from cardtable.engine.nobility.state import Fight, Owed, Payout
from cardtable.engine.nobility.text import taken_back_words
from cardtable.engine.nobility.types import (
    TYPES,
    Captured,
    Claimed,
    Corrupted,
    Dealt,
    DealtHand,
    Defended,
    Discarded,
    DrawnCards,
    Drew,
    Election,
    ElectionOpens,
    Extended,
    Fought,
    HandTaken,
    Income,
    Kept,
    Maintenance,
    MajorityNow,
    Melded,
    Merged,
    NobilityTable,
    Passed,
    Phase,
    Recalled,
    Retrieved,
    RubberEnd,
    StockOut,
    TakenCards,
    ToNobles,
    Took,
    Turn,
    Unpaid,
    WasReady,
)

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


class Nobility(Diplomacy):
    """Exactly three players; see the module docstring (the offers: `Diplomacy`)."""

    types = TYPES
    currency = MONEY

    def __init__(self, setup: Setup, stack: Sequence[int] | None = None) -> None:
        super().__init__(setup)
        self.rubbers_to_win = int(setup.options.get("rubbers", RUBBERS))
        self.offers = {}
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
        self.paused: Phase = START
        self.endgame = False
        self.endgame_turns = 0
        self.passes = 0
        self.owed = None
        self.battle: Fight | None = None
        self.claim: Payout | None = None
        self.won_hand = False
        self.taken: int | None = None  # the card taken from the stock discard pile this turn
        self.turn = self.left_of(self.dealer)
        self.turns = 1
        self.phase: Phase = START
        for seat in range(self.seats):
            self.hands[seat] = hand_order(self.hands[seat])
        deal = Dealt(self.round, self.dealer, len(self.stock), card_face(self.pile[-1]), self.bank)
        return [Event(deal, {seat: DealtHand(faces(hand)) for seat, hand in enumerate(self.hands)})]

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

    def taken_back_words(self, seat: int, action: GameAction, events: Sequence[Event]) -> Words:
        return taken_back_words(action, events)

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

    def _owed_view(self, seat: int | None) -> OwedView | None:
        """The cards owed, as `seat` sees them: hidden ones are shown to their giver alone."""
        if self.owed is None:
            return None
        shown = not self.owed.hidden or seat == self.owed.seat
        return OwedView(
            self.owed.seat, self.owed.kind, self.owed.count, faces(self.owed.cards) if shown else ()
        )

    def _own_table_fields(self, seat: int) -> dict[str, Any]:
        return {
            # in the taker's hand: told to her alone, like the rest of it
            "taken": card_face(self.taken)
            if self.taken is not None and seat == self.turn
            else None,
            "hand": faces(self.hands[seat]),
            "owed": self._owed_view(seat),
            "offers": tuple(
                offer_view(offer) for offer in self.offers.values() if seat in offer.parties()
            ),
        }

    def _table_view(self, seat: int | None) -> NobilityTable:
        battle = None
        if self.battle is not None:
            battle = BattleView(
                attacker=self.battle.attacker,
                nobles=faces(self.battle.committed),
                meld=self.battle.meld,
                victim=self.battle.victim,
                won=self.battle.won,
            )
        public = NobilityTable(
            turn=self.turn,
            turns=self.turns,
            phase=self.phase,
            endgame=self.endgame,
            endgame_turns_left=ENDGAME_TURNS - self.endgame_turns if self.endgame else None,
            passes=self.passes,
            taken=None,
            turn_limit=TURN_LIMIT,
            hand=None,
            hand_counts=tuple(len(hand) for hand in self.hands),
            stock=len(self.stock),
            stock_discard=faces(self.pile),
            noble_discard=faces(self.nobles),
            melds=tuple(meld.view(meld.owner in self.majority) for meld in self.melds.values()),
            money=tuple(self.money),
            bank=self.bank,
            provinces=self._all_provinces(),
            majority=self.majority,
            coalition=self.coalition,
            elections=self.elections,
            last_election=ELECTIONS,
            ready=tuple(sorted(self.ready)) if self.phase == ELECTION else (),
            income={
                suit: tuple(self.income_due(s, suit) for s in range(self.seats)) for suit in SUITS
            },
            owed=self._owed_view(None),
            battle=battle,
            won_hand=self.won_hand,
            offers=(),
            rubbers_to_win=self.rubbers_to_win,
        )
        return public if seat is None else replace(public, **self._own_table_fields(seat))

    def _all_provinces(self) -> tuple[int, ...]:
        return tuple(self.provinces(s) for s in range(self.seats))

    # -- legal actions ---------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[GameAction]:
        if self.owed is not None:
            return [GiveUp(cid) for cid in self.owed.cards]
        if self.phase == ELECTION:
            return [Ready()]
        hand = self.hands[seat]
        if self.phase == START:
            actions: list[GameAction] = []
            if self.stock:
                actions.append(Draw())
            if self.pile:
                actions.append(Take())
            return actions + self._retrievals(seat)
        if self.phase == MAIN:
            actions = [*self._meld_actions(seat), *self._battles(seat)]
            if self.endgame:
                actions += self._retrievals(seat)
                if self.own_melds(seat):
                    actions += [Merge(other) for other in self._others(seat)]
                if len(hand) <= HAND:
                    actions.append(Pass())
            if len(hand) > HAND:
                actions += self._discards(seat)
            return actions
        if self.phase == MELDING:
            return [*self._meld_actions(seat), Done()]
        if self.phase == RETRIEVING:
            return [*self._retrievals(seat), Done()]
        return list(self._discards(seat))  # DISCARD

    def _discards(self, seat: int) -> list[Discard]:
        """Any card but the one taken from the stock discard pile this turn (so that the pile
        cannot pass round the table for ever)."""
        return [Discard(cid) for cid in self.hands[seat] if cid != self.taken]

    def _others(self, seat: int) -> list[int]:
        return [other for other in range(self.seats) if other != seat]

    def _meld_actions(self, seat: int) -> list[GameAction]:
        hand = self.hands[seat]
        provinces = [cid for cid in hand if is_province(cid)]
        actions: list[GameAction] = []
        for size in range(3, len(provinces) + 1):
            for group in combinations(sorted(provinces), size):
                if run_order(group) is not None:
                    actions.append(MeldCards(group))
        for cid in provinces:
            for meld in self.melds.values():
                if meld.extends_with(cid):
                    actions.append(Extend(cid, meld.id))
        for cid in hand:
            if is_noble(cid):
                for meld in self.own_melds(seat):
                    if meld.suit == suit_of(cid):
                        actions.append(Defend(cid, meld.id))
                actions.append(Claim(cid))
            elif is_joker(cid):
                for meld in self.melds.values():
                    if meld.joker is None:
                        actions.append(Corrupt(cid, meld.id))
        return actions

    def _battles(self, seat: int) -> list[Battle]:
        nobles = sorted(cid for cid in self.hands[seat] if is_noble(cid))
        targets = [Battle((), meld=meld.id) for meld in self.melds.values() if meld.owner != seat]
        targets += [Battle((), hand=other) for other in self._others(seat) if self.hands[other]]
        return [
            replace(target, cids=group)
            for size in range(2, len(nobles) + 1)
            for group in combinations(nobles, size)
            for target in targets
        ]

    def _retrievals(self, seat: int) -> list[GameAction]:
        actions: list[GameAction] = []
        if self.money[seat] >= NOBLE_COST:
            for cid in sorted(set(self.nobles)):
                actions.append(Retrieve(cid))
                for meld in self.own_melds(seat):
                    if meld.suit == suit_of(cid):
                        actions.append(Retrieve(cid, meld.id))
        for meld in self.own_melds(seat):
            for cid in meld.defenders:
                actions.append(Recall(cid))
        return actions

    # -- applying --------------------------------------------------------------------------

    def _apply(self, seat: int, action: GameAction) -> list[Event]:
        if isinstance(action, (MeldCards, Battle)):
            action = replace(action, cids=tuple(sorted(action.cids)))
        if action not in self._legal_actions(seat):
            raise IllegalAction(refusal(self, seat, action))
        events = self._carry_out(seat, action)
        return events + self._after_action()

    def _carry_out(self, seat: int, action: GameAction) -> list[Event]:
        match action:
            case GiveUp(cid=cid):
                return self._give_up(seat, cid)
            case Ready():
                return self._ready(seat)
            case Draw() | Take():
                return self._draw(seat, take=isinstance(action, Take))
            case MeldCards() | Extend() | Defend() | Corrupt() | Claim():
                self.phase = MELDING
                return self._meld_move(seat, action)
            case Battle():
                return self._battle(seat, action)
            case Retrieve() | Recall():
                self.phase = RETRIEVING
                return self._retrieve(seat, action)
            case Done():
                return self._done(seat)
            case Discard(cid=cid):
                return self._discard(seat, cid)
            case Merge(to=to):
                return self._merge(seat, to)
            case Pass():
                return self._pass(seat)
        raise IllegalAction(f"{action.kind!r} is not a move in Nobility.")  # never: not legal

    def _after_action(self) -> list[Event]:
        """What follows any action: an election that is due, and the endgame's majority."""
        events: list[Event] = []
        if self.over or self.awaiting_deal:
            return events
        if self.election_due and self.owed is None and self.phase != ELECTION:
            self.election_due = False
            self.paused, self.phase = self.phase, ELECTION
            self.ready = set()
            events.append(Event(ElectionOpens(self.elections)))
        if self.endgame:
            events += self._recount()
        return events

    # -- drawing and discarding --------------------------------------------------------------

    def _draw(self, seat: int, *, take: bool) -> list[Event]:
        self.phase = MAIN
        if take:
            cid = self.pile.pop()
            self.taken = cid
            self.hands[seat] = hand_order([*self.hands[seat], cid])
            return [Event(Took(seat, card_face(cid)))]
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
        return Event(Drew(seat, len(cids), len(self.stock)), {seat: DrawnCards(faces(cids))})

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
        events.append(Event(StockOut(self.elections, len(self.stock), self.endgame)))
        return events

    def _discard(self, seat: int, cid: int) -> list[Event]:
        self.hands[seat].remove(cid)
        self.pile.append(cid)
        events = [Event(Discarded(seat, card_face(cid)))]
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

    def _meld_move(
        self, seat: int, action: MeldCards | Extend | Defend | Corrupt | Claim
    ) -> list[Event]:
        hand = self.hands[seat]
        if isinstance(action, MeldCards):
            cards = run_order(action.cids)
            assert cards is not None
            for cid in cards:
                hand.remove(cid)
            meld = Meld(self.next_meld, seat, suit_of(cards[0]), cards)
            self.melds[meld.id] = meld
            self.next_meld += 1
            return [Event(Melded(seat, meld.view(False)))]
        cid = action.cid
        hand.remove(cid)
        if isinstance(action, Claim):
            self.nobles.append(cid)
            self.claim = Payout(suit_of(cid), [(seat + step) % self.seats for step in range(3)])
            return [Event(Claimed(seat, card_face(cid))), *self._run_claim()]
        meld = self.melds[action.meld]
        card = card_face(cid)
        if isinstance(action, Extend):
            meld.extend(cid)
            return [Event(Extended(seat, card, meld.id, meld.owner))]
        if isinstance(action, Defend):
            meld.defenders.append(cid)
            return [Event(Defended(seat, card, meld.id, meld.owner))]
        meld.joker = cid
        return [Event(Corrupted(seat, card, meld.id, meld.owner))]

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
            events.append(Event(Income(seat, self.claim.suit, due, paid)))
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
        return [Event(Maintenance(seat, count, fee))]

    def _unpaid(self, seat: int, cids: list[int]) -> list[Event]:
        """Defenders whose maintenance is not paid go face up to the stock discard pile."""
        for cid in cids:
            self._lift_defender(cid)
            self.pile.append(cid)
        return [Event(Unpaid(seat, faces(cids)))]

    def _lift_defender(self, cid: int) -> None:
        for meld in self.melds.values():
            if cid in meld.defenders:
                meld.defenders.remove(cid)
                return

    # -- battles ---------------------------------------------------------------------------

    def _battle(self, seat: int, action: Battle) -> list[Event]:
        committed = list(action.cids)
        for cid in committed:
            self.hands[seat].remove(cid)
        meld = self.melds[action.meld] if action.meld is not None else None
        victim = meld.owner if meld is not None else action.hand
        assert victim is not None
        defenders = (
            list(meld.defenders)
            if meld is not None
            else [cid for cid in self.hands[victim] if is_noble(cid)]
        )
        attack, defence = len(committed), 1 + len(defenders)
        won = attack > defence
        self.battle = Fight(seat, committed, meld.id if meld else None, victim, won)
        self.phase = DISCARD
        fought = Fought(
            seat, victim, meld.id if meld else None, faces(committed), attack, defence, won
        )
        events = [Event(fought)]
        if victim in self.coalition and seat in self.coalition:
            events += self._end_coalition("a battle between the partners")
        if won:
            events += self._to_noble_pile(victim, defenders, "defenders lost")
            if meld is not None:
                meld.defenders = []
                meld.owner = seat
                events.append(Event(Captured(seat, meld.id, victim)))
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
        return [Event(ToNobles(seat, faces(cids), why))]

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
        shown = TakenCards(faces(taken))
        return [Event(HandTaken(seat, victim, len(taken)), {seat: shown, victim: shown})]

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
            events.append(Event(Kept(seat, faces(kept))))
        return events + self._battle_over()

    # -- retrieval -------------------------------------------------------------------------

    def _retrieve(self, seat: int, action: Retrieve | Recall) -> list[Event]:
        cid = action.cid
        if isinstance(action, Recall):
            self._lift_defender(cid)
            self.hands[seat] = hand_order([*self.hands[seat], cid])
            return [Event(Recalled(seat, card_face(cid)))]
        self.nobles.remove(cid)
        self.money[seat] -= NOBLE_COST
        self.bank += NOBLE_COST
        if action.meld is not None:
            self.melds[action.meld].defenders.append(cid)
        else:
            self.hands[seat] = hand_order([*self.hands[seat], cid])
        return [Event(Retrieved(seat, card_face(cid), action.meld, NOBLE_COST))]

    # -- turns, the endgame and elections --------------------------------------------------

    def _pass(self, seat: int) -> list[Event]:
        self.passes += 1
        events = [Event(Passed(seat))]
        if self.passes >= self.seats:
            return events + self._decide("a whole round passed")
        return events + self._end_turn(passed=True)

    def _merge(self, seat: int, to: int) -> list[Event]:
        moved = [meld.id for meld in self.own_melds(seat)]
        for meld_id in moved:
            self.melds[meld_id].owner = to
        events = [Event(Merged(seat, to, tuple(moved)))]
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
        return [*events, Event(Turn(self.turn, self.turns))]

    def _ready(self, seat: int) -> list[Event]:
        self.ready.add(seat)
        events = [Event(WasReady(seat))]
        if len(self.ready) < self.seats:
            return events
        self.phase, self.ready = self.paused, set()
        if self.endgame and self.phase == START:
            self.phase = MAIN
        self.majority = self._majority_now()
        election = Election(self.elections, self.majority, self.coalition, self._all_provinces())
        events.append(Event(election))
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
        return [Event(MajorityNow(now))]

    def _decide(self, why: str) -> list[Event]:
        """Ruling 13 and cardtable's bounds: most provinces wins the rubber, then most money."""
        best = max((self.provinces(s), self.money[s]) for s in range(self.seats))
        leaders = [s for s in range(self.seats) if (self.provinces(s), self.money[s]) == best]
        winner = leaders[0] if len(leaders) == 1 else None
        return self._end_rubber(winner, why)

    def _end_rubber(self, winner: int | None, why: str) -> list[Event]:
        events = [Event(RubberEnd(winner, why, self._all_provinces(), tuple(self.money)))]
        events += self._drop_offers("the rubber ended")
        self.owed, self.battle, self.claim = None, None, None
        lines = tuple(
            (ScoreLine("Rubber won", 1, 1),) if seat == winner else () for seat in range(self.seats)
        )
        score = RoundScore(self.round, self.sides, lines)
        wins = [total + (1 if seat == winner else 0) for seat, total in enumerate(self.totals)]
        last = max(wins) >= self.rubbers_to_win or self.round >= 2 * self.rubbers_to_win + 1
        return events + self._finish_round(score, last=last)
