"""Standard French-suited cards with stable ids, for games played with one or more 52-card decks.

Card id ``cid = deck * 52 + suit_index * 13 + (rank - 1)``: two copies of the same card in a
two-deck game have different ids, so every card can be named without ambiguity.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


@dataclass(frozen=True, slots=True)
class CardFace:
    """A standard card as a seat sees it: its id, rank label (``"10"``, ``"A"``) and suit
    letter. Views and events carry these."""

    cid: int
    rank: str
    suit: str

    @property
    def label(self) -> str:
        """Short form such as ``10♥`` or ``A♠``."""
        return f"{self.rank}{SUIT_SYMBOLS.get(self.suit, self.suit)}"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: rank 1 (ace) to 13 (king), a suit letter, and which deck it came from."""

    cid: int
    rank: int
    suit: str
    deck: int = 0

    @property
    def rank_label(self) -> str:
        return RANK_LABELS.get(self.rank, str(self.rank))

    @property
    def label(self) -> str:
        """Short form such as ``10♥`` or ``A♠``."""
        return f"{self.rank_label}{SUIT_SYMBOLS[self.suit]}"

    @property
    def name(self) -> str:
        """Long form such as ``ten of hearts``."""
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return f"{rank} of {SUIT_NAMES[self.suit]}"

    @property
    def face(self) -> CardFace:
        """The card as a seat sees it."""
        return CardFace(self.cid, self.rank_label, self.suit)


def standard_deck(decks: int = 1) -> tuple[Card, ...]:
    """Every card of `decks` 52-card decks, indexed by card id."""
    return tuple(
        Card(deck * 52 + suit_index * 13 + rank - 1, rank, suit, deck)
        for deck in range(decks)
        for suit_index, suit in enumerate(SUITS)
        for rank in range(1, 14)
    )


def parse_label(text: str) -> tuple[int, str]:
    """``"10H"``, ``"10♥"`` or ``"a♠"`` → (rank, suit letter); for tests and tools."""
    text = text.strip().upper()
    symbols = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
    suit = symbols.get(text[-1], text[-1])
    rank_text = text[:-1]
    ranks = {label: rank for rank, label in RANK_LABELS.items()}
    rank = ranks[rank_text] if rank_text in ranks else int(rank_text)
    if suit not in SUITS or not 1 <= rank <= 13:
        raise ValueError(f"not a card: {text!r}")
    return rank, suit
