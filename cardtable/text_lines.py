"""Text for a terminal of 80 columns: lines broken between words, never inside one."""

from __future__ import annotations

import textwrap

#: The narrowest terminal cardtable is made for.
WIDTH = 80


def wrapped(text: str, width: int = WIDTH, indent: str = "", continued: str = "  ") -> list[str]:
    """`text` in lines of at most `width` columns, broken between words: the first line starts
    with `indent`, the others with `continued`."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=continued,
        break_long_words=False,
        break_on_hyphens=False,
    )
