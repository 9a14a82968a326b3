"""Thistle events in words, for the game log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.text import describe_common
from cardtable.engine.thistle.cards import ARMS, CLAN, clan_name
from cardtable.engine.thistle.groups import BOOK_VALUES

BOOK_WORDS = {
    "perfect": "a perfect book",
    "castle": "a Castle book",
    "arms": "a book with another clan's arms",
    "thistle": "a Thistle",
}


def card_words(card: Mapping[str, Any] | None) -> str:
    """``a 4 Campbell``, ``the Campbell arms``, ``a Castle``."""
    if card is None:
        return "nothing"
    if card["kind"] == CLAN:
        article = "an" if card["clan"] == 8 else "a"
        return f"{article} {card['clan']} {clan_name(card['clan'])}"
    if card["kind"] == ARMS:
        return f"the {clan_name(card['clan'])} arms"
    return "a Castle"


def clan_cards(count: int) -> str:
    """``1 Clan card``, ``4 Clan cards``."""
    return f"{count} Clan card" + ("" if count == 1 else "s")


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    common = describe_common(event, names)
    if common is not None:
        return common
    kind = event["kind"]
    who = names[event["seat"]] if "seat" in event else ""
    if kind == "deal":
        text = (
            f"Round {event['round']}: {names[event['dealer']]} deals; {event['pile']} in the pile"
        )
        if "hand" in event:
            text += f". You hold {len(event['hand'])} cards"
        return text + "."
    if kind == "turn":
        return f"{who}'s last turn." if event["last"] else f"{who}'s turn."
    if kind == "draw":
        return f"  {who} draws {card_words(event['card'])} to the table."
    if kind == "orphan":
        return f"  {who} has no group for it: {card_words(event['card'])} is set aside."
    if kind == "add":
        clan = clan_name(event["clan"])
        owner = names[event["owner"]]
        whose = "their" if event["owner"] == event["seat"] else f"{owner}'s"
        if event["new"]:
            return f"  {who} starts a {clan} group."
        verb = "plays" if event["from"] == "hand" else "puts"
        return (
            f"  {who} {verb} {card_words(event['card'])} on {whose} {clan} group "
            f"({clan_cards(event['size'])})."
        )
    if kind == "capture":
        clan = clan_name(event["clan"])
        text = (
            f"{who} captures {names[event['victim']]}'s {clan} group "
            f"with {clan_cards(len(event['played']))} from hand"
        )
        if event["orphan"]:
            text += f", adding {card_words(event['orphan'])} set aside before"
        return text + "."
    if kind == "book":
        value = BOOK_VALUES[event["book"]]
        return (
            f"  {names[event['owner']]}'s {clan_name(event['clan'])} group closes: "
            f"{BOOK_WORDS[event['book']]} ({value})."
        )
    if kind == "draw_hand":
        if "card" in event:
            return f"  You draw {card_words(event['card'])} into your hand."
        return f"  {who} draws a card into their hand."
    if kind == "last_card":
        return f"{who} drew the last card: everyone has one more turn, {who} last."
    if kind == "out":
        return f"{who} goes out!"
    return str(kind)
