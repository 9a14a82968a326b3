"""Events: what happened, with its public part, each seat's private part and its audience; and
the events the frame itself emits (round and game ends, the next dealer, take-backs, conceding)."""

# No `from __future__ import annotations`: the base's `kind: ClassVar[str]` stays evaluated, so
# the codec reads a declared class's hints in its own module, which need not import ClassVar.

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar, dataclass_transform

from cardtable.engine.cards import CardFace
from cardtable.engine.records import tagged
from cardtable.engine.scores import Result, RoundScore
from cardtable.engine.seat_words import Words
from cardtable.wire.codec import WireMap, to_wire


class EventPart:
    """The base of every game's public event types, each declared with `event`. A private
    part, shown to one seat alone, is a plain frozen dataclass whose fields are added to the
    public ones in that seat's form."""

    __slots__ = ()
    kind: ClassVar[str]


EventT = TypeVar("EventT", bound=EventPart)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def event(kind: str) -> Callable[[type[EventT]], type[EventT]]:
    """Declares an event's public part: a frozen, slotted dataclass named `kind` on the wire
    (``@event("turn")`` over ``class Turn(EventPart):`` and its fields)."""
    return tagged(kind=kind)


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

    def seen_by(self, seat: int | None) -> "SeenEvent[EventPart]":
        """The event as `seat` is told of it, typed."""
        private = self.private.get(seat) if seat is not None else None
        return SeenEvent(self.public, private)

    def for_seat(self, seat: int | None) -> WireMap:
        wire: WireMap = to_wire(self.public)
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


@event("round_end")
class RoundEnd(EventPart):
    """A round was scored; `totals` are each side's after it."""

    score: RoundScore
    totals: tuple[int, ...]


@event("game_end")
class GameEnd(EventPart):
    """The game is over."""

    result: Result


@event("next_dealer")
class NextDealer(EventPart):
    """`seat` deals `round` next."""

    seat: int
    round: int


@event("take_back")
class TookBack(EventPart):
    """`seat` took back its last action, named by `words` ("laying 7♣ on spot 2"); the game
    is as it was before that action."""

    seat: int
    words: Words


@event("concession_offered")
class ConcessionOffered(EventPart):
    """`seat` offers to concede for its side; heard by its side alone, who must all agree."""

    seat: int


@event("concession_declined")
class ConcessionDeclined(EventPart):
    """`seat` plays on: its side's offer to concede is closed (heard by the side alone)."""

    seat: int


@event("concession_lapsed")
class ConcessionLapsed(EventPart):
    """`seat`, on a side with an open offer to concede, made a move: the offer lapsed (heard
    by the side alone)."""

    seat: int


@event("conceded")
class Conceded(EventPart):
    """The side of `seats` conceded; the game ends (`game_end` follows)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealtHand:
    """The private part of a game's deal event that shows the receiving seat its own hand
    (Chinese Ten's and Nobility's)."""

    hand: tuple[CardFace, ...]


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


def events_for(events: Sequence[Event], seat: int | None) -> list[WireMap]:
    """The events `seat` is told of (None: a spectator), each in that seat's form."""
    return [event.for_seat(seat) for event in events if event.reaches(seat)]
