"""Trupe events in words, for the game log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.text import describe_common

#: Why a card was drawn → (what the drawer did, what the others saw).
_DRAW_REASONS = {
    "turn": ("draw", "draws from the pack"),
    "replacement": ("draw a replacement", "draws a replacement"),
    "extra": ("take an extra draw", "takes an extra draw"),
}


def card_words(card: Mapping[str, Any] | None) -> str:
    """``Brownie 2``, ``Mariner Gold``, ``Trefoil (as Brownie 2)``."""
    if card is None:
        return "nothing"
    if "as_name" in card:
        return f"{card['name']} (as {card['as_name']})"
    return str(card["name"])


def cards_words(cards: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(card_words(card) for card in cards) if cards else "nothing"


#: A declaration's type, as words after "declares".
TYPE_WORDS = {
    "members": "like members",
    "sequence": "a sequence",
    "honor": "one honor of several groups",
    "group honors": "honors of one group",
}


def declaration_words(declaration: Mapping[str, Any]) -> str:
    """``like members: Brownie 2, Brownie 2, Brownie 2 (5)``."""
    what = TYPE_WORDS[declaration["type"]]
    return f"{what}: {cards_words(declaration['cards'])} ({declaration['points']})"


def _times(count: int, thing: str) -> str:
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    common = describe_common(event, names)
    if common is not None:
        return common
    kind = event["kind"]
    who = names[event["seat"]] if "seat" in event else ""
    if kind == "deal":
        text = (
            f"Round {event['round']}: {names[event['dealer']]} deals; {event['pack']} in the pack"
        )
        if "hand" in event:
            text += f". You hold {len(event['hand'])} cards"
        return text + "."
    if kind == "special":
        card = event["card"]
        if card.get("loses_turn"):
            effect = "they lose their next turn"
        elif card.get("extra_draws"):
            draws = _times(card["extra_draws"], "extra draw")
            effect = f"{draws} now, and as many extra discards"
        else:
            effect = "+1 at the end of the hand"
        return f"  {who} declares {card['name']}: {effect}."
    if kind == "extra_discards":
        return f"  {who} discards {_times(event['due'], 'extra card')} before play starts."
    if kind == "turn":
        return f"{who}'s turn."
    if kind == "lose_turn":
        return f"{who} loses a turn (Prospero)."
    if kind == "draw":
        mine, theirs = _DRAW_REASONS[event["reason"]]
        if "card" in event:
            return f"  You {mine}: {card_words(event['card'])}."
        return f"  {who} {theirs} ({event['pack']} left)."
    if kind == "take":
        return f"  {who} takes {card_words(event['card'])} from the discard row."
    if kind == "declare":
        return f"  {who} declares {declaration_words(event['declaration'])}."
    if kind == "extend":
        return (
            f"  {who} adds {card_words(event['card'])}, making "
            f"{declaration_words(event['declaration'])}."
        )
    if kind == "pair":
        return f"  {who} lays down a final pair: {cards_words(event['cards'])}."
    if kind == "discard":
        text = f"  {who} discards {card_words(event['card'])}."
        if event["covered"] is not None:
            text += f" {card_words(event['covered'])} goes under, to the open pack."
        return text
    if kind == "turn_over":
        return f"The pack is empty: the open pack is turned over ({event['pack']} cards)."
    if kind == "out":
        return f"{who} goes out with a {event['hand_type']}!"
    if kind == "no_winner":
        return "Nothing is left to draw: the hand ends with no winner."
    return str(kind)
