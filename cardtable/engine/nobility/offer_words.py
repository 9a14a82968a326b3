"""Nobility's diplomacy hook (`DIPLOMACY`): the terms of an offer as players type them, and its
offer and deal events as news for the two parties.

TERMS are read left to right: ``give`` (or pay) and ``get`` (or for, ask, want) say which way
what follows goes (``give`` until said otherwise); a number is money; ``meld N`` one meld and
``melds N,M`` (or ``melds N M``, ``melds N and M``) several; ``coalition`` or ``form`` forms a
coalition and ``dissolve`` ends ours. ``and``, commas, ``+`` and ``nothing`` are skipped.

Only the words are checked here; the rules are the judge of what an offer may contain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.engine.diplomacy import DealNews, Diplomacy, number, tokens
from cardtable.engine.nobility.text import deal_text, offer_text
from cardtable.engine.nobility.types import TYPES, DealDone, OfferClosed, OfferMade
from cardtable.wire.codec import WireError, WireMap

USAGE = "/offer NAME give 20 meld 3 get meld 5 coalition"

_GIVE = {"give", "gives", "pay", "pays"}
_GET = {"get", "gets", "for", "ask", "asks", "want", "wants", "take", "receive"}
_SKIP = {"and", "&", "+", "plus", "with", "nothing", "a", "the", "our", "money", "gold", "coins"}
_FORM = {"coalition", "form", "ally"}
_DISSOLVE = {"dissolve", "break", "end"}
_MELD = {"meld", "melds", "m"}
_AND = {"and", "&", "+"}


def _number_at(words: Sequence[str], index: int) -> bool:
    return index < len(words) and number(words[index]) is not None


def parse_terms(text: str) -> WireMap | str:
    """An offer's terms (the engine's keys, only those that say something), or what is wrong."""
    words = tokens(text)
    money = {"give": 0, "get": 0}
    melds: dict[str, list[int]] = {"give": [], "get": []}
    coalition: str | None = None
    side = "give"
    index = 0
    while index < len(words):
        token = words[index]
        index += 1
        if token in _GIVE:
            side = "give"
        elif token in _GET:
            side = "get"
        elif token in _FORM or token in _DISSOLVE:
            wanted = "form" if token in _FORM else "dissolve"
            if coalition not in (None, wanted):
                return "A coalition is either formed or dissolved, not both."
            coalition = wanted
            while index < len(words) and words[index] in ("a", "the", "our", "coalition"):
                index += 1
        elif token in _MELD:
            many = token != "meld"
            numbers: list[int] = []
            while index < len(words):
                found = number(words[index])
                if found is not None:
                    numbers.append(found)
                    index += 1
                    if not many:
                        break
                elif many and numbers and words[index] in _AND and _number_at(words, index + 1):
                    index += 1
                else:
                    break
            if not numbers:
                return f"Say which meld by its number, as in “meld 3”. {USAGE}"
            melds[side].extend(numbers)
        elif (amount := number(token)) is not None:
            if money[side]:
                return f"Say the money to {side} once, as one amount."
            money[side] = amount
        elif token in _SKIP:
            continue
        else:
            return f"“{token}” is not part of an offer. Use: {USAGE}"
    for way in ("give", "get"):
        if len(set(melds[way])) != len(melds[way]):
            return "A meld is named twice in the offer."
    terms: WireMap = {}
    for way in ("give", "get"):
        if money[way]:
            terms[f"{way}_money"] = money[way]
        if melds[way]:
            terms[f"{way}_melds"] = melds[way]
    if coalition is not None:
        terms["coalition"] = coalition
    if not terms:
        return f"Say what you give or ask for: {USAGE}"
    return terms


def news(event: Mapping[str, object], names: Sequence[str], me: int | None) -> DealNews | None:
    """What an offer's or a deal's event tells `me`; None for any other event."""
    try:
        seen = TYPES.event_from_wire(event)
    except WireError:
        return None
    match seen.public:
        case OfferMade(offer=offer):
            words = offer_text(offer, names, me)
            return DealNews(offer.deal, "offer", offer.maker, offer.to, words)
        case OfferClosed(deal=deal, how="declined" | "withdrawn" | "lapsed" as how):
            return DealNews(deal, how)
        case OfferClosed(deal=deal, how=how):
            return DealNews(deal, "closed", how=how)
        case DealDone() as done:
            return DealNews(done.deal, "done", done.maker, done.to, deal_text(done, names, me))
    return None


DIPLOMACY = Diplomacy(
    usage=USAGE,
    terms_help="give … get … (money, meld N, melds N,M, coalition, dissolve)",
    read_terms=parse_terms,
    news=news,
)
