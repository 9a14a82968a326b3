"""Trupe: declare combinations of 3 or 4 until every card is down (rulings 1–11).

A round ("hand") is dealt 13 cards a player; premium and penalty cards are declared and replaced
at once, by the engine, since nobody chooses anything there and everyone sees them. Miranda's
extra draws are drawn at once too; the extra discards they bring are the holder's own actions.

A turn is a `draw` from the pack or a `take` from the discard row, then any `declare`, `extend`
and `pair` actions, then one `discard` (more after a Miranda). A card taken from the row must be
declared that turn, in a new combination with hand cards (ruling 5): until it is, the turn cannot
end, and every declaration or extension must leave the cards that declare it. A 3 is extended by
a card drawn from the pack, on a later turn than the 3 was declared (ruling 6). A hand empties →
the player has gone out and the round is scored; it ends with no winner only when there is
nothing left to draw (ruling 7).

Games stored before these rulings were played under the first ones (option ``rulings`` = 1, set
on them when the database is brought up to date): a hand also ended with no winner when the pack
ran out a fourth time, and any hand card but a taken one extended a 3, on any turn.

Legal-action lists give one declaration per distinct choice of identities (the lowest card ids
of each), and every Trefoil identity that works. The engine accepts any cards with the same
identities.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.actions import NOT_IN_HAND, Deal, GameAction, named_cards
from cardtable.engine.events import Event
from cardtable.engine.game import Game, other_hands
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.scores import RoundScore
from cardtable.engine.seat_words import Words
from cardtable.engine.setup import Setup
from cardtable.engine.trupe import legal, view
from cardtable.engine.trupe.cards import DECK, DECK_SIZE, face, faces, hand_order
from cardtable.engine.trupe.combinations import classify
from cardtable.engine.trupe.declaring import (
    Declaration,
    FinalPair,
    card_name,
    code_of,
    trefoil_identity,
)
from cardtable.engine.trupe.legal import (
    can_take,
    check_kept,
    check_taken_kept,
    checked_extension,
    checked_pair,
    phase_hint,
)
from cardtable.engine.trupe.phases import DEALING, DISCARD, DRAW, EXTRA, PLAY, TAKEN
from cardtable.engine.trupe.scoring import hand_lines, hand_type
from cardtable.engine.trupe.text import taken_back_words
from cardtable.engine.trupe.types import (
    NOT_IN_ROW,
    TYPES,
    Dealt,
    Declare,
    Declared,
    Discard,
    Discarded,
    Draw,
    DrawReason,
    Drew,
    DrewCard,
    Extend,
    Extended,
    ExtraDiscards,
    HandType,
    LoseTurn,
    NoWinner,
    OutBy,
    Pair,
    PairLaid,
    SpecialDeclared,
    Take,
    Took,
    TrupeTable,
    Turn,
    TurnedOver,
    WentOut,
)
from cardtable.engine.trupe.unseen import TrupeUnseen, declarations_shown, pairs_shown
from cardtable.engine.views import SeatView

HAND_SIZE = 13
ROW_SIZE = 5
TARGET = 150
#: The rulings new games are played under (option ``rulings``).
RULINGS = 2
#: The first rulings, kept so that games stored under them replay as they were played.
FIRST_RULINGS = 1
#: Under the first rulings, a hand ended with no winner when the pack ran out a fourth time.
FIRST_RULINGS_TURNOVERS = 3

#: The actions each phase allows.
ALLOWED: dict[str, tuple[type[GameAction], ...]] = {
    EXTRA: (Discard,),
    DRAW: (Draw, Take),
    TAKEN: (Declare, Extend),
    PLAY: (Declare, Extend, Pair, Discard),
    DISCARD: (Discard,),
}


class Trupe(Game):
    """The rules of Trupe for 2–4 players."""

    types = TYPES

    def __init__(self, setup: Setup, stack: Sequence[int] | None = None) -> None:
        super().__init__(setup)
        self.target: int = int(setup.options.get("target", TARGET))
        self.first_rulings = setup.options.get("rulings", RULINGS) == FIRST_RULINGS
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.pack: list[int] = []  # the top card is the last element
        self.row: list[int] = []  # visible discards, oldest first
        self.open_pack: list[int] = []  # covered discards, the latest last
        self.declarations: dict[int, Declaration] = {}
        self.pairs: dict[int, FinalPair] = {}
        self.specials: list[list[int]] = [[] for _ in range(self.seats)]
        self.lost_turns = [0] * self.seats
        self.extra_due = [0] * self.seats
        self.turn = 0
        self.phase = DRAW
        self.discards_due = 0
        self.taken: int | None = None
        self.turnovers = 0
        #: The hand's turns so far, counting from 1 (ruling 6).
        self.turn_number = 0
        #: The cards drawn from the pack this hand (ruling 6: they alone extend a 3).
        self.from_pack: set[int] = set()
        self.went_out: int | None = None
        self.hand_type: HandType | None = None
        self.opening_events = self._start_round(self._deck_order(stack))

    # -- dealing ---------------------------------------------------------------------------

    def _start_round(self, order: list[int]) -> list[Event]:
        """Rulings 1 and 2: deal 13 each; specials are declared and replaced from the dealer
        round to the left; Miranda holders then discard their extra cards; the dealer plays."""
        self.phase = DEALING
        self.hands, position = self._deal_hands(order, HAND_SIZE)
        self.pack = order[position:][::-1]
        self.row, self.open_pack = [], []
        self.declarations, self.pairs = {}, {}
        self.specials = [[] for _ in range(self.seats)]
        self.lost_turns = [0] * self.seats
        self.extra_due = [0] * self.seats
        self.taken, self.turnovers, self.discards_due = None, 0, 0
        self.turn_number, self.from_pack = 0, set()
        self.went_out, self.hand_type = None, None
        events = [Event(Dealt(self.round, self.dealer, (HAND_SIZE,) * self.seats, len(self.pack)))]
        for seat in self._from_dealer():
            specials = [cid for cid in self.hands[seat] if DECK[cid].special]
            for cid in specials:
                self.hands[seat].remove(cid)
                events += self._declare_special(seat, cid)
            extras = sum(DECK[cid].extra_draws for cid in specials)
            reasons: list[DrawReason] = ["replacement"] * len(specials)
            reasons += ["extra"] * extras
            if self._draw_cards(seat, reasons, events):
                return events
        for seat in range(self.seats):
            self.hands[seat] = hand_order(self.hands[seat])
        return events + self._next_extra_discard()

    def _from_dealer(self) -> list[int]:
        return [(self.dealer + offset) % self.seats for offset in range(self.seats)]

    # -- a position from a seat's view ------------------------------------------------------

    @classmethod
    def from_view(cls, view: SeatView[TrupeTable], unseen: TrupeUnseen, seed: int) -> Trupe:
        """The game at `view`'s position with `unseen` where its seat cannot see (see
        `Game.from_view`), under the current rulings; it counts the turn in play as the
        hand's first (ruling 6 asks only whether a three was declared this turn)."""
        table, seat = view.table, view.seat
        assert seat is not None and table.hand is not None and table.turn is not None
        assert table.from_pack is not None
        game = cls._from_frame(view, {"target": table.target, "rulings": RULINGS}, seed)
        game.hands = [
            [card.cid for card in table.hand]
            if other == seat
            else hand_order(list(unseen.hands[other]))
            for other in range(view.seats)
        ]
        game.pack = list(unseen.pack)
        top = [] if table.open_top is None else [table.open_top.cid]
        game.row, game.open_pack = [card.cid for card in table.row], [*unseen.under, *top]
        game.turnovers, game.turn_number = table.turnovers, 1
        game.declarations = declarations_shown(table, game.turn_number)
        game.pairs = pairs_shown(table)
        game.specials = [[card.cid for card in cards] for cards in table.specials]
        game.lost_turns, game.extra_due = list(table.lost_turns), list(table.extra_due)
        game.turn, game.phase = table.turn, table.phase
        game.discards_due = table.discards_due
        game.taken = None if table.taken is None else table.taken.cid
        game.from_pack = set(table.from_pack) | unseen.from_pack
        game.went_out, game.hand_type = table.went_out, table.hand_type
        return game

    def unseen(self, seat: int) -> TrupeUnseen:
        hands = other_hands(self.hands, seat)
        drawn = frozenset(cid for hand in hands.values() for cid in hand if cid in self.from_pack)
        return TrupeUnseen(hands, tuple(self.open_pack[:-1]), tuple(self.pack), drawn)

    # -- the frame's questions -------------------------------------------------------------

    def _actors(self) -> tuple[int, ...]:
        return (self.turn,)

    def card_count(self) -> int:
        return DECK_SIZE

    # Kept in modules of their own (`legal`, `view`), and methods all the same.
    _legal_actions = legal.legal_actions
    zones = view.zones
    _table_view = view.table_view
    _own_table_fields = view.own_table_fields

    def taken_back_words(self, seat: int, action: GameAction, events: Sequence[Event]) -> Words:
        return taken_back_words(events)

    # -- what a seat has and may do ----------------------------------------------------------

    def own_declarations(self, seat: int) -> list[Declaration]:
        return [d for d in self.declarations.values() if d.owner == seat]

    def table_points(self, seat: int) -> int:
        return sum(d.kind.points for d in self.own_declarations(seat))

    # -- applying actions --------------------------------------------------------------------

    def _apply(self, seat: int, action: GameAction) -> list[Event]:
        if isinstance(action, Deal):
            raise IllegalAction("The hand is under way: there is nothing to deal.")
        if not isinstance(action, ALLOWED[self.phase]):
            raise IllegalAction(phase_hint(self))
        match action:
            case Draw():
                return self._draw(seat)
            case Take():
                return self._take(seat, action)
            case Declare():
                return self._declare(seat, action)
            case Extend():
                return self._extend(seat, action)
            case Pair():
                return self._pair(seat, action)
            case Discard():
                return self._discard(seat, action)
        raise IllegalAction(f"{action.kind!r} is not a move in Trupe.")

    def _draw(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if self._draw_cards(seat, ["turn"], events):
            return events
        self.hands[seat] = hand_order(self.hands[seat])
        self.phase = PLAY
        return events

    def _take(self, seat: int, action: Take) -> list[Event]:
        cid = action.cid
        if cid not in self.row:
            raise IllegalAction(NOT_IN_ROW)
        if len(self.hands[seat]) < 2:
            raise IllegalAction("Holding one card, you draw from the pack only.")
        if not can_take(self, seat, cid):
            raise IllegalAction(
                f"You may take the {card_name(cid)} only to declare it this turn in a new "
                "combination with cards from your hand, and your hand has none for it."
            )
        self.row.remove(cid)
        self.from_pack.discard(cid)
        self.hands[seat] = hand_order([*self.hands[seat], cid])
        self.taken = cid
        self.phase = TAKEN
        return [Event(Took(seat, face(cid), faces(self.row)))]

    def _declare(self, seat: int, action: Declare) -> list[Event]:
        cids = named_cards(action.cids, self.hands[seat])
        trefoil_as = trefoil_identity(cids, action.stands_for)
        kind = classify([code_of(cid, trefoil_as) for cid in cids])
        if isinstance(kind, str):
            raise IllegalAction(kind)
        check_kept(self, seat, len(cids))
        check_taken_kept(self, seat, cids)
        for cid in cids:
            self.hands[seat].remove(cid)
        declared = Declaration(self._next_id(), seat, list(cids), trefoil_as, self.turn_number)
        self.declarations[declared.id] = declared
        if self.taken in cids:
            self.taken = None
            self.phase = PLAY
        event = Event(Declared(seat, declared.view()))
        return [event, *self._out_if_empty(seat, "declare")]

    def _extend(self, seat: int, action: Extend) -> list[Event]:
        declared, trefoil_as = checked_extension(self, seat, action)
        cid = action.cid
        check_kept(self, seat, 1)
        check_taken_kept(self, seat, [cid])
        self.hands[seat].remove(cid)
        declared.cids.append(cid)
        if trefoil_as is not None:
            declared.trefoil_as = trefoil_as
        declared.refresh()
        event = Event(Extended(seat, face(cid, trefoil_as), declared.view()))
        return [event, *self._out_if_empty(seat, "extend")]

    def _pair(self, seat: int, action: Pair) -> list[Event]:
        cids, trefoil_as = checked_pair(self, seat, action)
        for cid in cids:
            self.hands[seat].remove(cid)
        self.pairs[seat] = FinalPair(list(cids), trefoil_as)
        event = Event(PairLaid(seat, self.pairs[seat].view().cards))
        return [event, *self._out_if_empty(seat, "pair")]

    def _discard(self, seat: int, action: Discard) -> list[Event]:
        cid = action.cid
        if cid not in self.hands[seat]:
            raise IllegalAction(NOT_IN_HAND)
        self.hands[seat].remove(cid)
        self.row.append(cid)
        covered = self.row.pop(0) if len(self.row) > ROW_SIZE else None
        if covered is not None:
            self.open_pack.append(covered)
        shown = None if covered is None else face(covered)
        event = Event(Discarded(seat, face(cid), shown, len(self.open_pack)))
        if self.phase == EXTRA:
            self.extra_due[seat] -= 1
            return [event, *self._next_extra_discard()]
        if not self.hands[seat]:
            return [event, *self._go_out(seat, "discard")]
        self.discards_due -= 1
        if self.discards_due > 0:
            self.phase = DISCARD
            return [event]
        return [event, *self._start_turn(self.left_of(seat))]

    # -- the steps of a round --------------------------------------------------------------

    def _next_extra_discard(self) -> list[Event]:
        """At the deal, each Miranda holder (from the dealer round) discards their extras;
        then the dealer plays first (ruling 1)."""
        for seat in self._from_dealer():
            if self.extra_due[seat]:
                self.turn, self.phase = seat, EXTRA
                return [Event(ExtraDiscards(seat, self.extra_due[seat]))]
        return self._start_turn(self.dealer)

    def _start_turn(self, seat: int) -> list[Event]:
        """A seat that owes a lost turn (Prospero) is passed over, once per Prospero."""
        events: list[Event] = []
        while self.lost_turns[seat]:
            self.lost_turns[seat] -= 1
            events.append(Event(LoseTurn(seat, self.lost_turns[seat])))
            seat = self.left_of(seat)
        self.turn, self.phase, self.discards_due, self.taken = seat, DRAW, 1, None
        self.turn_number += 1
        events.append(Event(Turn(seat, len(self.pack))))
        return events

    def _draw_cards(self, seat: int, reasons: list[DrawReason], events: list[Event]) -> bool:
        """Draw a card from the pack for `seat` for each of `reasons` — the ``turn``'s draw, a
        ``replacement`` for a special, or a Miranda's ``extra`` — declaring and replacing
        specials; returns True if the pack ran dry and the hand ended (ruling 7)."""
        reasons = list(reasons)
        while reasons:
            if not self.pack and not self._turn_over(events):
                events += self._end_round(None)
                return True
            cid = self.pack.pop()
            if DECK[cid].special:
                events += self._declare_special(seat, cid)
                reasons[0] = "replacement"
                reasons += ["extra"] * DECK[cid].extra_draws
                continue
            self.hands[seat].append(cid)
            self.from_pack.add(cid)
            drew = Drew(seat, reasons.pop(0), len(self.pack))
            events.append(Event(drew, {seat: DrewCard(face(cid))}))
        return False

    def _declare_special(self, seat: int, cid: int) -> list[Event]:
        """Ruling 2: a premium or penalty is laid face up at once. A Miranda's extra draws
        are owed as discards; a Prospero costs the next regular turn."""
        card = DECK[cid]
        self.specials[seat].append(cid)
        if card.loses_turn:
            self.lost_turns[seat] += 1
        if card.extra_draws and self.phase == DEALING:
            self.extra_due[seat] += card.extra_draws
        elif card.extra_draws:
            self.discards_due += card.extra_draws
        return [Event(SpecialDeclared(seat, face(cid)))]

    def _turn_over(self, events: list[Event]) -> bool:
        """Ruling 7: the open pack, turned face down, becomes the pack (the row stays).
        Returns False if there was nothing to turn over (or, under the first rulings, it had
        been turned over three times)."""
        if not self.open_pack:
            return False
        if self.first_rulings and self.turnovers >= FIRST_RULINGS_TURNOVERS:
            return False
        self.pack, self.open_pack = self.open_pack[::-1], []
        self.turnovers += 1
        events.append(Event(TurnedOver(len(self.pack), self.turnovers)))
        return True

    def _out_if_empty(self, seat: int, how: OutBy) -> list[Event]:
        return self._go_out(seat, how) if not self.hands[seat] else []

    def _go_out(self, seat: int, how: OutBy) -> list[Event]:
        """Ruling 9: the hand type of the player who went out."""
        self.went_out = seat
        self.hand_type = gone_out_with = hand_type(self, seat)
        event = Event(WentOut(seat, how, gone_out_with))
        return [event, *self._end_round(seat)]

    def _end_round(self, winner: int | None) -> list[Event]:
        """Rulings 10 and 11: score every seat; the game ends when the top total reaches the
        target and one player holds it alone."""
        if winner is None:
            self.went_out, self.hand_type = None, None
        events = [] if winner is not None else [Event(NoWinner(len(self.pack)))]
        score = RoundScore(self.round, self.sides, hand_lines(self, winner))
        totals = [total + points for total, points in zip(self.totals, score.points, strict=True)]
        top = max(totals)
        last = top >= self.target and totals.count(top) == 1
        return events + self._finish_round(score, last=last)

    # -- helpers -------------------------------------------------------------------------------

    def _next_id(self) -> int:
        return max(self.declarations, default=-1) + 1
