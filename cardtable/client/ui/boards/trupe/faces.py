"""How Trupe's cards, declarations and the others' moves look on the board.

Cards show their group's colour (Brownies brown, Girl Scouts green, Mariners blue, Seniors
magenta; the Trefoil ♣ yellow) and their short name: ``B2`` a Brownie 2, ``MGold`` the Mariner
Gold.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from cardtable.client.ui.boards.layout import clicks
from cardtable.client.ui.cards import BLACK_INK, CHANGED
from cardtable.engine.events import EventPart
from cardtable.engine.trupe.cards import GROUPS, HONORS
from cardtable.engine.trupe.combinations import Kind
from cardtable.engine.trupe.types import (
    DeclarationView,
    Declared,
    Discarded,
    Drew,
    Extended,
    LoseTurn,
    PairLaid,
    PairView,
    SpecialDeclared,
    Took,
    TrupeFace,
)

TREFOIL_MARK = "♣"
#: Each group's colours: Brownies brown, Girl Scouts green, Mariners blue, Seniors magenta.
#: The text keeps 4.5:1 on its colour, and 3:1 when dimmed.
GROUP_STYLES = {
    "B": Style(color="#ffffff", bgcolor="#875f00", bold=True),
    "G": Style(color="#ffffff", bgcolor="#005f00", bold=True),
    "M": Style(color="#ffffff", bgcolor="#005fd7", bold=True),
    "S": Style(color="#ffffff", bgcolor="#af0087", bold=True),
}
TREFOIL_STYLE = Style(color=BLACK_INK, bgcolor="#ffd700", bold=True)
PREMIUM_STYLE = Style(color=BLACK_INK, bgcolor="#c6c6c6", bold=True)
PENALTY_STYLE = Style(color="#ffffff", bgcolor="#585858", bold=True)
#: The colour of a number you may take, and of a letter you may choose.
TAKE, CHOOSE = "green3", "turquoise2"
TAKE_STYLE = Style(color=BLACK_INK, bgcolor=TAKE, bold=True)
CHOOSE_STYLE = Style(color=BLACK_INK, bgcolor=CHOOSE, bold=True)


def face(card: TrupeFace) -> str:
    """``B2``, ``MGold``, ``♣Tref`` (``♣B4`` once declared as a Brownie 4), ``Premium``,
    ``Prospero``, ``Miranda+2``."""
    if card.type == "trefoil":
        return f"{TREFOIL_MARK}{card.stands_for or 'Tref'}"
    if card.type == "premium":
        return "Premium"
    if card.type == "penalty":
        return "Prospero" if card.loses_turn else f"Miranda+{card.extra_draws}"
    return card.short


def special_words(card: TrupeFace) -> str:
    """A premium or a penalty with what it does and counts: ``Premium +1 pt``, ``Prospero
    (loses a turn) −2 pts``, ``Miranda (2 extra draws) −2 pts``."""
    if card.type == "premium":
        return "Premium +1 pt"
    if card.loses_turn:
        return "Prospero (loses a turn) −2 pts"
    draws = card.extra_draws or 0
    return f"Miranda ({draws} extra draw{'s' if draws != 1 else ''}) −2 pts"


def card_style(card: TrupeFace) -> Style:
    if card.type == "trefoil":
        return TREFOIL_STYLE
    if card.type == "premium":
        return PREMIUM_STYLE
    if card.type == "penalty":
        return PENALTY_STYLE
    return GROUP_STYLES[card.group or ""]


def card_text(
    card: TrupeFace,
    *,
    cursor: bool = False,
    selected: bool = False,
    dim: bool = False,
    click: tuple[Any, ...] = (),
) -> Text:
    """A card face with one cell either side: in brackets under the cursor, its colours swapped
    when selected, dimmed when it cannot help now."""
    style = card_style(card) + Style(dim=dim and not selected, reverse=selected)
    if click:
        style += clicks(click)
    left, right = ("[", "]") if cursor else (" ", " ")
    return Text(f"{left}{face(card)}{right}", style=style)


def code_text(code: str) -> Text:
    """An identity in its group's colours."""
    return Text(code, style=GROUP_STYLES[code[0]])


def declaration_text(declaration: DeclarationView) -> Text:
    """A declaration's kind and cards in few cells: ``B2×3`` (like members), ``B1-2-3 seq``,
    ``Gold×3 BGM`` (one honor across groups), ``B Gold·Colors·World`` (honors of one group);
    then ``♣B2`` when the Trefoil stands in, and the points."""
    cards = declaration.cards
    codes = [card.code or "" for card in cards]
    size, group = declaration.size, declaration.group or ""
    kind = declaration.type
    text = Text()
    if kind == "members":
        text.append(f"{codes[0]}×{size}", style=GROUP_STYLES[codes[0][0]])
    elif kind == "sequence":
        numerals = "-".join(sorted(code[1:] for code in codes))
        text.append(f"{group}{numerals}", style=GROUP_STYLES[group])
        text.append(" seq")
    elif kind == "honor":
        text.append(f"{codes[0][1:]}×{size} ", style="bold")
        for letter in GROUPS:
            if any(code[0] == letter for code in codes):
                text.append(letter, style=GROUP_STYLES[letter])
    else:
        ranks = "·".join(rank for rank in HONORS if any(code[1:] == rank for code in codes))
        text.append(f"{group} {ranks}", style=GROUP_STYLES[group])
    for card in cards:
        if card.type == "trefoil":
            text.append(" ")
            text.append(face(card), style=TREFOIL_STYLE)
    text.append(f" ({declaration.points})")
    return text


def combination_label(kind: Kind, codes: list[str]) -> str:
    """``B2×3``, ``B1-2-3``, ``Gold×3``, ``B honors``."""
    if kind.kind == "members":
        return f"{codes[0]}×{kind.size}"
    if kind.kind == "sequence":
        return f"{kind.group}{'-'.join(sorted(code[1:] for code in codes))}"
    if kind.kind == "honor":
        return f"{codes[0][1:]}×{kind.size}"
    return f"{kind.group} honors"


def pair_text(pair: PairView) -> Text:
    """``pair B1 B1`` (a final pair, worth nothing)."""
    text = Text("pair")
    for card in pair.cards:
        text.append(" ")
        text.append(face(card), style=card_style(card))
    return text


def same_codes(first: list[str | None], second: list[str | None]) -> bool:
    return sorted(code or "" for code in first) == sorted(code or "" for code in second)


def news_words(event: EventPart, *, brief: bool = False) -> Text | None:
    """Another player's move in a few words: ``drew``, ``took B2``, ``declared B2×3 (5)``,
    ``extended B2×4 (10)``, ``laid a final pair``, ``discarded B2``, ``drew Prospero``;
    `brief`: the verb alone."""
    verbs = {"take": "took", "declare": "declared", "extend": "extended", "discard": "discarded"}
    if brief and event.kind in verbs:
        return Text(verbs[event.kind], style=CHANGED)
    match event:
        case Drew():
            return Text("drew", style=CHANGED)
        case SpecialDeclared(card=card):
            return Text(f"drew a {special_words(card).split(' ')[0]}", style=CHANGED)
        case Took(card=card):
            return Text("took ", style=CHANGED).append_text(card_text(card)[1:-1])
        case Declared(declaration=declaration):
            return Text("declared ", style=CHANGED).append_text(declaration_text(declaration))
        case Extended(declaration=declaration):
            return Text("extended to ", style=CHANGED).append_text(declaration_text(declaration))
        case PairLaid():
            return Text("laid a final pair", style=CHANGED)
        case Discarded(card=card):
            return Text("discarded ", style=CHANGED).append_text(card_text(card)[1:-1])
        case LoseTurn():
            return Text("lost a turn (Prospero)", style=CHANGED)
    return None
