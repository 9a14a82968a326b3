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
from typing import ClassVar

from cardtable.engine.actions import NOT_IN_HAND, GameAction, named_cards
from cardtable.engine.breakdown import shared_lines
from cardtable.engine.events import Event
from cardtable.engine.game import Game, other_hands
from cardtable.engine.game_types import GameTypes
from cardtable.engine.options import Options
from cardtable.engine.queen_of_scots import legal, view
from cardtable.engine.queen_of_scots.edition import EDITIONS, ROYAL_FAMILY, Edition
from cardtable.engine.queen_of_scots.legal import crown_jewels
from cardtable.engine.queen_of_scots.phases import MELD, PICKUP
from cardtable.engine.queen_of_scots.scoring import seat_lines
from cardtable.engine.queen_of_scots.sets import (
    MIN_NATURALS,
    QueenSet,
    fits,
    match_word,
    new_set_problem,
)
from cardtable.engine.queen_of_scots.types import (
    NAME_CARDS,
    NO_SUCH_SET,
    TYPES,
    Add,
    Added,
    Dealt,
    Discard,
    Discarded,
    Draw,
    DrawnCard,
    Drew,
    Meld,
    Melded,
    OutBy,
    Phase,
    PileToHand,
    QueenFace,
    QueenOfScotsTable,
    Stop,
    Stopped,
    Take,
    Took,
    Turn,
    WentOut,
)
from cardtable.engine.queen_of_scots.unseen import QueenOfScotsUnseen, sets_shown
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.scores import RoundScore
from cardtable.engine.setup import Setup
from cardtable.engine.views import SeatView, Zone

HAND_SIZE = 11
TARGET = 1000


def dealt_cards(seats: int) -> int:
    """How many cards a deal uses: the hands and the upcard (ruling 1)."""
    return HAND_SIZE * seats + 1


class QueenOfScots(Game):
    """The rules of Queen of Scots (rulings 1–8) for one edition of the deck."""

    types: ClassVar[GameTypes[QueenOfScotsTable]] = TYPES

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
        #: Show only what the printed game shows: the pile's top card and its size.
        self.strict = bool(setup.options.get("strict", False))
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.stock: list[int] = []  # the top card is the last element
        self.pile: list[int] = []  # the top discard is the last element
        self.sets: dict[int, QueenSet] = {}
        self.next_set = 0
        self.turn = 0
        self.phase: Phase = PICKUP
        self.went_out: int | None = None
        self.opening_events = self._start_round(self._deck_order(stack))

    # -- dealing ---------------------------------------------------------------------------

    def _start_round(self, order: list[int]) -> list[Event]:
        """Ruling 1: from `order` (in dealing order), deal eleven each one at a time from the
        dealer's left, turn one card up, and start with the player left of the dealer."""
        hands, position = self._deal_hands(order, HAND_SIZE)
        self.hands = [self.edition.sorted(hand) for hand in hands]
        self.pile = [order[position]]
        self.stock = order[position + 1 :][::-1]
        self.sets, self.next_set = {}, 0
        self.went_out = None
        deal = Event(
            Dealt(
                round=self.round,
                dealer=self.dealer,
                hand_counts=tuple(len(hand) for hand in self.hands),
                stock=len(self.stock),
                upcard=self.edition.face(self.pile[-1]),
            ),
        )  # (each seat's new hand reaches it in its view)
        return [deal, *self._start_turn(self.left_of(self.dealer))]

    # -- a position from a seat's view ------------------------------------------------------

    @classmethod
    def from_view(
        cls, view: SeatView[QueenOfScotsTable], unseen: QueenOfScotsUnseen, seed: int
    ) -> QueenOfScots:
        """The game at `view`'s position with `unseen` where its seat cannot see (see
        `Game.from_view`); it plays `strict` if the view shows only part of the pile."""
        table, seat = view.table, view.seat
        assert seat is not None and table.hand is not None and table.turn is not None
        strict = len(table.pile) < table.pile_size
        options: Options = {"target": table.target, "edition": table.edition, "strict": strict}
        game = cls._from_frame(view, options, seed)
        game.hands = [
            [card.cid for card in table.hand]
            if other == seat
            else game.edition.sorted(unseen.hands[other])
            for other in range(view.seats)
        ]
        game.stock = list(unseen.stock)
        game.pile = [*unseen.under, *(card.cid for card in table.pile)]
        game.sets = sets_shown(table)
        game.next_set = max(game.sets, default=-1) + 1
        game.turn, game.phase = table.turn, table.phase
        game.went_out = table.went_out
        return game

    def unseen(self, seat: int) -> QueenOfScotsUnseen:
        under = tuple(self.pile[:-1]) if self.strict else ()
        return QueenOfScotsUnseen(other_hands(self.hands, seat), tuple(self.stock), under)

    # -- the frame's questions -------------------------------------------------------------

    def _actors(self) -> tuple[int, ...]:
        return (self.turn,)

    def card_count(self) -> int:
        return len(self.edition)

    def zones(self) -> dict[str, Zone]:
        zones = {"stock": Zone(tuple(self.stock))}
        if self.strict:  # each discard covers the one before
            zones["pile"] = Zone(tuple(self.pile[:-1]))
            zones["pile top"] = Zone(tuple(self.pile[-1:]), public=True)
        else:
            zones["pile"] = Zone(tuple(self.pile), public=True)
        for seat in range(self.seats):
            zones[f"hand {seat}"] = Zone(tuple(self.hands[seat]), owner=seat)
        for group in self.sets.values():
            zones[f"set {group.id}"] = Zone(tuple(group.cards), public=True)
        return zones

    # Kept in modules of their own (`legal`, `view`), and methods all the same.
    _legal_actions = legal.legal_actions
    _table_view = view.table_view
    _own_table_fields = view.own_table_fields

    # -- what a seat may do ----------------------------------------------------------------

    def own_sets(self, seat: int) -> list[QueenSet]:
        return [group for group in self.sets.values() if group.owner == seat]

    def set_of(self, seat: int, match: str) -> QueenSet | None:
        """Ruling 5 as cardtable keeps it: a player has at most one set of each kind."""
        return next((g for g in self.sets.values() if g.owner == seat and g.match == match), None)

    def table_value(self, seat: int) -> int:
        return sum(group.value(self.edition) for group in self.own_sets(seat))

    # -- applying actions --------------------------------------------------------------------

    def _apply(self, seat: int, action: GameAction) -> list[Event]:
        if not isinstance(action, Draw | Take | Stop | Meld | Add | Discard):
            raise IllegalAction("The round is under way: there is nothing to deal.")
        if self.phase == PICKUP and isinstance(action, Meld | Add | Discard):
            raise IllegalAction(
                "Start your turn by picking up: draw from the stock or take the discard pile."
            )
        if self.phase == MELD and isinstance(action, Draw | Take | Stop):
            raise IllegalAction("You have picked up already this turn; meld, add, or discard.")
        match action:
            case Draw():
                return self._draw(seat)
            case Take():
                return self._take(seat, action)
            case Stop():
                return self._stop(seat)
            case Meld(cids=cids):
                return self._meld(seat, cids)
            case Add(cid=cid, set_id=set_id):
                return self._add(seat, cid, set_id)
            case Discard(cid=cid):
                return self._discard(seat, cid)

    def _draw(self, seat: int) -> list[Event]:
        if not self.stock:
            raise IllegalAction("The stock is empty: take the discard pile, or end the round.")
        cid = self.stock.pop()
        self.hands[seat] = self.edition.sorted([*self.hands[seat], cid])
        self.phase = MELD
        return [Event(Drew(seat, len(self.stock)), {seat: DrawnCard(self.edition.face(cid))})]

    def _stop(self, seat: int) -> list[Event]:
        if self.stock:
            raise IllegalAction("The stock still has cards: draw, or take the discard pile.")
        return [Event(Stopped(seat)), *self._end_round()]

    def _take(self, seat: int, action: Take) -> list[Event]:
        if not self.pile:
            raise IllegalAction("The discard pile is empty.")
        top_cid = self.pile[-1]
        top = self.edition.cards[top_cid]
        if top.wild:
            return self._take_jewel(seat, action.set_id)
        assert top.match is not None  # every card but a Crown Jewel matches something
        if action.cids is None:
            raise IllegalAction(NAME_CARDS)
        cids = named_cards(action.cids, self.hands[seat])
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
        taken = self._took(seat, top_cid, cids, 0, group, new, rest)
        return [taken, *self._out_if_empty(seat, "take")]

    def _take_jewel(self, seat: int, set_id: int | None) -> list[Event]:
        """Ruling 4: two Crown Jewels shown (they stay in hand); the taken one joins a set."""
        if len(crown_jewels(self.edition, self.hands[seat])) < MIN_NATURALS:
            raise IllegalAction(
                "To take a Crown Jewel from the pile you must show two Crown Jewels in your hand."
            )
        if not self.own_sets(seat):
            raise IllegalAction(
                "A Crown Jewel taken from the pile must join one of your sets at once, and you "
                "have no set on the table yet."
            )
        group = self._own_set(seat, set_id)
        top_cid = self.pile.pop()
        rest, self.pile = self.pile, []
        group.cards.append(top_cid)
        self.hands[seat] = self.edition.sorted([*self.hands[seat], *rest])
        self.phase = MELD
        return [self._took(seat, top_cid, (), MIN_NATURALS, group, False, rest)]

    def _took(
        self,
        seat: int,
        top_cid: int,
        played: Sequence[int],
        jewels_shown: int,
        group: QueenSet,
        new: bool,
        rest: Sequence[int],
    ) -> Event:
        """A take as told: `top_cid` and `played` onto `group` (`new` when the take made it),
        `rest` to hand; at a strict table, the cards that lay under the top are shown to the
        taker alone."""
        took = Took(
            seat=seat,
            top=self.edition.face(top_cid),
            played=self._cards(played),
            jewels_shown=jewels_shown,
            to_hand=() if self.strict else self._cards(rest),
            set_id=group.id,
            of=group.match,
            new=new,
            value=group.value(self.edition),
            to_hand_count=len(rest),
        )
        if not self.strict:
            return Event(took)
        return Event(took, {seat: PileToHand(self._cards(rest))})

    def _meld(self, seat: int, named: tuple[int, ...]) -> list[Event]:
        cids = named_cards(named, self.hands[seat])
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
        event = Melded(seat, group.id, match, self._cards(cids), group.value(self.edition))
        return [Event(event), *self._out_if_empty(seat, "meld")]

    def _add(self, seat: int, cid: int, set_id: int) -> list[Event]:
        if cid not in self.hands[seat]:
            raise IllegalAction(NOT_IN_HAND)
        group = self._own_set(seat, set_id)
        card = self.edition.cards[cid]
        if not fits(card, group):
            raise IllegalAction(
                f"{card.name} does not match your {match_word(group.match)} set; only a "
                "matching card or a Crown Jewel may join it."
            )
        self.hands[seat].remove(cid)
        group.cards.append(cid)
        event = Added(
            seat, group.id, group.match, self.edition.face(cid), group.value(self.edition)
        )
        return [Event(event), *self._out_if_empty(seat, "add")]

    def _discard(self, seat: int, cid: int) -> list[Event]:
        if cid not in self.hands[seat]:
            raise IllegalAction(NOT_IN_HAND)
        self.hands[seat].remove(cid)
        self.pile.append(cid)
        events = [Event(Discarded(seat, self.edition.face(cid), len(self.pile)))]
        if not self.hands[seat]:
            return [*events, *self._go_out(seat, "discard")]
        return [*events, *self._start_turn(self.left_of(seat))]

    # -- the steps of a round --------------------------------------------------------------

    def _start_turn(self, seat: int) -> list[Event]:
        self.turn, self.phase = seat, PICKUP
        return [Event(Turn(seat, len(self.stock)))]

    def _out_if_empty(self, seat: int, how: OutBy) -> list[Event]:
        return self._go_out(seat, how) if not self.hands[seat] else []

    def _go_out(self, seat: int, how: OutBy) -> list[Event]:
        """Ruling 6: an empty hand ends the round at once."""
        self.went_out = seat
        return [Event(WentOut(seat, how)), *self._end_round()]

    def _end_round(self) -> list[Event]:
        """Rulings 7 and 8: score the round; the game ends once someone has reached the target
        and one player alone has the highest total."""
        lines = shared_lines(
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

    def _own_set(self, seat: int, sid: int | None) -> QueenSet:
        if sid is None or sid not in self.sets:
            raise IllegalAction(NO_SUCH_SET)
        group = self.sets[sid]
        if group.owner != seat:
            raise IllegalAction("You may add cards only to your own sets.")
        return group

    def _cards(self, cids: Sequence[int]) -> tuple[QueenFace, ...]:
        return self.edition.faces_of(cids)


def _match_hint(match: str) -> str:
    if match == ROYAL_FAMILY:
        return "any member of the royal family"
    return f"another {match}"
