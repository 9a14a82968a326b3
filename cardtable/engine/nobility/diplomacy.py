"""Offers (ruling 12): money, melds and a coalition, both ways, carried out whole or not at all.

An offer is made by one player to another, who accepts or declines it; its maker may withdraw
it, and it lapses when a full round of turns has passed. Only its two parties hear of it until
it is carried out; what a carried-out deal does is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine.core import IllegalAction

#: Turns (three: a full round) after the one it was made in before an offer lapses.
OFFER_TURNS = 3
COALITION_CHOICES = ("form", "dissolve")
_FIELDS = {"kind", "to", "give_money", "give_melds", "get_money", "get_melds", "coalition"}


@dataclass(frozen=True, slots=True)
class Terms:
    """What the maker gives, what she asks for, and a coalition to form or dissolve."""

    give_money: int = 0
    give_melds: tuple[int, ...] = ()
    get_money: int = 0
    get_melds: tuple[int, ...] = ()
    coalition: str | None = None

    @property
    def empty(self) -> bool:
        return not (self.give_money or self.give_melds or self.get_money or self.get_melds) and (
            self.coalition is None
        )

    def to_wire(self) -> dict[str, Any]:
        return {
            "give_money": self.give_money,
            "give_melds": list(self.give_melds),
            "get_money": self.get_money,
            "get_melds": list(self.get_melds),
            "coalition": self.coalition,
        }


@dataclass(frozen=True, slots=True)
class Offer:
    """An open offer, numbered within the game."""

    id: int
    maker: int
    to: int
    terms: Terms
    made_on_turn: int

    def parties(self) -> tuple[int, int]:
        return (self.maker, self.to)

    def to_wire(self, expires_on_turn: int) -> dict[str, Any]:
        return {
            "deal": self.id,
            "from": self.maker,
            "to": self.to,
            **self.terms.to_wire(),
            "lapses_on_turn": expires_on_turn,
        }


def _amount(action: Mapping[str, Any], key: str, limit: int) -> int:
    value = action.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        raise IllegalAction(f"An amount of money is a whole number from 0 to {limit}.")
    return value


def _meld_ids(action: Mapping[str, Any], key: str) -> tuple[int, ...]:
    value = action.get(key, [])
    if not isinstance(value, list) or any(
        isinstance(item, bool) or not isinstance(item, int) for item in value
    ):
        raise IllegalAction("Melds are named by a list of their numbers.")
    if len(set(value)) != len(value):
        raise IllegalAction("A meld is named twice in the offer.")
    return tuple(value)


def read_terms(action: Mapping[str, Any], limit: int) -> Terms:
    """The terms an ``offer`` action names, checked for shape; `IllegalAction` if malformed."""
    unknown = sorted(set(action) - _FIELDS)
    if unknown:
        raise IllegalAction(f"An offer has no part called {unknown[0]!r}.")
    coalition = action.get("coalition")
    if coalition is not None and coalition not in COALITION_CHOICES:
        raise IllegalAction("A coalition is either formed or dissolved.")
    terms = Terms(
        give_money=_amount(action, "give_money", limit),
        give_melds=_meld_ids(action, "give_melds"),
        get_money=_amount(action, "get_money", limit),
        get_melds=_meld_ids(action, "get_melds"),
        coalition=coalition,
    )
    if terms.empty:
        raise IllegalAction("An offer must give or ask for something.")
    if set(terms.give_melds) & set(terms.get_melds):
        raise IllegalAction("A meld cannot go both ways.")
    return terms
