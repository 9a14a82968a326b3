"""The shape every game shares: setup, actions, events, scores, zones and the `Game` base class.

A game is a pure state machine. It is built from a `Setup` (game id, number of seats, validated
options, seed, first dealer), says which seats may act, lists a seat's legal actions, applies one
action at a time and returns the `Event`s that describe what happened. It never reads a clock, a
file or the global random generator: all chance comes from ``self.rng``, seeded from the setup, so
the same setup and the same actions always give the same game.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

#: An action is a plain mapping with a ``"kind"`` and plain values (str, int, bool, lists), so it
#: travels over the wire and into storage unchanged. Cards are named by ``"cid"`` (card id).
Action = dict[str, Any]

#: What a view or an event holds: plain dicts, lists, strings, ints, bools and None.
Wire = Any


#: A place in a refusal's template for one of its seats: ``{0}``, ``{1}``, ...
_SEAT_PLACE = re.compile(r"\{(\d+)\}")

#: What ends a sentence, or a clause before a colon: "seat 2" right after one, or first of all in
#: a reason, is written "Seat 2".
_SENTENCE_ENDS = (".", ":", "!", "?")


class IllegalAction(Exception):
    """An action the rules do not allow; ``reason`` is a sentence a player can read.

    The engine knows no names, so a refusal that speaks of players writes ``{0}``, ``{1}``, ...
    in its `template` for the seats in `seats` (``IllegalAction("{0} has only 5 to give.",
    seats=(maker,))``). `worded` puts the players' names there; `reason` puts each seat counted
    from 1 ("Seat 1 has only 5 to give."), never a 0-based index.
    """

    def __init__(self, reason: str, seats: Sequence[int] = ()) -> None:
        self.template = reason
        self.seats = tuple(seats)
        self.reason = self._filled(())
        super().__init__(self.reason)

    def worded(self, names: Sequence[str]) -> str:
        """The reason with each seat given as its player's name, ``names[seat]`` (a seat beyond
        `names` is still counted from 1)."""
        return self._filled(names)

    def _filled(self, names: Sequence[str]) -> str:
        """The template with ``{i}`` replaced by the name of ``seats[i]`` or, without one, by
        ``seat N`` counted from 1 (``Seat N`` where a sentence starts); other braces, or a place
        with no seat, stay as they are."""

        def fill(place: re.Match[str]) -> str:
            index = int(place.group(1))
            if index >= len(self.seats):
                return place.group(0)
            seat = self.seats[index]
            if 0 <= seat < len(names):
                return names[seat]
            before = self.template[: place.start()].rstrip()
            starts = not before or before.endswith(_SENTENCE_ENDS)
            return f"{'Seat' if starts else 'seat'} {seat + 1}"

        return _SEAT_PLACE.sub(fill, self.template) if self.seats else self.template

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, tuple[int, ...]]]:
        return (IllegalAction, (self.template, self.seats))


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything that fixes a game before its first action."""

    game: str
    seats: int
    options: Mapping[str, Any]
    seed: int
    dealer: int = 0

    def to_wire(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "dealer": self.dealer,
        }


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, with the fields everyone may see and extra fields per seat.

    ``for_seat(seat)`` gives the event as that seat receives it; ``for_seat(None)`` is the
    spectators' (public) form. Private fields are how a draw shows its card to the drawer alone.
    """

    kind: str
    public: Mapping[str, Any] = field(default_factory=dict)
    private: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    #: The seats told of the event at all; None: everyone, spectators too. A private
    #: negotiation between two players reaches those two alone.
    audience: tuple[int, ...] | None = None

    def reaches(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) is told of this event at all."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        wire = {"kind": self.kind, **self.public}
        if seat is not None and seat in self.private:
            wire.update(self.private[seat])
        return wire


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a score breakdown, e.g. ``ScoreLine("Aces", 3, 20)`` is 3 × 20 = 60 points."""

    label: str
    count: int
    each: int

    @property
    def points(self) -> int:
        return self.count * self.each

    def __deepcopy__(self, memo: dict[int, Any]) -> ScoreLine:
        return self  # immutable all the way down: a copy would be the same

    def to_wire(self) -> dict[str, Any]:
        return {"label": self.label, "count": self.count, "each": self.each, "points": self.points}


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The scoring of one round (one deal): a breakdown per side and each side's points."""

    round: int
    sides: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[ScoreLine, ...], ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(sum(line.points for line in side_lines) for side_lines in self.lines)

    def __deepcopy__(self, memo: dict[int, Any]) -> RoundScore:
        return self  # immutable all the way down: a copy would be the same

    def to_wire(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "sides": [list(side) for side in self.sides],
            "lines": [[line.to_wire() for line in side_lines] for side_lines in self.lines],
            "points": list(self.points),
        }


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: each side's total and the winning sides (ties share)."""

    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def winning_seats(self) -> tuple[int, ...]:
        return tuple(seat for index in self.winners for seat in self.sides[index])

    def to_wire(self) -> dict[str, Any]:
        return {
            "sides": [list(side) for side in self.sides],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "winning_seats": list(self.winning_seats),
        }


@dataclass(frozen=True, slots=True)
class Zone:
    """A place cards lie, for conservation and secrecy checks.

    A zone is seen by everyone (``public``), by its ``owner`` alone, or by nobody.
    """

    cards: tuple[int, ...]
    public: bool = False
    owner: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.public or (seat is not None and self.owner == seat)


def events_for(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events `seat` is told of (None: a spectator), each in that seat's form."""
    return [event.for_seat(seat) for event in events if event.reaches(seat)]


def named_cards(cids: Any, hand: Sequence[int]) -> list[int]:
    """The distinct cards of `hand` an action names in a list, or `IllegalAction` saying what
    is wrong with the list."""
    if not isinstance(cids, list) or not cids:
        raise IllegalAction("Name the cards from your hand.")
    if any(isinstance(cid, bool) or not isinstance(cid, int) for cid in cids):
        raise IllegalAction("Cards are named by their numbers.")
    if len(set(cids)) != len(cids):
        raise IllegalAction("A card is named twice.")
    if any(cid not in hand for cid in cids):
        raise IllegalAction("That card is not in your hand.")
    return list(cids)


def best_sides(totals: Sequence[int]) -> tuple[int, ...]:
    """Indexes of the highest totals; equal totals share the win."""
    top = max(totals)
    return tuple(index for index, total in enumerate(totals) if total == top)


class Game(ABC):
    """Base class of every game. Subclasses implement the rules; this class keeps the frame.

    The frame is: rounds (deals) numbered from 1, a dealer who rotates left each round, the score
    of every finished round, cumulative totals per side, and the final `Result`.
    """

    #: Set by the registry: the game's id as used in setups and on the wire.
    game_id: ClassVar[str] = ""
    #: Kinds of action any seat may take whenever the game allows, in turn or not (a game's
    #: diplomacy). Their fields are open, so no list enumerates them: `_apply_free` checks each.
    free_kinds: ClassVar[frozenset[str]] = frozenset()
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
    def _legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` (one of the actors) may take now, during a round."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Check and apply one action by one of the actors during a round. Must raise
        `IllegalAction` before changing anything."""

    @abstractmethod
    def _start_round(self) -> list[Event]:
        """Shuffle and deal round ``self.round`` with ``self.dealer`` dealing."""

    @abstractmethod
    def _table_view(self, seat: int | None) -> dict[str, Any]:
        """The game-specific part of the view for `seat` (None: a spectator)."""

    @abstractmethod
    def zones(self) -> dict[str, Zone]:
        """Where every card lies now, each zone with who may see it."""

    @abstractmethod
    def card_count(self) -> int:
        """How many cards the game uses; card ids are 0 … card_count - 1."""

    def is_free(self, action: Mapping[str, Any]) -> bool:
        """Whether `action` is one of the `free_kinds` (whatever its kind's type)."""
        kind = action.get("kind")
        return isinstance(kind, str) and kind in self.free_kinds

    def _apply_free(self, seat: int, action: Action) -> list[Event]:
        """Check and apply one of the `free_kinds`. Must raise `IllegalAction` before changing
        anything."""
        raise IllegalAction("This game has no such action.")

    def answers(self, seat: int) -> list[Action]:
        """Free actions `seat` is asked for now (replies to an offer), each exactly as it may be
        sent; bots answer from this list. Empty for most games."""
        return []

    def purses(self) -> dict[str, int]:
        """Where the currency lies now (the bank, each player); their sum is `currency`."""
        return {}

    # -- dealing -----------------------------------------------------------------------------

    def _deck_order(self, stack: Sequence[int] | None = None) -> list[int]:
        """Every card id in dealing order: shuffled with the game's generator, or `stack` as
        given (tests stack a deck to set up a deal)."""
        everything = list(range(self.card_count()))
        if stack is None:
            self.rng.shuffle(everything)
            return everything
        if sorted(stack) != everything:
            raise ValueError("a stacked deck must hold every card exactly once")
        return list(stack)

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

    # -- the frame ---------------------------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        """Seats that may act now; empty only when the game is over."""
        if self.result is not None:
            return ()
        if self.awaiting_deal:
            return (self.dealer,)
        return self._actors()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now; empty if it may not act."""
        if seat not in self.actors:
            return []
        if self.awaiting_deal:
            return [{"kind": "deal"}]
        return self._legal_actions(seat)

    def apply(self, seat: int, action: Mapping[str, Any]) -> list[Event]:
        """Apply `action` by `seat`, returning what happened.

        Raises `IllegalAction` with a readable reason, leaving the game unchanged, when the game
        is over, the seat may not act, or the rules forbid the action.
        """
        if self.result is not None:
            raise IllegalAction("The game is over.")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction(
                f"There is no such seat at this table; its seats are 1 to {self.seats}."
            )
        if isinstance(action, Mapping) and self.is_free(action):
            if self.awaiting_deal:
                raise IllegalAction("This round is over; wait for the next deal.")
            return self._apply_free(seat, dict(action))
        if seat not in self.actors:
            raise IllegalAction("It is not your turn.")
        if not isinstance(action, Mapping) or not isinstance(action.get("kind"), str):
            raise IllegalAction("An action needs a kind.")
        if self.awaiting_deal:
            if action["kind"] != "deal":
                raise IllegalAction("This round is over; the next one starts when you deal.")
            self.awaiting_deal = False
            self.round += 1
            return self._start_round()
        return self._apply(seat, dict(action))

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may know now and nothing more; None gives the spectators' view."""
        return {
            "game": self.game_id,
            "seat": seat,
            "seats": self.seats,
            "sides": [list(side) for side in self.sides],
            "round": self.round,
            "dealer": self.dealer,
            "awaiting_deal": self.awaiting_deal,
            "actors": list(self.actors),
            "legal": self.legal_actions(seat) if seat is not None else [],
            "table": self._table_view(seat),
            "round_scores": [score.to_wire() for score in self.round_scores],
            "totals": list(self.totals),
            "result": self.result.to_wire() if self.result else None,
        }

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
        events = [Event("round_end", {"score": score.to_wire(), "totals": list(self.totals)})]
        if last:
            totals = self.totals
            self.result = Result(self.sides, totals, best_sides(totals))
            events.append(Event("game_end", {"result": self.result.to_wire()}))
        else:
            self.dealer = self.left_of(self.dealer)
            self.awaiting_deal = True
            events.append(Event("next_dealer", {"seat": self.dealer, "round": self.round + 1}))
        return events
