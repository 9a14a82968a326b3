"""Dealing the cards a seat has not seen among the places it cannot see into."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

#: How many shuffles to try before a deal ignores what the places forbid.
ATTEMPTS = 20


@dataclass(frozen=True)
class HiddenPlace:
    """A place the seat cannot see into: how many cards it holds, and which cards it may hold
    (None: any) — a hand that could not have held a card, by what its owner was forced to do."""

    key: Hashable
    count: int
    allows: Callable[[int], bool] | None = None


def deal_hidden(
    unseen: Sequence[int], places: Sequence[HiddenPlace], rng: random.Random
) -> dict[Hashable, list[int]]:
    """Deal `unseen` (exactly as many cards as the places hold together) at random among
    `places`, respecting what each allows where a shuffle can; the most demanding places are
    served first. A deal no shuffle satisfies ignores the constraints rather than fail."""
    if sum(place.count for place in places) != len(unseen):
        raise ValueError(
            f"{len(unseen)} unseen cards for {sum(p.count for p in places)} hidden places"
        )
    constrained = [place for place in places if place.allows is not None]
    free = [place for place in places if place.allows is None]
    for _ in range(ATTEMPTS):
        pool = list(unseen)
        rng.shuffle(pool)
        dealt = _deal_constrained(pool, constrained)
        if dealt is not None:
            return _deal_rest(pool, free, dealt)
    pool = list(unseen)
    rng.shuffle(pool)
    return _deal_rest(pool, list(places), {})


def _deal_constrained(
    pool: list[int], places: Sequence[HiddenPlace]
) -> dict[Hashable, list[int]] | None:
    """Take each constrained place's cards from `pool` (in place), scarcest choice first."""
    dealt: dict[Hashable, list[int]] = {}
    order = sorted(places, key=lambda place: sum(map(_check(place), pool)) - place.count)
    for place in order:
        allows = _check(place)
        chosen = [cid for cid in pool if allows(cid)][: place.count]
        if len(chosen) < place.count:
            return None
        taken = set(chosen)
        pool[:] = [cid for cid in pool if cid not in taken]
        dealt[place.key] = chosen
    return dealt


def _check(place: HiddenPlace) -> Callable[[int], bool]:
    assert place.allows is not None
    return place.allows


def _deal_rest(
    pool: list[int], places: Sequence[HiddenPlace], dealt: dict[Hashable, list[int]]
) -> dict[Hashable, list[int]]:
    position = 0
    for place in places:
        dealt[place.key] = pool[position : position + place.count]
        position += place.count
    return dealt
