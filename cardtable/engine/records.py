"""How the engine declares its typed data: `record` makes a class a frozen, slotted dataclass,
and `tagged` one whose class variables (its ``kind`` on the wire, its flags) are set as well;
`event` and `action` declare events and actions with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[T]) -> type[T]:
    """`cls` as a frozen, slotted dataclass."""
    return dataclass(frozen=True, slots=True)(cls)


def tagged(**class_vars: object) -> Callable[[type[T]], type[T]]:
    """A decorator making a class a `record` with these class variables set (``kind="draw"``);
    its dataclass fields are the class's own annotated ones, as `record` reads them."""

    def declare(cls: type[T]) -> type[T]:
        for name, value in class_vars.items():
            setattr(cls, name, value)
        return record(cls)

    return declare
