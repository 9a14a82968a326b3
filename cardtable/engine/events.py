"""Events: what happened, with its public part, each seat's private part and its audience; and
the events the frame itself emits (round and game ends, the next dealer, take-backs, conceding)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

from cardtable.engine.scores import Result, RoundScore
from cardtable.engine.seat_words import Words
from cardtable.wire.codec import WireMap, to_wire


class EventPart:
    """The base of every game's public event types (frozen, slotted dataclasses with a
    ``kind``). A private part, shown to one seat alone, is a plain frozen dataclass whose
    fields are added to the public ones in that seat's form."""

    __slots__ = ()
    kind: ClassVar[str]


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


def events_for(events: Sequence[Event], seat: int | None) -> list[WireMap]:
    """The events `seat` is told of (None: a spectator), each in that seat's form."""
    return [event.for_seat(seat) for event in events if event.reaches(seat)]
