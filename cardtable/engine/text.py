"""Events in words, for logs: the parts every game shares (round and game ends)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import CardFace
from cardtable.engine.core import (
    EventPart,
    GameEnd,
    NextDealer,
    RoundEnd,
    SeenEvent,
    TookBack,
    seats_named,
)


def face_text(card: CardFace | None) -> str:
    """A standard card as seen: ``10♥``; ``nothing`` for no card."""
    return "nothing" if card is None else card.label


def side_names(side: Sequence[int], names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bo``, or ``Ann, Bo and Cy``."""
    people = [names[seat] for seat in side]
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


def describe_frame(event: SeenEvent[EventPart], names: Sequence[str]) -> str | None:
    """Words for the events the engine's frame emits (round and game ends, the next dealer, a
    take-back), or None for a game's own event."""
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
        case GameEnd(result=result):
            winners = [result.sides[index] for index in result.winners]
            top = result.totals[result.winners[0]]
            if len(winners) == 1:
                return f"{side_names(winners[0], names)} won with {top}."
            who = side_names([seat for side in winners for seat in side], names)
            return f"{who} share the win with {top} each."
    return None
