"""One record built from another: the fields the two share by name are copied from it (a
field the source has as a property too)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

#: The fields each target record shares with each source record, found once per pair.
_SHARED: dict[tuple[type[Any], type[Any]], tuple[str, ...]] = {}


def record_from(target: type[T], source: Any, **given: Any) -> T:
    """A `target` record whose fields are `given`, and the others that the record `source`
    has too (by name, as fields or properties) copied from it; the rest keep their defaults.
    Both are dataclasses."""
    copied = {name: getattr(source, name) for name in _shared(target, type(source))}
    return target(**(copied | given))


def _shared(target: type[Any], source: type[Any]) -> tuple[str, ...]:
    """The fields of `target` that `source` has too (fields or properties), in `target`'s
    order."""
    names = _SHARED.get((target, source))
    if names is None:
        theirs = {item.name for item in fields(source)} | {
            name for name in dir(source) if isinstance(getattr(source, name), property)
        }
        names = _SHARED[target, source] = tuple(
            item.name for item in fields(target) if item.name in theirs
        )
    return names
