"""Trupe events in words, for the game log."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.events import Event, EventPart, SeenEvent
from cardtable.engine.seat_words import Words
from cardtable.engine.text import SeatSentences, describe_shared
from cardtable.engine.trupe.types import (
    Dealt,
    DeclarationView,
    Declared,
    Discarded,
    Drew,
    DrewCard,
    Extended,
    ExtraDiscards,
    LoseTurn,
    NoWinner,
    PairLaid,
    SpecialDeclared,
    Took,
    TrupeFace,
    Turn,
    TurnedOver,
    WentOut,
)

_SEAT_SENTENCES: SeatSentences = {
    Turn: "{seat}'s turn.",
    LoseTurn: "{seat} loses a turn (Prospero).",
}

#: Why a card was drawn → (what the drawer did, what the others saw).
_DRAW_REASONS = {
    "turn": ("draw", "draws from the pack"),
    "replacement": ("draw a replacement", "draws a replacement"),
    "extra": ("take an extra draw", "takes an extra draw"),
}


def card_words(card: TrupeFace | None) -> str:
    """``Brownie 2``, ``Mariner Gold``, ``Trefoil (as Brownie 2)``."""
    if card is None:
        return "nothing"
    if card.as_name is not None:
        return f"{card.name} (as {card.as_name})"
    return card.name


def cards_words(cards: Sequence[TrupeFace]) -> str:
    return ", ".join(card_words(card) for card in cards) if cards else "nothing"


#: A declaration's type, as words after "declares".
TYPE_WORDS = {
    "members": "like members",
    "sequence": "a sequence",
    "honor": "one honor of several groups",
    "group honors": "honors of one group",
}


def declaration_words(declaration: DeclarationView) -> str:
    """``like members: Brownie 2, Brownie 2, Brownie 2 (5)``."""
    what = TYPE_WORDS[declaration.type]
    return f"{what}: {cards_words(declaration.cards)} ({declaration.points})"


def _times(count: int, thing: str) -> str:
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


def special_effect(card: TrupeFace) -> str:
    """What a premium or a penalty does, after "declares ...:"."""
    if card.loses_turn:
        return "they lose their next turn"
    if card.extra_draws:
        return f"{_times(card.extra_draws, 'extra draw')} now, and as many extra discards"
    return "+1 at the end of the hand"


def describe(event: SeenEvent[EventPart], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    shared = describe_shared(event, names, _SEAT_SENTENCES)
    if shared is not None:
        return shared
    match event.public:
        case Dealt(round=round_, dealer=dealer, hand_counts=counts, pack=pack):
            return (
                f"Round {round_}: {names[dealer]} deals {counts[0]} cards each; {pack} in the pack."
            )
        case SpecialDeclared(seat=seat, card=card):
            return f"  {names[seat]} declares {card.name}: {special_effect(card)}."
        case ExtraDiscards(seat=seat, due=due):
            return f"  {names[seat]} discards {_times(due, 'extra card')} before play starts."
        case Drew(seat=seat, reason=reason, pack=pack):
            mine, theirs = _DRAW_REASONS[reason]
            if isinstance(event.private, DrewCard):
                return f"  You {mine}: {card_words(event.private.card)}."
            return f"  {names[seat]} {theirs} ({pack} left)."
        case Took(seat=seat, card=card):
            return f"  {names[seat]} takes {card_words(card)} from the discard row."
        case Declared(seat=seat, declaration=declaration):
            return f"  {names[seat]} declares {declaration_words(declaration)}."
        case Extended(seat=seat, card=card, declaration=declaration):
            return (
                f"  {names[seat]} adds {card_words(card)}, making {declaration_words(declaration)}."
            )
        case PairLaid(seat=seat, cards=cards):
            return f"  {names[seat]} lays down a final pair: {cards_words(cards)}."
        case Discarded(seat=seat, card=card, covered=covered):
            text = f"  {names[seat]} discards {card_words(card)}."
            if covered is not None:
                text += f" {card_words(covered)} goes under, to the open pack."
            return text
        case TurnedOver(pack=pack):
            return f"The pack is empty: the open pack is turned over ({pack} cards)."
        case WentOut(seat=seat, hand_type=hand_type):
            return f"{names[seat]} goes out with a {hand_type}!"
        case NoWinner():
            return "Nothing is left to draw: the hand ends with no winner."
    return event.kind


def taken_back_words(events: Sequence[Event]) -> Words:
    """Taking a card from the row, named for a take-back: ``taking the 7 of ... from the
    discard row``."""
    for event in events:
        if isinstance(event.public, Took):
            return Words(f"taking {card_words(event.public.card)} from the discard row")
    return Words("taking a card from the discard row")
