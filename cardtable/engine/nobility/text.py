"""Nobility events in words, for the game log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.text import card_text, describe_common, side_names

_SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_OWED_WHY = {
    "defenders lost": "loses",
    "attackers spent": "spends",
}


def nobility_card(card: Mapping[str, Any]) -> str:
    return "Joker" if card.get("rank") == "Joker" else card_text(card)


def cards_text(cards: Sequence[Mapping[str, Any]]) -> str:
    return " ".join(nobility_card(card) for card in cards) if cards else "nothing"


def terms_text(terms: Mapping[str, Any], names: Sequence[str]) -> str:
    """``Ann gives 20 and meld 3; Bo gives 5; they form a coalition``."""
    maker, to = names[terms["from"]], names[terms["to"]]

    def side(money: int, melds: Sequence[int]) -> list[str]:
        parts = [f"{money}"] if money else []
        if melds:
            word = "meld" if len(melds) == 1 else "melds"
            parts.append(f"{word} " + ", ".join(str(meld) for meld in melds))
        return parts

    parts = []
    given = side(terms.get("give_money", 0), terms.get("give_melds", []))
    asked = side(terms.get("get_money", 0), terms.get("get_melds", []))
    if given:
        parts.append(f"{maker} gives {' and '.join(given)}")
    if asked:
        parts.append(f"{to} gives {' and '.join(asked)}")
    if terms.get("coalition") == "form":
        parts.append("they form a coalition")
    elif terms.get("coalition") == "dissolve":
        parts.append("they dissolve their coalition")
    return "; ".join(parts) or "nothing"


def describe(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    common = describe_common(event, names)
    if common is not None:
        return common.replace("Round", "Rubber").replace("round", "rubber")
    kind = event["kind"]
    who = names[event["seat"]] if "seat" in event else ""
    if kind == "deal":
        hand = f"; your hand: {cards_text(event['hand'])}" if "hand" in event else ""
        return (
            f"Rubber {event['round']}: {names[event['dealer']]} deals; "
            f"{nobility_card(event['turned'])} turned up{hand}."
        )
    if kind == "draw":
        drawn = f": {cards_text(event['cards'])}" if "cards" in event else ""
        count = event["count"]
        return f"{who} draws {count} card{'s' if count != 1 else ''}{drawn}."
    if kind in ("take", "discard", "recall"):
        doing = {
            "take": "takes from the stock discard pile",
            "discard": "discards",
            "recall": "recalls to hand",
        }[kind]
        return f"{who} {doing} {nobility_card(event['card'])}."
    if kind == "meld":
        meld = event["meld"]
        return f"{who} melds {cards_text(meld['cards'])} (meld {meld['id']})."
    if kind in ("extend", "defend", "joker"):
        action = {"extend": "extends", "defend": "defends", "joker": "corrupts"}[kind]
        card = nobility_card(event["card"])
        owner = names[event["owner"]]
        return f"{who} {action} {owner}'s meld {event['meld']} with {card}."
    if kind == "claim":
        return f"{who} melds {nobility_card(event['card'])} to claim income."
    if kind == "income":
        short = "" if event["paid"] == event["due"] else f" of {event['due']} (the bank ran dry)"
        return f"{who} is paid {event['paid']}{short} for {_SUIT_WORDS[event['suit']]}."
    if kind == "maintenance":
        return f"{who} pays {event['paid']} to keep {event['nobles']} defending noble(s)."
    if kind == "unpaid":
        return f"{who} cannot pay for {cards_text(event['cards'])}: to the stock discard pile."
    if kind == "battle":
        target = (
            f"meld {event['meld']} of {names[event['victim']]}"
            if event["meld"] is not None
            else f"{names[event['victim']]}'s hand"
        )
        outcome = "wins" if event["won"] else "loses"
        return (
            f"{who} attacks {target} with {cards_text(event['nobles'])}: "
            f"{event['attack']} against {event['defence']}, and {outcome}."
        )
    if kind == "to_nobles":
        verb = _OWED_WHY.get(event["why"], "gives up")
        return f"{who} {verb} {cards_text(event['cards'])} to the noble discard pile."
    if kind == "captured":
        return f"{who} takes meld {event['meld']} from {names[event['from']]}."
    if kind == "hand_taken":
        got = f": {cards_text(event['cards'])}" if "cards" in event else ""
        return f"{who} takes {event['count']} card(s) from {names[event['victim']]}'s hand{got}."
    if kind == "kept":
        return f"{who} keeps {cards_text(event['cards'])}."
    if kind == "retrieve":
        where = f"onto meld {event['meld']}" if event["meld"] is not None else "to hand"
        return f"{who} pays {event['paid']} to retrieve {nobility_card(event['card'])} {where}."
    if kind == "pass":
        return f"{who} passes."
    if kind == "merge":
        return f"{who} merges every meld into {names[event['to']]}'s."
    if kind == "turn":
        return f"{who}'s turn."
    if kind == "ready":
        return f"{who} is ready for the vote."
    if kind == "stock_out":
        number = event["number"]
        if event["endgame"]:
            return f"The stock and its discard pile are out: election {number}, then the endgame."
        return f"The stock is out: election {number}; the discard pile is the new stock."
    if kind == "election_opens":
        return f"Election {event['number']}: agree coalitions, then say you are ready."
    if kind == "election":
        if event["majority"]:
            holders = side_names(event["majority"], names)
            return f"Election {event['number']}: {holders} hold the majority."
        return f"Election {event['number']}: nobody holds a majority."
    if kind == "majority":
        if event["seats"]:
            return f"{side_names(event['seats'], names)} now hold the majority."
        return "Nobody holds the majority now."
    if kind == "coalition":
        return f"{side_names(event['seats'], names)} form a coalition."
    if kind == "coalition_ends":
        return f"The coalition of {side_names(event['seats'], names)} ends ({event['why']})."
    if kind == "rubber_end":
        winner = event["winner"]
        if winner is None:
            return f"The rubber ends with nobody ahead ({event['why']})."
        return f"{names[winner]} wins the rubber ({event['why']})."
    if kind == "offer":
        offer = event["offer"]
        return (
            f"Offer {offer['deal']} from {names[offer['from']]} to {names[offer['to']]}: "
            f"{terms_text(offer, names)}."
        )
    if kind == "offer_closed":
        return f"Offer {event['deal']} is {event['how']}."
    if kind == "deal_done":
        return f"Deal {event['deal']} is done: {terms_text(event, names)}."
    return str(kind)
