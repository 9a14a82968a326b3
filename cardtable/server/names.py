"""Players' names: which are allowed, and which two look alike.

Two names look alike when they are equal but for case, character width, spaces or punctuation
(Ada, ada, Ａｄａ; AdaIomfg, Ada Iomfg, AdaIomfg.), or
when they have the same skeleton in the sense of Unicode's TR39 (UTS #39, "Confusable
Detection"): each character replaced by its prototype from Unicode's confusables table, so that a
Cyrillic А, a Greek Α and a Latin A are one letter. A skeleton tells case apart, and some letters
look alike in one case only (Cyrillic Н and Latin H, but not н and h; Greek ν and Latin v, but not
Ν and V; a capital I and a small l), so a name has three keys: the skeleton of the name in small
letters, in capitals, and as written, each without the spaces and punctuation a name may hold
(a look-alike of one, such as the modifier letter ʼ for ', goes too). Names that share a key look
alike.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from cardtable.server.confusables import confusables

#: Characters a name may hold besides letters and digits.
NAME_PUNCTUATION = frozenset(" -_.'")
#: `str.translate` table that drops them from a key.
_NO_PUNCTUATION = str.maketrans("", "", "".join(NAME_PUNCTUATION))


#: Letters that show as nothing: a name of them would look blank, or like another name.
INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")

#: How often folding and mapping may be repeated before a key settles; every character settles
#: in fewer (a test holds to that).
SETTLE_ROUNDS = 8


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None if it can."""
    if name != name.strip():
        return "A name cannot start or end with a space."
    for char in name:
        if char not in NAME_PUNCTUATION and unicodedata.category(char)[0] not in "LN":
            return f"A name holds letters, digits, spaces and - _ . ' only, not {char!r}."
        if char in INVISIBLE_LETTERS:
            return f"A name cannot hold the invisible letter U+{ord(char):04X}."
    if all(char in NAME_PUNCTUATION for char in name) or not name_key(name):
        return "A name needs at least one letter or digit."
    return None


def skeleton(text: str) -> str:
    """TR39's skeleton of `text`: NFD, each character replaced by its prototype, NFD again."""
    mapped = unicodedata.normalize("NFD", text).translate(confusables().prototypes)
    return unicodedata.normalize("NFD", mapped)


def _unpunctuated(key: str) -> str:
    """`key` without spaces and punctuation: Ada Iomfg and AdaIomfg. read as AdaIomfg."""
    return key.translate(_NO_PUNCTUATION)


def _folded(text: str) -> str:
    """`text` with width and case folded away (Ａｄａ and ADA to ada)."""
    return unicodedata.normalize("NFKC", text).casefold()


def name_key(name: str) -> str:
    """The skeleton of `name` in small letters: names that share it look alike (Ada, ada, Ａｄａ,
    Аda with a Cyrillic А). Folding and mapping alternate until neither changes the key, since a
    prototype may fold to a letter with a prototype of its own (Greek ϛ looks like ς, which folds
    to σ, which looks like o)."""
    key = _folded(name)
    for _ in range(SETTLE_ROUNDS):
        settled = _folded(skeleton(key))
        if settled == key:
            break
        key = settled
    return _unpunctuated(key)


def capitals_key(name: str) -> str:
    """The skeleton of `name` in capitals: names that share it look alike written in capitals,
    which is how they start (Hana and Нana with a Cyrillic Н, Bram and Вram with a Cyrillic В)."""
    return _unpunctuated(skeleton(_folded(name).upper()))


def written_key(name: str) -> str:
    """The skeleton of `name` as written, but for width: names that share it look alike as
    they stand (Carla and CarIa with a capital I)."""
    return _unpunctuated(skeleton(unicodedata.normalize("NFKC", name)))


class NameKeys(NamedTuple):
    """A name's three keys; two names that share one, in the same place, look alike."""

    small: str
    capitals: str
    written: str


def name_keys(name: str) -> NameKeys:
    """The keys of `name`."""
    return NameKeys(name_key(name), capitals_key(name), written_key(name))


def names_look_alike(first: str, second: str) -> bool:
    """Whether others at a table could take `first` for `second`."""
    pairs = zip(name_keys(first), name_keys(second), strict=True)
    return any(mine == theirs for mine, theirs in pairs)


class NameIndex:
    """The names in use, found by any name that looks like one of them."""

    def __init__(self) -> None:
        #: A name in use by each of its keys, each key with its place in `NameKeys`.
        self._holders: dict[tuple[int, str], str] = {}

    def holder(self, name: str) -> str | None:
        """The name in use that `name` looks like, or None."""
        places = enumerate(name_keys(name))
        return next((self._holders[key] for key in places if key in self._holders), None)

    def add(self, name: str) -> None:
        """Put `name` in use; it should look like none in use (see `holder`)."""
        for key in enumerate(name_keys(name)):
            self._holders[key] = name

    def discard(self, name: str) -> None:
        """Take `name` out of use, if it is in use."""
        for key in enumerate(name_keys(name)):
            if self._holders.get(key) == name:
                del self._holders[key]
