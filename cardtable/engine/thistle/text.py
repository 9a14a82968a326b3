"""Thistle events in words, for the game log."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.events import Event, EventPart, SeenEvent
from cardtable.engine.seat_words import Words
from cardtable.engine.text import SeatSentences, describe_shared, hand_held
from cardtable.engine.thistle.cards import ARMS, CLAN, ThistleCard, clan_name
from cardtable.engine.thistle.groups import BOOK_VALUES
from cardtable.engine.thistle.types import (
    Added,
    BookClosed,
    Captured,
    Dealt,
    DrawnCard,
    Drew,
    DrewToHand,
    LastCard,
    SetAside,
    Turn,
    WentOut,
)

_SEAT_SENTENCES: SeatSentences = {
    LastCard: "{seat} drew the last card: everyone has one more turn, {seat} last.",
    WentOut: "{seat} goes out!",
}

BOOK_WORDS = {
    "perfect": "a perfect book",
    "castle": "a Castle book",
    "arms": "a book with another clan's arms",
    "thistle": "a Thistle",
}


def card_words(card: ThistleCard | None) -> str:
    """``a 4 Campbell``, ``the Campbell arms``, ``a Castle``."""
    if card is None:
        return "nothing"
    if card.kind == CLAN:
        article = "an" if card.clan == 8 else "a"
        return f"{article} {card.clan} {clan_name(card.clan or 0)}"
    if card.kind == ARMS:
        return f"the {clan_name(card.clan or 0)} arms"
    return "a Castle"


def clan_cards(count: int) -> str:
    """``1 Clan card``, ``4 Clan cards``."""
    return f"{count} Clan card" + ("" if count == 1 else "s")


def describe(event: SeenEvent[EventPart], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    match event.public:
        case Dealt(round=number, dealer=dealer, pile=pile):
            held = hand_held(event.private)
            return f"Round {number}: {names[dealer]} deals; {pile} in the pile{held}."
        case Turn(seat=seat, last=last):
            return f"{names[seat]}'s last turn." if last else f"{names[seat]}'s turn."
        case Drew(seat=seat, card=card):
            return f"  {names[seat]} draws {card_words(card)} to the table."
        case SetAside(seat=seat, card=card):
            return f"  {names[seat]} has no group for it: {card_words(card)} is set aside."
        case Added() as added:
            return _added(added, names)
        case Captured() as captured:
            text = (
                f"{names[captured.seat]} captures {names[captured.victim]}'s "
                f"{clan_name(captured.clan)} group "
                f"with {clan_cards(len(captured.played))} from hand"
            )
            if captured.orphan:
                text += f", adding {card_words(captured.orphan)} set aside before"
            return text + "."
        case BookClosed(owner=owner, clan=clan, book=book):
            return (
                f"  {names[owner]}'s {clan_name(clan)} group closes: "
                f"{BOOK_WORDS[book]} ({BOOK_VALUES[book]})."
            )
        case DrewToHand(seat=seat):
            if isinstance(event.private, DrawnCard):
                return f"  You draw {card_words(event.private.card)} into your hand."
            return f"  {names[seat]} draws a card into their hand."
    shared = describe_shared(event, names, _SEAT_SENTENCES)
    return shared if shared is not None else event.kind


def _added(added: Added, names: Sequence[str]) -> str:
    who = names[added.seat]
    clan = clan_name(added.clan)
    whose = "their" if added.owner == added.seat else f"{names[added.owner]}'s"
    if added.new:
        return f"  {who} starts a {clan} group."
    verb = "plays" if added.source == "hand" else "puts"
    card, size = card_words(added.card), clan_cards(added.size)
    return f"  {who} {verb} {card} on {whose} {clan} group ({size})."


def taken_back_words(events: Sequence[Event]) -> Words:
    """Placing the drawn card, named for a take-back: ``putting a 4 Campbell on their
    Campbell group``."""
    for event in events:
        match event.public:
            case Added(card=card, clan=clan, new=new, source="place"):
                if new:
                    return Words(f"starting a {clan_name(clan)} group with {card_words(card)}")
                return Words(f"putting {card_words(card)} on their {clan_name(clan)} group")
    return Words("placing the drawn card")
