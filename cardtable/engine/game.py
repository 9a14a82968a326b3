"""The `Game` base class: the frame every game shares (rounds, the dealer, scores, totals, the
result, conceding, `apply` and the views), around the rules a subclass implements.

A game is a pure state machine. It is built from a `Setup` (game id, number of seats, validated
options, seed, first dealer), says which seats may act, lists a seat's legal actions, applies one
action at a time and returns the `Event`s that describe what happened. It never reads a clock, a
file or the global random generator: all chance comes from ``self.rng``, seeded from the setup, so
the same setup and the same actions always give the same game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Self

from cardtable.engine.actions import Deal, GameAction, is_concession
from cardtable.engine.concession import Concessions, conceded_result
from cardtable.engine.events import (
    Conceded,
    Event,
    GameEnd,
    NextDealer,
    RoundEnd,
)
from cardtable.engine.game_types import GameTypes
from cardtable.engine.options import Options
from cardtable.engine.refusal import IllegalAction, Refusal
from cardtable.engine.scores import Result, RoundScore, best_sides
from cardtable.engine.seat_words import Words
from cardtable.engine.setup import Setup
from cardtable.engine.views import SeatView, Zone
from cardtable.wire.codec import WireMap, to_wire


class Game(ABC):
    """Base class of every game. Subclasses implement the rules; this class keeps the frame.

    The frame is: rounds (deals) numbered from 1, a dealer who rotates left each round, the score
    of every finished round, cumulative totals per side, and the final `Result`.
    """

    #: The game's id as used in setups and on the wire.
    game_id: ClassVar[str] = ""
    #: The game's declared types: its actions, events and table view.
    types: ClassVar[GameTypes[Any]]
    #: The currency a game keeps in play, which no action creates or destroys (0: no money).
    currency: ClassVar[int] = 0

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.seats = setup.seats
        self.options = setup.options
        self.rng = random.Random(setup.seed)
        self.round = 1
        self.dealer = setup.dealer % setup.seats
        self.round_scores: list[RoundScore] = []
        self.result: Result | None = None
        #: Between two rounds: the next dealer must deal (the only legal action is "deal").
        self.awaiting_deal = False
        #: What happened before the first action (the deal), for logs and animations.
        self.opening_events: list[Event] = []
        #: The open offers to concede.
        self.concessions = Concessions()

    # -- who plays, and as whom ------------------------------------------------------------

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides; each seat alone unless a game has partnerships."""
        return tuple((seat,) for seat in range(self.seats))

    def side_of(self, seat: int) -> int:
        for index, side in enumerate(self.sides):
            if seat in side:
                return index
        raise ValueError(f"no seat {seat}")

    def left_of(self, seat: int) -> int:
        """The next seat clockwise (to the left)."""
        return (seat + 1) % self.seats

    @property
    def over(self) -> bool:
        return self.result is not None

    # -- the rules: subclasses implement these --------------------------------------------

    @abstractmethod
    def _actors(self) -> tuple[int, ...]:
        """Seats that may act now, during a round."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[GameAction]:
        """Every action `seat` (one of the actors) may take now, during a round."""

    @abstractmethod
    def _apply(self, seat: int, action: GameAction) -> list[Event]:
        """Check and apply one action by one of the actors during a round. Must raise
        `IllegalAction` before changing anything."""

    @abstractmethod
    def _start_round(self, order: list[int]) -> list[Event]:
        """Deal round ``self.round`` with ``self.dealer`` dealing, from `order`: every card id
        in dealing order, the round's chance outcome (see `_deck_order`)."""

    @abstractmethod
    def _table_view(self, seat: int | None) -> object:
        """The game-specific part of the view for `seat` (None: a spectator)."""

    @abstractmethod
    def zones(self) -> dict[str, Zone]:
        """Where every card lies now, each zone with who may see it."""

    @abstractmethod
    def card_count(self) -> int:
        """How many cards the game uses; card ids are 0 … card_count - 1."""

    def parse(self, action: GameAction | Mapping[str, object]) -> GameAction:
        """`action` typed: read from plain data by the game's types, or `IllegalAction`
        (`Refusal.MALFORMED`) saying what is wrong with it."""
        return self.types.action_from_wire(action)

    def is_free(self, action: GameAction | Mapping[str, object]) -> bool:
        """Whether `action` is free (diplomacy: any seat, in turn or not), whatever its shape."""
        if isinstance(action, GameAction):
            return action.free
        kind = action.get("kind") if isinstance(action, Mapping) else None
        return isinstance(kind, str) and kind in self.types.free_kinds

    def _apply_free(self, seat: int, action: GameAction) -> list[Event]:
        """Check and apply a free action. Must raise `IllegalAction` before changing
        anything."""
        raise IllegalAction("This game has no such action.")

    def taken_back_words(self, seat: int, action: GameAction, events: Sequence[Event]) -> Words:
        """How `action` by `seat`, an undoable action just applied with `events`, is named when
        it is taken back ("taking 5♦ from spot 3"). Only public things may be named: every seat
        reads it. By default, the action's kind."""
        return Words(action.kind)

    def may_take_back(self, seat: int, action: GameAction) -> bool:
        """Whether `action` by `seat`, just applied, may be taken back as far as the game says
        (by default: its type's `undoable`); a game refines it where the same kind of action
        sometimes shows a hidden card."""
        return action.undoable

    def answers(self, seat: int) -> list[GameAction]:
        """Free actions `seat` is asked for now (replies to an offer), each exactly as it may be
        sent; bots answer from this list. Empty for most games."""
        return []

    def purses(self) -> dict[str, int]:
        """Where the currency lies now (the bank, each player); their sum is `currency`."""
        return {}

    # -- dealing: a round's chance is the order of its cards ----------------------------------

    def _deck_order(self, stack: Sequence[int] | None = None) -> list[int]:
        """A deal's chance outcome, every card id in dealing order: `stack` as given (a stacked
        deck, to set up a deal), or drawn by shuffling with the game's generator."""
        everything = list(range(self.card_count()))
        if stack is None:
            self.rng.shuffle(everything)
            return everything
        if sorted(stack) != everything:
            raise ValueError("a stacked deck must hold every card exactly once")
        return list(stack)

    def deal_next_round(self, stack: Sequence[int] | None = None) -> list[Event]:
        """Deal the next round, the game awaiting its deal, from `stack` (every card id in
        dealing order: the round's chance outcome given) or, as the dealer's `Deal` does, from
        an order drawn with the game's generator."""
        if not self.awaiting_deal:
            raise ValueError("only a game awaiting its next deal deals one")
        order = self._deck_order(stack)
        self.awaiting_deal = False
        self.round += 1
        return self._start_round(order)

    def _deal_hands(self, order: Sequence[int], size: int) -> tuple[list[list[int]], int]:
        """Deal `size` cards to each seat from `order`, one at a time, starting on the dealer's
        left; returns the hands and how many cards were dealt."""
        hands: list[list[int]] = [[] for _ in range(self.seats)]
        position = 0
        for _ in range(size):
            for offset in range(1, self.seats + 1):
                hands[(self.dealer + offset) % self.seats].append(order[position])
                position += 1
        return hands, position

    # -- a position from a seat's view: what a determinizer builds ----------------------------

    @classmethod
    @abstractmethod
    def from_view(cls, view: SeatView[Any], unseen: Any, seed: int) -> Self:
        """The game at the position `view` shows its seat, with `unseen` (the game's record of
        what that seat cannot see, such as the cards dealt to the other hands) in the places it
        cannot see. `seed` seeds the game's generator, which has dealt a first round as any new
        game's does: the position's later chance follows from the seed alone."""

    @abstractmethod
    def unseen(self, seat: int) -> object:
        """What `seat` cannot see, as it lies now: the record `from_view` takes."""

    @classmethod
    def _from_frame(cls, view: SeatView[object], options: Options, seed: int) -> Self:
        """A new game of this kind with `options` and `seed`, at `view`'s round, dealer and
        scores: where `from_view` starts."""
        game = cls(Setup(view.game, view.seats, options, seed, view.dealer))
        game.round = view.round
        game.round_scores = list(view.round_scores)
        return game

    # -- the frame ---------------------------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        """Seats that may act now; empty only when the game is over."""
        if self.result is not None:
            return ()
        if self.awaiting_deal:
            return (self.dealer,)
        return self._actors()

    def legal(self, seat: int) -> list[GameAction]:
        """Every action `seat` may take now; empty if it may not act."""
        if seat not in self.actors:
            return []
        if self.awaiting_deal:
            return [Deal()]
        return self._legal_actions(seat)

    def legal_actions(self, seat: int) -> list[WireMap]:
        """`legal` in plain form, as the view lists them."""
        return [to_wire(action) for action in self.legal(seat)]

    def apply(self, seat: int, action: GameAction | Mapping[str, object]) -> list[Event]:
        """Apply `action` by `seat` (typed, or plain data read by the game's types first),
        returning what happened.

        Raises `IllegalAction` with a readable reason and a `Refusal` code, leaving the game
        unchanged, when the game is over, the seat may not act, the action is malformed, or
        the rules forbid it.
        """
        if self.result is not None:
            raise IllegalAction("The game is over.", code=Refusal.GAME_OVER)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction(
                f"There is no such seat at this table; its seats are 1 to {self.seats}.",
                code=Refusal.NO_SUCH_SEAT,
            )
        if is_concession(action):
            return self._concession(seat, self.parse(action))
        return self._apply_move(seat, action) + self._lapse(seat)

    def _apply_move(self, seat: int, action: GameAction | Mapping[str, object]) -> list[Event]:
        """Apply a move of the game (not a concession), as `apply` describes."""
        if self.is_free(action):
            if self.awaiting_deal:
                raise IllegalAction(
                    "This round is over; wait for the next deal.", code=Refusal.AWAITING_DEAL
                )
            return self._apply_free(seat, self.parse(action))
        if seat not in self.actors:
            raise IllegalAction("It is not your turn.", code=Refusal.NOT_YOUR_TURN)
        typed = self.parse(action)
        if self.awaiting_deal:
            if not isinstance(typed, Deal):
                raise IllegalAction(
                    "This round is over; the next one starts when you deal.",
                    code=Refusal.AWAITING_DEAL,
                )
            return self.deal_next_round()
        return self._apply(seat, typed)

    # -- conceding ---------------------------------------------------------------------------

    def concession_due(self, seat: int) -> bool:
        """Whether a partner of `seat` has offered to concede and `seat` has not yet answered."""
        return self.concessions.due(self.side_of(seat), seat)

    def _concession(self, seat: int, action: GameAction) -> list[Event]:
        """Concede, agree to concede, or play on (`Concede`, `PlayOn`); see `Concede`."""
        index = self.side_of(seat)
        events = self.concessions.answer(index, self.sides[index], seat, action)
        if not isinstance(events[-1].public, Conceded):
            return events
        self.awaiting_deal = False
        self.result = conceded_result(self.sides, self.totals, index)
        return [*events, Event(GameEnd(self.result))]

    def _lapse(self, seat: int) -> list[Event]:
        """A move by `seat` lets its side's open offer to concede lapse."""
        index = self.side_of(seat)
        return self.concessions.lapse(index, self.sides[index], over=self.result is not None)

    def seat_view(self, seat: int | None) -> SeatView[object]:
        """Everything `seat` may know now and nothing more; None gives the spectators' view."""
        return SeatView(
            game=self.game_id,
            seat=seat,
            seats=self.seats,
            sides=self.sides,
            round=self.round,
            dealer=self.dealer,
            awaiting_deal=self.awaiting_deal,
            actors=self.actors,
            legal=tuple(self.legal(seat)) if seat is not None else (),
            table=self._table_view(seat),
            round_scores=tuple(self.round_scores),
            totals=self.totals,
            result=self.result,
        )

    def view(self, seat: int | None) -> WireMap:
        """`seat_view` in plain form, as it travels."""
        wire: WireMap = to_wire(self.seat_view(seat))
        return wire

    def views(self, viewers: Sequence[int | None]) -> list[WireMap]:
        """`view` for each of `viewers`, in order, built from the spectators' view: what every
        seat sees alike is written once and shared by the maps (an equal part of two views is
        the same object), and each seat's own parts are added to it (`_own_table_fields`; a
        game that does not name them has each seat's table part written whole)."""
        if not viewers:
            return []
        public = self.view(None)
        views = []
        for seat in viewers:
            if seat is None:
                views.append(public)
                continue
            view = dict(public)  # (same keys, same order; the seat's own parts replaced)
            view["seat"] = seat
            view["legal"] = [to_wire(action) for action in self.legal(seat)]
            own = self._own_table_fields(seat)
            if own is None:
                view["table"] = to_wire(self._table_view(seat))
            else:
                public_table = public["table"]
                assert isinstance(public_table, dict)  # (a table view travels as a map)
                table = view["table"] = dict(public_table)
                for name, value in own.items():
                    table[name] = to_wire(value)
            views.append(view)
        return views

    def _own_table_fields(self, seat: int) -> Mapping[str, object] | None:
        """The fields of `_table_view(seat)` that differ from the spectators' (its hand, say),
        by name; None (the default) when the game does not say, and each seat's table part is
        built whole. A game that says must say all of them (the conformance tests check)."""
        return None

    @property
    def totals(self) -> tuple[int, ...]:
        """Cumulative points per side over the finished rounds."""
        totals = [0] * len(self.sides)
        for score in self.round_scores:
            for index, points in enumerate(score.points):
                totals[index] += points
        return tuple(totals)

    def _finish_round(self, score: RoundScore, *, last: bool) -> list[Event]:
        """Record a round's score; end the game (best totals win) or wait for the next dealer."""
        self.round_scores.append(score)
        events = [Event(RoundEnd(score, self.totals))]
        if last:
            totals = self.totals
            self.result = Result(self.sides, totals, best_sides(totals))
            events.append(Event(GameEnd(self.result)))
        else:
            self.dealer = self.left_of(self.dealer)
            self.awaiting_deal = True
            events.append(Event(NextDealer(self.dealer, self.round + 1)))
        return events


def other_hands(hands: Sequence[Sequence[int]], seat: int) -> dict[int, tuple[int, ...]]:
    """Every hand but `seat`'s, by seat: what `seat` cannot see of the hands."""
    return {other: tuple(hand) for other, hand in enumerate(hands) if other != seat}
