"""How the Nobility board draws its pieces: cards as ink on the dark table or as tiles, the keys
of targets, and a meld as a chip (``#3 3-4-5 +K +Jkr (3)``)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.boards.layout import clicks
from cardtable.client.ui.cards import (
    BLACK_INK,
    FACE,
    GREEN_ON_DARK,
    MAGENTA_ON_DARK,
    RED_ON_DARK,
    SELECTED_FACE,
    WHITE_ON_DARK,
    YELLOW_ON_DARK,
    suit_ink,
)
from cardtable.engine.cards import SUIT_SYMBOLS, CardFace
from cardtable.engine.nobility.pieces import MeldView

#: Suits in the order of the income table (and of a seat's melds).
SUITS = ("C", "D", "H", "S")
RED = frozenset("HD")
JOKER = "Joker"
#: The colour of a target's key.
CHOOSE = "turquoise2"
KEY_STYLE = Style(color=BLACK_INK, bgcolor=CHOOSE, bold=True)
HINT = Style(bold=True)
#: News on the board: good news, something owed or waiting, an election or the endgame.
GOOD = Style(color=GREEN_ON_DARK, bold=True)
NEWS = Style(color=YELLOW_ON_DARK, bold=True)
EVENT = Style(color=MAGENTA_ON_DARK, bold=True)
#: A Joker's ink on a card's face.
JOKER_INK = "#af00af"


def face(card: CardFace) -> str:
    """``A♥``, ``10♠``, ``Jkr``."""
    if card.rank == JOKER:
        return "Jkr"
    return f"{card.rank}{SUIT_SYMBOLS.get(card.suit, card.suit)}"


def suit_colour(suit: str) -> str:
    """On the board's dark background: hearts and diamonds red, clubs and spades white, a Joker
    magenta."""
    if not suit:
        return MAGENTA_ON_DARK
    return RED_ON_DARK if suit in RED else WHITE_ON_DARK


def suit_text(suit: str) -> Text:
    return Text(SUIT_SYMBOLS[suit], style=Style(color=suit_colour(suit), bold=True))


def ink(card: CardFace) -> Text:
    """A card in its suit's colour on the board's own background."""
    return Text(face(card), style=Style(color=suit_colour(card.suit), bold=True))


def tile(
    card: CardFace,
    *,
    cursor: bool = False,
    marked: bool = False,
    click: tuple[Any, ...] = (),
) -> Text:
    """A card as a tile: red or black on white (a Joker magenta), yellow when marked, in brackets
    under the cursor."""
    colour = JOKER_INK if card.rank == JOKER else suit_ink(card.suit in RED)
    style = Style(color=colour, bgcolor=SELECTED_FACE if marked else FACE, bold=True)
    if click:
        style += clicks(click)
    left, right = ("[", "]") if cursor else (" ", " ")
    return Text(f"{left}{face(card):>3}{right}", style=style)


def key_text(key: str) -> Text:
    return Text(key, style=KEY_STYLE)


def ranks(cards: tuple[CardFace, ...]) -> str:
    return "-".join(card.rank for card in cards)


def meld_text(meld: MeldView, key: str | None, card_keys: dict[int, str]) -> Text:
    """``1 #3 3-4-5 +K+Q +Jkr (3)``: the key if it is a target now, the meld's number, its
    provinces in sequence in its suit's colour, its defenders (a defender to recall or give up
    with its key), a Joker, and what a claim pays it now."""
    text = Text()
    if key:
        text.append_text(key_text(key))
        text.append(" ")
    text.append(f"#{meld.id} ", style="dim")
    colour = Style(color=suit_colour(meld.suit), bold=True)
    text.append(ranks(meld.cards), style=colour)
    spans = []
    for card in meld.defenders:
        text.append(" ")
        start = len(text)
        if card.cid in card_keys:
            text.append_text(key_text(card_keys[card.cid]))
        else:
            text.append("+", style=Style(color="gold1"))
        text.append(card.rank, style=Style(color="gold1", bold=True))
        spans.append((start, len(text), card.cid))
    if meld.joker is not None:
        text.append(" ")
        text.append("+Jkr", style=Style(color=BLACK_INK, bgcolor=MAGENTA_ON_DARK, bold=True))
    text.append(f" ({meld.income})")
    text.stylize(clicks(("target_meld", meld.id)))
    for start, end, cid in spans:  # over the meld's click: a defender's own
        text.stylize(clicks(("target_card", cid)), start, end)
    return text
