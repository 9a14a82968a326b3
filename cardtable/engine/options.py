"""Game options: their declared shape, defaults, and validation with readable errors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias

from cardtable.wire.codec import OptionValue

#: A game's options by name.
Options: TypeAlias = Mapping[str, OptionValue]


class OptionError(ValueError):
    """A bad game option, number of seats or game id; the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: an int within bounds, a bool, or one of a few choices. An option
    not `offered` is left out of the lists players choose from (a lobby's games, `cardtable
    games`): it exists so that games stored under older rules replay as they were played."""

    name: str
    default: OptionValue
    description: str
    choices: tuple[int | str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    offered: bool = True

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        if self.choices:
            return "choice"
        return "int" if isinstance(self.default, int) else "str"

    def check(self, value: object) -> OptionValue:
        """Return `value` if it is allowed, else raise `OptionError`."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise OptionError(f"Option {self.name!r} must be true or false, not {value!r}.")
            return value
        if self.choices:
            if isinstance(value, bool) or value not in self.choices:
                allowed = ", ".join(str(choice) for choice in self.choices)
                raise OptionError(f"Option {self.name!r} must be one of {allowed}, not {value!r}.")
            return self.choices[self.choices.index(value)]
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"Option {self.name!r} must be a whole number, not {value!r}.")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"Option {self.name!r} must be at least {self.minimum}.")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"Option {self.name!r} must be at most {self.maximum}.")
            return value
        if not isinstance(value, str):
            raise OptionError(f"Option {self.name!r} must be text, not {value!r}.")
        return value

    def describe(self) -> str:
        """A one-line summary, e.g. ``decks = 2 (1 or 2): how many 52-card decks``."""
        if self.kind == "bool":
            allowed = "true or false"
        elif self.choices:
            allowed = " or ".join(str(choice) for choice in self.choices)
        else:
            allowed = f"{self.minimum}–{self.maximum}"
        default = str(self.default).lower() if isinstance(self.default, bool) else self.default
        return f"{self.name} = {default} ({allowed}): {self.description}"


def resolve_options(specs: tuple[OptionSpec, ...], given: Mapping[str, object] | None) -> Options:
    """Fill in defaults and check every given option; unknown names are an error."""
    given = dict(given or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        allowed = ", ".join(known) or "none"
        raise OptionError(f"Unknown option {unknown[0]!r}; this game's options are: {allowed}.")
    return {
        spec.name: spec.check(given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }


def parse_option_text(spec: OptionSpec, text: str) -> OptionValue:
    """Turn command-line text such as ``2`` or ``true`` into the option's type, then check it."""
    value: OptionValue = text
    if spec.kind == "bool":
        lowered = text.strip().lower()
        if lowered in {"true", "yes", "on", "1"}:
            value = True
        elif lowered in {"false", "no", "off", "0"}:
            value = False
    elif isinstance(spec.default, int) or any(isinstance(c, int) for c in spec.choices):
        try:
            value = int(text)
        except ValueError:
            value = text
    return spec.check(value)


def target_option(default: int, minimum: int, maximum: int) -> OptionSpec:
    """The ``target`` option of a game played to a cumulative score."""
    return OptionSpec(
        "target",
        default,
        "the cumulative score that ends the game",
        minimum=minimum,
        maximum=maximum,
    )


def strict_option(hidden: str) -> OptionSpec:
    """The ``strict`` option of a game whose printed form hides more than cardtable shows:
    `hidden` says what the printed game shows instead."""
    return OptionSpec("strict", False, f"show only what the printed game shows: {hidden}")
