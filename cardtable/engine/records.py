"""How the engine declares a tagged record: a frozen, slotted dataclass whose class variables
(its ``kind`` on the wire, its flags) are set as well, which `event` and `action` build on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


def tagged(**class_vars: object) -> Callable[[type[T]], type[T]]:
    """A decorator making a class a frozen, slotted dataclass with these class variables set
    (``kind="draw"``); its fields are the class's own annotated ones, as a dataclass's are."""

    def declare(cls: type[T]) -> type[T]:
        for name, value in class_vars.items():
            setattr(cls, name, value)
        return dataclass(frozen=True, slots=True)(cls)

    return declare
