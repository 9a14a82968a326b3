"""Chinese Ten events in words, for the game log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.text import card_text, describe_common


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    common = describe_common(event, names)
    if common is not None:
        return common
    kind = event["kind"]
    who = names[event["seat"]] if "seat" in event else ""
    if kind == "deal":
        text = f"Round {event['round']}: {names[event['dealer']]} deals. Spots: " + ", ".join(
            card_text(card) for card in event["spots"]
        )
        if "hand" in event:
            text += f". You hold {len(event['hand'])} cards"
        return text + "."
    if kind == "turn":
        return f"{who}'s turn."
    if kind == "flip":
        return f"  {who} flips {card_text(event['card'])}."
    spot = event.get("spot", 0) + 1
    if kind == "capture":
        taken = f"{card_text(event['target'])} from spot {spot} (+{event['points']})"
        if event["from"] == "hand":
            text = f"{who} plays {card_text(event['card'])} and takes {taken}"
        else:
            text = f"  The flipped {card_text(event['card'])} takes {taken}"
        if event.get("uncovered"):
            text += f", uncovering {card_text(event['uncovered'])}"
        return text + "."
    if kind == "lay":
        if event["from"] == "hand":
            text = f"{who} lays {card_text(event['card'])} on spot {spot}"
        else:
            text = f"  The flipped {card_text(event['card'])} goes to spot {spot}"
        if event.get("covered"):
            text += f", covering {card_text(event['covered'])}"
        return text + "."
    return str(kind)
