"""Queen of Scots events in words, for the game log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.queen_of_scots.edition import ROYAL_FAMILY
from cardtable.engine.text import describe_common


def card_words(card: Mapping[str, Any] | None) -> str:
    """``John Knox (15)``, ``King James ♛ (20)``, ``Crown Jewels ◆ (50)``."""
    if card is None:
        return "nothing"
    mark = " ♛" if card["type"] == "royal" else " ◆" if card["type"] == "wild" else ""
    return f"{card['name']}{mark} ({card['value']})"


def cards_words(cards: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(card_words(card) for card in cards) if cards else "nothing"


def set_words(match: str) -> str:
    """``the royal family set`` or ``the John Knox set``."""
    return "royal family set" if match == ROYAL_FAMILY else f"{match} set"


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    common = describe_common(event, names)
    if common is not None:
        return common
    kind = event["kind"]
    who = names[event["seat"]] if "seat" in event else ""
    if kind == "deal":
        text = (
            f"Round {event['round']}: {names[event['dealer']]} deals and turns up "
            f"{card_words(event['upcard'])}; {event['stock']} in the stock"
        )
        if "hand" in event:
            text += f". You hold {len(event['hand'])} cards"
        return text + "."
    if kind == "turn":
        return f"{who}'s turn."
    if kind == "draw":
        if "card" in event:
            return f"  You draw {card_words(event['card'])}."
        return f"  {who} draws from the stock ({event['stock']} left)."
    if kind == "take":
        if event["jewels_shown"]:
            how = (
                f"shows two Crown Jewels and takes the pile, putting the Crown Jewels on top "
                f"onto their {set_words(event['of'])}"
            )
        else:
            start = "into a new" if event["new"] else "onto their"
            how = (
                f"takes the pile with {cards_words(event['played'])}, putting them and "
                f"{card_words(event['top'])} {start} {set_words(event['of'])}"
            )
        return f"  {who} {how} ({event['value']}); {len(event['to_hand'])} cards go to their hand."
    if kind == "meld":
        return (
            f"  {who} lays down a {set_words(event['of'])}: {cards_words(event['cards'])} "
            f"({event['value']})."
        )
    if kind == "add":
        return (
            f"  {who} adds {card_words(event['card'])} to their {set_words(event['of'])} "
            f"({event['value']})."
        )
    if kind == "discard":
        return f"  {who} discards {card_words(event['card'])}."
    if kind == "stop":
        return f"The stock is empty and {who} does not take the pile: the round ends."
    if kind == "out":
        return f"{who} goes out!"
    return str(kind)
