"""Text from other players, made safe to show: never markup, never a terminal escape."""

from __future__ import annotations

import unicodedata

from rich.text import Text

JOINERS = frozenset("\u200c\u200d")


def clean(text: str) -> str:
    """`text` with every control or format character (escapes, newlines, bidi marks) and line
    or paragraph separator shown as a visible replacement character instead of being acted on."""
    return "".join("\ufffd" if _unsafe(char) else char for char in text)


def _unsafe(char: str) -> bool:
    category = unicodedata.category(char)
    return (category[0] == "C" and char not in JOINERS) or category in ("Zl", "Zp")


def plain(text: str, style: str = "") -> Text:
    """A Rich `Text` that shows `text` exactly as written: square brackets stay brackets."""
    return Text(clean(text), style=style, no_wrap=False)
