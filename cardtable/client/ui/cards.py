"""Cards drawn as short styled labels: `` A♥ ``, ``10♠``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.text import Text

from cardtable.engine.cards import SUIT_SYMBOLS

RED_SUITS = frozenset("HD")


def card_label(card: Mapping[str, Any]) -> str:
    """Three cells: the rank right-aligned in two, then the suit symbol."""
    suit = SUIT_SYMBOLS.get(card["suit"], card["suit"])
    return f"{card['rank']:>2}{suit}"


def card_text(
    card: Mapping[str, Any],
    *,
    playable: bool = True,
    selected: bool = False,
    click: str | None = None,
) -> Text:
    """A card face with one space either side: playable cards bright, others dimmed, the
    selected one lifted in yellow. `click` is an action run when it is clicked."""
    red = card["suit"] in RED_SUITS
    if selected:
        style = Style(color="red3" if red else "black", bgcolor="yellow", bold=True)
    elif playable:
        style = Style(color="red3" if red else "black", bgcolor="bright_white", bold=True)
    else:
        style = Style(color="red" if red else "grey35", bgcolor="grey70")
    if click is not None:
        style += Style.from_meta({"@click": click})
    left, right = ("[", "]") if selected else (" ", " ")
    return Text(f"{left}{card_label(card)}{right}", style=style)


def back_text(count: int) -> Text:
    """A face-down pile of `count` cards."""
    return Text(f" ▒▒ ×{count} ", style=Style(color="white", bgcolor="dark_blue"))
