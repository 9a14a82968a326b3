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
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import fields as dataclasses_fields
from enum import StrEnum
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from cardtable.wire.codec import (
    Plain,
    UnknownField,
    WireError,
    from_wire,
    read_as,
    to_wire,
    wire_field,
)

#: The refusal of an action with a field its kind does not have.
EXACTLY = "Send one of your legal actions exactly as the view lists it."

#: The refusal of an action that should name cards and does not.
NAME_THE_CARDS = "Name the cards from your hand."

#: An action as plain data, as it travels and is stored, before `GameTypes.action_from_wire`
#: reads it.
PlainAction = dict[str, Any]

#: A game's table view type (the game's part of a `SeatView`).
TableT = TypeVar("TableT")


#: A place in a refusal's template for one of its seats: ``{0}``, ``{1}``, ...
_SEAT_PLACE = re.compile(r"\{(\d+)\}")

#: What ends a sentence, or a clause before a colon: "seat 2" right after one, or first of all in
#: a reason, is written "Seat 2".
_SENTENCE_ENDS = (".", ":", "!", "?")


class Refusal(StrEnum):
    """Why an action was refused, as a stable code (the words may change; these do not)."""

    #: The action is not one of the game's actions, or its fields are of the wrong shape.
    MALFORMED = "malformed"
    #: The seat may not act now.
    NOT_YOUR_TURN = "not_your_turn"
    #: There is no such seat.
    NO_SUCH_SEAT = "no_such_seat"
    #: The game has ended.
    GAME_OVER = "game_over"
    #: The round is over and the next dealer must deal first.
    AWAITING_DEAL = "awaiting_deal"
    #: The rules forbid the action now.
    RULES = "rules"
    #: A take-back the rules do not allow now (see `cardtable.engine.takeback`).
    TAKE_BACK = "take_back"


def seats_named(template: str, seats: Sequence[int], names: Sequence[str]) -> str:
    """`template` with ``{i}`` replaced by the name of ``seats[i]`` or, without one, by
    ``seat N`` counted from 1 (``Seat N`` where a sentence starts); other braces, or a place
    with no seat, stay as they are."""

    def fill(place: re.Match[str]) -> str:
        index = int(place.group(1))
        if index >= len(seats):
            return place.group(0)
        seat = seats[index]
        if 0 <= seat < len(names):
            return names[seat]
        before = template[: place.start()].rstrip()
        starts = not before or before.endswith(_SENTENCE_ENDS)
        return f"{'Seat' if starts else 'seat'} {seat + 1}"

    return _SEAT_PLACE.sub(fill, template) if seats else template


class IllegalAction(Exception):
    """An action the rules do not allow; ``reason`` is a sentence a player can read and
    ``code`` a stable `Refusal` a program can test.

    The engine knows no names, so a refusal that speaks of players writes ``{0}``, ``{1}``, ...
    in its `template` for the seats in `seats` (``IllegalAction("{0} has only 5 to give.",
    seats=(maker,))``). `worded` puts the players' names there; `reason` puts each seat counted
    from 1 ("Seat 1 has only 5 to give."), never a 0-based index.
    """

    def __init__(
        self, reason: str, seats: Sequence[int] = (), code: Refusal = Refusal.RULES
    ) -> None:
        self.template = reason
        self.seats = tuple(seats)
        self.code = code
        self.reason = self._filled(())
        super().__init__(self.reason)

    def worded(self, names: Sequence[str]) -> str:
        """The reason with each seat given as its player's name, ``names[seat]`` (a seat beyond
        `names` is still counted from 1)."""
        return self._filled(names)

    def _filled(self, names: Sequence[str]) -> str:
        return seats_named(self.template, self.seats, names)

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, tuple[int, ...], Refusal]]:
        return (IllegalAction, (self.template, self.seats, self.code))


class GameAction:
    """The base of every game's action types: frozen, slotted dataclasses, each with its own
    ``kind`` (how it is named on the wire). `GameTypes` reads them from plain data."""

    __slots__ = ()
    kind: ClassVar[str]
    #: Whether any seat may take it whenever the game allows, in turn or not (diplomacy).
    free: ClassVar[bool] = False
    #: Whether its player may take it back while nobody else has acted (the game's say; the
    #: frame still refuses one that showed anyone a card or ended a round: see `takeback`).
    undoable: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Deal(GameAction):
    """Deal the next round (the dealer's only action between two rounds)."""

    kind: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Concede(GameAction):
    """Concede the game for the seat's side, or agree to a partner's offer to concede: any
    seat, at any time until the game is over. A side of one ends the game at once; a
    partnership's concession takes effect when every partner has conceded."""

    kind: ClassVar[str] = "concede"


@dataclass(frozen=True, slots=True)
class PlayOn(GameAction):
    """Turn down (or take back) the open offer to concede on the seat's side."""

    kind: ClassVar[str] = "play_on"


#: The frame's own actions, which the game's rules never see.
FRAME_ACTIONS: tuple[type[GameAction], ...] = (Deal, Concede, PlayOn)


class EventPart:
    """The base of every game's public event types (frozen, slotted dataclasses with a
    ``kind``). A private part, shown to one seat alone, is a plain frozen dataclass whose
    fields are added to the public ones in that seat's form."""

    __slots__ = ()
    kind: ClassVar[str]


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
    """Something that happened: its public part, which everyone told of it may see, and a
    private part per seat (how a draw shows its card to the drawer alone).

    ``for_seat(seat)`` gives the event as that seat receives it; ``for_seat(None)`` is the
    spectators' (public) form.
    """

    public: EventPart
    private: Mapping[int, object] = field(default_factory=dict)
    #: The seats told of the event at all; None: everyone, spectators too. A private
    #: negotiation between two players reaches those two alone.
    audience: tuple[int, ...] | None = None

    @property
    def kind(self) -> str:
        return self.public.kind

    def reaches(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) is told of this event at all."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def seen_by(self, seat: int | None) -> SeenEvent[EventPart]:
        """The event as `seat` is told of it, typed."""
        private = self.private.get(seat) if seat is not None else None
        return SeenEvent(self.public, private)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        wire: dict[str, Any] = to_wire(self.public)
        if seat is not None and seat in self.private:
            wire.update(to_wire(self.private[seat]))
        return wire


PartT = TypeVar("PartT", bound=EventPart, covariant=True)


@dataclass(frozen=True, slots=True)
class SeenEvent(Generic[PartT]):
    """An event as one seat was told of it: the public part and, for the seat it was shown
    to, the private part (None otherwise)."""

    public: PartT
    private: object | None = None

    @property
    def kind(self) -> str:
        return self.public.kind


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

    def to_wire(self) -> list[Any]:
        """``[label, count, each]``: a breakdown has many lines, so they go without names
        (the line's points are ``count × each``)."""
        return [self.label, self.count, self.each]

    @classmethod
    def from_wire(cls, data: Plain) -> ScoreLine:
        """From ``[label, count, each]``, or the map earlier versions stored
        (``{"label", "count", "each", "points"}``)."""
        if isinstance(data, dict):
            data = [data.get("label"), data.get("count"), data.get("each")]
        line = read_as(list[Any], data)
        if len(line) != 3:
            raise WireError("A score line is [label, count, each].")
        return cls(read_as(str, line[0]), read_as(int, line[1]), read_as(int, line[2]))


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

    @classmethod
    def from_wire(cls, data: Plain) -> RoundScore:
        score = read_as(dict[str, Any], data)
        return cls(
            read_as(int, score.get("round")),
            read_as(tuple[tuple[int, ...], ...], score.get("sides")),
            read_as(tuple[tuple[ScoreLine, ...], ...], score.get("lines")),
        )


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: each side's total and the winning sides (ties share);
    `conceded`: the sides that conceded, which ended the game (they rank last)."""

    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    conceded: tuple[int, ...] = ()

    @property
    def winning_seats(self) -> tuple[int, ...]:
        return tuple(seat for index in self.winners for seat in self.sides[index])

    def to_wire(self) -> dict[str, Any]:
        """The plain form; ``conceded`` is there only when a side conceded."""
        wire: dict[str, Any] = {
            "sides": [list(side) for side in self.sides],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "winning_seats": list(self.winning_seats),
        }
        if self.conceded:
            wire["conceded"] = list(self.conceded)
        return wire

    @classmethod
    def from_wire(cls, data: Plain) -> Result:
        result = read_as(dict[str, Any], data)
        return cls(
            read_as(tuple[tuple[int, ...], ...], result.get("sides")),
            read_as(tuple[int, ...], result.get("totals")),
            read_as(tuple[int, ...], result.get("winners")),
            read_as(tuple[int, ...], result.get("conceded", [])),
        )


@dataclass(frozen=True, slots=True)
class RoundEnd(EventPart):
    """A round was scored; `totals` are each side's after it."""

    kind: ClassVar[str] = "round_end"
    score: RoundScore
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnd(EventPart):
    """The game is over."""

    kind: ClassVar[str] = "game_end"
    result: Result


@dataclass(frozen=True, slots=True)
class NextDealer(EventPart):
    """`seat` deals `round` next."""

    kind: ClassVar[str] = "next_dealer"
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class Words:
    """A phrase the engine gives without names: ``{0}``, ``{1}``, ... stand for `seats`
    (filled in by `seats_named`), e.g. ``Words("extending {0}'s meld with 7♣", (2,))``."""

    text: str
    seats: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TookBack(EventPart):
    """`seat` took back its last action, named by `words` ("laying 7♣ on spot 2"); the game
    is as it was before that action."""

    kind: ClassVar[str] = "take_back"
    seat: int
    words: Words


@dataclass(frozen=True, slots=True)
class ConcessionOffered(EventPart):
    """`seat` offers to concede for its side; heard by its side alone, who must all agree."""

    kind: ClassVar[str] = "concession_offered"
    seat: int


@dataclass(frozen=True, slots=True)
class ConcessionDeclined(EventPart):
    """`seat` plays on: its side's offer to concede is closed (heard by the side alone)."""

    kind: ClassVar[str] = "concession_declined"
    seat: int


@dataclass(frozen=True, slots=True)
class ConcessionLapsed(EventPart):
    """`seat`, on a side with an open offer to concede, made a move: the offer lapsed (heard
    by the side alone)."""

    kind: ClassVar[str] = "concession_lapsed"
    seat: int


@dataclass(frozen=True, slots=True)
class Conceded(EventPart):
    """The side of `seats` conceded; the game ends (`game_end` follows)."""

    kind: ClassVar[str] = "conceded"
    seats: tuple[int, ...]


#: The events the frame itself emits, which every game's log holds.
FRAME_EVENTS: tuple[type[EventPart], ...] = (
    RoundEnd,
    GameEnd,
    NextDealer,
    TookBack,
    ConcessionOffered,
    ConcessionDeclined,
    ConcessionLapsed,
    Conceded,
)


@dataclass(frozen=True, slots=True)
class SeatView(Generic[TableT]):
    """Everything one seat may know now (None: a spectator): the frame every game shares and
    the game's own `table`."""

    game: str
    seat: int | None
    seats: int
    sides: tuple[tuple[int, ...], ...]
    round: int
    dealer: int
    awaiting_deal: bool
    actors: tuple[int, ...]
    legal: tuple[GameAction, ...]
    table: TableT
    round_scores: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    result: Result | None


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


def card_ids(data: Plain) -> tuple[int, ...]:
    """The distinct card ids an action names in a list (a field's parser: see `wire_field`),
    or `WireError` saying what is wrong with the list. Whether they are in the hand is the
    rules' question."""
    if not isinstance(data, list) or not data:
        raise WireError(NAME_THE_CARDS)
    if any(isinstance(cid, bool) or not isinstance(cid, int) for cid in data):
        raise WireError("Cards are named by their numbers.")
    if len(set(data)) != len(data):
        raise WireError("A card is named twice.")
    return tuple(data)


def cards_field(**kwargs: Any) -> Any:
    """A field naming cards from the hand, read by `card_ids` (missing: as an empty list)."""
    return wire_field(parse=card_ids, missing=NAME_THE_CARDS, **kwargs)


def named_cards(cids: Sequence[int], hand: Sequence[int]) -> list[int]:
    """`cids`, which must all be in `hand`, or `IllegalAction` saying one is not."""
    if any(cid not in hand for cid in cids):
        raise IllegalAction("That card is not in your hand.")
    return list(cids)


def is_concession(action: GameAction | Mapping[str, Any]) -> bool:
    """Whether `action`, typed or plain, is a concession or a refusal to concede."""
    if isinstance(action, Concede | PlayOn):
        return True
    kind = action.get("kind") if isinstance(action, Mapping) else None
    return kind in (Concede.kind, PlayOn.kind)


def best_sides(totals: Sequence[int]) -> tuple[int, ...]:
    """Indexes of the highest totals; equal totals share the win."""
    top = max(totals)
    return tuple(index for index, total in enumerate(totals) if total == top)


#: A view's frame, field by field with its type: all of `SeatView` but the legal actions and
#: the table, which each game's types read.
_FRAME_FIELDS: dict[str, Any] = {
    name: hint
    for name, hint in typing.get_type_hints(SeatView).items()
    if name not in ("legal", "table")
}


class GameTypes(Generic[TableT]):
    """A game's declared types and the one way to read each from plain data: its actions
    (`action_from_wire`), its events as a seat was told of them (`event_from_wire`), and its
    per-seat view (`view_from_wire`). Writing is `to_wire` for all of them."""

    def __init__(
        self,
        title: str,
        *,
        actions: Sequence[type[GameAction]],
        events: Sequence[type[EventPart] | tuple[type[EventPart], type[object]]],
        table: type[TableT],
    ) -> None:
        self.title = title
        self.table = table
        self.actions: dict[str, type[GameAction]] = {frame.kind: frame for frame in FRAME_ACTIONS}
        for action in actions:
            self.actions[action.kind] = action
        #: Each event kind's public part and its private part (None: it has none).
        self.events: dict[str, tuple[type[EventPart], type[object] | None]] = {}
        for entry in (*FRAME_EVENTS, *events):
            public, private = entry if isinstance(entry, tuple) else (entry, None)
            self.events[public.kind] = (public, private)
        self._private_names = {
            kind: {f.metadata.get("wire") or f.name for f in dataclasses_fields(private)}  # type: ignore[arg-type]
            for kind, (_, private) in self.events.items()
            if private is not None
        }

    @property
    def free_kinds(self) -> frozenset[str]:
        """Kinds of action any seat may take whenever the game allows (its diplomacy)."""
        return frozenset(kind for kind, action in self.actions.items() if action.free)

    def action_from_wire(self, data: Plain) -> GameAction:
        """Read an action, or `IllegalAction` (`Refusal.MALFORMED`) saying what is wrong."""
        if isinstance(data, GameAction):
            return data
        kind = data.get("kind") if isinstance(data, Mapping) else None
        if not isinstance(kind, str):
            raise IllegalAction("An action needs a kind.", code=Refusal.MALFORMED)
        action = self.actions.get(kind)
        if action is None:
            raise IllegalAction(f"{kind!r} is not a move in {self.title}.", code=Refusal.MALFORMED)
        try:
            return from_wire(action, data)
        except UnknownField:
            raise IllegalAction(EXACTLY, code=Refusal.MALFORMED) from None
        except WireError as error:
            raise IllegalAction(str(error), code=Refusal.MALFORMED) from None

    def event_from_wire(self, data: Plain) -> SeenEvent[EventPart]:
        """Read an event as a seat was told of it, or `WireError`."""
        kind = data.get("kind") if isinstance(data, Mapping) else None
        if not isinstance(kind, str) or kind not in self.events:
            raise WireError(f"{kind!r} is not an event of {self.title}.")
        public_type, private_type = self.events[kind]
        names = self._private_names.get(kind, set())
        shown = names and any(name in data for name in names)
        public = {key: value for key, value in data.items() if key not in names}
        part: EventPart = from_wire(public_type, public)
        if not shown or private_type is None:
            return SeenEvent(part)
        private = {key: value for key, value in data.items() if key in names}
        return SeenEvent(part, from_wire(private_type, private))

    def view_from_wire(self, data: Plain) -> SeatView[TableT]:
        """Read a seat's view, or `WireError`."""
        view = read_as(dict[str, Any], data)
        frame = {key: value for key, value in view.items() if key not in ("legal", "table")}
        legal = read_as(list[Any], view.get("legal", []))
        actions: list[GameAction] = []
        for action in legal:
            try:
                actions.append(self.action_from_wire(action))
            except IllegalAction as error:
                raise WireError(error.reason) from None
        missing = set(_FRAME_FIELDS) - set(frame)
        if missing:
            raise WireError(f"A view needs {sorted(missing)[0]!r}.")
        if set(frame) - set(_FRAME_FIELDS):
            raise UnknownField(
                f"A view has no field {sorted(set(frame) - set(_FRAME_FIELDS))[0]!r}."
            )
        fields = {name: read_as(hint, frame[name]) for name, hint in _FRAME_FIELDS.items()}
        table = from_wire(self.table, view.get("table"))
        return SeatView(**fields, legal=tuple(actions), table=table)


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
        #: Open offers to concede: a side's index to the seats on it that have conceded.
        self.concessions: dict[int, frozenset[int]] = {}

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
    def _start_round(self) -> list[Event]:
        """Shuffle and deal round ``self.round`` with ``self.dealer`` dealing."""

    @abstractmethod
    def _table_view(self, seat: int | None) -> object:
        """The game-specific part of the view for `seat` (None: a spectator)."""

    @abstractmethod
    def zones(self) -> dict[str, Zone]:
        """Where every card lies now, each zone with who may see it."""

    @abstractmethod
    def card_count(self) -> int:
        """How many cards the game uses; card ids are 0 … card_count - 1."""

    def parse(self, action: GameAction | Mapping[str, Any]) -> GameAction:
        """`action` typed: read from plain data by the game's types, or `IllegalAction`
        (`Refusal.MALFORMED`) saying what is wrong with it."""
        return self.types.action_from_wire(action)

    def is_free(self, action: GameAction | Mapping[str, Any]) -> bool:
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

    def legal(self, seat: int) -> list[GameAction]:
        """Every action `seat` may take now; empty if it may not act."""
        if seat not in self.actors:
            return []
        if self.awaiting_deal:
            return [Deal()]
        return self._legal_actions(seat)

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """`legal` in plain form, as the view lists them."""
        return [to_wire(action) for action in self.legal(seat)]

    def apply(self, seat: int, action: GameAction | Mapping[str, Any]) -> list[Event]:
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

    def _apply_move(self, seat: int, action: GameAction | Mapping[str, Any]) -> list[Event]:
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
            self.awaiting_deal = False
            self.round += 1
            return self._start_round()
        return self._apply(seat, typed)

    # -- conceding ---------------------------------------------------------------------------

    def concession_due(self, seat: int) -> bool:
        """Whether a partner of `seat` has offered to concede and `seat` has not yet answered."""
        votes = self.concessions.get(self.side_of(seat))
        return votes is not None and seat not in votes

    def _concession(self, seat: int, action: GameAction) -> list[Event]:
        """Concede, agree to concede, or play on (`Concede`, `PlayOn`); see `Concede`."""
        index = self.side_of(seat)
        side = self.sides[index]
        votes = self.concessions.get(index, frozenset())
        if isinstance(action, PlayOn):
            if not votes:
                raise IllegalAction("Nobody on your side has offered to concede.")
            del self.concessions[index]
            return [Event(ConcessionDeclined(seat), audience=side)]
        if seat in votes:
            waiting = tuple(other for other in side if other not in votes)
            raise IllegalAction(
                "You have offered to concede; {0} has not answered yet.", seats=waiting[:1]
            )
        votes |= {seat}
        if votes != frozenset(side):
            self.concessions[index] = votes
            return [Event(ConcessionOffered(seat), audience=side)]
        self.concessions.clear()
        self.awaiting_deal = False
        totals = self.totals
        others = [other for other in range(len(self.sides)) if other != index]
        top = max(totals[other] for other in others)
        winners = tuple(other for other in others if totals[other] == top)
        self.result = Result(self.sides, totals, winners, (index,))
        return [Event(Conceded(side)), Event(GameEnd(self.result))]

    def _lapse(self, seat: int) -> list[Event]:
        """A move by `seat` lets its side's open offer to concede lapse."""
        index = self.side_of(seat)
        votes = self.concessions.pop(index, None)
        if votes is None or self.result is not None:
            return []
        return [Event(ConcessionLapsed(min(votes)), audience=self.sides[index])]

    def seat_view(self, seat: int | None) -> SeatView[Any]:
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

    def view(self, seat: int | None) -> dict[str, Any]:
        """`seat_view` in plain form, as it travels."""
        wire: dict[str, Any] = to_wire(self.seat_view(seat))
        return wire

    def views(self, viewers: Sequence[int | None]) -> list[dict[str, Any]]:
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
                table = view["table"] = dict(public["table"])
                for name, value in own.items():
                    table[name] = to_wire(value)
            views.append(view)
        return views

    def _own_table_fields(self, seat: int) -> dict[str, Any] | None:
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
