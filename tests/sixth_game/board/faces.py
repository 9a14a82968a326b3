"""How the High Card board writes its cards."""

from __future__ import annotations

from cardtable.engine.cards import CardFace


def face(card: CardFace) -> str:
    """A card in words: ``10♥``."""
    return card.label
