"""A hint for a seated player: what the game's search bot would play in their place, and why,
in words.

A hint is thought like a search bot's move, in a worker process (`in_worker`), from what the
seat may know and nothing more: its view, its legal actions and the events it was told of
(`HintSearch.of` takes them from the game; the search never reaches the game). The words name
the suggested move as the game's log names moves (the move's event, played on a deal of the
unseen cards consistent with the view, as everyone would read it) and give the search's
figures: how much better it did on average than the next best move, over how many deals.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine import Event, Game, GameAction, SeatView, get_game
from cardtable.engine.events import SeenEvent
from cardtable.engine.levels import BotLevel
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.search import Budget, SearchBot, Weighed, Weighing, heard_by

#: Seconds from the request to the search's end: with the words, a hint answers within 2 s,
#: even when its worker starts late (a pool starting, or a bot's search ahead of it).
HINT_SECONDS = 1.2
#: Below this many points apart, two moves are told as doing about as well.
CLOSE = 0.05


@dataclass(frozen=True)
class Hint:
    """A hint: the action the search bot would play, and words that say why."""

    action: GameAction
    words: str


@dataclass(frozen=True)
class HintSearch:
    """What a hint is thought from, sent to a worker: the game's id, the seat's view, its legal
    actions and the events it was told of, the players' names, a seed, and when the search
    stops: at `until` (`time.monotonic`, the same clock in every process of the machine), or
    after a count of `rollouts` where a hint must repeat itself."""

    game: str
    view: SeatView[Any]
    legal: tuple[GameAction, ...]
    history: tuple[SeenEvent[Any], ...]
    names: tuple[str, ...]
    seed: int
    until: float = 0.0
    rollouts: int | None = None

    @classmethod
    def of(
        cls,
        game_id: str,
        game: Game,
        log: Sequence[Event],
        seat: int,
        names: Sequence[str],
        seed: int,
        *,
        seconds: float = HINT_SECONDS,
        rollouts: int | None = None,
    ) -> HintSearch:
        """The search for a hint to `seat` of `game`, whose events so far are `log`, to end
        `seconds` from now (or after `rollouts`): only what the seat may know goes into it."""
        legal = game.answers(seat) or game.legal(seat)
        history = heard_by(log, seat)
        return cls(
            game_id,
            game.seat_view(seat),
            tuple(legal),
            tuple(history),
            tuple(names),
            seed,
            time.monotonic() + seconds,
            rollouts,
        )

    def run(self) -> Hint:
        """In a worker: search, then word what it found."""
        spec = get_game(self.game)
        bot = spec.bots[BotLevel.HARD](self.seed)
        assert isinstance(bot, SearchBot), f"{spec.title} has no search bot"
        bot.budget = (
            Budget(iterations=self.rollouts)
            if self.rollouts is not None
            else Budget(should_stop=lambda: time.monotonic() >= self.until)
        )
        bot.hear(self.history)
        weighing = bot.weigh(self.view, self.legal)
        return Hint(weighing.choice, self.words(bot, weighing))

    def words(self, bot: SearchBot, weighing: Weighing) -> str:
        """Why the search chose as it did, from its figures."""
        chosen = self.move_words(bot, weighing.choice)
        if len(weighing.candidates) == 1:
            return f"{chosen}: it is the only move."
        mean = next(each.mean for each in weighing.candidates if each.action == weighing.choice)
        tried = [
            each
            for each in weighing.candidates
            if each.action != weighing.choice and each.rollouts > 0
        ]
        if not tried:
            return f"{chosen}: a good player's move here (there was no time to try the others)."
        runner: Weighed = max(tried, key=lambda each: each.mean)
        other = self.move_words(bot, runner.action)
        deals = f"{weighing.deals} deals tried"
        gap = mean - runner.mean
        if gap < CLOSE:
            return f"{chosen}: the next best, {other}, did about as well ({deals})."
        return (
            f"{chosen}: it did {gap:.1f} points better on average than the next best, "
            f"{other} ({deals})."
        )

    def move_words(self, bot: SearchBot, action: GameAction) -> str:
        """`action` as the game's log names it: its event, as everyone reads it, played on
        deals of the unseen cards (the seat's own view is the same in every deal). Words that
        differ between two deals would name a card nobody knows yet (a card drawn): then the
        action is named by its kind."""
        told = {self._told(bot, action, self.seed + offset) for offset in (0, 1)}
        return told.pop() if len(told) == 1 else action.kind.capitalize()

    def _told(self, bot: SearchBot, action: GameAction, seed: int) -> str:
        """`action`'s event as everyone reads it, on one deal of the unseen cards."""
        seat = self.view.seat
        assert seat is not None
        world = bot.rules.determinize(self.view, self.history, random.Random(seed))
        try:
            events = world.apply(seat, action)
        except IllegalAction:
            events = []
        if not events:
            return action.kind.capitalize()
        spec = get_game(self.game)
        return spec.describe(SeenEvent(events[0].public), self.names).strip().rstrip(".")
