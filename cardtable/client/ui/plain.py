"""Text from other players, made safe to show: never markup, never a terminal escape."""

from __future__ import annotations

import unicodedata

from rich.text import Text

JOINERS = frozenset("\u200c\u200d")


def clean(text: str) -> str:
    """`text` with every control or format character (escapes, newlines, bidi marks) shown as
    a visible replacement character instead of being acted on."""
    return "".join(
        "\ufffd" if unicodedata.category(char)[0] == "C" and char not in JOINERS else char
        for char in text
    )


def plain(text: str, style: str = "") -> Text:
    """A Rich `Text` that shows `text` exactly as written: square brackets stay brackets."""
    return Text(clean(text), style=style, no_wrap=False)
