"""Unicode's confusables (UTS #39): each character that looks like another, and its prototype.

The table is package data, `confusables.txt` beside this module, written by
scripts/make_confusables.py from Unicode's own file and read once, at first use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

#: The data file, in this package.
DATA_FILE = "confusables.txt"


@dataclass(frozen=True)
class Confusables:
    """The table, as `str.translate` takes it, and the version of Unicode's file it came from."""

    version: str
    #: A code point to the prototype it looks like.
    prototypes: dict[int, str]


@cache
def confusables() -> Confusables:
    """The table in `DATA_FILE`, read once."""
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    version = re.search(r"^# Version: (\S+)$", text, re.MULTILINE)
    if version is None:
        raise RuntimeError(f"{DATA_FILE} has no '# Version:' line.")
    prototypes: dict[int, str] = {}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        for mapping in line.split():
            source, prototype = mapping.split("=")
            prototypes[int(source, 16)] = "".join(
                chr(int(point, 16)) for point in prototype.split("+")
            )
    return Confusables(version.group(1), prototypes)
