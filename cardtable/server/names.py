"""Players' names: which are allowed, and which two look alike."""

from __future__ import annotations

import unicodedata

#: Characters a name may hold besides letters and digits.
NAME_PUNCTUATION = frozenset(" -_.'")


#: Letters that show as nothing: a name of them would look blank, or like another name.
INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None if it can."""
    if name != name.strip():
        return "A name cannot start or end with a space."
    for char in name:
        if char not in NAME_PUNCTUATION and unicodedata.category(char)[0] not in "LN":
            return f"A name holds letters, digits, spaces and - _ . ' only, not {char!r}."
        if char in INVISIBLE_LETTERS:
            return f"A name cannot hold the invisible letter U+{ord(char):04X}."
    if all(char in NAME_PUNCTUATION for char in name):
        return "A name needs at least one letter or digit."
    return None


def name_key(name: str) -> str:
    """What two names must not share: names equal but for case or character width (Ada, ada,
    Ａｄａ) would look the same to the others at a table."""
    return unicodedata.normalize("NFKC", name).casefold()
