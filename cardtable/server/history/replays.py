"""Replays a page at a time: a cursor per connection walks a finished game forward.

A replay is never built whole. A client asks for up to `count` steps from `start`; the cursor
replays the game's actions up to there without views (cheap), then makes a step (the events as
the chosen seat saw them and its view after them) for each action until the page is full, by
step count or by bytes. The next page carries on from where the last stopped, so paging through
a whole game costs one replay of it; asking for an earlier page starts again from the deal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import Event, PlainAction, events_for, start
from cardtable.engine.takeback import PlayedGame
from cardtable.protocol import HistoryEntry
from cardtable.protocol.framing import pack
from cardtable.server.storage import GameRecord

#: A page holds at most this many bytes of steps (and always at least one step).
PAGE_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class ReplayPage:
    """Steps `start` onward, what they cost on the wire, and whether more follow."""

    start: int
    steps: list[dict[str, Any]]
    size: int
    more: bool


@dataclass(slots=True)
class ReplayCursor:
    """One finished game replayed from one seat's eyes (None: a spectator's), as far as
    `applied` actions."""

    record: GameRecord
    actions: tuple[tuple[int, PlainAction], ...]
    entry: HistoryEntry
    seat: int | None
    played: PlayedGame = field(init=False)
    applied: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self._restart()

    @property
    def total(self) -> int:
        """Steps in the game: the deal and one per action."""
        return len(self.actions) + 1

    def fits(self, game_id: int, seat: int | None) -> bool:
        return self.record.id == game_id and self.seat == seat

    def page(self, first: int, count: int, byte_limit: int = PAGE_BYTES) -> ReplayPage:
        """Up to `count` steps from `first` (at least one, at most `byte_limit` bytes of them
        after the first); `first` is a step of the game."""
        # Step k (k >= 1) is made by applying action k, so the game must stand after k - 1.
        ready = max(0, first - 1)
        if self.applied > ready or (first == 0 and self.applied > 0):
            self._restart()
        while self.applied < ready:
            self._apply_next()
        steps: list[dict[str, Any]] = []
        size = 0
        number = first
        while number < self.total and len(steps) < count and (not steps or size < byte_limit):
            if number == 0:
                step = self._step(0, None, self.played.game.opening_events)
            else:
                actor = self.actions[self.applied][0]
                step = self._step(number, actor, self._apply_next())
            size += len(pack(step))
            steps.append(step)
            number += 1
        return ReplayPage(first, steps, size, number < self.total)

    def _restart(self) -> None:
        self.played = PlayedGame(start(self.record.setup))
        self.applied = 0

    def _apply_next(self) -> list[Event]:
        actor, action = self.actions[self.applied]
        self.applied += 1
        return self.played.step(actor, action)  # an action, or a take-back

    def _step(self, number: int, actor: int | None, events: list[Event]) -> dict[str, Any]:
        return {
            "seq": number,
            "actor": actor,
            "events": events_for(events, self.seat),
            "view": self.played.game.view(self.seat),
        }
