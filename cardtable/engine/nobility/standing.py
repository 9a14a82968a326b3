"""Where the players of a Nobility game stand by provinces: who holds the majority (ruling 11),
and who wins a rubber decided on provinces, then money (ruling 13)."""

from __future__ import annotations

from cardtable.engine.events import Event
from cardtable.engine.nobility.limits import MAJORITY
from cardtable.engine.nobility.state import Position
from cardtable.engine.nobility.types import MajorityNow


def majority_now(game: Position) -> tuple[int, ...]:
    """The seat with 19 provinces, else the coalition if it holds as many together, else
    nobody."""
    for seat in range(game.seats):
        if game.provinces(seat) >= MAJORITY:
            return (seat,)
    if game.coalition and sum(game.provinces(s) for s in game.coalition) >= MAJORITY:
        return game.coalition
    return ()


def recount(game: Position) -> list[Event]:
    """In the endgame the majority is whoever holds 19 provinces now (ruling 11)."""
    now = majority_now(game)
    if now == game.majority:
        return []
    game.majority = now
    return [Event(MajorityNow(now))]


def rubber_leader(game: Position) -> int | None:
    """The seat with most provinces, then most money (None: a tie)."""
    best = max((game.provinces(s), game.money[s]) for s in range(game.seats))
    leaders = [s for s in range(game.seats) if (game.provinces(s), game.money[s]) == best]
    return leaders[0] if len(leaders) == 1 else None
