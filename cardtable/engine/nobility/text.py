"""Nobility events in words, for the game log."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.actions import GameAction
from cardtable.engine.cards import CardFace
from cardtable.engine.events import DealtHand, Event, EventPart, SeenEvent
from cardtable.engine.nobility.pieces import OfferView
from cardtable.engine.nobility.types import (
    Captured,
    Claimed,
    CoalitionEnds,
    CoalitionFormed,
    Corrupted,
    DealDone,
    Dealt,
    Defended,
    Discarded,
    DrawnCards,
    Drew,
    Election,
    ElectionOpens,
    Extended,
    Fought,
    HandTaken,
    Income,
    Kept,
    Maintenance,
    MajorityNow,
    Melded,
    Merged,
    OfferClosed,
    OfferMade,
    Passed,
    Recalled,
    Retrieved,
    RubberEnd,
    StockOut,
    TakenCards,
    ToNobles,
    Took,
    Turn,
    Unpaid,
    WasReady,
)
from cardtable.engine.seat_words import Words
from cardtable.engine.text import (
    SeatSentences,
    describe_frame,
    listed,
    person,
    seat_sentence,
    side_names,
    verb_of,
)

_SEAT_SENTENCES: SeatSentences = {
    Passed: "{seat} passes.",
    Merged: "{seat} merges every meld into {to}'s.",
    Turn: "{seat}'s turn.",
    WasReady: "{seat} is ready for the vote.",
}
_SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_OWED_WHY = {
    "defenders lost": "loses",
    "attackers spent": "spends",
}


def nobility_card(card: CardFace) -> str:
    return "Joker" if card.rank == "Joker" else card.label


def cards_text(cards: Sequence[CardFace]) -> str:
    return " ".join(nobility_card(card) for card in cards) if cards else "nothing"


def _goods(money: int, melds: Sequence[int]) -> list[str]:
    """``20 money``, ``meld 3``, ``melds 3, 5``: what one side hands over."""
    goods = [f"{money} money"] if money else []
    if melds:
        word = "meld" if len(melds) == 1 else "melds"
        goods.append(f"{word} " + ", ".join(str(meld) for meld in melds))
    return goods


def offer_text(offer: OfferView, names: Sequence[str], you: int | None = None) -> str:
    """Who offers what to whom, as a sentence without its full stop: ``Ann offers Bo 20 money
    and meld 3 for meld 5``, ``Bo asks you for 10 money``, ``You offer Bo a coalition``. `you`
    is the seat spoken to (None: nobody)."""
    maker, to = offer.maker, offer.to
    subject, other = person(maker, names, you, first=True), person(to, names, you)
    gifts = ["a coalition"] if offer.coalition == "form" else []
    gifts += _goods(offer.give_money, offer.give_melds)
    asked = _goods(offer.get_money, offer.get_melds)
    ending = " to end the coalition" if offer.coalition == "dissolve" else ""
    if gifts:
        wanted = f" for {listed(asked)}" if asked else ""
        return f"{subject} {verb_of(maker, you, 'offer')} {other} {listed(gifts)}{wanted}{ending}"
    if asked:
        return f"{subject} {verb_of(maker, you, 'ask')} {other} for {listed(asked)}{ending}"
    return f"{subject} {verb_of(maker, you, 'offer')} to end the coalition with {other}"


def deal_text(done: DealDone, names: Sequence[str], you: int | None = None) -> str:
    """What a deal carried out moved, from whom to whom: ``Ann gives Bo 20 money; Bo gives Ann
    meld 5; Ann and Bo form a coalition`` (``you give Bo 20 money`` to the seat `you`)."""
    maker, to = done.maker, done.to
    parts = []
    for giver, taker, goods in (
        (maker, to, _goods(done.give_money, done.give_melds)),
        (to, maker, _goods(done.get_money, done.get_melds)),
    ):
        if goods:
            giver_name, taker_name = person(giver, names, you), person(taker, names, you)
            verb = verb_of(giver, you, "give")
            parts.append(f"{giver_name} {verb} {taker_name} {listed(goods)}")
    pair = f"{person(maker, names, you)} and {person(to, names, you)}"
    if done.coalition == "form":
        parts.append(f"{pair} form a coalition")
    elif done.coalition == "dissolve":
        parts.append(f"{pair} end their coalition")
    return "; ".join(parts) or "nothing changes hands"


def describe(event: SeenEvent[EventPart], names: Sequence[str]) -> str:
    """One line for the log, as the receiving seat sees the event."""
    common = describe_frame(event, names)
    if common is not None:
        return common.replace("Round", "Rubber").replace("round", "rubber")
    words = (
        seat_sentence(event.public, _SEAT_SENTENCES, names)
        or _turn_words(event, names)
        or _table_words(event, names)
    )
    return words if words is not None else event.kind


def _turn_words(event: SeenEvent[EventPart], names: Sequence[str]) -> str | None:
    """The draw, melds, income, battles and retrievals."""
    private = event.private
    match event.public:
        case Dealt(round=number, dealer=dealer, turned=turned):
            hand = (
                f"; your hand: {cards_text(private.hand)}" if isinstance(private, DealtHand) else ""
            )
            return (
                f"Rubber {number}: {names[dealer]} deals; {nobility_card(turned)} turned up{hand}."
            )
        case Drew(seat=seat, count=count):
            drawn = f": {cards_text(private.cards)}" if isinstance(private, DrawnCards) else ""
            return f"{names[seat]} draws {count} card{'s' if count != 1 else ''}{drawn}."
        case Took(seat=seat, card=card):
            return f"{names[seat]} takes from the stock discard pile {nobility_card(card)}."
        case Discarded(seat=seat, card=card):
            return f"{names[seat]} discards {nobility_card(card)}."
        case Recalled(seat=seat, card=card):
            return f"{names[seat]} recalls to hand {nobility_card(card)}."
        case Melded(seat=seat, meld=meld):
            return f"{names[seat]} melds {cards_text(meld.cards)} (meld {meld.id})."
        case Extended() | Defended() | Corrupted():
            part = event.public
            verb = {"extend": "extends", "defend": "defends", "joker": "corrupts"}[part.kind]
            return (
                f"{names[part.seat]} {verb} {names[part.owner]}'s meld {part.meld} "
                f"with {nobility_card(part.card)}."
            )
        case Claimed(seat=seat, card=card):
            return f"{names[seat]} melds {nobility_card(card)} to claim income."
        case Income(seat=seat, suit=suit, due=due, paid=paid):
            short = "" if paid == due else f" of {due} (the bank ran dry)"
            return f"{names[seat]} is paid {paid}{short} for {_SUIT_WORDS[suit]}."
        case Maintenance(seat=seat, nobles=nobles, paid=paid):
            return f"{names[seat]} pays {paid} to keep {nobles} defending noble(s)."
        case Unpaid(seat=seat, cards=cards):
            return f"{names[seat]} cannot pay for {cards_text(cards)}: to the stock discard pile."
        case Fought() as fought:
            target = (
                f"meld {fought.meld} of {names[fought.victim]}"
                if fought.meld is not None
                else f"{names[fought.victim]}'s hand"
            )
            outcome = "wins" if fought.won else "loses"
            return (
                f"{names[fought.seat]} attacks {target} with {cards_text(fought.nobles)}: "
                f"{fought.attack} against {fought.defence}, and {outcome}."
            )
        case ToNobles(seat=seat, cards=cards, why=why):
            verb = _OWED_WHY.get(why, "gives up")
            return f"{names[seat]} {verb} {cards_text(cards)} to the noble discard pile."
        case Captured(seat=seat, meld=meld, source=source):
            return f"{names[seat]} takes meld {meld} from {names[source]}."
        case HandTaken(seat=seat, victim=victim, count=count):
            got = f": {cards_text(private.cards)}" if isinstance(private, TakenCards) else ""
            return f"{names[seat]} takes {count} card(s) from {names[victim]}'s hand{got}."
        case Kept(seat=seat, cards=cards):
            return f"{names[seat]} keeps {cards_text(cards)}."
        case Retrieved(seat=seat, card=card, meld=meld, paid=paid):
            where = f"onto meld {meld}" if meld is not None else "to hand"
            return f"{names[seat]} pays {paid} to retrieve {nobility_card(card)} {where}."
    return None


def _table_words(event: SeenEvent[EventPart], names: Sequence[str]) -> str | None:
    """Elections, coalitions, the rubber's end and the offers."""
    match event.public:
        case StockOut(number=number, endgame=endgame):
            if endgame:
                return (
                    f"The stock and its discard pile are out: election {number}, then the endgame."
                )
            return f"The stock is out: election {number}; the discard pile is the new stock."
        case ElectionOpens(number=number):
            return f"Election {number}: agree coalitions, then say you are ready."
        case Election(number=number, majority=majority):
            if majority:
                return f"Election {number}: {side_names(majority, names)} hold the majority."
            return f"Election {number}: nobody holds a majority."
        case MajorityNow(seats=seats):
            if seats:
                return f"{side_names(seats, names)} now hold the majority."
            return "Nobody holds the majority now."
        case CoalitionFormed(seats=seats):
            return f"{side_names(seats, names)} form a coalition."
        case CoalitionEnds(seats=seats, why=why):
            return f"The coalition of {side_names(seats, names)} ends ({why})."
        case RubberEnd(winner=winner, why=why):
            if winner is None:
                return f"The rubber ends with nobody ahead ({why})."
            return f"{names[winner]} wins the rubber ({why})."
        case OfferMade(offer=offer):
            return f"Offer {offer.deal}: {offer_text(offer, names)}."
        case OfferClosed(deal=deal, how=how):
            return f"Offer {deal} is {how}."
        case DealDone() as done:
            return f"Deal {done.deal} is done: {deal_text(done, names)}."
    return None


def taken_back_words(action: GameAction, events: Sequence[Event]) -> Words:
    """An undoable action named for a take-back: ``taking 7♣ from the stock discard pile``,
    ``merging every meld into {0}'s``."""
    for event in events:
        match event.public:
            case Took(card=card):
                return Words(f"taking {nobility_card(card)} from the stock discard pile")
            case Recalled(card=card):
                return Words(f"recalling {nobility_card(card)} to hand")
            case Retrieved(card=card, meld=meld, paid=paid):
                where = f"onto meld {meld}" if meld is not None else "to hand"
                return Words(f"paying {paid} to retrieve {nobility_card(card)} {where}")
            case Passed():
                return Words("passing")
            case Merged(to=to):
                return Words("merging every meld into {0}'s", (to,))
            case WasReady():
                return Words("being ready for the vote")
    return Words("saying they were done" if action.kind == "done" else action.kind)
