"""Bots: players that see only their seat's view and legal actions, as a person would.

Every game registers a ``"random"`` bot (a uniformly random legal action) and its own better
bots. A bot is built from a seed, so a game played by bots is as repeatable as any other.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.core import Action, Event, Game


class Bot(ABC):
    """Chooses one of the legal actions, given the seat's view."""

    #: Whether `choose` reads the view; drivers may skip building it for bots that do not.
    uses_view: ClassVar[bool] = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Return one element of `legal`."""


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    uses_view = False

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


def play_out(
    game: Game,
    bots: Sequence[Bot],
    *,
    max_actions: int = 100_000,
    on_action: Callable[[int, Action, list[Event]], None] | None = None,
) -> list[tuple[int, Action]]:
    """Let `bots` (one per seat) play `game` to its end; return the actions taken, in order."""
    taken: list[tuple[int, Action]] = []
    while not game.over:
        if len(taken) >= max_actions:
            raise RuntimeError(f"no result after {max_actions} actions")
        seat = game.actors[0]  # where several seats may act, the first goes
        bot = bots[seat]
        view = game.view(seat) if bot.uses_view else {}
        action = bot.choose(view, game.legal_actions(seat))
        events = game.apply(seat, action)
        taken.append((seat, action))
        if on_action is not None:
            on_action(seat, action, events)
    return taken
