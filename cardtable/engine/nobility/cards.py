"""Nobility's 54 cards: provinces (2–10), nobles (A, J, Q, K) and two Jokers, with stable ids.

Card ids 0–51 are the standard deck's (`cardtable.engine.cards`); 52 and 53 are the Jokers.
A suit's provinces run in a cycle, 2 after 10, so 9-10-2 is a sequence.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.engine.cards import SUIT_SYMBOLS, CardFace, standard_deck

DECK = standard_deck()
JOKERS = (52, 53)
CARD_COUNT = 54
#: Suits in the order of the income table.
SUITS = ("C", "D", "H", "S")
KING = 13
#: Income a meld pays a claim, by suit and length 3…9 (ruling 3).
INCOME = {
    "C": (1, 3, 6, 10, 15, 21, 28),
    "D": (2, 4, 7, 11, 16, 22, 29),
    "H": (2, 4, 7, 11, 16, 22, 29),
    "S": (3, 5, 8, 12, 17, 23, 30),
}
PROVINCES_PER_SUIT = 9
ALL_PROVINCES = 36


def is_joker(cid: int) -> bool:
    return cid in JOKERS


def is_noble(cid: int) -> bool:
    return not is_joker(cid) and DECK[cid].rank in (1, 11, 12, 13)


def is_province(cid: int) -> bool:
    return not is_joker(cid) and 2 <= DECK[cid].rank <= 10


def is_king(cid: int) -> bool:
    return not is_joker(cid) and DECK[cid].rank == KING


def suit_of(cid: int) -> str:
    return "" if is_joker(cid) else DECK[cid].suit


def position(cid: int) -> int:
    """A province's place in its suit's cycle: 2 → 0 … 10 → 8."""
    return DECK[cid].rank - 2


def open_ends(run: Sequence[int]) -> set[int]:
    """The places of the provinces that would extend `run` (a meld's provinces, in order) at
    either end; none once it holds its whole suit."""
    if len(run) >= PROVINCES_PER_SUIT:
        return set()
    first, last = position(run[0]), position(run[-1])
    return {(first - 1) % PROVINCES_PER_SUIT, (last + 1) % PROVINCES_PER_SUIT}


def income_for(suit: str, length: int) -> int:
    """What a meld of `length` provinces of `suit` pays a claim (no doubling)."""
    return INCOME[suit][min(length, PROVINCES_PER_SUIT) - 3] if length >= 3 else 0


def label(cid: int) -> str:
    return "Jkr" if is_joker(cid) else DECK[cid].label


def card_face(cid: int) -> CardFace:
    """The card as a seat sees it (a Joker: rank ``"Joker"``, no suit)."""
    if is_joker(cid):
        return CardFace(cid, "Joker", "")
    return DECK[cid].face


def faces(cids: Iterable[int]) -> tuple[CardFace, ...]:
    return tuple(card_face(cid) for cid in cids)


def hand_order(cids: Iterable[int]) -> list[int]:
    """Provinces by suit and rank, then nobles by suit, then Jokers."""

    def key(cid: int) -> tuple[int, int, int]:
        if is_joker(cid):
            return (2, 0, cid)
        kind = 0 if is_province(cid) else 1
        return (kind, SUITS.index(suit_of(cid)), DECK[cid].rank)

    return sorted(cids, key=key)


def run_order(cids: Sequence[int]) -> list[int] | None:
    """`cids` as a meld in sequence order (cyclic), or None if they are not 3+ provinces of one
    suit in sequence."""
    if len(cids) < 3 or not all(is_province(cid) for cid in cids):
        return None
    if len({suit_of(cid) for cid in cids}) != 1 or len(set(cids)) != len(cids):
        return None
    places = {position(cid): cid for cid in cids}
    if len(places) == PROVINCES_PER_SUIT:
        return [places[place] for place in range(PROVINCES_PER_SUIT)]
    for start in places:
        if (start - 1) % PROVINCES_PER_SUIT in places:
            continue  # not the first of the run
        run = [(start + step) % PROVINCES_PER_SUIT for step in range(len(places))]
        if all(place in places for place in run):
            return [places[place] for place in run]
    return None


def suit_word(suit: str) -> str:
    return {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[suit]


def suit_symbol(suit: str) -> str:
    return SUIT_SYMBOLS[suit]
