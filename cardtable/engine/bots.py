"""Bots: players that see only their seat's view and legal actions, as a person would.

Every game registers a ``"random"`` bot (a uniformly random legal action) and its own better
bots. A bot is built from a seed, so a game played by bots is as repeatable as any other.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic

from cardtable.engine.actions import GameAction
from cardtable.engine.events import Event, EventPart, SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.views import SeatView, TableT


class Bot(ABC, Generic[TableT]):
    """Chooses one of the legal actions, given the seat's view (None for a bot that does not
    read it: see `uses_view`)."""

    #: Whether `choose` reads the view; drivers may skip building it for bots that do not.
    uses_view: ClassVar[bool] = True
    #: Whether the bot wants the events its seat is told of (`hear`); drivers may skip them.
    uses_history: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def hear(self, events: Sequence[SeenEvent[EventPart]]) -> None:
        """Take note of events the seat was told of, in order (most bots ignore them)."""

    @abstractmethod
    def choose(self, view: SeatView[TableT] | None, legal: Sequence[GameAction]) -> GameAction:
        """Return one element of `legal`."""


class RandomBot(Bot[object]):
    """Plays a uniformly random legal action."""

    uses_view = False

    def choose(self, view: SeatView[object] | None, legal: Sequence[GameAction]) -> GameAction:
        return self.rng.choice(list(legal))


def play_out(
    game: Game,
    bots: Sequence[Bot[Any]],
    *,
    max_actions: int = 100_000,
    on_action: Callable[[int, GameAction, list[Event]], None] | None = None,
    until: Callable[[Game], bool] | None = None,
) -> list[tuple[int, GameAction]]:
    """Let `bots` (one per seat) play `game` to its end (or until `until(game)` holds); return
    the actions taken, in order. A seat asked to answer an offer answers before play goes on
    (`next_turn`). Bots that use history hear their seat's events as they come."""
    taken: list[tuple[int, GameAction]] = []
    _tell(bots, game.opening_events if not game.round_scores and game.round == 1 else [])
    while not game.over and not (until is not None and until(game)):
        if len(taken) >= max_actions:
            raise RuntimeError(f"no result after {max_actions} actions")
        turn = next_turn(game, bots.__getitem__)
        seat = turn.seat
        action = turn.bot.choose(turn.view, turn.choices)
        events = game.apply(seat, action)
        taken.append((seat, action))
        _tell(bots, events)
        if on_action is not None:
            on_action(seat, action, events)
    return taken


def answering_seat(game: Game) -> int | None:
    """A seat asked to answer an offer (`Game.answers`), which answers before play goes on:
    the offer waits on it, as at the server (None: no answer is due)."""
    return next((seat for seat in range(game.seats) if game.answers(seat)), None)


@dataclass(frozen=True, slots=True)
class Turn:
    """Who acts next where bots play every seat: the seat, its bot, the view the bot reads
    (None for a bot that does not read one) and the seat's choices."""

    seat: int
    bot: Bot[Any]
    view: SeatView[object] | None
    choices: Sequence[GameAction]


def next_turn(game: Game, bot_for: Callable[[int], Bot[Any]]) -> Turn:
    """The next turn where `bot_for(seat)` plays each seat: a seat asked to answer an offer
    first (`answering_seat`), else the first seat that may act (its choices are its legal
    moves, read from the view where the bot reads one, so they are worked out once)."""
    seat = answering_seat(game)
    answering = seat is not None
    if seat is None:
        seat = game.actors[0]  # where several seats may act, the first goes
    bot = bot_for(seat)
    view = game.seat_view(seat) if bot.uses_view else None
    if answering:
        choices: Sequence[GameAction] = game.answers(seat)
    else:
        choices = view.legal if view is not None else game.legal(seat)
    return Turn(seat, bot, view, choices)


def _tell(bots: Sequence[Bot[Any]], events: Sequence[Event]) -> None:
    """Tell each bot that wants them the events its seat hears."""
    for seat, bot in enumerate(bots):
        if bot.uses_history and events:
            bot.hear([event.seen_by(seat) for event in events if event.reaches(seat)])
