"""How the Chinese Ten board draws its cards and spots: sizes, frames, colours and words."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.cards import RED_ON_DARK, RED_SUITS, WHITE_ON_DARK
from cardtable.engine.cards import CardFace

INNER = 5  # a card face is five cells wide
CARD_STEP = INNER + 1  # a card and the space after it
#: Box corners and edges: top-left, horizontal, top-right, vertical, bottom-left, bottom-right.
LIGHT = "╭─╮│╰╯"
HEAVY = "┏━┓┃┗┛"
#: A spot's frame: where the card captures, where it may be laid, any other spot.
CAPTURE, LAY, IDLE = "#00d700", "#00d7ff", "#949494"


def face(card: CardFace) -> str:
    """A card in words: ``10♥``."""
    return card.label


def ink(card: CardFace) -> Text:
    """A card in words on the board's dark background: hearts and diamonds red."""
    colour = RED_ON_DARK if card.suit in RED_SUITS else WHITE_ON_DARK
    return Text(face(card), style=Style(color=colour, bold=True))
