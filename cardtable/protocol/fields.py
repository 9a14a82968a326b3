"""Field checkers: what each field of a message may hold.

A checker is called with a decoded value and either returns it or raises `FieldError` with a
sentence saying what was wrong. Checkers are small values, so a message class lists its fields'
rules right beside the fields themselves.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.wire.codec import WireError, read_as


class FieldError(ValueError):
    """A value that breaks its field's rule."""


class Check:
    """Base of all checkers."""

    def __call__(self, value: Any) -> Any:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def describe(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


def _type_name(value: Any) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
    if value is None:
        return "nil"
    if isinstance(value, Mapping):
        return "a map"
    if isinstance(value, list | tuple):
        return "an array"
    return names.get(type(value), type(value).__name__)


@dataclass(frozen=True)
class Int(Check):
    """An integer (never a boolean) between ``low`` and ``high`` inclusive."""

    low: int = 0
    high: int = 2**63 - 1

    def __call__(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise FieldError(f"must be an integer, not {_type_name(value)}")
        if not self.low <= value <= self.high:
            raise FieldError(f"must be from {self.low} to {self.high}, not {value}")
        return value

    def describe(self) -> str:
        return f"integer {self.low}–{self.high}"


@dataclass(frozen=True)
class Bool(Check):
    def __call__(self, value: Any) -> Any:
        if not isinstance(value, bool):
            raise FieldError(f"must be a boolean, not {_type_name(value)}")
        return value

    def describe(self) -> str:
        return "boolean"


#: Format characters that only join or separate letters and emoji; every other format character
#: (bidirectional overrides among them) is refused with the control characters.
JOINERS = frozenset("\u200c\u200d")


def control_character(text: str) -> str | None:
    """The first character of `text` that is a control or format character, or a line or
    paragraph separator (U+2028, U+2029), if any."""
    for char in text:
        category = unicodedata.category(char)
        if (category[0] == "C" and char not in JOINERS) or category in ("Zl", "Zp"):
            return char
    return None


@dataclass(frozen=True)
class Text(Check):
    """A string of ``low``–``high`` characters with no control characters (no escapes, no
    newlines), so it is safe to show on anyone's terminal as it is."""

    low: int = 0
    high: int = 200

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise FieldError(f"must be a string, not {_type_name(value)}")
        if not self.low <= len(value) <= self.high:
            raise FieldError(f"must be {self.low}–{self.high} characters long, not {len(value)}")
        bad = control_character(value)
        if bad is not None:
            raise FieldError(f"must not hold control characters such as U+{ord(bad):04X}")
        return value

    def describe(self) -> str:
        return f"string of {self.low}–{self.high} characters, no control characters"


@dataclass(frozen=True)
class Nullable(Check):
    """Nil, or a value that passes ``inner``."""

    inner: Check

    def __call__(self, value: Any) -> Any:
        return None if value is None else self.inner(value)

    def describe(self) -> str:
        return f"nil or {self.inner.describe()}"


@dataclass(frozen=True)
class ListOf(Check):
    """An array of at most ``high`` items, each passing ``item``."""

    item: Check
    high: int = 1000

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise FieldError(f"must be an array, not {_type_name(value)}")
        if len(value) > self.high:
            raise FieldError(f"must hold at most {self.high} items, not {len(value)}")
        checked = []
        for index, item in enumerate(value):
            try:
                checked.append(self.item(item))
            except FieldError as error:
                raise FieldError(f"item {index} {error}") from None
        return checked

    def describe(self) -> str:
        return f"array (at most {self.high}) of {self.item.describe()}"


#: Values a plain field may nest: what msgpack gives back, minus bytes and extension types.
_SCALARS = (str, int, float, bool, type(None))
_SCALAR_TYPES = frozenset({int, float, bool, type(None)})


@dataclass(frozen=True)
class Plain(Check):
    """Plain data: nil, booleans, numbers, strings, arrays and string-keyed maps, nested at most
    ``depth`` deep with at most ``items`` values in all and strings of at most ``text``
    characters. Used for game actions, options, views and events, whose shape the game defines."""

    depth: int = 8
    items: int = 10_000
    text: int = 2_000
    map_only: bool = True

    def __call__(self, value: Any) -> Any:
        if self.map_only and not isinstance(value, Mapping):
            raise FieldError(f"must be a map, not {_type_name(value)}")
        self._walk(value)
        return value

    def _walk(self, value: Any) -> None:
        """Check every value below `value`, without recursion (a hostile depth cannot blow the
        stack) and with exact-type fast paths (this runs on every view a client receives)."""
        pending: list[tuple[Any, int]] = [(value, self.depth)]
        seen = 0
        while pending:
            item, depth = pending.pop()
            seen += 1
            kind = type(item)
            if kind in _SCALAR_TYPES:
                pass
            elif kind is str:
                if len(item) > self.text:
                    raise FieldError(f"must not hold strings longer than {self.text} characters")
            elif kind is dict or (kind is not list and isinstance(item, Mapping)):
                if depth <= 0:
                    raise FieldError(f"must not nest deeper than {self.depth} levels")
                for key, inner in item.items():
                    if type(key) is not str:
                        raise FieldError("must use only strings as map keys")
                    pending.append((inner, depth - 1))
            elif kind is list or kind is tuple:
                if depth <= 0:
                    raise FieldError(f"must not nest deeper than {self.depth} levels")
                pending.extend((inner, depth - 1) for inner in item)
            elif not isinstance(item, _SCALARS):
                raise FieldError(f"must hold only plain values, not {_type_name(item)}")
            if seen > self.items:
                raise FieldError(f"must hold at most {self.items} values in all")

    def describe(self) -> str:
        kind = "map" if self.map_only else "value"
        return f"plain {kind} (at most {self.depth} deep, {self.items} values)"


@dataclass(frozen=True)
class Record(Check):
    """A typed value the codec reads: a record (frozen dataclass), a tuple of them, or either
    or nil (``hint`` says which); its plain form is the codec's ``to_wire``."""

    hint: Any
    what: str

    def __call__(self, value: Any) -> Any:
        try:
            return read_as(self.hint, value)
        except WireError as error:
            raise FieldError(f"must be {self.what}: {error}") from None

    def describe(self) -> str:
        return self.what
