"""Chinese Ten events in words, for the game log."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.chinese_ten.types import Captured, Dealt, Flipped, Laid, Turn
from cardtable.engine.events import Event, EventPart, SeenEvent
from cardtable.engine.seat_words import Words
from cardtable.engine.text import SeatSentences, describe_shared, face_text, hand_held

_SEAT_SENTENCES: SeatSentences = {Turn: "{seat}'s turn."}


def describe(event: SeenEvent[EventPart], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    shared = describe_shared(event, names, _SEAT_SENTENCES)
    if shared is not None:
        return shared
    match event.public:
        case Dealt(round=round_, dealer=dealer, spots=spots):
            shown = ", ".join(face_text(card) for card in spots)
            held = hand_held(event.private)
            return f"Round {round_}: {names[dealer]} deals. Spots: {shown}{held}."
        case Flipped(seat=seat, card=card):
            return f"  {names[seat]} flips {face_text(card)}."
        case Captured(seat=seat, card=card, target=target, spot=spot, source=source):
            taken = f"{face_text(target)} from spot {spot + 1} (+{event.public.points})"
            if source == "hand":
                text = f"{names[seat]} plays {face_text(card)} and takes {taken}"
            else:
                text = f"  The flipped {face_text(card)} takes {taken}"
            if event.public.uncovered is not None:
                text += f", uncovering {face_text(event.public.uncovered)}"
            return text + "."
        case Laid(seat=seat, card=card, spot=spot, source=source, covered=covered):
            if source == "hand":
                text = f"{names[seat]} lays {face_text(card)} on spot {spot + 1}"
            else:
                text = f"  The flipped {face_text(card)} goes to spot {spot + 1}"
            if covered is not None:
                text += f", covering {face_text(covered)}"
            return text + "."
    return event.kind


def taken_back_words(events: Sequence[Event]) -> Words:
    """The flip's choice (take or place), named for a take-back: ``taking 5♦ from spot 3 with
    the flipped 5♠``."""
    for event in events:
        match event.public:
            case Captured(card=card, target=target, spot=spot, source="flip"):
                return Words(
                    f"taking {face_text(target)} from spot {spot + 1} "
                    f"with the flipped {face_text(card)}"
                )
            case Laid(card=card, spot=spot, source="flip"):
                return Words(f"placing the flipped {face_text(card)} on spot {spot + 1}")
    return Words("their last move")
