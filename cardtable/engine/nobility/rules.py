"""Nobility's rules: provinces, nobles and money for exactly three (its `rules.md`).

A turn is a draw and then a meld phase or a battle, or else a retrieval (rulings 5–10). When the
stock runs out an election is held (ruling 11); once the stock and its discard pile are both gone
the endgame begins. Offers between players (ruling 12) are free actions any seat may take.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardtable.engine.actions import GameAction
from cardtable.engine.events import DealtHand, Event
from cardtable.engine.game import other_hands
from cardtable.engine.nobility import actions, legal, phases, view
from cardtable.engine.nobility.battles import battle, give_up
from cardtable.engine.nobility.cards import (
    ALL_PROVINCES,
    CARD_COUNT,
    card_face,
    faces,
    hand_order,
)
from cardtable.engine.nobility.diplomacy import Diplomacy
from cardtable.engine.nobility.limits import DRAWN, ELECTIONS, MONEY, TURN_LIMIT
from cardtable.engine.nobility.limits import ENDGAME_TURNS as ENDGAME_TURNS  # search's import
from cardtable.engine.nobility.limits import HAND as HAND  # search's import
from cardtable.engine.nobility.limits import RUBBERS as RUBBERS  # the game's record's import
from cardtable.engine.nobility.melding import meld_move, pay_upkeep, retrieve, run_claim
from cardtable.engine.nobility.melds import Meld
from cardtable.engine.nobility.refusals import refusal
from cardtable.engine.nobility.standing import majority_now, recount, rubber_leader
from cardtable.engine.nobility.state import Fight, Payout
from cardtable.engine.nobility.text import taken_back_words
from cardtable.engine.nobility.types import (
    TYPES,
    Dealt,
    Discarded,
    DrawnCards,
    Drew,
    Election,
    ElectionOpens,
    Merged,
    NobilityTable,
    Passed,
    Phase,
    RubberEnd,
    StockOut,
    Took,
    Turn,
    WasReady,
)
from cardtable.engine.nobility.unseen import (
    NobilityUnseen,
    cids,
    claim_shown,
    fight_shown,
    meld_shown,
    offers_shown,
    owed_shown,
)
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.scores import RoundScore, ScoreLine
from cardtable.engine.seat_words import Words
from cardtable.engine.setup import Setup
from cardtable.engine.views import SeatView


class Nobility(Diplomacy):
    """Exactly three players; see the module docstring. The offers are `Diplomacy`'s; legal
    actions, the view, melding, battles and who stands where are functions over the game in
    `legal`, `view`, `melding`, `battles` and `standing`."""

    types = TYPES
    currency = MONEY

    def __init__(self, setup: Setup, stack: Sequence[int] | None = None) -> None:
        super().__init__(setup)
        self.rubbers_to_win = int(setup.options.get("rubbers", RUBBERS))
        self.offers = {}
        self.next_offer = 1
        self.opening_events = self._start_round(self._deck_order(stack))

    # -- dealing ---------------------------------------------------------------------------

    def _start_round(self, order: list[int]) -> list[Event]:
        """Ruling 4: three each, the stock, its top card turned up; left of the dealer starts."""
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
        self.paused: Phase = phases.START
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
        self.phase: Phase = phases.START
        for seat in range(self.seats):
            self.hands[seat] = hand_order(self.hands[seat])
        deal = Dealt(self.round, self.dealer, len(self.stock), card_face(self.pile[-1]), self.bank)
        return [Event(deal, {seat: DealtHand(faces(hand)) for seat, hand in enumerate(self.hands)})]

    # -- a position from a seat's view ------------------------------------------------------

    @classmethod
    def from_view(
        cls, view: SeatView[NobilityTable], unseen: NobilityUnseen, seed: int
    ) -> Nobility:
        """The game at `view`'s position with `unseen` where its seat cannot see (see
        `Game.from_view`); of the open offers, it has those the view shows."""
        table, seat = view.table, view.seat
        assert seat is not None and table.hand is not None
        game = cls._from_frame(view, {"rubbers": table.rubbers_to_win}, seed)
        game.hands = [
            cids(table.hand) if other == seat else hand_order(list(unseen.hands[other]))
            for other in range(view.seats)
        ]
        game.stock = list(unseen.stock)
        game.pile, game.nobles = cids(table.stock_discard), cids(table.noble_discard)
        game.melds = {shown.id: meld_shown(shown) for shown in table.melds}
        game.next_meld = max(game.melds, default=0) + 1
        game.money, game.bank = list(table.money), table.bank
        game.coalition, game.majority = table.coalition, table.majority
        game.elections, game.election_due = table.elections, False
        game.ready, game.paused = set(table.ready), unseen.paused
        game.endgame, game.passes = table.endgame, table.passes
        left = table.endgame_turns_left
        game.endgame_turns = ENDGAME_TURNS - left if left is not None else 0
        game.owed = owed_shown(view, game.hands)
        game.battle = fight_shown(table)
        game.claim = claim_shown(table, unseen.payers_after)
        game.won_hand = table.won_hand
        game.turn, game.turns, game.phase = table.turn, table.turns, table.phase
        game.taken = table.taken.cid if table.taken is not None else unseen.taken
        game.offers, game.next_offer = offers_shown(table), unseen.next_offer
        return game

    def unseen(self, seat: int) -> NobilityUnseen:
        payers = tuple(self.claim.order) if self.claim is not None else ()
        hands, stock = other_hands(self.hands, seat), tuple(self.stock)
        return NobilityUnseen(hands, stock, self.taken, self.paused, payers, self.next_offer)

    # -- the frame's questions -------------------------------------------------------------

    def card_count(self) -> int:
        return CARD_COUNT

    def _actors(self) -> tuple[int, ...]:
        if self.owed is not None:
            return (self.owed.seat,)
        if self.phase == phases.ELECTION:
            return tuple(seat for seat in range(self.seats) if seat not in self.ready)
        return (self.turn,)

    def purses(self) -> dict[str, int]:
        return {"bank": self.bank, **{f"seat {s}": m for s, m in enumerate(self.money)}}

    def taken_back_words(self, seat: int, action: GameAction, events: Sequence[Event]) -> Words:
        return taken_back_words(action, events)

    def provinces(self, seat: int) -> int:
        return sum(meld.length for meld in self.melds.values() if meld.owner == seat)

    def own_melds(self, seat: int) -> list[Meld]:
        return [meld for meld in self.melds.values() if meld.owner == seat]

    def income_due(self, seat: int, suit: str) -> int:
        """What a claim of `suit` would owe `seat` now, before the bank's limit."""
        due = sum(meld.income for meld in self.own_melds(seat) if meld.suit == suit)
        return due * (2 if seat in self.majority else 1)

    def all_provinces(self) -> tuple[int, ...]:
        return tuple(self.provinces(s) for s in range(self.seats))

    # Kept in modules of their own (`legal`, `view`), and methods all the same.
    _legal_actions = legal.legal_actions
    zones = view.zones
    _table_view = view.table_view
    _own_table_fields = view.own_table_fields

    # -- applying --------------------------------------------------------------------------

    def _apply(self, seat: int, action: GameAction) -> list[Event]:
        if isinstance(action, (actions.MeldCards, actions.Battle)):
            action = replace(action, cids=tuple(sorted(action.cids)))
        if action not in self._legal_actions(seat):
            raise IllegalAction(refusal(self, seat, action))
        events = self._carry_out(seat, action)
        return events + self._after_action()

    def _carry_out(self, seat: int, action: GameAction) -> list[Event]:
        match action:
            case actions.GiveUp(cid=cid):
                return self._give_up(seat, cid)
            case actions.Ready():
                return self._ready(seat)
            case actions.Draw() | actions.Take():
                return self._draw(seat, take=isinstance(action, actions.Take))
            case _ if isinstance(action, actions.MeldMove):
                self.phase = phases.MELDING
                return meld_move(self, seat, action)
            case actions.Battle():
                events = battle(self, seat, action)
                return events if self.owed is not None else events + self._battle_over()
            case actions.Retrieve() | actions.Recall():
                self.phase = phases.RETRIEVING
                return retrieve(self, seat, action)
            case actions.Done():
                return self._done(seat)
            case actions.Discard(cid=cid):
                return self._discard(seat, cid)
            case actions.Merge(to=to):
                return self._merge(seat, to)
            case actions.Pass():
                return self._pass(seat)
        raise IllegalAction(f"{action.kind!r} is not a move in Nobility.")  # never: not legal

    def _after_action(self) -> list[Event]:
        """What follows any action: an election that is due, and the endgame's majority."""
        events: list[Event] = []
        if self.over or self.awaiting_deal:
            return events
        if self.election_due and self.owed is None and self.phase != phases.ELECTION:
            self.election_due = False
            self.paused, self.phase = self.phase, phases.ELECTION
            self.ready = set()
            events.append(Event(ElectionOpens(self.elections)))
        if self.endgame:
            events += recount(self)
        return events

    # -- drawing and discarding --------------------------------------------------------------

    def _draw(self, seat: int, *, take: bool) -> list[Event]:
        self.phase = phases.MAIN
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
        events = self.end_coalition("the election")
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
            self.phase = phases.DISCARD
            return events
        return events + self._end_turn(passed=False)

    def _done(self, seat: int) -> list[Event]:
        """The meld phase or the retrieval is over: replenish (after melding), then discard."""
        events: list[Event] = []
        if self.phase == phases.MELDING and not self.endgame:
            self._draw_to(seat, DRAWN, events)
        self.phase = phases.DISCARD
        if len(self.hands[seat]) <= HAND:
            events += self._end_turn(passed=False)
        return events

    # -- after a battle or a choice owed --------------------------------------------------

    def _give_up(self, seat: int, cid: int) -> list[Event]:
        owed = self.owed
        assert owed is not None
        events = give_up(self, seat, cid)
        if self.owed is not None:
            return events
        if owed.kind == "unpaid":
            return events + pay_upkeep(self, seat, len(owed.cards)) + run_claim(self)
        return events + self._battle_over()

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
            self.phase = phases.MELDING
            return events
        self.phase = phases.DISCARD
        if not self.endgame:
            self._draw_to(battle.attacker, DRAWN, events)
        if len(self.hands[battle.attacker]) <= HAND:
            events += self._end_turn(passed=False)
        return events

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
        self.phase = phases.MAIN if self.endgame else phases.START
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
        if self.endgame and self.phase == phases.START:
            self.phase = phases.MAIN
        self.majority = majority_now(self)
        election = Election(self.elections, self.majority, self.coalition, self.all_provinces())
        events.append(Event(election))
        if self.elections >= ELECTIONS and not self.endgame:
            events += self._decide(f"election {self.elections} was the last")
        return events

    def _decide(self, why: str) -> list[Event]:
        """Ruling 13 and cardtable's bounds: most provinces wins the rubber, then most money."""
        return self._end_rubber(rubber_leader(self), why)

    def _end_rubber(self, winner: int | None, why: str) -> list[Event]:
        events = [Event(RubberEnd(winner, why, self.all_provinces(), tuple(self.money)))]
        events += self._drop_offers("the rubber ended")
        self.owed, self.battle, self.claim = None, None, None
        lines = tuple(
            (ScoreLine("Rubber won", 1, 1),) if seat == winner else () for seat in range(self.seats)
        )
        score = RoundScore(self.round, self.sides, lines)
        wins = [total + (1 if seat == winner else 0) for seat, total in enumerate(self.totals)]
        last = max(wins) >= self.rubbers_to_win or self.round >= 2 * self.rubbers_to_win + 1
        return events + self._finish_round(score, last=last)
