"""Cards drawn as short styled labels: `` A♥ ``, ``10♠``; and the colours every board shares.

Colours here are given in RGB, never by the name of one of the terminal's 16 colours (Textual
draws those in its own theme's shades: its "yellow" is orange, its "white" grey). Each is a
colour of the xterm 256-colour palette, so a 256-colour terminal shows the same. Text keeps a
contrast of at least 4.5:1 with what is behind it, and text dimmed on purpose at least 3:1
(`tests/client/test_contrast.py` measures every screen).
"""

from __future__ import annotations

from functools import lru_cache

from rich.style import Style
from rich.text import Text

from cardtable.engine.cards import SUIT_SYMBOLS, CardFace

RED_SUITS = frozenset("HD")

#: A card's face: white; yellow when it is selected (or marked); grey when it cannot be played.
FACE = "#ffffff"
SELECTED_FACE = "#ffff5f"
IDLE_FACE = "#bcbcbc"
#: The ink of spades and clubs, and of hearts and diamonds; softer on a grey face.
BLACK_INK = "#000000"
RED_INK = "#af0000"
IDLE_BLACK_INK = "#303030"
IDLE_RED_INK = "#870000"
#: Text on the dark background of the boards and screens: suits, marks and news.
RED_ON_DARK = "#ff5f5f"
WHITE_ON_DARK = "#ffffff"
GREEN_ON_DARK = "#5fd75f"
YELLOW_ON_DARK = "#ffff5f"
MAGENTA_ON_DARK = "#ff5fff"
#: What the other players changed since our last move (a card, a group, a spot) carries this
#: mark, in this style, until we move again.
CHANGED_MARK = "•"
CHANGED = Style(color=YELLOW_ON_DARK, bold=True)
#: A card selected (marked with space) for the next move, besides its colours.
SELECTED_MARK = "✓"
#: The back of a card: a face-down pile.
BACK = Style(color="#ffffff", bgcolor="#000087")


def card_label(card: CardFace) -> str:
    """Three cells: the rank right-aligned in two, then the suit symbol."""
    suit = SUIT_SYMBOLS.get(card.suit, card.suit)
    return f"{card.rank:>2}{suit}"


def suit_ink(red: bool, *, idle: bool = False) -> str:
    """The colour a card's rank and suit are printed in."""
    if idle:
        return IDLE_RED_INK if red else IDLE_BLACK_INK
    return RED_INK if red else BLACK_INK


def card_text(
    card: CardFace,
    *,
    playable: bool = True,
    selected: bool = False,
    click: str | None = None,
) -> Text:
    """A card face with one space either side: playable cards bold on white, others on grey,
    the selected one yellow and bracketed. `click` is an action run when it is clicked (the board
    must not let Textual restyle it as a link: see `Board`)."""
    left, right = ("[", "]") if selected else (" ", " ")
    style = face_style(card.suit in RED_SUITS, playable=playable, selected=selected, click=click)
    return Text(f"{left}{card_label(card)}{right}", style=style)


@lru_cache(maxsize=1024)
def face_style(red: bool, *, playable: bool, selected: bool, click: str | None) -> Style:
    """The style of a card's face (see `card_text`); made once for each kind of face."""
    if selected:
        style = Style(color=suit_ink(red), bgcolor=SELECTED_FACE, bold=True)
    elif playable:
        style = Style(color=suit_ink(red), bgcolor=FACE, bold=True)
    else:
        style = Style(color=suit_ink(red, idle=True), bgcolor=IDLE_FACE)
    return style + on_click(click) if click is not None else style


@lru_cache(maxsize=1024)
def on_click(action: str) -> Style:
    """A style that runs Textual's `action` when what it styles is clicked; made once an
    action (a board draws the same clickable pieces at every update)."""
    return Style.from_meta({"@click": action})


def back_text(count: int) -> Text:
    """A face-down pile of `count` cards."""
    return Text(f" ▒▒ ×{count} ", style=BACK)
