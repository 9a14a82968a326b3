"""The ``search`` bot kind: determinized search from the seat's view and what it was told."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.events import Event, EventPart, SeenEvent
from cardtable.engine.search.pimc import Budget, SearchRules, Weighing, weigh_by_search
from cardtable.engine.views import SeatView


def heard_by(events: Iterable[Event], seat: int) -> list[SeenEvent[EventPart]]:
    """The events `seat` was told of, each as it was told (what a search bot may hear)."""
    return [event.seen_by(seat) for event in events if event.reaches(seat)]


class SearchBot(Bot[Any]):
    """Searches over deals of the unseen cards consistent with its seat's view and the events
    its seat was told of (`hear`); it never sees the game itself. A game's search bot is a
    subclass that names the game's `SearchRules`."""

    rules: ClassVar[SearchRules[Any]]
    uses_history: ClassVar[bool] = True

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        history: Sequence[SeenEvent[EventPart]] = (),
    ) -> None:
        super().__init__(seed)
        self.budget = budget or Budget()
        self.history: list[SeenEvent[EventPart]] = list(history)

    def hear(self, events: Sequence[SeenEvent[EventPart]]) -> None:
        self.history.extend(events)

    def choose(self, view: SeatView[Any] | None, legal: Sequence[GameAction]) -> GameAction:
        if view is None or view.seat is None:
            return self.rng.choice(list(legal))
        return self.weigh(view, legal).choice

    def weigh(self, view: SeatView[Any], legal: Sequence[GameAction]) -> Weighing:
        """The search of `choose`, with what it found of each move (`view` is a seat's)."""
        return weigh_by_search(self.rules, view, legal, self.history, self.rng, self.budget)
