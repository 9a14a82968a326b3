"""High Card: two players, eight cards each from a shuffled deck; follow the suit led while you
can; the highest card of the suit led (aces high) wins the trick and leads the next. A trick
is a point; the game is `rounds` deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from cardtable.engine.actions import NOT_IN_HAND, GameAction
from cardtable.engine.cards import Card, CardFace, standard_deck
from cardtable.engine.events import Event
from cardtable.engine.game import Game
from cardtable.engine.game_types import GameTypes
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.scores import RoundScore, ScoreLine
from cardtable.engine.setup import Setup
from cardtable.engine.views import SeatView, Zone
from tests.sixth_game.types import (
    TYPES,
    Dealt,
    HighCardTable,
    Play,
    Played,
    TrickWon,
    YourCards,
)

HAND = 8


@dataclass(frozen=True)
class HighCardUnseen:
    """What a seat cannot see: the other hands (by seat), the stock, and the cards each seat
    has won this round (told by the tricks' events, not shown in the view)."""

    hands: Mapping[int, tuple[int, ...]]
    stock: tuple[int, ...]
    won: tuple[tuple[int, ...], ...]


DECK = standard_deck(1)


def strength(card: Card) -> int:
    """A card's rank in a trick: aces high."""
    return 14 if card.rank == 1 else card.rank


class HighCard(Game):
    """The rules of High Card."""

    types: ClassVar[GameTypes[HighCardTable]] = TYPES

    def __init__(self, setup: Setup, stack: Sequence[int] | None = None) -> None:
        super().__init__(setup)
        self.rounds: int = setup.options["rounds"]
        self.hands: list[list[int]] = []
        self.stock: list[int] = []
        self.trick: list[int] = []
        self.won: list[list[int]] = []
        self.leader = self.turn = 0
        self.opening_events = self._start_round(self._deck_order(stack))

    def _start_round(self, order: list[int]) -> list[Event]:
        hands, dealt = self._deal_hands(order, HAND)
        self.hands = [sorted(hand) for hand in hands]
        self.stock, self.trick = list(order[dealt:]), []
        self.won = [[] for _ in range(self.seats)]
        self.leader = self.turn = self.left_of(self.dealer)
        shown = {seat: YourCards(faces(hand)) for seat, hand in enumerate(self.hands)}
        return [Event(Dealt(self.round, self.dealer, HAND, len(self.stock)), shown)]

    @classmethod
    def from_view(cls, view: SeatView[HighCardTable], unseen: HighCardUnseen, seed: int) -> Self:
        """The game at `view`'s position with `unseen` where its seat cannot see."""
        table, seat = view.table, view.seat
        assert seat is not None and table.hand is not None and table.turn is not None
        game = cls._from_frame(view, {"rounds": table.rounds}, seed)
        mine = [card.cid for card in table.hand]
        game.hands = [
            mine if other == seat else sorted(unseen.hands[other]) for other in range(view.seats)
        ]
        game.stock, game.won = list(unseen.stock), [list(won) for won in unseen.won]
        game.trick = [card.cid for card in table.trick]
        game.leader, game.turn = table.leader, table.turn
        return game

    def unseen(self, seat: int) -> HighCardUnseen:
        hands = {other: tuple(self.hands[other]) for other in range(self.seats) if other != seat}
        return HighCardUnseen(hands, tuple(self.stock), tuple(tuple(won) for won in self.won))

    def _actors(self) -> tuple[int, ...]:
        return (self.turn,)

    def card_count(self) -> int:
        return len(DECK)

    def _legal_actions(self, seat: int) -> list[GameAction]:
        hand = self.hands[seat]
        if self.trick:
            led = DECK[self.trick[0]].suit
            hand = [cid for cid in hand if DECK[cid].suit == led] or hand
        return [Play(cid) for cid in hand]

    def _apply(self, seat: int, action: GameAction) -> list[Event]:
        if not isinstance(action, Play) or action.cid not in self.hands[seat]:
            raise IllegalAction(NOT_IN_HAND)
        if action not in self._legal_actions(seat):
            raise IllegalAction("Follow the suit led while you can.")
        self.hands[seat].remove(action.cid)
        self.trick.append(action.cid)
        events = [Event(Played(seat, DECK[action.cid].face))]
        if len(self.trick) < self.seats:
            self.turn = self.left_of(seat)
            return events
        return events + self._take_trick()

    def _take_trick(self) -> list[Event]:
        led = DECK[self.trick[0]].suit
        best = max(
            range(len(self.trick)),
            key=lambda index: (
                DECK[self.trick[index]].suit == led,
                strength(DECK[self.trick[index]]),
            ),
        )
        winner = (self.leader + best) % self.seats
        events = [Event(TrickWon(winner, faces(self.trick)))]
        self.won[winner] += self.trick
        self.trick = []
        self.leader = self.turn = winner
        if self.hands[winner]:
            return events
        lines = tuple((ScoreLine("Tricks", len(won) // self.seats, 1),) for won in self.won)
        score = RoundScore(self.round, self.sides, lines)
        return events + self._finish_round(score, last=self.round >= self.rounds)

    def zones(self) -> dict[str, Zone]:
        zones = {"stock": Zone(tuple(self.stock)), "trick": Zone(tuple(self.trick), public=True)}
        for seat in range(self.seats):
            zones[f"hand {seat}"] = Zone(tuple(self.hands[seat]), owner=seat)
            zones[f"won {seat}"] = Zone(tuple(self.won[seat]), public=True)
        return zones

    def _table_view(self, seat: int | None) -> HighCardTable:
        public = HighCardTable(
            turn=None if self.over or self.awaiting_deal else self.turn,
            phase="over" if self.over else "deal" if self.awaiting_deal else "play",
            hand=None,
            hand_counts=tuple(len(hand) for hand in self.hands),
            trick=faces(self.trick),
            leader=self.leader,
            tricks=tuple(len(won) // self.seats for won in self.won),
            stock=len(self.stock),
            rounds=self.rounds,
        )
        return public if seat is None else replace(public, **self._own_table_fields(seat))

    def _own_table_fields(self, seat: int) -> dict[str, Any]:
        return {"hand": faces(self.hands[seat])}


def faces(cids: Sequence[int]) -> tuple[CardFace, ...]:
    return tuple(DECK[cid].face for cid in cids)
