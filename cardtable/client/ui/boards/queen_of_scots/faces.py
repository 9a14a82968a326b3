"""How the Queen of Scots board writes its cards and sets: faces, colours, set chips and melds
in words (the widget itself is `board`)."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.boards.layout import clicks
from cardtable.client.ui.boards.sheet import changed_mark
from cardtable.client.ui.cards import BLACK_INK, SELECTED_FACE
from cardtable.engine.queen_of_scots.edition import Edition, QueenCard
from cardtable.engine.queen_of_scots.types import QueenFace, SetView

CROWN = "♛"
JEWEL = "◆"
#: Characters' colours (background, text), by their value: the lowest value first.
#: Green, blue and orange; the text keeps 4.5:1 on its colour, and 3:1 when dimmed.
CHARACTER_COLOURS = (("#005f00", "#ffffff"), ("#005fd7", "#ffffff"), ("#d75f00", "#000000"))
ROYAL_STYLE = Style(color="#ffd700", bgcolor="#5f00af", bold=True)
JEWEL_STYLE = Style(color="#ffffff", bgcolor="#af0000", bold=True)
SELECTED_STYLE = Style(color=BLACK_INK, bgcolor=SELECTED_FACE, bold=True)
#: The colour of a letter: a take, or a set you may add to.
TAKE, ADD = "green3", "turquoise2"


def mark(card: QueenFace) -> str:
    return CROWN if card.type == "royal" else JEWEL if card.type == "wild" else ""


def face(card: QueenFace, *, full: bool = False) -> str:
    """``Knox 15``, ``♛Mary 30``, ``◆Jewels 50``; `full`: ``John Knox 15``."""
    return f"{mark(card)}{card.name if full else card.short} {card.value}"


def card_style(card: QueenFace, edition: Edition) -> Style:
    """A royal's purple and gold, a Crown Jewel's red, a character's colour by its value."""
    if card.type == "royal":
        return ROYAL_STYLE
    if card.type == "wild":
        return JEWEL_STYLE
    values = sorted({c.value for c in edition.cards if c.type == "character"})
    tier = values.index(card.value) if card.value in values else 0
    background, colour = CHARACTER_COLOURS[tier % len(CHARACTER_COLOURS)]
    return Style(color=colour, bgcolor=background, bold=True)


def card_text(
    card: QueenFace,
    edition: Edition,
    *,
    cursor: bool = False,
    selected: bool = False,
    dim: bool = False,
    full: bool = False,
    click: tuple[Any, ...] = (),
) -> Text:
    """A card face with one cell either side, in brackets and underlined under the cursor;
    yellow when selected, dimmed when it cannot be played. `full`: the card's whole name."""
    style = SELECTED_STYLE if selected else card_style(card, edition) + Style(dim=dim)
    if cursor:
        style += Style(underline=True)
    if click:
        style += clicks(click)
    left, right = ("[", "]") if cursor else (" ", " ")
    return Text(f"{left}{face(card, full=full)}{right}", style=style)


def kind_label(card: QueenCard) -> str:
    """What a natural card is melded as: ``♛Royals`` or its short name."""
    return f"{CROWN}Royals" if card.royal else card.short


def set_label(group: SetView, *, full: bool = False) -> str:
    """``♛Royals`` or a character's short name (`full`: whole name)."""
    if group.royal:
        return f"{CROWN}Royals"
    natural = next(card for card in group.cards if card.type != "wild")
    return natural.name if full else natural.short


def meld_words(cards: list[QueenCard]) -> str:
    """A meld in words: ``John Knox ×3 (45)``, ``♛Royals ×2 +1◆ (95)``."""
    naturals = [card for card in cards if not card.wild]
    jewels = len(cards) - len(naturals)
    kind = f"{CROWN}Royals" if naturals[0].royal else naturals[0].name
    extra = f" +{jewels}{JEWEL}" if jewels else ""
    return f"{kind} ×{len(naturals)}{extra} ({sum(card.value for card in cards)})"


def short(card: QueenFace) -> str:
    """``Knox``, ``♛Mary``, ``◆Jewels``."""
    return f"{mark(card)}{card.short}"


def set_text(
    group: SetView,
    edition: Edition,
    key: str | None,
    colour: str,
    *,
    full: bool = False,
    changed: bool = False,
) -> Text:
    """``a Knox ×3 +1◆ (95)``: the letter if you can act on it, the kind in its colours, its
    matching cards, its Crown Jewels and its value; `full`: the whole name, ``John Knox``; ``•``
    first when the others made it or added to it since our last move."""
    text = changed_mark(changed)
    if key:
        text.append(key, style=Style(color=BLACK_INK, bgcolor=colour, bold=True))
        text.append(" ")
    natural = next(card for card in group.cards if card.type != "wild")
    text.append(set_label(group, full=full), style=card_style(natural, edition))
    rest = Style(color=colour, bold=True) if key else Style()
    jewels = sum(1 for card in group.cards if card.type == "wild")
    text.append(f" ×{len(group.cards) - jewels}", style=rest)
    if jewels:
        text.append(f" +{jewels}", style=rest)
        text.append(JEWEL, style=JEWEL_STYLE)
    text.append(f" ({group.value})", style=rest)
    text.stylize(clicks(("set", group.id)))
    return text
