"""The bots' levels, the same ladder in every game: ``easy``, ``normal`` and ``hard`` (and
``random`` below them), and each game's `BotLadder`, the bot it plays at each level.

``normal`` is the game's heuristic bot, ``hard`` its search bot, and ``easy`` the heuristic
bot slipping now and then to its second choice (`EasyBot`). The bots' older kind names stay
as aliases for scripts: ``heuristic`` and ``greedy`` are ``normal``, ``search`` is ``hard``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Any

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot, RandomBot
from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.views import SeatView

#: How a bot of a level is made: from its seed.
BotMaker = Callable[[int], Bot[Any]]


class BotLevel(StrEnum):
    """A bot's level, weakest first."""

    RANDOM = "random"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


#: The bots' kind names from before the levels, kept for scripts.
ALIASES: Mapping[str, BotLevel] = {
    "heuristic": BotLevel.NORMAL,
    "greedy": BotLevel.NORMAL,
    "search": BotLevel.HARD,
}

#: What a normal bot raises when asked to choose without a move it counts on being offered.
_NOT_OFFERED = (StopIteration, ValueError)

#: How often the easy bot plays its second choice instead of its first, unless its game says.
SLIP = 0.5


def level_of(kind: str) -> BotLevel | None:
    """The level `kind` names (a level or an alias), if any."""
    try:
        return BotLevel(kind)
    except ValueError:
        return ALIASES.get(kind)


class EasyBot(Bot[Any]):
    """The game's normal bot that, by a seeded chance (`slip`), plays its second choice: the
    move it would pick were its first not allowed. Every move is one the normal bot might
    make, so it plays sensibly, only less well."""

    def __init__(self, normal: BotMaker, slip: float, seed: int = 0) -> None:
        super().__init__(seed)
        self.normal = normal(self.rng.getrandbits(62))
        self.slip = slip

    def hear(self, events: Sequence[SeenEvent[EventPart]]) -> None:
        self.normal.hear(events)

    def choose(self, view: SeatView[Any] | None, legal: Sequence[GameAction]) -> GameAction:
        first = self.normal.choose(view, legal)
        if first not in legal or len(legal) < 2 or self.rng.random() >= self.slip:
            return first
        others = [action for action in legal if action != first]
        try:
            second = self.normal.choose(view, others)
        except _NOT_OFFERED:  # it counts on a move it is always offered (a draw): it keeps it
            return first
        return second if second in others else first


@dataclass(frozen=True)
class BotLadder(Mapping[str, BotMaker]):
    """A game's bot at each level, looked up by level or alias (``ladder["search"]`` is the
    hard bot); it lists the levels, weakest first. Easy is the normal bot slipping
    (`EasyBot`, as often as `slip`)."""

    normal: BotMaker
    hard: BotMaker
    slip: float = SLIP

    def __getitem__(self, kind: str) -> BotMaker:
        level = level_of(kind)
        if level is None:
            raise KeyError(kind)
        if level is BotLevel.RANDOM:
            return RandomBot
        if level is BotLevel.EASY:
            return partial(EasyBot, self.normal, self.slip)
        return self.normal if level is BotLevel.NORMAL else self.hard

    def __iter__(self) -> Iterator[str]:
        return iter(BotLevel)

    def __len__(self) -> int:
        return len(BotLevel)
