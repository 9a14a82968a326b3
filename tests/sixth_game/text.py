"""High Card's events in words, for the game log."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.text import describe_frame, face_text, listed
from tests.sixth_game.types import Dealt, Played, TrickWon, YourCards


def describe(event: SeenEvent[EventPart], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    common = describe_frame(event, names)
    if common is not None:
        return common
    match event.public:
        case Dealt(round=round_, dealer=dealer):
            text = f"Round {round_}: {names[dealer]} deals"
            if isinstance(event.private, YourCards):
                text += ". You hold " + listed([face_text(card) for card in event.private.cards])
            return text + "."
        case Played(seat=seat, card=card):
            return f"{names[seat]} plays {face_text(card)}."
        case TrickWon(seat=seat, cards=cards):
            return f"{names[seat]} wins the trick of {listed([face_text(c) for c in cards])}."
    return event.kind
