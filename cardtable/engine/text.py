"""Events in words, for logs: the parts every game shares (round and game ends), and the words
for a seat spoken to (`person`, `verb_of`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import Formatter
from typing import Protocol, runtime_checkable

from cardtable.engine.cards import CardFace
from cardtable.engine.events import (
    Conceded,
    ConcessionDeclined,
    ConcessionLapsed,
    ConcessionOffered,
    EventPart,
    GameEnd,
    NextDealer,
    RoundEnd,
    SeenEvent,
    TookBack,
)
from cardtable.engine.seat_words import seats_named


def face_text(card: CardFace | None) -> str:
    """A standard card as seen: ``10♥``; ``nothing`` for no card."""
    return "nothing" if card is None else card.label


def listed(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, or ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def side_names(side: Sequence[int], names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bo``, or ``Ann, Bo and Cy``."""
    return listed([names[seat] for seat in side])


@runtime_checkable
class ShownHand(Protocol):
    """A deal's private part that shows the receiving seat its hand."""

    @property
    def hand(self) -> Sequence[object]: ...


def hand_held(private: object) -> str:
    """``. You hold 9 cards`` after a deal that showed the seat its hand, else nothing."""
    return f". You hold {len(private.hand)} cards" if isinstance(private, ShownHand) else ""


def person(seat: int, names: Sequence[str], you: int | None, *, first: bool = False) -> str:
    """`seat`'s name, or ``you`` (``You`` `first` in a sentence) when it is the seat `you`."""
    if seat != you:
        return names[seat]
    return "You" if first else "you"


def verb_of(seat: int, you: int | None, verb: str) -> str:
    """``offer`` for the seat `you`, ``offers`` for anyone else."""
    return verb if seat == you else verb + "s"


#: Sentences about seats alone, by event type: each field names a seat field of the event,
#: e.g. ``{Merged: "{seat} merges every meld into {to}'s."}``.
SeatSentences = Mapping[type[EventPart], str]

_FRAME_SENTENCES: SeatSentences = {
    ConcessionOffered: "{seat} offers to concede the game; the partners must all agree.",
    ConcessionDeclined: "{seat} plays on: no concession.",
    ConcessionLapsed: "{seat}'s offer to concede lapsed: the side played on.",
}


def seat_sentence(part: EventPart, sentences: SeatSentences, names: Sequence[str]) -> str | None:
    """The sentence `sentences` holds for `part`'s type, its seats named; None if none."""
    template = sentences.get(type(part))
    if template is None:
        return None
    fields = {field for _, field, _, _ in Formatter().parse(template) if field}
    return template.format_map({field: names[getattr(part, field)] for field in fields})


def describe_shared(
    event: SeenEvent[EventPart], names: Sequence[str], sentences: SeatSentences
) -> str | None:
    """Words for the frame's events or for the game's `sentences` about seats, or None."""
    return describe_frame(event, names) or seat_sentence(event.public, sentences, names)


def describe_frame(event: SeenEvent[EventPart], names: Sequence[str]) -> str | None:
    """Words for the events the engine's frame emits (round and game ends, the next dealer, a
    take-back, conceding), or None for a game's own event."""
    sentence = seat_sentence(event.public, _FRAME_SENTENCES, names)
    if sentence is not None:
        return sentence
    match event.public:
        case TookBack(seat=seat, words=words):
            return f"{names[seat]} took back {seats_named(words.text, words.seats, names)}."
        case RoundEnd(score=score):
            parts = [
                f"{side_names(side, names)} {points}"
                for side, points in zip(score.sides, score.points, strict=True)
            ]
            return f"Round {score.round} is over: " + ", ".join(parts) + "."
        case NextDealer(seat=seat, round=round_):
            return f"{names[seat]} deals round {round_} next."
        case Conceded(seats=seats):
            verb = "concedes" if len(seats) == 1 else "concede"
            return f"{side_names(seats, names)} {verb}: the game is over."
        case GameEnd(result=result) if result.conceded:
            won = side_names(result.winning_seats, names)
            losers = [seat for index in result.conceded for seat in result.sides[index]]
            verb = "won" if len(result.winners) == 1 else "share the win"
            if len(result.sides) == 2:
                return f"{won} {verb}: {side_names(losers, names)} conceded."
            top = result.totals[result.winners[0]]
            return f"{won} {verb} with {top}; {side_names(losers, names)} conceded and rank last."
        case GameEnd(result=result):
            winners = [result.sides[index] for index in result.winners]
            top = result.totals[result.winners[0]]
            if len(winners) == 1:
                return f"{side_names(winners[0], names)} won with {top}."
            who = side_names([seat for side in winners for seat in side], names)
            return f"{who} share the win with {top} each."
    return None
