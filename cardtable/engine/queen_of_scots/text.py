"""Queen of Scots events in words, for the game log."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.queen_of_scots.edition import ROYAL_FAMILY
from cardtable.engine.queen_of_scots.types import (
    Added,
    Dealt,
    Discarded,
    DrawnCard,
    Drew,
    Melded,
    QueenFace,
    Stopped,
    Took,
    Turn,
    WentOut,
)
from cardtable.engine.text import SeatSentences, describe_shared

_SEAT_SENTENCES: SeatSentences = {
    Turn: "{seat}'s turn.",
    Stopped: "The stock is empty and {seat} does not take the pile: the round ends.",
    WentOut: "{seat} goes out!",
}


def card_words(card: QueenFace | None) -> str:
    """``John Knox (15)``, ``King James ♛ (20)``, ``Crown Jewels ◆ (50)``."""
    if card is None:
        return "nothing"
    mark = " ♛" if card.type == "royal" else " ◆" if card.type == "wild" else ""
    return f"{card.name}{mark} ({card.value})"


def cards_words(cards: Sequence[QueenFace]) -> str:
    return ", ".join(card_words(card) for card in cards) if cards else "nothing"


def set_words(match: str) -> str:
    """``the royal family set`` or ``the John Knox set``."""
    return "royal family set" if match == ROYAL_FAMILY else f"{match} set"


def describe(event: SeenEvent[EventPart], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    shared = describe_shared(event, names, _SEAT_SENTENCES)
    if shared is not None:
        return shared
    match event.public:
        case Dealt(round=round_, dealer=dealer, hand_counts=counts, stock=stock, upcard=upcard):
            return (
                f"Round {round_}: {names[dealer]} deals {max(counts, default=0)} cards each "
                f"and turns up {card_words(upcard)}; {stock} in the stock."
            )
        case Drew(seat=seat, stock=stock):
            if isinstance(event.private, DrawnCard):
                return f"  You draw {card_words(event.private.card)}."
            return f"  {names[seat]} draws from the stock ({stock} left)."
        case Took() as took:
            return f"  {names[took.seat]} {took_words(took)}"
        case Melded(seat=seat, of=of, cards=cards, value=value):
            return f"  {names[seat]} lays down a {set_words(of)}: {cards_words(cards)} ({value})."
        case Added(seat=seat, of=of, card=card, value=value):
            return f"  {names[seat]} adds {card_words(card)} to their {set_words(of)} ({value})."
        case Discarded(seat=seat, card=card):
            return f"  {names[seat]} discards {card_words(card)}."
    return event.kind


def took_words(took: Took) -> str:
    """What a take did, after the taker's name."""
    if took.jewels_shown:
        how = (
            f"shows two Crown Jewels and takes the pile, putting the Crown Jewels on top "
            f"onto their {set_words(took.of)}"
        )
    else:
        start = "into a new" if took.new else "onto their"
        how = (
            f"takes the pile with {cards_words(took.played)}, putting them and "
            f"{card_words(took.top)} {start} {set_words(took.of)}"
        )
    return f"{how} ({took.value}); {took.to_hand_count} cards go to their hand."
